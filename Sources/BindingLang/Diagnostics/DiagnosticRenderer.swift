/// Prints diagnostics the way swiftc does:
///
/// ```
/// Keys.bind:7:6: error: white space is not allowed inside a chord
///   cmd + k -> go(2)
///      ^~~
///      +
/// ```
///
/// a `path:line:col: severity: message` line, the source line, a caret line underlining the
/// range (on its first line), the replacement text of each fix-it under the text it replaces,
/// and then each note the same way. Columns are 1-based UTF-8 byte columns; the caret is placed
/// by display width (tabs copied, wide characters counted twice), so it lines up under
/// multi-byte text. ANSI colours only when ``colored`` is set (the caller decides: a terminal,
/// `NO_COLOR` unset).
public struct DiagnosticRenderer: Sendable {
    /// Whether to emit ANSI colour and bold escapes.
    public var colored: Bool

    /// A renderer; plain text unless `colored`.
    public init(colored: Bool = false) { self.colored = colored }

    /// Every diagnostic in order, each followed by its source excerpt, fix-its and notes.
    public func render(_ diagnostics: [Diagnostic], sources: SourceManager) -> String {
        diagnostics.map { render($0, sources: sources) }.joined()
    }

    /// One diagnostic with its source excerpt, fix-its and notes; every line ends in `\n`.
    public func render(_ diagnostic: Diagnostic, sources: SourceManager) -> String {
        var out = ""
        let file = sourceFile(diagnostic.range, sources)
        out += header(diagnostic.severity, diagnostic.message, diagnostic.range, file)
        if let file {
            out += excerpt(diagnostic.range, in: file)
            let (line, _) = file.lineAndColumn(of: clamp(diagnostic.range.start, file))
            var separate: [FixIt] = []
            for fix in diagnostic.fixIts {
                let sameFile = fix.range.file == diagnostic.range.file
                let fixLine = file.lineAndColumn(of: clamp(fix.range.start, file)).line
                // (On a long line, shown cut, the fix-it is described instead.)
                if sameFile && fixLine == line && !fix.replacement.allSatisfy(\.isWhitespace)
                    && !fix.replacement.contains("\n") && file.lineText(line).utf8.count <= Self.longLine {
                    let prefix = indentation(file, from: Int(file.lineStarts[line - 1]), upTo: clamp(fix.range.start, file))
                    out += prefix + paint(fix.replacement, "1;32") + "\n"
                } else {
                    separate.append(fix)
                }
            }
            for fix in separate { out += describe(fix, sources) }
        }
        for note in diagnostic.notes {
            if let range = note.range, let noteFile = sourceFile(range, sources) {
                out += header(.note, note.message, range, noteFile)
                out += excerpt(range, in: noteFile)
            } else {
                out += header(.note, note.message, nil, nil)
            }
        }
        return out
    }

    /// `2 errors, 1 warning generated` (singular where it applies), or nil when there are
    /// neither errors nor warnings.
    public static func summary(_ diagnostics: [Diagnostic]) -> String? {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        var parts: [String] = []
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ") + " generated"
    }

    // MARK: - Pieces

    func sourceFile(_ range: SourceRange, _ sources: SourceManager) -> SourceFile? {
        let i = range.file.index
        return i >= 0 && i < sources.files.count ? sources.files[i] : nil
    }

    func clamp(_ offset: Int, _ file: SourceFile) -> Int { max(0, min(offset, file.bytes.count)) }

    /// `path:line:col: severity: message`, or `severity: message` without a location.
    func header(_ severity: Severity, _ message: String, _ range: SourceRange?, _ file: SourceFile?) -> String {
        let label: String
        switch severity {
        case .error: label = paint("error:", "1;31")
        case .warning: label = paint("warning:", "1;33")
        case .note: label = paint("note:", "1")
        }
        var location = ""
        if let range, let file {
            location = paint(file.location(of: clamp(range.start, file)).description + ":", "1") + " "
        }
        return location + label + " " + paint(message, "1") + "\n"
    }

    /// Lines longer than this many bytes are shown as a window around the range.
    static let longLine = 240

    /// The source line of `range.start` and the caret line under the range. Control
    /// characters other than tab are shown as their Unicode pictures (`␍` for a lone carriage
    /// return), so the terminal prints the line as it is; a line longer than ``longLine``
    /// bytes is shown from a little before the range to a little after it, with `…` where it
    /// is cut.
    func excerpt(_ range: SourceRange, in file: SourceFile) -> String {
        let start = clamp(range.start, file)
        let (line, _) = file.lineAndColumn(of: start)
        let lineStart = Int(file.lineStarts[line - 1])
        var lineEnd = line < file.lineStarts.count ? Int(file.lineStarts[line]) - 1 : file.bytes.count
        if lineEnd > lineStart && file.bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        let end = max(start, min(clamp(range.end, file), lineEnd))
        var shownStart = lineStart, shownEnd = lineEnd
        if lineEnd - lineStart > Self.longLine {
            // Cut at character boundaries (not inside a UTF-8 sequence).
            func boundary(_ i: Int) -> Int {
                var i = i
                while i > lineStart && i < lineEnd && file.bytes[i] & 0xC0 == 0x80 { i -= 1 }
                return i
            }
            shownStart = boundary(max(lineStart, min(start, lineEnd) - 60))
            shownEnd = boundary(min(lineEnd, min(end, start + 120) + 60))
        }
        let underlinedEnd = min(end, max(shownEnd, min(start, lineEnd)))
        let underlined = String(decoding: file.bytes[min(start, lineEnd)..<max(min(start, lineEnd), underlinedEnd)], as: UTF8.self)
        let width = max(1, displayWidth(underlined))
        let marker = "^" + String(repeating: "~", count: width - 1)
        let before = shownStart > lineStart ? "…" : "", after = shownEnd < lineEnd ? "…" : ""
        let text = Self.visible(String(decoding: file.bytes[shownStart..<max(shownStart, shownEnd)], as: UTF8.self))
        return before + text + after + "\n" + (before.isEmpty ? "" : " ")
            + indentation(file, from: shownStart, upTo: start) + paint(marker, "1;32") + "\n"
    }

    /// `text` with its control characters other than tab as their Unicode pictures (U+2400
    /// onwards; `␡` for delete), one column each.
    static func visible(_ text: String) -> String {
        guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: out.append(scalar)
            case 0..<0x20: out.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: out.append(Unicode.Scalar(0x2421)!)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// White space as wide as the text of the line from `from` to `offset`, tabs kept as tabs.
    func indentation(_ file: SourceFile, from lineStart: Int, upTo offset: Int) -> String {
        let prefix = String(decoding: file.bytes[lineStart..<max(lineStart, offset)], as: UTF8.self)
        var out = ""
        for ch in prefix {
            if ch == "\t" { out += "\t" } else { out += String(repeating: " ", count: DiagnosticRenderer.width(of: ch)) }
        }
        return out
    }

    /// A fix-it that cannot be shown under the caret (another line, a deletion, a newline).
    func describe(_ fix: FixIt, _ sources: SourceManager) -> String {
        guard let file = sourceFile(fix.range, sources) else { return "" }
        let start = clamp(fix.range.start, file)
        let old = String(decoding: file.bytes[start..<max(start, clamp(fix.range.end, file))], as: UTF8.self)
        let what: String
        if fix.replacement.isEmpty { what = "remove '\(old)'" }
        else if old.isEmpty { what = "insert '\(fix.replacement)'" }
        else { what = "replace '\(old)' with '\(fix.replacement)'" }
        return paint(file.location(of: start).description + ":", "1") + " " + paint("fix-it:", "1;32") + " " + what + "\n"
    }

    func displayWidth(_ s: String) -> Int { s.reduce(0) { $0 + ($1 == "\t" ? 1 : DiagnosticRenderer.width(of: $1)) } }

    /// Terminal columns a character takes: 2 for East Asian wide and full-width characters and
    /// emoji, 1 otherwise.
    public static func width(of ch: Character) -> Int {
        guard let v = ch.unicodeScalars.first?.value else { return 1 }
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }
}
