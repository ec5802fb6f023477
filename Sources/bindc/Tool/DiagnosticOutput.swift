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

    /// An output of `format`, uncoloured (JSON, or text for a command that never colours).
    init(format: Format) {
        self.format = format
        colored = false
    }

    /// Prints `diagnostics` about `sources` and `messages` about whole inputs, as one JSON
    /// document or as text (messages first, then the rendered diagnostics and their summary;
    /// nothing at all when both are empty).
    /// `trailing` messages come after the diagnostics, before the summary.
    func report(
        _ diagnostics: [Diagnostic], sources: SourceManager, messages: [DiagnosticJSON.Message] = [],
        trailing: [DiagnosticJSON.Message] = [], console: Console
    ) {
        switch format {
        case .json:
            console.err(DiagnosticJSON.render(diagnostics, sources: sources, messages: messages + trailing).rendered() + "\n")
        case .text:
            func line(_ m: DiagnosticJSON.Message) -> String {
                (m.file.map { "\($0): " } ?? "") + label(m.severity) + m.message + "\n"
            }
            var text = messages.map(line).joined()
            text += DiagnosticRenderer(colored: colored).render(diagnostics, sources: sources)
            text += trailing.map(line).joined()
            if let summary = DiagnosticRenderer.summary(diagnostics) { text += summary + "\n" }
            if !text.isEmpty { console.err(text) }
        }
    }

    /// Prints `diagnostics` about `compilation` as ``report(_:sources:messages:console:)``
    /// does, less the warnings located in the files it reached only through `layer over`
    /// (``Compilation/withoutBaseWarnings(_:)``): a note after them says how many each base
    /// has and how to see them.
    func report(
        _ diagnostics: [Diagnostic], of compilation: Compilation, messages: [DiagnosticJSON.Message] = [],
        console: Console
    ) {
        let (shown, hidden) = compilation.withoutBaseWarnings(diagnostics)
        let notes = hidden.map { base in
            let path = compilation.sources.files[base.file.index].path
            return DiagnosticJSON.Message(.note, ToolMessages.baseWarningsNotShown(base.count, base: path), file: path)
        }
        report(shown, sources: compilation.sources, messages: messages, trailing: notes, console: console)
    }

    /// Prints an error that concerns no source range (an unreadable file, a corrupt table).
    func error(_ message: String, console: Console) {
        report([], sources: SourceManager(), messages: [DiagnosticJSON.Message(.error, message)], console: console)
    }

    /// Prints a warning that concerns no source range.
    func warning(_ message: String, console: Console) {
        report([], sources: SourceManager(), messages: [DiagnosticJSON.Message(.warning, message)], console: console)
    }

    /// Prints a note that concerns no source range.
    func note(_ message: String, console: Console) {
        report([], sources: SourceManager(), messages: [DiagnosticJSON.Message(.note, message)], console: console)
    }

    private func label(_ severity: Severity) -> String {
        let code = severity == .error ? "1;31" : severity == .warning ? "1;35" : "1;90"
        return colored ? "\u{1B}[\(code)m\(severity.rawValue):\u{1B}[0m " : "\(severity.rawValue): "
    }
}
