import BindingLang
import BindingRuntime

/// `bindc layouts FILE... [--layout IDS | --all] [--json]`: what each keyboard layout does to
/// the keymap's bindings (Grammar.md §10, Keyboard layouts).
enum LayoutsCommand: Command {
    static let spec = CommandSpec(
        name: "layouts",
        abstract: "Report what keyboard layouts do to a keymap's bindings",
        discussion: """
            For each layout, lists every binding that cannot be typed, that needs AltGr/Option
            or an extra Shift (so the modifiers pressed differ from the ones declared), that
            lands on a dead key, or that presses the same physical keys as another binding of
            its role in some state; each with the keys to press, written as key positions
            (ctrl+altGr+Digit8). Bindings reached through the US-character fallback of
            non-Latin layouts are listed as notes. Layouts: \(KeyboardLayout.all.map(\.id).joined(separator: " ")).
            Exits with 1 only when the keymap has errors.
            """,
        positionals: CommonOptions.filesOrTable,
        options: [
            .value("--layout", valueName: "IDS", help: "Comma-separated layout ids (default: all)"),
            .flag("--all", help: "Every layout of the database (the default)"),
            .flag("--json", help: "Print JSON for tools instead of text"),
            CommonOptions.platform,
            CommonOptions.config,
            CommonOptions.diagnosticsFormat,
        ],
        examples: [
            "bindc layouts app.bind --layout de,fr,de-mac",
            "bindc layouts app.bind --all --json",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        let layouts = try selected(arguments.value("layout"), all: arguments.flag("all"), option: "--layout")
        guard let (keymap, _) = Inputs.keymap(arguments, console: console) else { return .failure }
        let report = LayoutReport(keymap: keymap, layouts: layouts)
        console.out(arguments.flag("json") ? report.json.rendered() + "\n" : report.text)
        return .success
    }

    /// The layouts an option names (all when `list` is nil); an unknown id is a usage error.
    static func selected(_ list: String?, all: Bool, option: String) throws(UsageError) -> [KeyboardLayout] {
        if all && list != nil { throw .invalidValue("'--all' and '\(option)' cannot be combined") }
        switch LayoutSelection.layouts(list ?? "all") {
        case .success(let layouts): return layouts
        case .failure(let unknown): throw .invalidValue(unknown.message)
        }
    }
}
