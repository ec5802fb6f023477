import BindingRuntime
import Foundation
import Testing
@testable import BindingLang

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
        bullet = bullet.replacingOccurrences(of: "KeyA`…`KeyZ", with: "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map { "Key\($0)" }.joined(separator: " "))
        bullet = bullet.replacingOccurrences(of: "Digit0`…`Digit9", with: (0...9).map { "Digit\($0)" }.joined(separator: " "))
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
        let positions = try Self.documentedNames(bulletStart: "- key positions")
        #expect(positions.isSuperset(of: ["KeyA", "KeyZ", "Digit0", "IntlYen", "Backquote"]))
        let documented = named.union(punctuation).union(positions)
        let accepted = Set(Key.aliases.keys)
        #expect(accepted.subtracting(documented).sorted() == [], "accepted but not in Grammar.md §4.3")
        #expect(documented.subtracting(accepted).sorted() == [], "in Grammar.md §4.3 but not accepted")
    }
}

extension GrammarKeyNamesTests {
    /// The backticked names of the paragraph starting with `start`.
    static func paragraphNames(_ start: String) throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Grammar.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let paragraph = try #require(text.components(separatedBy: "\n\n").first { $0.hasPrefix(start) })
        return paragraph.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// §4.3's modifier paragraph lists exactly ``Modifiers/spellings`` (and `primary`).
    @Test func modifierSpellingsAreExactlyTheDocumentedOnes() throws {
        let names = try Self.paragraphNames("Modifiers (aliases in brackets)")
        let documented = Set(names.filter { !$0.contains(" ") && $0 != "bindc --platform" })
        #expect(documented == Set(Modifiers.spellings.keys).union(["primary"]))
    }

    /// `meta` and `super` are errors naming their readings, with a fix-it for each, never a
    /// silent cmd (issue 10, defect 6); `super` says the logo key is `cmd` (as the Windows and
    /// Linux reserved shortcuts write it), not that key commands cannot use it; the messages
    /// are Grammar.md's. As the chord's last part no fix-it is offered: any modifier there
    /// leaves the chord without a key.
    @Test func metaAndSuperAreErrorsWithFixIts() throws {
        let documented = try Self.paragraphNames("`meta`, `super` and `altGr` are errors")
            .map { $0.split(separator: "\n").joined(separator: " ") }
        for (name, prefix, fixes) in [("meta", "'meta' is ambiguous", ["alt", "cmd"]), ("super", "'super' is the Windows and Linux logo key", ["cmd"])] {
            let (keymap, diagnostics, _) = checkSource("responder R\nin R {\n  \(name)+x -> copy\n  ctrl+\(name) -> cut\n}")
            #expect(keymap?.bindings.isEmpty ?? true)
            let errors = diagnostics.filter { $0.severity == .error }
            #expect(errors.count == 2)
            let keyless = ", and end the chord with a key"
            #expect(documented.contains(keyless))
            for (i, e) in errors.enumerated() {
                #expect(documented.contains(i == 0 ? e.message : String(e.message.dropLast(keyless.count))), "\(e.message)")
                #expect(e.message.hasPrefix(prefix))
                #expect(!e.message.contains("cannot use"))
                #expect(e.fixIts.map(\.replacement) == (i == 0 ? fixes : []))
                #expect(e.message.hasSuffix(keyless) == (i == 1))
            }
            #expect(Chord.parse("\(name)+x", platform: .apple) == .failure(.ambiguousModifier(name)))
            let capitalised = name.prefix(1).uppercased() + name.dropFirst()
            #expect(Chord.parse("\(capitalised)+x", platform: .apple) == .failure(.ambiguousModifier(capitalised)))
        }
    }

    /// `altGr`, as `bindc layouts` writes the AltGr level in the keys to press, pasted as a
    /// modifier: an error that says a binding names the character, with no fix-it (the
    /// did-you-mean `alt` would be another key, and `check --fix` applied it).
    @Test func altGrIsAnErrorWithoutAFixIt() throws {
        let documented = try Self.paragraphNames("`meta`, `super` and `altGr` are errors")
            .map { $0.split(separator: "\n").joined(separator: " ") }
        for spelling in ["altGr", "AltGr", "altgr", "alt_gr"] {
            let (_, diagnostics, _) = checkSource("responder R\naction a\nin R {\n  ctrl+\(spelling)+Digit8 -> a\n}", platform: .windows)
            let errors = diagnostics.filter { $0.severity == .error }
            #expect(errors.count == 1)
            let e = try #require(errors.first)
            #expect(e.message.hasPrefix("'\(spelling)' is not a modifier a binding holds: AltGr goes into the character"), "\(e.message)")
            #expect(e.fixIts.isEmpty && !e.message.contains("did you mean"))
            if spelling == "altGr" { #expect(documented.contains(e.message), "\(e.message)") }
        }
    }
}
