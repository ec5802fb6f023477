import BindingRuntime
import Testing
@testable import BindingLang

/// The keys real keymaps use beyond the basic set (Grammar.md §4.3): UIKit's other
/// `UIKeyboardHIDUsage` keys and the browser and media keys, through source, table and dispatch.
struct CheckKeyNamesTests {
    @Test func newKeysCompileAndDispatch() throws {
        let (keymap, diagnostics, _) = checkSource("""
            responder Editor
            action showHelp
            action goBack
            action playPause
            action showMenu
            in Editor {
              help -> showHelp "Help"
              menu -> showMenu
              copy -> copy
              ctrl+browserBack -> goBack
              mediaPlayPause -> playPause
              again -> redo
            }
            menu "File" {
              "Back" back -> goBack
            }
            """)
        #expect(diagnostics == [])
        let k = try #require(keymap)
        #expect(k.bindings.map { Messages.sequenceText($0.sequence) }
            == ["help", "menu", "copy", "ctrl+back", "mediaPlayPause", "redo", "back"])
        let table = try BindingTable(bytes: Emitter.emit(k))
        #expect(Keymap(table: table) == k)
        #expect(Key.aliases["help"].map { Chord(key: $0).glyphs } == "Help")
    }

    @Test func unknownKeyStillSuggests() {
        expectInlineDiagnostics("""
            responder Editor
            in Editor {
              volumUp -> copy   // error@3: unknown key 'volumUp'; did you mean 'volumeUp'?
            }
            """)
    }

    /// A control character written as a key string suggests the named key (with a fix-it),
    /// escaped in the message rather than printed raw; a quoted keypad key is not quoted twice.
    @Test func controlCharactersAndQuotedKeypadKeys() {
        expectInlineDiagnostics(#"""
            responder Editor
            in Editor {
              cmd+"\t" -> copy        // error@7: unknown key "\t": a control character is no key; did you mean 'tab'?
              ctrl+"\u{1B}" -> copy   // error@8: unknown key "\u{1B}": a control character is no key; did you mean 'escape'?
              cmd+numpad+"(" -> copy  // error@3: impossible chord 'cmd+numpad+(': the numeric keypad has no "(" key
              numpad+a -> copy        // error@3: impossible chord 'numpad+a': the numeric keypad has no 'a' key
            }
            """#)
        let (fixed, _) = CheckFixItTests.applyingFixIts("responder Editor\nin Editor {\n  cmd+\"\\n\" -> copy\n}\n")
        #expect(fixed.contains("cmd+return -> copy"), "\(fixed)")
    }

    @Test func appKitHasEquivalentsForSomeOfThem() {
        #expect(SwiftGenerator.appKitKeyEquivalent(Key.namedCode("help")!) == "\u{F746}")
        #expect(SwiftGenerator.appKitKeyEquivalent(Key.namedCode("mediaNext")!) == nil)
        #expect(SwiftGenerator.uiKitInput(Key.namedCode("help")!) == nil)
    }
}
