/// `bindc compile FILE... -o OUT`: compiles sources into a binding table, atomically.
enum CompileCommand: Command {
    static let spec = CommandSpec(
        name: "compile",
        abstract: "Compile .bind files into a binding table",
        discussion: """
            Later files layer over earlier ones. The table is written atomically: when the
            compile fails, an existing OUT is left untouched.
            """,
        positionals: CommonOptions.files,
        options: [
            CommonOptions.output("Where to write the table (required)"),
            CommonOptions.platform,
            .flag("--strip", help: "Leave out the source map (binding locations)"),
            CommonOptions.diagnosticsFormat,
        ],
        examples: ["bindc compile base.bind user.bind -o app.bindtable"])

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        guard arguments.value("output") != nil else { throw .missingOption("-o OUT") }
        console.err("error: not available yet\n")
        return .failure
    }
}
