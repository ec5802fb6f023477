import BindingLang
import BindingRuntime

/// `bindc import vscode|zed FILE`: converts another editor's keymap into `.bind` source.
enum ImportCommand: Command {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Convert a VS Code or Zed keymap into .bind source",
        discussion: """
            Reads FILE (JSON with comments) and writes .bind source that means what the editor
            does: where two bindings overlap, the later one wins, as in the editor. Entries the
            language cannot express become comments with the reason. With --over BASE the
            output is a layer over BASE's import (written to BASE's name with .bind): it
            declares only what it adds, and null / -command entries become unbind. Zed stacks
            its defaults, a base keymap and the user's keymap: give --over once per file under
            FILE, outermost first (--over default-macos.json --over vim.json). For VS Code,
            FILE may be a keymap extension's package.json (its contributes.keybindings, with
            their mac, linux and win keys), and a keybindings.json may be layered over the
            defaults and such extensions (--over defaults.json --over package.json). --report
            prints, on standard error, what became of every entry (--json: as JSON) and how
            many conflicts the compiler still finds. See Docs/Import.md for the mapping.
            """,
        positionals: PositionalSpec(
            name: "FORMAT FILE", minimum: 2, maximum: 2,
            help: "vscode or zed, then the keymap file ('-' reads standard input)"),
        options: [
            CommonOptions.output("Write the .bind source here (atomically) instead of standard output"),
            .value("--over", valueName: "BASE", repeatable: true, help: "Make a layer over this keymap file of the same editor, once per base, outermost first (Zed: defaults, then vim.json; VS Code: defaults, then extensions' package.json)"),
            .flag("--report", help: "Print what became of every entry on standard error"),
            .flag("--json", help: "With --report, print the report as JSON"),
            OptionSpec.value(
                "--platform", valueName: "PLATFORM", choices: CommonOptions.platformNames,
                help: "The platform FILE is for: the output says so ('keymap \"Name\" for linux'), so check and compile default to it; --report counts conflicts for it"),
            CommonOptions.diagnosticsFormat,
        ],
        examples: [
            "bindc import vscode keybindings.json -o IDE-user.bind",
            "bindc import zed vim.json --over default-macos.json -o vim.bind --report",
            "bindc import zed keymap.json --over default-macos.json --over vim.json -o keymap.bind",
            "bindc import vscode intellij/package.json --over defaults.json --platform linux -o intellij.bind",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        let formatName = arguments.positionals[0]
        guard let format = ImportFormat(rawValue: formatName) else {
            let near = UsageError.suggestion(for: formatName.lowercased(), in: ImportFormat.allCases.map(\.rawValue))
            throw .invalidValue("unknown keymap format '\(formatName)'" + (near.map { "; did you mean '\($0)'?" } ?? "; expected 'vscode' or 'zed'"))
        }
        if arguments.flag("json") && !arguments.flag("report") { throw .invalidValue("--json needs --report") }
        // The file imported is not among its bases, nor a base twice, and the layer is not
        // written where it expects its (last) base's import: each makes a layering cycle.
        let overs = arguments.values("over"), file = arguments.positionals[1]
        for (i, base) in overs.enumerated() where base != "-" {
            if base == file || InputFile.sameFile(base, file) { throw .invalidValue(ToolMessages.importOverItself(base)) }
            if overs[..<i].contains(where: { $0 == base || InputFile.sameFile($0, base) }) { throw .invalidValue(ToolMessages.importBaseTwice(base)) }
        }
        if let out = arguments.value("output"), out != "-", let base = overs.last, base != "-",
           LayeredSources.normalize(out) == LayeredSources.resolve(Importer.bindName(for: base), relativeTo: out) {
            throw .invalidValue(ToolMessages.importOutputIsItsBase(out, base: base))
        }
        // `--report --json`: standard error is one JSON document, the report with the
        // diagnostics in it (or, when there is no report, the diagnostics alone).
        let jsonReport = arguments.flag("json")
        let output = jsonReport ? DiagnosticOutput(format: .json) : DiagnosticOutput(arguments, console: console)
        var inputs: [Importer.Input] = []
        for path in arguments.values("over") + [arguments.positionals[1]] {
            do {
                inputs.append(Importer.Input(path: path, bytes: try Inputs.bytes(path, console: console)))
            } catch {
                output.error(error.description, console: console)
                return .failure
            }
        }
        let bases = Array(inputs.dropLast())
        let platform = Inputs.platform(arguments)
        let result = Importer.run(inputs[inputs.count - 1], format: format, over: bases, platform: platform,
                                  writingBase: arguments.flag("report"))
        guard let source = result.source, var report = result.report else {
            output.report(result.diagnostics, sources: result.sources, console: console)
            return .failure
        }
        if !jsonReport { output.report(result.diagnostics, sources: result.sources, console: console) }
        if arguments.flag("report") {
            if let compilation = Importer.compileOutput(result, platform: platform) {
                report.conflicts = compilation.diagnostics.filter { $0.severity == .error }.count
            }
            if jsonReport {
                let diagnostics = DiagnosticJSON.render(result.diagnostics, sources: result.sources)
                console.err(report.json.merging(diagnostics).rendered() + "\n")
            } else {
                console.err(report.text)
            }
        }
        guard Inputs.writeOutput(source, arguments, console: console) else { return .failure }
        if !jsonReport { noteMissingBases(bases, arguments, console: console) }
        return .success
    }

    /// A layer written to a file names its base's import beside it (`layer over "BASE.bind"`),
    /// and each base of a chain the one before it: for each of those files not there yet, a
    /// note gives the command that writes it, since the layer does not check or compile
    /// without them.
    private static func noteMissingBases(_ bases: [Importer.Input], _ arguments: ParsedArguments, console: Console) {
        guard let out = arguments.value("output"), out != "-" else { return }
        // Paths as a shell reads them: quoted unless made of letters, digits and `/._-+:@%,=`.
        func word(_ s: String) -> String {
            let plain = !s.isEmpty && s.utf8.allSatisfy { b in
                (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || "/._-+:@%,=".utf8.contains(b)
            }
            return plain ? s : "'" + s.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        }
        let platform = arguments.value("platform").map { " --platform \($0)" } ?? ""
        for (i, base) in bases.enumerated().reversed() where base.path != "-" {
            // Where `bindc check` of the layer will look for it.
            let basePath = LayeredSources.resolve(Importer.bindName(for: base.path), relativeTo: out)
            guard !InputFile.exists(basePath) else { continue }
            let over = bases[..<i].map { " --over \(word($0.path))" }.joined()
            let command = "bindc import \(arguments.positionals[0]) \(word(base.path))\(over)\(platform) -o \(word(basePath))"
            let layer = i == bases.count - 1 ? out : LayeredSources.resolve(Importer.bindName(for: bases[i + 1].path), relativeTo: out)
            DiagnosticOutput(arguments, console: console).note(ToolMessages.layerBaseNotImported(layer, base: basePath, command: command), console: console)
        }
    }
}
