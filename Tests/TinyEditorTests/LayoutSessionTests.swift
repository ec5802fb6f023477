import BindingRuntime
import Testing
@testable import TinyEditor

/// `tiny-editor --layout ID`: key decoding and the overlay follow the layout (issue #12).
@Suite struct LayoutSessionTests {
    func script(_ keymap: String, layout: String, _ keys: String, text: String = "x") throws -> Script.Result {
        var o = Options()
        o.keymap = keymap
        o.layout = layout
        o.text = text
        return try EditorApp.runScript(o, script: keys)
    }

    /// The overlay lines of `keys` ending with F1, as the report prints them.
    func overlay(_ r: Script.Result) -> [String] {
        r.report.split(separator: "\n").map(String.init).filter { $0.hasPrefix("      ") }
    }

    @Test func optionsTakeALayout() throws {
        #expect(try Options.parse(["--layout", "de"]).layout == "de")
        #expect(try Options.parse(["--layout=ru"]).layout == "ru")
        #expect(try Options.parse([]).layout == "us")
        #expect(throws: Options.Error.self) { try Options.parse(["--layout", "dee"]) }
        do {
            _ = try Options.parse(["--layout", "dee"])
        } catch {
            #expect(error.message.hasPrefix("unknown layout 'dee'; did you mean 'de'?"))
        }
    }

    @Test func germanKeyLeftOfOneTogglesTheTerminal() throws {
        // The IDE binds ctrl+Backquote, the key left of 1: a German keyboard types a dead ^
        // there, a US one a backquote; on each the key, not the character, decides.
        let de = try script("ide", layout: "de", #"ctrl+"^""#)
        #expect(de.log == ["performed toggleTerminal by Workbench"])
        let us = try script("ide", layout: "us", #"ctrl+"`""#)
        #expect(us.log == de.log)
        // On a US keyboard ^ is Shift+6: not that key.
        #expect(try script("ide", layout: "us", #"ctrl+"^""#).log.first?.hasPrefix("unhandled") == true)
    }

    @Test func overlayShowsChordsAsTypedOnTheLayout() throws {
        let us = overlay(try script("ide", layout: "us", "f1"))
        let de = overlay(try script("ide", layout: "de", "f1"))
        func keys(_ lines: [String], _ title: String) -> String? {
            lines.first { $0.hasSuffix(" " + title) }.map { $0.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ").first ?? "" }
        }
        #expect(keys(us, "Toggle Terminal") == "Ctrl+`")
        #expect(keys(de, "Toggle Terminal") == "Ctrl+^")
        // Toggle Line Comment is the character '/': Shift+7 on a German keyboard.
        #expect(keys(us, "Toggle Line Comment") == "Ctrl+/")
        #expect(keys(de, "Toggle Line Comment") == "Ctrl+Shift+/")
    }

    @Test func russianKeysFallBackToTheirUSCharacters() throws {
        // The Vim keymap's d d on a Russian keyboard: the d key types в, which nothing binds,
        // so the dispatcher falls back to the key's US character.
        let r = try script("vim", layout: "ru", #""в" "в""#, text: "one\ntwo")
        #expect(r.log == [#"pending "в""#, "performed deleteLine by Buffer"])
        #expect(r.text == "two")
    }

    @Test func pendingHintRendersOnTheLayout() throws {
        let o = try Options.parse(["--keymap", "ide", "--layout", "de"])
        let s = try EditorApp.makeSession(o)
        s.handle(KeyEvent(Chord(key: Key(character: "k"), modifiers: .control)))
        let hint = try #require(s.pendingHint())
        #expect(hint.hasPrefix("Ctrl+K …"))
        // Fold All is ctrl+k ctrl+Digit0: the 0 key, which types 0 on a German keyboard.
        #expect(hint.contains("Ctrl+0: Fold All"))
        let fr = try EditorApp.makeSession(try Options.parse(["--keymap", "ide", "--layout", "fr"]))
        fr.handle(KeyEvent(Chord(key: Key(character: "k"), modifiers: .control)))
        // On AZERTY that key types à.
        #expect(try #require(fr.pendingHint()).contains("Ctrl+À: Fold All"))
    }
}
