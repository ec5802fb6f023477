/// `bindc plist (FILE...|TABLE)`: the `UIApplicationShortcutItems` property list.
enum PlistCommand: Command {
    static let spec = CommandSpec(
        name: "plist",
        abstract: "Print the UIApplicationShortcutItems property list for the quick actions",
        positionals: CommonOptions.filesOrTable,
        options: [
            CommonOptions.output("Write to OUT (atomically) instead of standard output"),
            CommonOptions.platform,
            CommonOptions.diagnosticsFormat,
        ],
        examples: ["bindc plist app.bind -o Shortcuts.plist"])

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        console.err("error: not available yet\n")
        return .failure
    }
}
