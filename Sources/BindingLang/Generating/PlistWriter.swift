/// Writes the `UIApplicationShortcutItems` entry of an Info.plist for a keymap's quick actions,
/// as a complete XML property list document, with the keys exactly as Apple names them.
public enum PlistWriter {
    /// The XML property list: a dictionary with one key, `UIApplicationShortcutItems`, whose
    /// array holds one dictionary per quick action in declared order.
    public static func shortcutItems(_ quickActions: [QuickAction]) -> String {
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

    /// `text` with the XML special characters escaped; characters XML 1.0 cannot carry
    /// (control characters other than tab, newline and carriage return) are dropped.
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
