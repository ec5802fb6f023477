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
            non-Latin layouts are listed as notes. Without --layout or --all, the layouts of
            the platform the keymap is for ('keymap "Name" for macOS', --platform, or the
            platform a table was compiled for: Apple's for macOS and iPadOS, Windows', or
            Linux's xkeyboard-config ones), else all of them.
            Layouts: \(KeyboardLayout.all.map(\.id).joined(separator: " ")).
            Exits with 1 only when the keymap has errors.
            """,
        positionals: CommonOptions.filesOrTable,
        options: [
            .value("--layout", valueName: "IDS", help: "Comma-separated layout ids, or a platform for its layouts: macos, ipados, windows, linux (default: the layouts of the platform the keymap is for, when it or --platform names one, or a table's; else all)"),
            .flag("--all", help: "Every layout of the database"),
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
        var layouts = try selected(arguments.value("layout"), all: arguments.flag("all"), option: "--layout")
        let output = DiagnosticOutput(arguments, console: console)
        guard let configured = Inputs.configured(arguments, console: console, output: output),
              let (keymap, _, platformIsChosen) = Inputs.keymapAndPlatform(arguments, configured, console: console)
        else { return .failure }
        // Neither --layout nor --all: a keymap for one platform is typed on that platform's
        // layouts (a German Mac's '[' is Option+5, the Linux layout's AltGr+8 says nothing there).
        if platformIsChosen && arguments.value("layout") == nil && !arguments.flag("all") {
            layouts = LayoutSelection.layouts(for: keymap.platform)
        }
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
