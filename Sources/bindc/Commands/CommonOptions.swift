/// Options shared by several commands, spelled once.
enum CommonOptions {
    /// `--diagnostics-format text|json`.
    static let diagnosticsFormat = OptionSpec.value(
        "--diagnostics-format", valueName: "FORMAT", choices: ["text", "json"],
        help: "Print diagnostics as text (default) or as JSON on stderr")
    /// `--platform apple|other`.
    static let platform = OptionSpec.value(
        "--platform", valueName: "PLATFORM", choices: ["apple", "other"],
        help: "What 'primary' means: cmd on apple (default), ctrl on other")
    /// `--platform` for commands that also read a compiled table, whose platform is fixed.
    static let platformOrTables = OptionSpec.value(
        "--platform", valueName: "PLATFORM", choices: ["apple", "other"],
        help: "What 'primary' means: cmd on apple (default), ctrl on other; a table keeps its own")
    /// `-o OUT`.
    static func output(_ help: String, required: Bool = false) -> OptionSpec {
        OptionSpec.value("-o", "--output", valueName: "OUT", required: required, help: help)
    }
    /// Source files, `-` for standard input.
    static let files = PositionalSpec(
        name: "FILE", minimum: 1, maximum: nil,
        help: ".bind files in layering order ('-' reads standard input)")
    /// Source files or one compiled table.
    static let filesOrTable = PositionalSpec(
        name: "INPUT", minimum: 1, maximum: nil,
        help: ".bind files in layering order ('-' reads standard input), or one compiled table")
}
