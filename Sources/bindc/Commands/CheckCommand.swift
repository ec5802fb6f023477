import BindingLang
import BindingRuntime

/// `bindc check FILE...`: diagnostics only.
enum CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Check .bind files and print diagnostics",
        discussion: "Exits with 1 when there are errors; warnings alone exit with 0.",
        positionals: CommonOptions.files,
        options: [CommonOptions.platform, CommonOptions.diagnosticsFormat],
        examples: ["bindc check app.bind", "cat app.bind | bindc check -"])


    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        let output = DiagnosticOutput(arguments, console: console)
        guard let layered = Inputs.layered(arguments.positionals, console: console, output: output) else {
            return .failure
        }
        let compilation = Compilation(layered: layered, platform: Inputs.platform(arguments))
        output.report(compilation.diagnostics, sources: compilation.sources, console: console)
        return compilation.hasErrors ? .failure : .success
    }
}
