/// The `bindc` tool: picks the subcommand, handles `--help`, `help COMMAND` and `--version`,
/// runs the command, and turns usage mistakes into exit code 2.
enum Bindc {
    /// The tool's name as printed in help and messages.
    static let name = "bindc"
    /// The version `--version` prints.
    static let version = "0.1.0"
    /// One line about the tool.
    static let abstract = "Check, compile, format and inspect .bind keymaps"

    /// Every subcommand, in the order help lists them.
    static let commands: [any Command.Type] = [
        CompileCommand.self, CheckCommand.self, FmtCommand.self, DumpCommand.self,
        ExplainCommand.self, PlistCommand.self, SwiftCommand.self, StringsCommand.self,
        LspCommand.self, ImportCommand.self, DiffCommand.self,
        LayoutsCommand.self,
    ]

    /// Runs the tool on `arguments` (without the program name) and returns the exit code.
    static func run(_ arguments: [String], console: Console) -> ExitCode {
        guard let first = arguments.first else {
            console.err(toolHelp)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h":
            console.out(toolHelp)
            return .success
        case "--version":
            if let extra = rest.first { return usageError(.unexpectedArgument(extra), usage: nil, console: console) }
            console.out("\(name) \(version)\n")
            return .success
        case "help":
            return help(rest, console: console)
        default:
            break
        }
        guard let command = command(named: first) else {
            return usageError(unknownCommand(first), usage: nil, console: console)
        }
        do {
            let parsed = try ArgumentParser.parse(rest, for: command.spec)
            if parsed.helpRequested {
                console.out(HelpFormatter.help(tool: name, command.spec))
                return .success
            }
            try Inputs.checkOutputsAreNotInputs(parsed)
            return try command.run(parsed, console: console)
        } catch {
            return usageError(error, usage: command.spec, console: console)
        }
    }

    /// `bindc help [COMMAND]`.
    private static func help(_ arguments: [String], console: Console) -> ExitCode {
        guard let topic = arguments.first else {
            console.out(toolHelp)
            return .success
        }
        guard arguments.count == 1 else {
            return usageError(.unexpectedArgument(arguments[1]), usage: nil, console: console)
        }
        if topic == "help" || topic == "--help" || topic == "-h" {
            console.out(toolHelp)
            return .success
        }
        guard let command = command(named: topic) else {
            return usageError(unknownCommand(topic), usage: nil, console: console)
        }
        console.out(HelpFormatter.help(tool: name, command.spec))
        return .success
    }

    private static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.spec.name == name }
    }

    private static func unknownCommand(_ word: String) -> UsageError {
        // Other tools' spellings of the version flag.
        if word == "version" { return .unknownCommand(word, suggestion: "--version") }
        if ["-v", "-V", "-version"].contains(word) { return .unknownOption(word, suggestion: "--version") }
        if word.hasPrefix("-") {
            return .unknownOption(word, suggestion: UsageError.suggestion(for: word, in: ["--help", "--version"]))
        }
        let names = commands.map { $0.spec.name } + ["help"]
        return .unknownCommand(word, suggestion: UsageError.suggestion(for: word, in: names))
    }

    private static var toolHelp: String {
        HelpFormatter.toolHelp(tool: name, abstract: abstract, commands: commands.map { $0.spec })
    }

    /// Prints a usage mistake (`error: …`, the usage line, where to get help) and returns 2.
    private static func usageError(_ error: UsageError, usage spec: CommandSpec?, console: Console) -> ExitCode {
        // `error:` coloured as a diagnostic's is, where diagnostics are.
        var text = (console.colorDiagnostics ? "\u{1B}[1;31merror:\u{1B}[0m " : "error: ") + "\(error.message)\n"
        if let spec {
            text += "usage: \(HelpFormatter.usage(tool: name, spec))\n"
            text += "See '\(name) \(spec.name) --help'.\n"
        } else {
            text += "See '\(name) --help'.\n"
        }
        console.err(text)
        return .usage
    }
}
