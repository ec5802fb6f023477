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
        let plist: String
        do {
            plist = try PlistWriter.shortcutItems(keymap.quickActions)
        } catch {
            // Only a table compiled before the checker reported such text gets here.
            DiagnosticOutput(arguments, console: console).error(error.description, console: console)
            return .failure
        }
        return Inputs.writeOutput(plist, arguments, console: console) ? .success : .failure
    }
}
