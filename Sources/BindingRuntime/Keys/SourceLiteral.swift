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

    /// The string literal at the start of `scalars`, read back as ``quoted(_:alsoEscaping:)``
    /// writes it and as the lexer reads it (Grammar.md §1): its value, escapes decoded, and how
    /// many scalars it spans, quotes included. Nil when `scalars` does not start with a valid
    /// literal: no opening quote, no closing quote before the end or the line's end, or an
    /// escape other than `\"`, `\\`, `\n`, `\t`, `\r`, `\0` and `\u{…}` (1 to 8 hexadecimal digits
    /// naming a Unicode scalar).
    static func literal(at scalars: ArraySlice<Unicode.Scalar>) -> (value: String, length: Int)? {
        guard scalars.first == "\"" else { return nil }
        var value = String.UnicodeScalarView()
        var i = scalars.startIndex + 1
        while i < scalars.endIndex {
            let s = scalars[i]
            switch s {
            case "\"":
                return (String(value), i + 1 - scalars.startIndex)
            case "\n":
                return nil
            case "\r" where i + 1 < scalars.endIndex && scalars[i + 1] == "\n":
                return nil
            case "\\":
                guard let (scalar, length) = escape(at: scalars[(i + 1)...]) else { return nil }
                value.append(scalar)
                i += 1 + length
                continue
            default:
                value.append(s)
            }
            i += 1
        }
        return nil
    }

    /// The scalar an escape stands for and how many scalars after its `\` it spans.
    private static func escape(at scalars: ArraySlice<Unicode.Scalar>) -> (Unicode.Scalar, Int)? {
        switch scalars.first {
        case "\"": return ("\"", 1)
        case "\\": return ("\\", 1)
        case "n": return ("\n", 1)
        case "t": return ("\t", 1)
        case "r": return ("\r", 1)
        case "0": return ("\0", 1)
        case "u":
            let rest = scalars.dropFirst()
            guard rest.first == "{", let close = rest.firstIndex(of: "}") else { return nil }
            let digits = String(String.UnicodeScalarView(rest[(rest.startIndex + 1)..<close]))
            guard (1...8).contains(digits.unicodeScalars.count), digits.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit),
                  let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
            return (scalar, close + 1 - scalars.startIndex)
        default: return nil
        }
    }

    /// `scalar` as the escape `\u{…}` (hexadecimal, upper case), which the lexer decodes back.
    public static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
