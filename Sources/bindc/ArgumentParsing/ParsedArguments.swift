/// The result of parsing one command's arguments: which flags were given, the values of each
/// valued option (in order), and the positional arguments.
struct ParsedArguments: Sendable, Equatable {
    /// Keys (see ``OptionSpec/key``) of the flags given.
    var flags: Set<String> = []
    /// Values of each valued option, by key, in the order given.
    var values: [String: [String]] = [:]
    /// Positional arguments in order (`-` stays `-`: it means standard input).
    var positionals: [String] = []
    /// Whether `--help` / `-h` was given.
    var helpRequested = false

    /// Whether the flag with this key was given.
    func flag(_ key: String) -> Bool { flags.contains(key) }

    /// The last value of the option with this key, if given.
    func value(_ key: String) -> String? { values[key]?.last }

    /// Every value of the option with this key, in order.
    func values(_ key: String) -> [String] { values[key] ?? [] }
}
