import Testing
@testable import TinyEditor

@Suite struct ScreenTests {
    func content(_ text: String = "hello\nworld", hint: String? = nil, overlay: [String]? = nil) -> ScreenContent {
        ScreenContent(
            buffer: Buffer(text: text), fileName: "notes.txt", dirty: true, keymapName: "Vim",
            modeLabel: "NORMAL", appKeys: AppKeys.legend, message: "performed moveDown by Buffer",
            pendingHint: hint, overlay: overlay)
    }

    /// The frame with escape sequences removed.
    func plain(_ frame: String) -> String {
        var out = ""
        var inEscape = false
        for ch in frame {
            if inEscape { if ch.isLetter { inEscape = false }; continue }
            if ch == "\u{1B}" { inEscape = true; continue }
            out.append(ch)
        }
        return out
    }

    @Test func statusLineShowsModeFileKeymapAndAppKeys() {
        var s = Screen()
        let frame = plain(s.render(content(), rows: 6, columns: 100))
        #expect(frame.contains("hello"))
        #expect(frame.contains(" NORMAL  notes.txt [+]  1:1"))
        #expect(frame.contains("Vim │ F1 keys  F3 keymap  F4 read-only  ^Q quit"))
        #expect(frame.contains("performed moveDown by Buffer"))
        #expect(frame.contains("~"))
    }

    @Test func statusLineFitsEightyColumns() {
        var c = content()
        c.fileName = "/some/long/directory/name/notes.txt"
        let line = Screen().statusLine(c, columns: 80)
        #expect(line.count <= 80)
        #expect(line.hasPrefix(" NORMAL  notes.txt [+]  1:1"))
        #expect(line.hasSuffix("^Q quit "))
        #expect(Screen().statusLine(c, columns: 50).hasPrefix(" NORMAL  1:1") || Screen().statusLine(c, columns: 50).hasPrefix(" NORMAL "))
    }

    @Test func longOverlaysFlowIntoColumns() {
        var s = Screen()
        let lines = (1...30).map { "command \($0)" }
        let frame = plain(s.render(content(overlay: lines), rows: 12, columns: 100))
        #expect(frame.contains("command 1 "))
        #expect(frame.contains("command 30"))
    }

    @Test func overlaysTooLongForTheWindowSayHowManyMore() {
        var s = Screen()
        let lines = (1...100).map { "command \($0)" }
        let frame = plain(s.render(content(overlay: lines), rows: 12, columns: 60))
        #expect(frame.contains("command 1 "))
        #expect(frame.contains("… 77 more"))
        #expect(!frame.contains("command 100"))
    }

    @Test func pendingHintReplacesTheMessage() {
        var s = Screen()
        let frame = plain(s.render(content(hint: "d …  d: Delete Line  w: Delete Word"), rows: 6, columns: 80))
        #expect(frame.contains("d …  d: Delete Line  w: Delete Word"))
        #expect(!frame.contains("performed moveDown"))
    }

    @Test func overlayIsBoxed() {
        var s = Screen()
        let frame = plain(s.render(content(overlay: ["Key commands", "  G  Last Line"]), rows: 10, columns: 60))
        #expect(frame.contains("┌"))
        #expect(frame.contains("│ Key commands"))
        #expect(frame.contains("G  Last Line"))
    }

    @Test func scrollsToKeepTheCursorVisible() {
        var s = Screen()
        var c = content((1...50).map { "line \($0)" }.joined(separator: "\n"))
        c.buffer.move(.documentEnd)
        let frame = plain(s.render(c, rows: 12, columns: 40))
        #expect(s.top == 40)
        #expect(frame.contains("line 50"))
        #expect(!frame.contains("line 39"))
    }

    @Test func tinyWindowsDoNotCrash() {
        var s = Screen()
        _ = s.render(content(overlay: ["a", "b", "c"]), rows: 0, columns: 0)
        _ = s.render(content(), rows: 1, columns: 3)
    }
}
