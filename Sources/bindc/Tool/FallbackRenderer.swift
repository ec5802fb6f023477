import BindingLang

/// A minimal swiftc-style diagnostic printer (`file:line:col: error: message`, the line, a
/// caret), used until the front end's renderer lands.
struct FallbackRenderer {
    let colored: Bool

    func label(_ severity: Severity) -> String {
        let (code, word) = severity == .error ? ("31", "error") : severity == .warning ? ("35", "warning") : ("90", "note")
        return colored ? "\u{1B}[1;\(code)m\(word):\u{1B}[0m " : "\(word): "
    }

    func render(_ diagnostics: [Diagnostic], sources: SourceManager) -> String {
        var out = ""
        for d in diagnostics {
            out += located(d.severity, d.message, d.range, sources)
            for note in d.notes {
                if let r = note.range { out += located(.note, note.message, r, sources) } else { out += label(.note) + note.message + "\n" }
            }
        }
        return out
    }

    private func located(_ severity: Severity, _ message: String, _ range: SourceRange, _ sources: SourceManager) -> String {
        guard sources.files.indices.contains(range.file.index) else { return label(severity) + message + "\n" }
        let file = sources[range.file]
        let (line, column) = file.lineAndColumn(of: range.start)
        let text = file.lineText(line)
        var out = "\(file.path):\(line):\(column): " + label(severity) + message + "\n"
        out += text + "\n"
        let prefix = String(decoding: Array(text.utf8.prefix(max(0, column - 1))), as: UTF8.self)
        let pad = String(prefix.map { $0 == "\t" ? "\t" : " " })
        let width = max(1, min(range.end, range.start + text.utf8.count) - range.start)
        out += pad + "^" + String(repeating: "~", count: max(0, min(width, text.utf8.count - column + 1) - 1)) + "\n"
        return out
    }
}
