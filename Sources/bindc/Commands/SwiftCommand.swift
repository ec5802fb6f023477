import BindingLang
import BindingRuntime

/// `bindc swift (FILE...|TABLE) -o OUT.swift`: Swift source for an app.
enum SwiftCommand: Command {
    static let spec = CommandSpec(
        name: "swift",
        abstract: "Generate Swift source: typed actions, context, menus, and UIKit/AppKit helpers",
        discussion: """
            The generated file declares an enum of the actions with their argument types, the
            roles, the context variables, the key commands, edit menu, main menus and quick
            actions as data; under '#if canImport(UIKit)', helpers that build UIKeyCommands
            with discoverability titles, the main menus for UIMenuBuilder, the edit menu for
            UIEditMenuInteraction, and a UIApplicationShortcutItem parser; under
            '#if canImport(AppKit)', NSMenus with key equivalents. On Apple platforms titles
            are looked up with String(localized:table:bundle:) in the table 'Keymap' (see
            'bindc strings').
            """,
        positionals: CommonOptions.filesOrTable,
        options: [
            CommonOptions.output("Write to OUT (atomically) instead of standard output"),
            .value("--name", valueName: "NAME", help: "The generated namespace (default: from the keymap name)"),
            CommonOptions.platformOrTables,
            CommonOptions.configWithName,
            CommonOptions.diagnosticsFormat,
        ],
        examples: ["bindc swift app.bind -o Keymap.swift", "bindc swift --config bindkit.json App.bind User.bind -o Keymap.swift"])


    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        if let name = arguments.value("name"), let problem = SwiftGenerator.namespaceProblem(name) {
            let suggestion = SwiftGenerator.namespaceName(name)
            throw .invalidValue(problem == .notATypeName
                ? ToolMessages.notATypeName(name, suggestion: suggestion)
                : ToolMessages.hidesUsedType(name, suggestion: suggestion))
        }
        let output = DiagnosticOutput(arguments, console: console)
        guard let configured = Inputs.configured(arguments, console: console, output: output),
              let (keymap, _) = Inputs.keymap(arguments, configured, console: console)
        else { return .failure }
        let source = SwiftGenerator.generate(keymap, typeName: configured.namespace)
        return Inputs.writeOutput(source, arguments, console: console) ? .success : .failure
    }
}
