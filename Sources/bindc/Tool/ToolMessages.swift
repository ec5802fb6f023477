import BindingRuntime
import BindingLang

/// The wording of the tool's own messages (usage mistakes and input errors that are not
/// diagnostics about a source range), in one place: lower case, no trailing period.
enum ToolMessages {
    // MARK: - Inputs

    static func userFileIsATable(_ path: String) -> String {
        "'\(path)' is a compiled table; --user needs the user's .bind source"
    }
    /// A table given where `.bind` source is read (`bindc check app.bindtable`, or named by
    /// `layer over`): read as text it gave a screen of "unexpected control character".
    static let tableNotSource = "it is a compiled binding table, not .bind source"

    /// `--config` with no files, from a configuration that lists none.
    static func noFilesAndNoLayers(_ config: String) -> String {
        "no .bind files given, and '\(config)' lists none in 'layers'"
    }

    static func tableAmongSources(_ path: String) -> String {
        "'\(path)' is a compiled table; a table cannot be layered with other inputs"
    }

    /// The note after a layer's diagnostics for the warnings of a base it names.
    static func baseWarningsNotShown(_ count: Int, base: String) -> String {
        "\(count) \(count == 1 ? "warning" : "warnings") not shown (a base the keymap layers over; "
            + "'bindc check \(base)' shows \(count == 1 ? "it" : "them"))"
    }

    /// The note after importing a layer whose base has not been imported beside it.
    static func layerBaseNotImported(_ layer: String, base: String, command: String) -> String {
        "'\(layer)' layers over '\(base)', which does not exist yet; import the base there too: \(command)"
    }

    /// An output that names one of the command's inputs.
    static func outputIsAnInput(_ output: String, input: String) -> String {
        output == input ? "'\(output)' is an input of this command; writing the output there would replace it"
            : "'\(output)' is the input '\(input)'; writing the output there would replace it"
    }

    /// `bindc import` given the file it imports as one of its bases.
    static func importOverItself(_ path: String) -> String {
        "'\(path)' is the keymap being imported; --over names the files it layers over"
    }

    /// `bindc import` given one base twice.
    static func importBaseTwice(_ path: String) -> String {
        "'\(path)' is given to --over twice"
    }

    /// `bindc import -o` naming the file a layer's `layer over` directive names.
    static func importOutputIsItsBase(_ output: String, base: String) -> String {
        "'\(output)' is where the layer's base '\(base)' is expected ('layer over \"\(Importer.bindName(for: base))\"'); write the layer elsewhere"
    }

    static func invalidTable(_ path: String, _ reason: String) -> String {
        "'\(path)' is not a valid binding table: \(reason)"
    }

    static func compiledTableDoesNotLoad(_ reason: String) -> String {
        "internal error: the compiled table does not load: \(reason)"
    }

    // MARK: - strings

    /// `--source-language` that is not a language tag.
    static func invalidSourceLanguage(_ value: String) -> String {
        "invalid --source-language '\(value)': expected a language tag such as en, pt-BR or zh-Hans"
    }

    /// `-o` and `--info-plist` naming one file: the second catalog would replace the first.
    static func sameOutputTwice(_ path: String) -> String {
        "'\(path)' is given to both -o and --info-plist; the two catalogs need two files"
    }

    /// An existing catalog that cannot be merged with (it is left as it is).
    static func cannotMerge(_ path: String, _ reason: String) -> String { "cannot merge with '\(path)': \(reason)" }

    /// `--source-language` given for an existing catalog of another source language.
    static func otherSourceLanguage(_ catalog: String, asked: String) -> String {
        "its source language is '\(catalog)', not '\(asked)' (--source-language); leave the option out to keep '\(catalog)'"
    }

    // MARK: - fmt

    static let checkWithInPlace = "'--check' and '--in-place' cannot be used together"
    static let inPlaceStandardInput = "'--in-place' cannot rewrite standard input"
    static let dryRunWithoutFix = "'--dry-run' needs '--fix'"
    static let fixStandardInput = "'--fix' cannot rewrite standard input (use '--fix --dry-run' to see the diff)"

    /// `app.bind:4:12: fixed: replaced 'serch' with 'search'`, what `check --fix` reports.
    static func fixed(_ location: String, replaced old: String, with new: String) -> String {
        if old.isEmpty { return "\(location): fixed: inserted '\(new)'" }
        if new.isEmpty { return "\(location): fixed: removed '\(old)'" }
        return "\(location): fixed: replaced '\(old)' with '\(new)'"
    }

    static let notFormatted = "not formatted"

    // MARK: - swift

    static func notATypeName(_ name: String, suggestion: String) -> String {
        "'\(name)' is not a Swift type name (try '\(suggestion)')"
    }

    static func hidesUsedType(_ name: String, suggestion: String) -> String {
        "'\(name)' is a type the generated code uses, which a namespace of that name would hide (try '\(suggestion)')"
    }

    // MARK: - explain

    static let emptyChain = "the chain is empty: nothing can be dispatched"

    /// `--platform` given with a compiled table, which keeps the platform it was compiled for.
    static func platformIsTheTables(_ asked: String, table: String) -> String {
        "--platform \(asked) is ignored: the table was compiled for \(table), and 'primary' is resolved in it"
    }

    static let fmtSeveralFiles = "fmt prints one file; give several files with --in-place or --check"

    /// `--keys` text the language's stroke parser refuses (``StrokeText``).
    static func invalidKeys(_ keys: String, _ failure: StrokeText.Failure) -> String {
        "invalid --keys '\(keys)': \(failure.message)" + (failure.column > 1 ? " (at column \(failure.column))" : "")
    }

    /// `--keys` holds a stroke that no key of the `--layout` types.
    static func unpressableKeys(_ keys: String, _ chord: Chord, _ layout: KeyboardLayout) -> String {
        let c = Unicode.Scalar(chord.key.rawValue)
        let character = c.map { $0 == "'" ? "\"'\"" : "'\(String(Character($0)))'" } ?? "it"
        // `shift+"1"` on French: the key exists, but types `1` only with Shift (Grammar.md §10).
        let why = c.map { chord.modifiers.contains(.shift) && layout.position(of: $0) != nil } == true
            ? "no key types \(character) without Shift, so Shift cannot be added to it"
            : "no key types \(character)"
        return "invalid --keys '\(keys)': '\(chord.sourceText)' cannot be pressed on layout '\(layout.id)' (\(layout.name)): \(why)"
    }

    static func unknownName(_ what: String, _ name: String, option: String, suggestion: String?) -> String {
        "invalid \(option): unknown \(what) '\(name)'" + didYouMean(suggestion)
    }

    static func setWithoutEquals(_ item: String) -> String { "invalid --set '\(item)': expected NAME=VALUE" }

    /// `--set platform=…`: the built-in `platform` (Grammar.md §4.7) is the platform compiled
    /// for, not app state.
    static func setPlatform(_ item: String) -> String {
        "invalid --set '\(item)': 'platform' is not a context variable but the platform compiled for;"
            + " choose it with --platform (macos, ipados, windows or linux)"
    }

    static func setNotBool(_ item: String, _ name: String) -> String {
        "invalid --set '\(item)': '\(name)' is a Bool; expected true or false"
    }

    static func setUnknownCase(_ item: String, _ name: String, _ value: String, cases: [String], suggestion: String?) -> String {
        "invalid --set '\(item)': '\(name)' has no case '\(value)' (cases: \(cases.joined(separator: ", ")))"
            + didYouMean(suggestion)
    }

    static func setRejected(_ item: String, _ reason: String) -> String { "invalid --set '\(item)': \(reason)" }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}
