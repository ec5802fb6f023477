import BindingLang
import BindingRuntime

/// `bindc plist (FILE...|TABLE)`: the `UIApplicationShortcutItems` property list.
enum PlistCommand: Command {
    static let spec = CommandSpec(
        name: "plist",
        abstract: "Print the UIApplicationShortcutItems property list for the quick actions",
        positionals: CommonOptions.filesOrTable,
        options: [
            CommonOptions.output("Write to OUT (atomically) instead of standard output"),
            CommonOptions.platformOrTables,
            CommonOptions.config,
            CommonOptions.diagnosticsFormat,
        ],
        examples: ["bindc plist app.bind -o Shortcuts.plist"])


    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        guard let (keymap, _) = Inputs.keymap(arguments, console: console) else { return .failure }
        return Inputs.writeOutput(PlistWriter.shortcutItems(keymap.quickActions), arguments, console: console)
            ? .success : .failure
    }
}
