import BindingLang
import BindingLanguageServer
import BindingRuntime

/// `bindc strings (FILE...|TABLE) -o Keymap.xcstrings [--info-plist InfoPlist.xcstrings]`:
/// String Catalogs of the keymap's text.
enum StringsCommand: Command {
    static let spec = CommandSpec(
        name: "strings",
        abstract: "Export the keymap's titles as String Catalogs (.xcstrings) for translation",
        discussion: """
            Writes the discoverability titles, group titles, edit-menu and main-menu titles to
            OUT (the table 'Keymap' the generated Swift looks titles up in), and with
            --info-plist the quick actions' titles and subtitles to an InfoPlist catalog, each
            string keyed by its exact text (precomposed and decomposed accents are different
            keys, as Apple looks them up) with a comment saying where it appears. When a
            catalog already exists, only the comments and extraction states of its strings
            change: translations (with their states, variations and substitutions), its
            source language, version and anything else it holds are kept, and strings the
            keymap no longer has stay as stale entries. A new catalog's source language is
            --source-language (default: en); given for an existing catalog with another
            source language, it is an error. Nothing is written unless every output can be.
            """,
        positionals: CommonOptions.filesOrTable,
        options: [
            CommonOptions.output("Write the keymap's catalog to OUT (atomically)", required: true),
            .value("--info-plist", valueName: "PATH", help: "Also write the quick actions' catalog to PATH"),
            .value("--source-language", valueName: "LANG",
                   help: "The development language of a new catalog (default: en; an existing catalog keeps its own)"),
            CommonOptions.platform,
            CommonOptions.config,
            CommonOptions.diagnosticsFormat,
        ],
        examples: [
            "bindc strings app.bind -o Keymap.xcstrings --info-plist InfoPlist.xcstrings",
            "bindc strings --config Sources/App/bindkit.json Sources/App/*.bind -o Keymap.xcstrings",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        let language = arguments.value("source-language")
        if let language, !StringCatalog.isLanguageTag(language) { throw .invalidValue(ToolMessages.invalidSourceLanguage(language)) }
        let keymapPath = arguments.value("output") ?? "-"
        let infoPlistPath = arguments.value("info-plist")
        if let infoPlistPath, LayeredSources.normalize(infoPlistPath) == LayeredSources.normalize(keymapPath)
            || InputFile.sameFile(infoPlistPath, keymapPath) {
            throw .invalidValue(ToolMessages.sameOutputTwice(infoPlistPath))
        }
        guard let (keymap, _) = Inputs.keymap(arguments, console: console) else { return .failure }
        var catalogs = [(keymapPath, StringCatalog.keymap(keymap, sourceLanguage: language ?? "en"))]
        if let infoPlistPath {
            catalogs.append((infoPlistPath, StringCatalog.infoPlist(keymap, sourceLanguage: language ?? "en")))
        }
        // Every output is read and merged before any is written: a run that fails changes none.
        let output = DiagnosticOutput(arguments, console: console)
        var failed = false
        var texts: [(path: String, text: String)] = []
        for (path, catalog) in catalogs {
            var result = catalog
            switch existing(path) {
            case .none: break
            case .catalog(let old):
                if let language, language != old.sourceLanguage {
                    output.error(ToolMessages.cannotMerge(path, ToolMessages.otherSourceLanguage(old.sourceLanguage, asked: language)), console: console)
                    failed = true
                    continue
                }
                result = catalog.merged(keeping: old)
            case .invalid(let reason):
                output.error(ToolMessages.cannotMerge(path, reason), console: console)
                failed = true
                continue
            }
            texts.append((path, result.fileText))
        }
        if failed { return .failure }
        do {
            try AtomicFile.write(all: texts.filter { $0.path != "-" }.map { ($0.path, Array($0.text.utf8)) })
        } catch {
            output.error(error.description, console: console)
            return .failure
        }
        for (path, text) in texts where path == "-" { console.out(text) }
        return .success
    }

    /// What is at `path` already.
    enum Existing {
        case none
        case catalog(StringCatalog)
        case invalid(String)
    }

    static func existing(_ path: String) -> Existing {
        // Only a file has a catalog to keep: a device or a pipe (`-o /dev/stdout`) is written to.
        guard path != "-", AtomicFile.namesRegularFile(path) else { return .none }
        do {
            // Numbers as written: a value the merge does not change is written back as it was
            // (`1.50` stays `1.50`, not `1.5`).
            return .catalog(try StringCatalog(json: try JSONParser.parse(try InputFile.read(path), numbersAsWritten: true)))
        } catch let error as InputFile.ReadError {
            // Replacing a catalog that cannot be read would lose its translations.
            return .invalid("cannot read it: \(error.reason)")
        } catch let error as JSONParser.JSONParseError {
            return .invalid("not JSON: \(error.description)")
        } catch let error as StringCatalog.FormatError {
            return .invalid("not a String Catalog: \(error.description)")
        } catch {
            return .invalid("\(error)")
        }
    }
}
