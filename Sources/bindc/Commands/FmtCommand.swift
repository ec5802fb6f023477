/// `bindc fmt FILE...`: canonical formatting that keeps comments.
enum FmtCommand: Command {
    static let spec = CommandSpec(
        name: "fmt",
        abstract: "Format .bind files canonically, keeping comments",
        discussion: """
            Prints the formatted source to standard output unless --in-place is given. With
            --check nothing is written: it exits with 1 when a file is not formatted.
            """,
        positionals: CommonOptions.files,
        options: [
            .flag("--check", help: "Exit with 1 when a file is not already formatted"),
            .flag("-i", "--in-place", help: "Rewrite the files instead of printing them"),
            CommonOptions.diagnosticsFormat,
        ],
        examples: ["bindc fmt app.bind", "bindc fmt --check *.bind", "bindc fmt --in-place app.bind"])

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        console.err("error: not available yet\n")
        return .failure
    }
}
