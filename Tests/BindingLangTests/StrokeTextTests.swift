import BindingRuntime
import Testing
@testable import BindingLang

/// Issue 10, defect 4: one stroke parser. ``StrokeText`` (tools' `--keys`) accepts exactly
/// what a `.bind` sequence accepts, and reads back every chord as tools print it.
struct StrokeTextTests {
    static let texts = [
        "ctrl+k ctrl+c", "\"[\"", "cmd+\"*\"", "cmd+[", "cmd++", "⌘+k", "G", "shift+alt+f", "\"\\\"\"",
        "cmd+\"\\\\\"", "g g", "primary+slash", "numpad+enter", "\"]\" m", "ctrl+\"é\"", "f12", "space",
    ]

    /// The chords the language gives `text` as a binding's sequence.
    static func language(_ text: String) -> [Chord]? {
        let (keymap, diagnostics, _) = checkSource("responder R\nin R {\n  \(text) -> copy\n}")
        guard diagnostics.isEmpty else { return nil }
        return keymap?.bindings.first?.sequence
    }

    @Test(arguments: texts)
    func agreesWithTheLanguage(_ text: String) throws {
        let chords = try StrokeText.sequence(text, platform: .apple).get()
        #expect(chords == Self.language(text))
    }

    @Test func rejectsWhatTheLanguageRejects() {
        for text in ["escap", "shft+k", "cmd+shift", "a+b", "\"ab\"", "meta+x", "cmd + k", "", "cmd+k )"] {
            guard case .failure(let f) = StrokeText.sequence(text, platform: .apple) else {
                Issue.record("accepted \(text)")
                continue
            }
            #expect(!f.message.isEmpty)
        }
        #expect(StrokeText.sequence("escap", platform: .apple)
            == .failure(.init(message: "unknown key 'escap'; did you mean 'escape'?", column: 1)))
        #expect(StrokeText.chord("cmd+k cmd+l", platform: .apple)
            == .failure(.init(message: Messages.oneStrokeExpected, column: 1)))
    }

    /// Every chord as tools print it (`Chord.sourceText`) reads back as itself.
    @Test func readsBackEveryPrintedChord() throws {
        var keys = (0..<Key.named.count).map { Key(rawValue: Key.namedBase + UInt32($0)) }
        keys += (0x20...0x7E).compactMap { Unicode.Scalar(UInt32($0)) }.filter { !("A"..."Z").contains($0) }
            .map { Key(character: $0) }
        keys += ["é", "ß", "→", "🔍"].map { Key(character: $0.unicodeScalars.first!) }
        let modifierSets: [Modifiers] = [[], .command, [.control, .alternate, .shift, .command], .capsLock]
        for key in keys {
            for modifiers in modifierSets {
                let chord = Chord(key: key, modifiers: modifiers)
                #expect(try StrokeText.chord(chord.sourceText, platform: .apple).get() == chord, "\(chord.sourceText)")
            }
        }
    }
}
