/// One option a command accepts: its spellings, whether it takes a value, and its help.
///
/// `names` holds every spelling with its dashes (`["-o", "--output"]`); the first long name is
/// the option's key in ``ParsedArguments``. A flag takes no value (`--strip`); a valued option
/// takes one, given as `--opt value`, `--opt=value` or, for a short name, `-o value` / `-ovalue`.
struct OptionSpec: Sendable {
    /// Every spelling, dashes included; at least one.
    var names: [String]
    /// The placeholder shown in help for the value (`FILE`); nil for a flag.
    var valueName: String?
    /// Whether the option may be given more than once (`--set a=b --set c=d`).
    var repeatable: Bool
    /// The accepted values, when the value is one of a fixed set (`apple|other`).
    var choices: [String]?
    /// The one-line help text.
    var help: String
    /// Whether the command cannot run without it (shown in the usage line, checked by the parser).
    var required = false

    /// A flag: present or absent.
    static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: nil, repeatable: false, choices: nil, help: help)
    }

    /// How the option appears in a usage line: `-o OUT` (its first name and value).
    var usageText: String { names[0] + (valueName.map { " " + $0 } ?? "") }

    /// An option with a value, optionally repeatable and restricted to `choices`.
    static func value(
        _ names: String..., valueName: String, repeatable: Bool = false, choices: [String]? = nil,
        required: Bool = false, help: String
    ) -> OptionSpec {
        OptionSpec(
            names: names, valueName: valueName, repeatable: repeatable, choices: choices, help: help,
            required: required)
    }

    /// Whether the option takes a value.
    var takesValue: Bool { valueName != nil }

    /// The key under which ``ParsedArguments`` stores it: the first long name without dashes,
    /// or the first name without its dash.
    var key: String {
        let long = names.first { $0.hasPrefix("--") } ?? names[0]
        return String(long.drop { $0 == "-" })
    }

    /// The spelling used in messages: the first long name, else the first name.
    var displayName: String { names.first { $0.hasPrefix("--") } ?? names[0] }
}

/// The positional arguments a command accepts.
struct PositionalSpec: Sendable {
    /// The placeholder shown in usage (`FILE`).
    var name: String
    /// The fewest that must be given.
    var minimum: Int
    /// The most that may be given; nil for no limit.
    var maximum: Int?
    /// The help text describing them.
    var help: String
}
