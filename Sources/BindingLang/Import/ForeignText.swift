import BindingRuntime

/// Text that comes from a foreign keymap (command names, arguments, context values, keys,
/// reasons quoting them), made into valid `.bind` text. Nothing the JSON holds can end a
/// comment, leave a string literal, or hide what follows on the line: line breaks, other
/// control characters, Unicode line and paragraph separators and invisible format characters
/// (bidirectional overrides, zero-width characters) are written as `\u{…}` escapes.
enum ForeignText {
    /// Whether `scalar` must be escaped wherever foreign text is written: C0 and C1 controls,
    /// DEL, format characters (`Cf`: bidi controls, zero-width joiners, BOM), line and
    /// paragraph separators, and unassigned or private-use scalars.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
        default: false
        }
    }

    /// `text` as a `.bind` string literal whose value is exactly `text`: ``SourceLiteral`` quoting,
    /// with every scalar ``needsEscape(_:)`` names written `\u{…}` (the lexer decodes it back).
    static func literal(_ text: String) -> String {
        SourceLiteral.quoted(text, alsoEscaping: needsEscape)
    }

    /// `text` for a comment: as is when every scalar is printable, else as ``literal(_:)``, so
    /// a reader sees exactly which characters it holds.
    static func inline(_ text: String) -> String {
        text.unicodeScalars.contains(where: needsEscape) ? literal(text) : text
    }

    /// A whole comment line (starting `//`), made safe: whatever slipped into it unescaped is
    /// escaped, so the comment ends where the line does. The last guard of the writer; the
    /// parts it assembles already use ``inline(_:)``.
    static func comment(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: needsEscape) else { return line }
        var out = ""
        for scalar in line.unicodeScalars {
            if needsEscape(scalar) { out += SourceLiteral.unicodeEscape(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
