/// Writes the `UIApplicationShortcutItems` entry of an Info.plist for a keymap's quick actions,
/// as a complete XML property list document, with the keys exactly as Apple names them.
public enum PlistWriter {
    /// A quick action's text holds a character XML 1.0 cannot carry, so no property list can
    /// hold it (the checker reports it in source; a table compiled before it did may have one).
    public struct UnrepresentableText: Error, Sendable, Equatable, CustomStringConvertible {
        /// The quick action's type.
        public var type: String
        /// Where in it: `title`, `subtitle`, `iconFile`, `type`, or a user-info key or value.
        public var field: String
        /// The character.
        public var scalar: Unicode.Scalar
        /// The error for `scalar` in `field` of the quick action of type `type`.
        public init(type: String, field: String, scalar: Unicode.Scalar) {
            self.type = type
            self.field = field
            self.scalar = scalar
        }
        /// `quick action "t", subtitle: a property list cannot hold U+0001 (…)`.
        public var description: String {
            "quick action \(Messages.quoted(type)), \(field): \(Messages.notInPropertyList(scalar))"
        }
    }

    /// The XML property list: a dictionary with one key, `UIApplicationShortcutItems`, whose
    /// array holds one dictionary per quick action in declared order. Text XML 1.0 cannot
    /// carry (``unrepresentableScalar(in:)``) is an error, not dropped: dropped, it could
    /// make two user-info keys one.
    public static func shortcutItems(_ quickActions: [QuickAction]) throws(UnrepresentableText) -> String {
        for q in quickActions { try check(q) }
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>UIApplicationShortcutItems</key>

            """
        if quickActions.isEmpty {
            out += "\t<array/>\n"
        } else {
            out += "\t<array>\n"
            for q in quickActions { writeItem(q, indent: 2, into: &out) }
            out += "\t</array>\n"
        }
        out += "</dict>\n</plist>\n"
        return out
    }

    /// The first scalar of `text` that XML 1.0 cannot carry, even as a character reference: a
    /// control character other than tab, line feed and carriage return, U+FFFE or U+FFFF
    /// (XML 1.0 §2.2). Nil when there is none.
    public static func unrepresentableScalar(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { s in
            (s.value < 0x20 && s != "\t" && s != "\n" && s != "\r") || s.value == 0xFFFE || s.value == 0xFFFF
        }
    }

    private static func check(_ q: QuickAction) throws(UnrepresentableText) {
        func text(_ text: String, _ field: @autoclosure () -> String) throws(UnrepresentableText) {
            if let s = unrepresentableScalar(in: text) { throw UnrepresentableText(type: q.type, field: field(), scalar: s) }
        }
        func dictionary(_ entries: [UserInfoEntry]) throws(UnrepresentableText) {
            for e in entries {
                try text(e.key, "user-info key \(Messages.quoted(e.key))")
                switch e.value {
                case .string(let s): try text(s, "user-info value of \(Messages.quoted(e.key))")
                case .dictionary(let nested): try dictionary(nested)
                case .int, .double, .bool: break
                }
            }
        }
        try text(q.type, "type")
        try text(q.title, "title")
        if let s = q.subtitle { try text(s, "subtitle") }
        if let f = q.iconFile { try text(f, "iconFile") }
        try dictionary(q.userInfo)
    }

    private static func writeItem(_ q: QuickAction, indent: Int, into out: inout String) {
        let tabs = String(repeating: "\t", count: indent)
        out += tabs + "<dict>\n"
        func pair(_ key: String, _ value: String) {
            out += tabs + "\t<key>\(key)</key>\n" + tabs + "\t<string>\(escape(value))</string>\n"
        }
        pair("UIApplicationShortcutItemType", q.type)
        pair("UIApplicationShortcutItemTitle", q.title)
        if let s = q.subtitle { pair("UIApplicationShortcutItemSubtitle", s) }
        // With both, iOS uses the file and ignores the type, as Grammar.md §8 says.
        if let i = q.iconType { pair("UIApplicationShortcutItemIconType", QuickActionIcons.plistValue(i)) }
        if let f = q.iconFile { pair("UIApplicationShortcutItemIconFile", f) }
        if !q.userInfo.isEmpty {
            out += tabs + "\t<key>UIApplicationShortcutItemUserInfo</key>\n"
            writeDictionary(q.userInfo, indent: indent + 1, into: &out)
        }
        out += tabs + "</dict>\n"
    }

    private static func writeDictionary(_ entries: [UserInfoEntry], indent: Int, into out: inout String) {
        let tabs = String(repeating: "\t", count: indent)
        if entries.isEmpty { out += tabs + "<dict/>\n"; return }
        out += tabs + "<dict>\n"
        for e in entries {
            out += tabs + "\t<key>\(escape(e.key))</key>\n"
            switch e.value {
            case .string(let s): out += tabs + "\t<string>\(escape(s))</string>\n"
            case .int(let i): out += tabs + "\t<integer>\(i)</integer>\n"
            case .double(let d): out += tabs + "\t<real>\(d)</real>\n"
            case .bool(let b): out += tabs + (b ? "\t<true/>\n" : "\t<false/>\n")
            case .dictionary(let nested): writeDictionary(nested, indent: indent + 1, into: &out)
            }
        }
        out += tabs + "</dict>\n"
    }

    /// `text` with the XML special characters escaped, and a carriage return written as
    /// `&#13;` (an XML reader turns a raw one, or a CR LF pair, into a line feed). Text
    /// ``shortcutItems(_:)`` writes has no scalar XML 1.0 cannot carry; any other text's such
    /// scalars become U+FFFD, visibly.
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\r": out += "&#13;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
