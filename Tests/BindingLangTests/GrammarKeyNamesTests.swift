import BindingRuntime
import Foundation
import Testing

/// Grammar.md §4.3 lists every key name the language accepts: the named keys with their
/// aliases, and the punctuation names. ``Key/aliases`` must accept exactly that set.
struct GrammarKeyNamesTests {
    /// The backticked words of the §4.3 bullet starting with `bulletStart`, split at spaces,
    /// with `f1`…`f24` expanded.
    static func documentedNames(bulletStart: String) throws -> Set<String> {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Grammar.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix(bulletStart) })
        var bullet = lines[start]
        var i = start + 1
        while i < lines.count, lines[i].hasPrefix("  ") { bullet += " " + lines[i]; i += 1 }
        bullet = bullet.replacingOccurrences(of: "f1`…`f24", with: (1...24).map { "f\($0)" }.joined(separator: " "))
        var names: Set<String> = []
        for (k, piece) in bullet.components(separatedBy: "`").enumerated() where k % 2 == 1 {
            for word in piece.split(separator: " ") { names.insert(String(word)) }
        }
        return names
    }

    @Test func keyAliasesAreExactlyTheDocumentedNames() throws {
        let named = try Self.documentedNames(bulletStart: "- named keys:")
        let punctuation = try Self.documentedNames(bulletStart: "- `space` and punctuation names:")
        #expect(named.isSuperset(of: ["ret", "pageup", "pagedown", "esc", "escape", "f24"]))
        #expect(punctuation.contains("bracketRight"))
        let documented = named.union(punctuation)
        let accepted = Set(Key.aliases.keys)
        #expect(accepted.subtracting(documented).sorted() == [], "accepted but not in Grammar.md §4.3")
        #expect(documented.subtracting(accepted).sorted() == [], "in Grammar.md §4.3 but not accepted")
    }
}
