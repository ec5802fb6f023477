/// One `bindc` subcommand: its spec (for parsing and help) and what it does.
protocol Command: Sendable {
    /// Name, help, positionals and options.
    static var spec: CommandSpec { get }
    /// Runs the command on parsed arguments. Throws ``UsageError`` for invocation mistakes the
    /// parser cannot see (a missing `-o`, a malformed `--set`); everything else is reported on
    /// the console and becomes the exit code.
    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode
}
