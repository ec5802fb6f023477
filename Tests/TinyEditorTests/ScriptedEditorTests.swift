import BindingRuntime
import Testing
@testable import TinyEditor

/// Runs `keys` in scripted mode with keymap `keymap`, as `tiny-editor --keymap … --keys …`.
func script(
    _ keymap: String, _ keys: String, text: String = "", readOnly: Bool = false,
    signedIn: Bool = false, path: String? = nil
) throws -> Script.Result {
    var o = Options()
    o.keymap = keymap
    o.text = text
    o.readOnly = readOnly
    o.signedIn = signedIn
    o.path = path
    return try EditorApp.runScript(o, script: keys)
}

extension Script.Result {
    /// The events as printed, one per stroke.
    var log: [String] { events.map(\.description) }
}

@Suite struct VimKeymapTests {
    @Test func typingInInsertModeAndBack() throws {
        let r = try script("vim", #"i text:"Hello, world" escape"#)
        #expect(r.log == ["performed enterInsertMode by Buffer", #"typed "Hello, world""#, "performed enterNormalMode by Buffer"])
        #expect(r.text == "Hello, world")
        #expect(r.cursor == Position(line: 0, column: 11))  // escape steps back onto the last character
    }

    @Test func ddIsASequence() throws {
        let r = try script("vim", "j d d", text: "one\ntwo\nthree")
        #expect(r.log == ["performed moveDown by Buffer", "pending d", "performed deleteLine by Buffer"])
        #expect(r.text == "one\nthree")
    }

    @Test func ggAndGAreMotions() throws {
        let r = try script("vim", "G g g", text: "a\nb\nc")
        #expect(r.log == ["performed moveToLastLine by Buffer", "pending g", "performed moveToFirstLine by Buffer"])
        #expect(r.cursor == Position(line: 0, column: 0))
    }

    @Test func normalModeKeepsTheCursorOnACharacter() throws {
        let r = try script("vim", #""$" x 0 x"#, text: "abcd")
        #expect(r.log == [
            "performed moveToEndOfLine by Buffer", "performed deleteCharacter by Buffer",
            "performed moveToBeginningOfLine by Buffer", "performed deleteCharacter by Buffer",
        ])
        #expect(r.text == "bc")
    }

    @Test func aStrokeThatContinuesNothingCancels() throws {
        let r = try script("vim", "d z x", text: "abc")
        #expect(r.log == ["pending d", "cancelled d z", "performed deleteCharacter by Buffer"])
        #expect(r.text == "bc")
    }

    @Test func modeGatesTheOperators() throws {
        // In insert mode `d d` is not a command: the keys are typed.
        let r = try script("vim", "i d d escape d d", text: "x")
        #expect(r.log == [
            "performed enterInsertMode by Buffer", #"typed "dd""#, "performed enterNormalMode by Buffer",
            "pending d", "performed deleteLine by Buffer",
        ])
        #expect(r.text == "")
    }

    @Test func readOnlyLeavesEditsWithoutAPerformer() throws {
        // The keymap does not gate `d d` on readOnly, but the text view refuses to edit a
        // read-only document, so the binding has no performer and is skipped.
        let r = try script("vim", "d d x j", text: "one\ntwo", readOnly: true)
        #expect(r.log == ["pending d", "cancelled d d", "unhandled x", "performed moveDown by Buffer"])
        #expect(r.text == "one\ntwo")
    }

    @Test func yankPutJoinUndoRedo() throws {
        let r = try script("vim", "y y p J u ctrl+r", text: "  alpha\nbeta")
        #expect(r.log == [
            "pending y", "performed yankLine by Buffer", "performed putAfter by Buffer",
            "performed joinLines by Buffer", "performed undo by Buffer", "performed redo by Buffer",
        ])
        #expect(r.text == "  alpha\n  alpha beta")
    }

    @Test func visualModeDeletesTheSelection() throws {
        let r = try script("vim", "l v l l d", text: "abcdef")
        #expect(r.log.suffix(2) == ["performed moveRight by Buffer", "performed deleteSelection by Buffer"])
        #expect(r.text == "aef")
    }

    @Test func wordMotionsAndChangeWord() throws {
        let r = try script("vim", #"w c w text:"big" escape"#, text: "a small cat")
        #expect(r.text == "a big cat")
        #expect(r.log.contains("performed changeWord by Buffer"))
    }

    @Test func searchIsOnTheEditorAndInsertModeKeysAreBound() throws {
        let r = try script("vim", #""/" n A return text:"x" delete delete"#, text: "foo bar\nfoo")
        #expect(r.log == [
            "performed searchForward by Editor", "performed searchNext by Editor",
            "performed appendAtEndOfLine by Buffer", "performed insertNewline by Buffer", #"typed "x""#,
            "performed deleteBackward by Buffer", "performed deleteBackward by Buffer",
        ])
        #expect(r.text == "foo bar\nfoo")
    }

    @Test func quittingWithUnsavedChangesAsksTwice() throws {
        let r = try script("vim", "x ctrl+w q ctrl+w q x", text: "abc")
        #expect(r.log == [
            "performed deleteCharacter by Buffer", "pending ctrl+w", "performed quit by App",
            "pending ctrl+w", "performed quit by App",
        ])
        let app = try script("text", #"text:"a" ctrl+q left ctrl+q ctrl+q text:"b""#)
        #expect(app.log == [
            #"typed "a""#, "app quit? unsaved changes", "performed moveLeft by TextView",
            "app quit? unsaved changes", "app quit",
        ])
        #expect(app.text == "a")
    }

    @Test func readOnlyDocumentsAreNotWritten() throws {
        let r = try script("vim", "shift+z shift+z", text: "abc", readOnly: true, path: "/nonexistent/file.txt")
        #expect(r.log == ["pending shift+z", "performed writeFile by Editor"])
        #expect(r.report.contains(#"message "read-only: not written""#))
    }

    @Test func quitEndsTheScript() throws {
        let r = try script("vim", "ctrl+w q x", text: "abc")
        #expect(r.log == ["pending ctrl+w", "performed quit by App"])
        #expect(r.text == "abc")
    }
}

@Suite struct TextEditorKeymapTests {
    @Test func typingAndEditing() throws {
        let r = try script("text", #"text:"hello" return text:"world" alt+delete delete"#)
        #expect(r.log == [
            #"typed "hello""#, "performed insertNewline by TextView", #"typed "world""#,
            "performed deleteWordBackward by TextView", "performed deleteBackward by TextView",
        ])
        #expect(r.text == "hello")
    }

    @Test func selectionCutAndPasteThroughTheEditMenu() throws {
        // primary is ctrl here: the editor compiles for a terminal.
        let r = try script("text", "shift+ctrl+right ctrl+x ctrl+right ctrl+v", text: "abc def")
        #expect(r.log == [
            "performed extendToEndOfLine by TextView", "performed cut by TextView",
            "performed moveToEndOfLine by TextView", "performed paste by TextView",
        ])
        #expect(r.text == "abc def")
    }

    @Test func readOnlyGatesEditing() throws {
        let r = try script("text", "ctrl+right delete ctrl+z x left", text: "abc", readOnly: true)
        #expect(r.log == [
            "performed moveToEndOfLine by TextView", "unhandled delete", "unhandled ctrl+z", "unhandled x",
            "performed moveLeft by TextView",
        ])
        #expect(r.text == "abc")
    }

    @Test func theTextViewsReturnShadowsTheFindBars() throws {
        // Find is open: the find bar is in the chain after the text view, and the nearer
        // text view's `return` (a new line) wins while the document is editable.
        let r = try script("text", "ctrl+f return", text: "foo x foo")
        #expect(r.log == ["performed find by Editor", "performed insertNewline by TextView"])
        #expect(r.text == "\n x foo")  // find selected the first "foo", return replaced it
    }

    @Test func readOnlyUncoversTheFindBarsReturn() throws {
        let r = try script("text", "ctrl+f return return escape return", text: "foo x foo", readOnly: true)
        #expect(r.log == [
            "performed find by Editor", "performed findNext by FindBar", "performed findNext by FindBar",
            "performed closeFind by FindBar", "unhandled return",
        ])
        #expect(r.cursor == Position(line: 0, column: 3))
    }

    @Test func commentIsBoundOnTheTextViewButPerformedByTheEditor() throws {
        let r = try script("text", "ctrl+slash down ctrl+slash ctrl+up ctrl+slash", text: "a\nb")
        #expect(r.log == [
            "performed toggleComment by Editor", "performed moveDown by TextView",
            "performed toggleComment by Editor", "performed moveToBeginningOfDocument by TextView",
            "performed toggleComment by Editor",
        ])
        #expect(r.text == "a\n// b")
    }

    @Test func boldHasNoPerformerInPlainText() throws {
        let r = try script("text", "ctrl+b", text: "a")
        #expect(r.log == ["unhandled ctrl+b"])
    }

    @Test func menuKeyEquivalentsAndTheirConditions() throws {
        let r = try script("text", "ctrl+alt+1 ctrl+alt+1 ctrl+alt+0 ctrl+2 shift+ctrl+\"]\"")
        #expect(r.log == [
            #"performed showSidebar("files") by Window"#, "unhandled ctrl+alt+1",
            "performed hideSidebar by Window", "performed selectTab(2) by Window", "performed nextTab by Window",
        ])
    }

    @Test func undoAndRedoFromTheEditMenu() throws {
        let r = try script("text", #"text:"ab" ctrl+z shift+ctrl+z"#)
        #expect(r.log == [#"typed "ab""#, "performed undo by TextView", "performed redo by TextView"])
        #expect(r.text == "ab")
    }
}

@Suite struct IDEKeymapTests {
    @Test func chordSequencesComment() throws {
        let r = try script("ide", "ctrl+k ctrl+c ctrl+k ctrl+u", text: "let x = 1")
        #expect(r.log == [
            "pending ctrl+k", "performed commentLine by Editor", "pending ctrl+k", "performed uncommentLine by Editor",
        ])
        #expect(r.text == "let x = 1")
    }

    @Test func userOverridesAreLayeredOnTop() throws {
        // IDE-user.bind unbinds shift+alt+f, moves Format Document to ctrl+k ctrl+f, and
        // replaces ctrl+k z (Zen Mode) with Toggle Minimap.
        let r = try script("ide", "shift+alt+f ctrl+k ctrl+f ctrl+k z ctrl+k m", text: "a  \nb")
        #expect(r.log == [
            "unhandled alt+shift+f", "pending ctrl+k", "performed formatDocument by Editor",
            "pending ctrl+k", "performed toggleMinimap by Workbench", "pending ctrl+k", "performed zenMode by Workbench",
        ])
        #expect(r.text == "a\nb")
    }

    @Test func accountCommandsNeedASignedInUser() throws {
        let out = try script("ide", "ctrl+k ctrl+s")
        #expect(out.log == ["pending ctrl+k", "cancelled ctrl+k ctrl+s"])
        let signedIn = try script("ide", "ctrl+k ctrl+s", signedIn: true)
        #expect(signedIn.log == ["pending ctrl+k", "performed syncSettings by App"])
    }

    @Test func thePanelTakesFocusAndEscapeClosesIt() throws {
        // While the panel is open it is the first responder: the editor's commands are not in
        // the chain (ctrl+k ctrl+c cancels) and keys are not typed; escape is the panel's.
        let r = try script("ide", "ctrl+shift+m x ctrl+k ctrl+c escape x")
        #expect(r.log == [
            #"performed togglePanel("problems") by Workbench"#, "unhandled x", "pending ctrl+k",
            "cancelled ctrl+k ctrl+c", #"performed togglePanel("none") by Panel"#, #"typed "x""#,
        ])
        #expect(r.text == "x")
    }

    @Test func languageGatesOrganizeImports() throws {
        let text = "import b\nimport a"
        let plain = try script("ide", "shift+alt+o", text: text, path: "notes.txt")
        #expect(plain.log == ["unhandled alt+shift+o"])
        let swift = try script("ide", "shift+alt+o", text: text, path: "main.swift")
        #expect(swift.log == ["performed organizeImports by Editor"])
        #expect(swift.text == "import a\nimport b")
    }

    @Test func f1ListsTheOverlayInTheReport() throws {
        let r = try script("ide", "f1 f4 f1 f1", text: "x")
        #expect(r.log == ["app show key commands", "app read-only on", "app show key commands", "app hide key commands"])
        let parts = r.report.components(separatedBy: "app read-only on\n")
        try #require(parts.count == 2)
        func entry(_ text: String, _ keys: String, _ title: String) -> Bool {
            text.split(separator: "\n").contains { $0.hasPrefix("      \(keys) ") && $0.hasSuffix(" \(title)") }
        }
        #expect(parts[0].contains("    Key commands — IDE\n"))
        #expect(entry(parts[0], "Ctrl+K Ctrl+F", "Format Document"))
        #expect(entry(parts[0], "Ctrl+K Ctrl+C", "Add Line Comment"))
        #expect(!entry(parts[1], "Ctrl+K Ctrl+F", "Format Document"))
        // Add Line Comment has no readOnly gate in the keymap, but the editor cannot perform
        // an edit on a read-only document: no performer, so it is not listed either.
        #expect(!entry(parts[1], "Ctrl+K Ctrl+C", "Add Line Comment"))
        #expect(entry(parts[1], "Ctrl+K Z", "Toggle Minimap"))
    }

    @Test func readOnlyGatesFormatting() throws {
        let r = try script("ide", "ctrl+k ctrl+f", text: "a  ", readOnly: true)
        #expect(r.log == ["pending ctrl+k", "cancelled ctrl+k ctrl+f"])
        #expect(r.text == "a  ")
    }
}
