import BindingLang
import BindingRuntime

/// `bindc dump TABLE`: a readable listing of a compiled table.
enum DumpCommand: Command {
    static let spec = CommandSpec(
        name: "dump",
        abstract: "List the contents of a compiled table",
        discussion: """
            Every binding with its role, chord, condition, action, title and group; the menus;
            the quick actions. The table is validated first; corruption is an error.
            """,
        positionals: PositionalSpec(name: "TABLE", minimum: 1, maximum: 1, help: "A compiled table ('-' reads standard input)"),
        options: [.flag("--json", help: "Print JSON for tools instead of text")],
        examples: ["bindc dump app.bindtable", "bindc dump --json app.bindtable"])


    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        let output = DiagnosticOutput(arguments, console: console)
        let path = arguments.positionals.first ?? "-"
        let bytes: [UInt8]
        do {
            bytes = try Inputs.bytes(path, console: console)
        } catch {
            output.error(error.description, console: console)
            return .failure
        }
        if !Compilation.isTable(bytes), path.hasSuffix(".bind") {
            output.error(ToolMessages.sourceNotTable(path), console: console)
            return .failure
        }
        guard let (_, keymap) = Inputs.table(path, bytes, console: console, output: output) else { return .failure }
        if arguments.flag("json") {
            console.out(KeymapPrinter.json(keymap).rendered() + "\n")
        } else {
            console.out(KeymapPrinter.text(keymap))
        }
        return .success
    }
}
