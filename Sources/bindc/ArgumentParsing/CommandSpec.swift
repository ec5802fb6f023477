/// Everything the argument parser and the help generator know about one subcommand.
struct CommandSpec: Sendable {
    /// The word that selects the command (`compile`).
    var name: String
    /// One line saying what it does.
    var abstract: String
    /// Extra paragraphs for `bindc help COMMAND`; may be empty.
    var discussion: String
    /// Its positional arguments.
    var positionals: PositionalSpec
    /// Its options, in the order help lists them. `--help` is implicit.
    var options: [OptionSpec]
    /// Example invocations shown in help.
    var examples: [String]

    init(
        name: String, abstract: String, discussion: String = "", positionals: PositionalSpec,
        options: [OptionSpec], examples: [String] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.positionals = positionals
        self.options = options
        self.examples = examples
    }

    /// The option spelled `name` (with dashes), if any.
    func option(named name: String) -> OptionSpec? {
        options.first { $0.names.contains(name) }
    }
}
