import BindingLang
import BindingRuntime

/// `bindc check FILE...`: diagnostics only.
enum CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Check .bind files and print diagnostics",
        discussion: """
            Exits with 1 when there are errors; warnings alone exit with 0. With --layouts, also
            reports what each of those keyboard layouts does to the bindings (as 'bindc layouts'
            does): warnings, or errors with --layouts-strict.
            """,
        positionals: CommonOptions.files,
        options: [
            CommonOptions.platform, CommonOptions.diagnosticsFormat,
            .value("--layouts", valueName: "IDS", help: "Also check on these keyboard layouts (comma-separated ids, or all)"),
            .flag("--layouts-strict", help: "Make --layouts problems errors instead of warnings"),
        ],
        examples: ["bindc check app.bind", "cat app.bind | bindc check -", "bindc check app.bind --layouts de,fr,de-mac --layouts-strict"])


    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        let output = DiagnosticOutput(arguments, console: console)
        guard let layered = Inputs.layered(arguments.positionals, console: console, output: output) else {
            return .failure
        }
        var layouts: [KeyboardLayout] = []
        if let list = arguments.value("layouts") {
            layouts = try LayoutsCommand.selected(list, all: false, option: "--layouts")
        } else if arguments.flag("layouts-strict") {
            throw .invalidValue("'--layouts-strict' needs '--layouts'")
        }
        let compilation = Compilation(layered: layered, platform: Inputs.platform(arguments))
        var diagnostics = compilation.diagnostics
        if let keymap = compilation.keymap, !layouts.isEmpty {
            var engine = DiagnosticEngine()
            engine.append(contentsOf: diagnostics)
            engine.append(contentsOf: LayoutDiagnostics.diagnostics(
                keymap: keymap, sources: compilation.sources, layouts: layouts, strict: arguments.flag("layouts-strict")))
            diagnostics = engine.sorted
        }
        output.report(diagnostics, sources: compilation.sources, console: console)
        return diagnostics.contains { $0.severity == .error } ? .failure : .success
    }
}
