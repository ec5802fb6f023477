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

    /// Single chords, each written without white space or comments around it: names,
    /// quoted and bare keys, escapes, and the lexer's corner cases (tokens of two characters,
    /// decimals, parts with no `+` between them).
    static let chordTexts: [String] = {
        var texts = [
            "cmd+k", "G", "cmd+G", "shift+G", "\"A\"", "cmd+\"a\"", "f12", "KeyA", "cmd+Digit5", "_", "cmd+_", "space",
            "cmd+\"[\"", "\"[\"", "[", "cmd+[", "cmd+]", "cmd+{", "cmd+}", "{", "}", "cmd+(", "cmd+)", "cmd+,", "cmd+:",
            "cmd+|", "cmd+!", "cmd+.", "cmd+#", "#", "cmd+'", "cmd+\\", "cmd+\"\\\\\"", "cmd+\"\\\"\"", "cmd+\"",
            "cmd+\"\"\"", "+", "++", "cmd++", "cmd+++", "cmd+++k", "+k", "cmd+\"+\"", "cmd+-", "cmd+->", "cmd+==",
            "cmd+!=", "cmd+&&", "cmd+||", "cmd+&", "cmd+=", "cmd+=+k", "cmd+-+k", "cmd+-1", "cmd+/", "cmd+//", "cmd+/*",
            "cmd+1", "cmd+12", "12", "01", "cmd+1a", "cmd+1.5", "1.5", "cmd+1.", "⌘+k", "⌘k", "⌘+⇧+k", "⌥+⌘+\"[\"",
            "e\u{301}", "cmd+é", "cmd+\"é\"", "cmd+\"ab\"", "cmd+\"\"", "cmd+\"[", "\"[\"x", "\"[\"\"]\"",
            "cmd+\"\\u{7F}\"", "cmd+\"\\u{41}\"", "cmd+\"\\u{}\"", "cmd+\"\\u{110000}\"", "cmd+\"\\u{D800}\"",
            "cmd+\"\\u{000000041}\"", "cmd+\"\\q\"", "cmd+\"\\t\"", "cmd+\"\\n\"", "cmd+\u{7F}", "cmd+\"\u{7F}\"",
            "cmd+\u{A0}", "numpad+a", "numpad+\"+\"", "meta+x", "altGr+q", "cmd+command+k", "cmd+shift", "a+b",
            "primary+slash", "cmd+escap", "", "cmd+", "cmd+k+", "cmd++k",
        ]
        // Every printable ASCII character bare, after a `+`, quoted, and doubled.
        for byte in UInt8(0x21)...UInt8(0x7E) {
            let c = String(UnicodeScalar(byte))
            texts += [c, "cmd+" + c, "\"" + c + "\"", "cmd+\"" + c + "\"", "cmd+" + c + c, c + "+k"]
        }
        return texts
    }()

    /// The runtime's `Chord.parse` reads a chord exactly as the language does: the texts the
    /// language takes as one chord, as the same chord, and no other.
    @Test func chordParseAgreesWithTheLanguage() {
        for text in Self.chordTexts {
            let language = try? StrokeText.chord(text, platform: .apple).get()
            let runtime = try? Chord.parse(text, platform: .apple).get()
            #expect(runtime == language, "\(text.debugDescription)")
        }
    }

    /// `Chord.parseSequence` reads sequences as the language does, white space and line ends
    /// included (no comments: they are not chords).
    @Test func chordSequencesAgreeWithTheLanguage() {
        let texts = ["ctrl+k ctrl+c", " g  g\t", "cmd+\" \" x", "\"]\" m", "ctrl+k\nctrl+c", "\nctrl+k", "ctrl+k\n",
                     "cmd+k,cmd+l", "cmd+k cmd+", "a \"b", "", "  ", "g\r\ng"]
        for text in texts + Self.texts {
            let language = try? StrokeText.sequence(text, platform: .apple).get()
            #expect((try? Chord.parseSequence(text, platform: .apple).get()) == language, "\(text.debugDescription)")
        }
    }
}
