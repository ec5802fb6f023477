import BindingRuntime
import Testing
@testable import BindingLang

/// User-info keys are property-list keys, which Apple's APIs (NSDictionary, CFDictionary)
/// compare by their scalars: a precomposed "é" (U+00E9) and "e\u{301}" are two keys. They are
/// kept as two, with a warning, since Swift's `String` compares them equal; keys with the same
/// scalars are still a duplicate (Grammar.md §8).
struct UserInfoKeyNormalizationTests {
    static let short = ("caf\u{E9}", "cafe\u{301}")
    /// Longer than the 15 bytes the table's string index packs into integers.
    static let long = ("r\u{E9}sum\u{E9} of the long key", "re\u{301}sume\u{301} of the long key")

    static func source(_ keys: (String, String)) -> String {
        "shortcut \"t\" {\n  title \"T\"\n  userInfo { \"\(keys.0)\": 1, \"\(keys.1)\": 2 }\n}\n"
    }

    @Test func keysThatDifferOnlyInNormalizationAreWarnedAndKept() throws {
        let (keymap, diagnostics, sources) = checkSource(Self.source(Self.short))
        let flat = flatten(diagnostics, sources).map(\.description)
        #expect(flat == [
            "test.bind:3:26: warning: user-info keys \"cafe\u{301}\" and \"caf\u{E9}\" differ only in Unicode normalization"
                + " (U+0065 U+0301 here, U+00E9 there): the property list keeps both keys, but Swift's String compares them"
                + " equal; write both the same way, or make them different keys",
            "test.bind:3:14: note: the other key is here",
        ])
        let keys = try #require(keymap?.quickActions.first).userInfo.map(\.key)
        #expect(keys.map { Array($0.unicodeScalars) } == [Array(Self.short.0.unicodeScalars), Array(Self.short.1.unicodeScalars)])
    }

    @Test(arguments: [short, long])
    func bothKeysReachThePlistAndTheTableAsWritten(_ keys: (String, String)) throws {
        let (keymap, _, _) = checkSource(Self.source(keys))
        let k = try #require(keymap)
        let written = try PlistWriter.shortcutItems(k.quickActions)
        // `String.contains` compares canonically; the bytes must be there as written.
        for key in [keys.0, keys.1] {
            #expect(Array(written.utf8).firstRange(of: Array("<key>\(key)</key>".utf8)) != nil, "\(key.unicodeScalars.map(\.value))")
        }
        let table = try BindingTable(bytes: Emitter.emit(k))
        let stored = try #require(table.quickActions.first).userInfo.map { Array($0.key.unicodeScalars) }
        #expect(stored == [Array(keys.0.unicodeScalars), Array(keys.1.unicodeScalars)])
    }

    @Test func theSameScalarsTwiceAreStillADuplicate() {
        let (keymap, diagnostics, _) = checkSource(
            "shortcut \"t\" {\n  title \"T\"\n  userInfo { \"caf\u{E9}\": 1, \"cafe\u{301}\": 2, \"caf\u{E9}\": 3 }\n}\n")
        #expect(keymap == nil)
        #expect(diagnostics.map(\.severity) == [.warning, .error])
        #expect(diagnostics.last?.message == "duplicate key \"caf\u{E9}\" in user info")
    }
}
