/// String literals as `.bind` source (and Swift, whose escapes are the same) spells them.
/// Every tool that prints a string back as source uses this one definition.
public enum SourceLiteral {
    /// `text` quoted, with `\"`, `\\`, `\n`, `\t`, `\r`, `\0`, and `\u{…}` for the other
    /// control characters and for every scalar `alsoEscaping` names (the importer escapes
    /// invisible and unassigned characters of foreign text so); everything else as is.
    public static func quoted(_ text: String, alsoEscaping: (Unicode.Scalar) -> Bool = { _ in false }) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            // C0 and C1 controls, delete, and the line and paragraph separators (which
            // editors show as line breaks) are invisible in source: escaped.
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                || scalar.value == 0x2029 || alsoEscaping(scalar):
                out += unicodeEscape(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `scalar` as the escape `\u{…}` (hexadecimal, upper case), which the lexer decodes back.
    public static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
