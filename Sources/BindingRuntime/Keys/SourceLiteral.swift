/// String literals as `.bind` source (and Swift, whose escapes are the same) spells them.
/// Every tool that prints a string back as source uses this one definition.
public enum SourceLiteral {
    /// `text` quoted, with `\"`, `\\`, `\n`, `\t`, `\r`, `\0`, and `\u{…}` for the other
    /// control characters; everything else (all of Unicode) as is.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
