import BindingLang

/// Prints diagnostics on standard error as the user asked: text in the front end's format
/// (coloured only on a terminal without `NO_COLOR`), or one JSON document.
struct DiagnosticOutput {
    /// `--diagnostics-format`.
    enum Format: String { case text, json }

    let format: Format
    let colored: Bool

    /// The output for a command's parsed `--diagnostics-format` and the console.
    init(_ arguments: ParsedArguments, console: Console) {
        format = arguments.value("diagnostics-format").flatMap(Format.init(rawValue:)) ?? .text
        colored = console.colorDiagnostics
    }

    /// Prints `diagnostics` about `sources` (nothing when there are none, in text form).
    func report(_ diagnostics: [Diagnostic], sources: SourceManager, console: Console) {
        switch format {
        case .json:
            console.err(DiagnosticJSON.render(diagnostics, sources: sources).rendered() + "\n")
        case .text:
            guard !diagnostics.isEmpty else { return }
            var text = DiagnosticRenderer(colored: colored).render(diagnostics, sources: sources)
            if let summary = DiagnosticRenderer.summary(diagnostics) { text += summary + "\n" }
            console.err(text)
        }
    }

    /// Prints an error that concerns no source range (an unreadable file, a corrupt table).
    func error(_ message: String, console: Console) {
        switch format {
        case .json:
            let document = JSONValue.object([
                ("diagnostics", .array([.object([("severity", .string("error")), ("message", .string(message))])])),
                ("errorCount", .int(1)), ("warningCount", .int(0)),
            ])
            console.err(document.rendered() + "\n")
        case .text:
            console.err((colored ? "\u{1B}[1;31merror:\u{1B}[0m " : "error: ") + message + "\n")
        }
    }
}
