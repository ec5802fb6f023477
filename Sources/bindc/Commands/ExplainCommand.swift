/// `bindc explain (FILE...|TABLE) --chain … --set … --keys …`: what a press does and why.
enum ExplainCommand: Command {
    static let spec = CommandSpec(
        name: "explain",
        abstract: "Explain what a key press does in a given state, and why",
        discussion: """
            Builds a responder chain of synthetic responders (one per role in --chain, nearest
            first, each able to perform every action unless --cannot-perform says otherwise),
            sets context values with --set, and dispatches --keys: prints the chosen binding with
            its source location, its performer, and why every other binding of the sequence
            lost. Without --keys, prints the discoverability list for that state.
            """,
        positionals: CommonOptions.filesOrTable,
        options: [
            .value("--chain", valueName: "ROLES", help: "Comma-separated roles, nearest first (default: every role)"),
            .value("--set", valueName: "NAME=VALUE", repeatable: true, help: "Set a context variable"),
            .value("--keys", valueName: "SEQUENCE", help: "Strokes to press, e.g. \"ctrl+k ctrl+c\""),
            .value(
                "--cannot-perform", valueName: "ROLE:ACTION", repeatable: true,
                help: "Make a role's responder refuse an action (ACTION alone: every responder)"),
            CommonOptions.platform,
            CommonOptions.diagnosticsFormat,
        ],
        examples: [
            "bindc explain app.bind --chain TextView,Editor,Window,App --set mode=insert --keys \"ctrl+k ctrl+c\"",
            "bindc explain app.bindtable --chain Editor,App --set loggedIn=true",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        console.err("error: not available yet\n")
        return .failure
    }
}
