import BindingLang
import BindingRuntime

/// `bindc compile FILE... -o OUT`: compiles sources into a binding table, atomically.
enum CompileCommand: Command {
    static let spec = CommandSpec(
        name: "compile",
        abstract: "Compile .bind files into a binding table",
        discussion: """
            Later files layer over earlier ones; a file's `layer over "base.bind"` directives
            load its bases first. The table is written atomically: when the compile fails, an
            existing OUT is left untouched.
            """,
        positionals: CommonOptions.files,
        options: [
            CommonOptions.output("Where to write the table", required: true),
            CommonOptions.platform,
            CommonOptions.config,
            .flag("--strip", help: "Leave out the source map (binding locations)"),
            CommonOptions.diagnosticsFormat,
        ],
        examples: ["bindc compile user.bind -o app.bindtable", "bindc compile base.bind extra.bind -o app.bindtable"])

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        guard let out = arguments.value("output") else { throw .missingOption("-o OUT") }  // the parser checks it
        let output = DiagnosticOutput(arguments, console: console)
        guard let configured = Inputs.configured(arguments, console: console, output: output),
              let layered = Inputs.layered(configured.paths, console: console, output: output)
        else {
            return .failure
        }
        // Only the table and the diagnostics are needed: the syntax trees are freed once checked.
        var compilation = Compilation(layered: consume layered, platform: configured.platform, keepingSyntax: false)
        // Only the diagnostics still read the sources.
        compilation.freeUnshownText()
        var messages: [DiagnosticJSON.Message] = []
        // The table is loaded once before it is written: a table the runtime rejects is never written.
        switch compilation.loadableTable(strip: arguments.flag("strip")) {
        case nil: break
        case .failure(let error): messages.append(DiagnosticJSON.Message(.error, Messages.unloadableTable(error)))
        case .success(let table):
            if out == "-" {
                console.out(bytes: table)
            } else {
                do {
                    try AtomicFile.write(table, to: out)
                } catch {
                    messages.append(DiagnosticJSON.Message(.error, error.description))
                }
            }
        }
        output.report(compilation.diagnostics, of: compilation, messages: messages, console: console)
        return compilation.hasErrors || !messages.isEmpty ? .failure : .success
    }
}
