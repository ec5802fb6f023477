/// Generates the help text of the tool and of each command from their specs.
enum HelpFormatter {
    /// The column where help texts start in option and command lists.
    private static let column = 28

    /// The usage line of a command, e.g. `bindc compile FILE... [options]`.
    static func usage(tool: String, _ spec: CommandSpec) -> String {
        var line = "\(tool) \(spec.name)"
        if !spec.options.isEmpty { line += " [options]" }
        let p = spec.positionals
        if p.maximum != 0 {
            let word = p.name + (repeats(p) ? "..." : "")
            line += " " + (p.minimum == 0 ? "[\(word)]" : word)
        }
        for option in spec.options where option.required { line += " " + option.usageText }
        return line
    }

    /// Whether the positional arguments take more than their name's words (`FILE...`, but
    /// `OLD NEW` for exactly two).
    private static func repeats(_ p: PositionalSpec) -> Bool {
        p.maximum.map { $0 > p.name.split(separator: " ").count } ?? true
    }

    /// The full help of one command.
    static func help(tool: String, _ spec: CommandSpec) -> String {
        var text = "OVERVIEW: \(spec.abstract)\n"
        if !spec.discussion.isEmpty { text += "\n\(spec.discussion)\n" }
        text += "\nUSAGE: \(usage(tool: tool, spec))\n"
        if spec.positionals.maximum != 0 {
            text += "\nARGUMENTS:\n"
            let p = spec.positionals
            text += row(p.name + (repeats(p) ? "..." : ""), p.help)
        }
        text += "\nOPTIONS:\n"
        for option in spec.options {
            var names = option.names.joined(separator: ", ")
            if let value = option.valueName {
                names += " " + (option.choices?.joined(separator: "|") ?? value)
            }
            text += row(names, option.help + (option.repeatable ? " (repeatable)" : ""))
        }
        text += row("-h, --help", "Show help information")
        if !spec.examples.isEmpty {
            text += "\nEXAMPLES:\n"
            for example in spec.examples { text += "  \(example)\n" }
        }
        return text
    }

    /// The tool's own help: overview and the list of commands.
    static func toolHelp(tool: String, abstract: String, commands: [CommandSpec]) -> String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(tool) COMMAND [options] [ARGUMENTS]\n\nCOMMANDS:\n"
        for command in commands { text += row(command.name, command.abstract) }
        text += row("help [COMMAND]", "Show help for the tool or a command")
        text += "\nOPTIONS:\n"
        text += row("-h, --help", "Show help information")
        text += row("--version", "Show the version")
        text += "\nEXIT STATUS:\n"
        text += row("0", "Success")
        text += row("1", "Errors in the input (diagnostics, unreadable or corrupt files, unformatted files under fmt --check)")
        text += row("2", "Usage mistakes (unknown command or option, missing argument)")
        text += "\nSee '\(tool) help COMMAND' or '\(tool) COMMAND --help' for a command's options.\n"
        return text
    }

    /// One aligned row: `  left   help`, wrapping the help under the column when `left` is long.
    private static func row(_ left: String, _ help: String) -> String {
        let indent = "  "
        let head = indent + left
        if head.count + 2 <= column {
            return head + String(repeating: " ", count: column - head.count) + help + "\n"
        }
        return head + "\n" + String(repeating: " ", count: column) + help + "\n"
    }
}
