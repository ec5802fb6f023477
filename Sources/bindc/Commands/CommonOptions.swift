/// Options shared by several commands, spelled once.
enum CommonOptions {
    /// `--diagnostics-format text|json`.
    static let diagnosticsFormat = OptionSpec.value(
        "--diagnostics-format", valueName: "FORMAT", choices: ["text", "json"],
        help: "Print diagnostics as text (default) or as JSON on stderr")
    /// What `--platform` accepts.
    static let platformNames = ["macos", "ipados", "windows", "linux", "apple", "other"]
    /// `--platform macos|ipados|windows|linux` (and the older `apple`, `other`).
    static let platform = OptionSpec.value(
        "--platform", valueName: "PLATFORM", choices: platformNames,
        help: "Platform to compile for (default: the first of the keymap's 'keymap \"Name\" for …' list, else macos): sets 'platform' and 'primary' (cmd on macos/ipados, ctrl on windows/linux); apple = macos, other = linux")
    /// `--platform` for commands that also read a compiled table, whose platform is fixed.
    static let platformOrTables = OptionSpec.value(
        "--platform", valueName: "PLATFORM", choices: platformNames,
        help: "Platform to compile for (default: the keymap's 'for' list, else macos; apple = macos, other = linux); a table keeps its own")
    /// `--config bindkit.json`: layer order, platform and namespace from the build plugins'
    /// configuration file.
    static let config = OptionSpec.value(
        "--config", valueName: "FILE",
        help: "Read the layer order of the FILEs (the FILEs too, when none are given) and the platform from a bindkit.json (as the build plugins do); --platform wins over it")
    /// `--config FILE` for `bindc swift`, which also reads the namespace.
    static let configWithName = OptionSpec.value(
        "--config", valueName: "FILE",
        help: "Read the layer order of the FILEs (the FILEs too, when none are given), the platform and the namespace from a bindkit.json (as the build plugins do); --platform and --name win over it")
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
