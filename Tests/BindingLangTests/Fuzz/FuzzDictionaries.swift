// The libFuzzer dictionaries (Fuzz/frontend.dict, Fuzz/table.dict), generated from the
// language's and the format's own tables so they cannot fall behind: FuzzDictionaryTests
// fails when a checked-in file differs, and rewrites it with BINDKIT_WRITE_FUZZ_DICTS=1.
import Foundation
@testable import BindingLang
@testable import BindingRuntime

enum FuzzDictionaries {
    /// Every word the parser treats as a keyword somewhere: `isWord(t, "…")` in the files of
    /// Parsing/,
    /// and the words it compares bytes with (`Array("over".utf8)`).
    static func keywords(parserSource: String) -> [String] {
        var words: [String] = []
        let pattern = try! NSRegularExpression(pattern: #"(?:isWord\([^,()]+, |Array\()"([A-Za-z]+)"(?:\)|\.utf8\))"#)
        let range = NSRange(parserSource.startIndex..., in: parserSource)
        for match in pattern.matches(in: parserSource, range: range) {
            if let r = Range(match.range(at: 1), in: parserSource) { words.append(String(parserSource[r])) }
        }
        return words
    }

    /// The `.bind` dictionary: keywords, types, attributes, punctuation, modifier spellings,
    /// every key name and alias, every physical key code, and the shapes comments and strings take.
    static func frontend(parserSource: String) -> String {
        var entries: [(String, String)] = []   // (comment section, token)
        func add(_ section: String, _ tokens: some Sequence<String>) {
            for t in tokens where !entries.contains(where: { $0.1 == t }) { entries.append((section, t)) }
        }
        add("keywords (Parsing/)", keywords(parserSource: parserSource))
        add("types and literals", ["Bool", "String", "Int", "true", "false", "platform", "macOS", "iPadOS", "windows", "linux"])
        add("attributes (BindingAttributes.names)", BindingAttributes.names.map { "@" + $0 })
        add("punctuation", ["->", "&&", "||", "==", "!=", "!", "{", "}", "(", ")", "|", ":", ",", "+", "@", ".", "-", "\"", "\n", "//", "/*", "*/", "//@file\n", "\\u{", "\\n"])
        add("modifiers (Modifiers.spellings, ambiguous spellings)", Modifiers.spellings.keys.sorted().map { $0 + "+" })
        add("modifiers (ambiguous)", Modifiers.ambiguousSpellings.keys.sorted().map { $0 + "+" })
        add("named keys (Key.named)", Key.named.map { $0.name })
        add("key aliases (Key.aliases)", Key.aliases.keys.sorted())
        add("physical keys (PhysicalKey.all)", PhysicalKey.all.map(\.code))
        var out = "# libFuzzer dictionary of the .bind language, for the frontend and format targets.\n"
        out += "# Generated from the lexer's and parser's tables by FuzzDictionaryTests; do not edit\n"
        out += "# (BINDKIT_WRITE_FUZZ_DICTS=1 swift test --filter FuzzDictionaryTests rewrites it).\n"
        var section = ""
        for (s, token) in entries {
            if s != section { out += "# \(s)\n"; section = s }
            out += "\"\(escape(Array(token.utf8)))\"\n"
        }
        return out
    }

    /// The table dictionary: the magic, the version word, every section tag, and the words
    /// the format gives meaning (none, true/false conditions, empty slot).
    static func table() -> String {
        var out = "# libFuzzer dictionary of the binding-table format, for the table and hostile targets.\n"
        out += "# Generated from TableFormat by FuzzDictionaryTests; do not edit\n"
        out += "# (BINDKIT_WRITE_FUZZ_DICTS=1 swift test --filter FuzzDictionaryTests rewrites it).\n"
        func word(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        out += "magic=\"\(escape(TableFormat.magic))\"\n"
        out += "version=\"\(escape(word(TableFormat.version)))\"\n"
        for section in TableFormat.Section.allCases { out += "\(section)=\"\(escape(word(section.tag)))\"\n" }
        out += "none=\"\(escape(word(TableFormat.none)))\"\n"
        out += "conditionFalse=\"\(escape(word(TableFormat.conditionFalse)))\"\n"
        out += "physicalBase=\"\(escape(word(Key.physicalBase)))\"\n"
        out += "namedBase=\"\(escape(word(Key.namedBase)))\"\n"
        return out
    }

    /// libFuzzer's dictionary string syntax: printable ASCII as is, `\\` and `\"` escaped,
    /// every other byte as `\xNN`.
    static func escape(_ bytes: [UInt8]) -> String {
        var s = ""
        for b in bytes {
            switch b {
            case 0x5C: s += "\\\\"
            case 0x22: s += "\\\""
            case 0x20..<0x7F: s += String(UnicodeScalar(b))
            default: s += "\\x" + (b < 16 ? "0" : "") + String(b, radix: 16).uppercased()
            }
        }
        return s
    }
}
