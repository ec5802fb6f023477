import Testing
@testable import TinyEditor

@Suite struct BufferTests {
    @Test func textRoundTripsThroughLines() {
        let b = Buffer(text: "one\ntwo\n\nfour")
        #expect(b.lineCount == 4)
        #expect(b.line(2) == "")
        #expect(b.text == "one\ntwo\n\nfour")
        #expect(Buffer(text: "").lineCount == 1)
    }

    @Test func insertSplitsLinesAndUndoRestores() {
        var b = Buffer(text: "ac")
        b.move(.right)
        b.insert("b\nx")
        #expect(b.text == "ab\nxc")
        #expect(b.cursor == Position(line: 1, column: 1))
        let r1 = b.undo()
        #expect(r1)
        #expect(b.text == "ac")
        let r2 = b.redo()
        #expect(r2)
        #expect(b.text == "ab\nxc")
        let r3 = b.redo()
        #expect(!r3)
    }

    @Test func typingIsOneUndoStep() {
        var b = Buffer()
        for ch in "hello" { b.insert(String(ch), typing: true) }
        b.move(.left)
        b.insert("!", typing: true)
        #expect(b.text == "hell!o")
        b.undo()
        #expect(b.text == "hello")
        b.undo()
        #expect(b.text == "")
    }

    @Test func deleteBackwardJoinsLinesAndStopsAtStart() {
        var b = Buffer(text: "ab\ncd")
        b.move(.down)
        b.move(.lineStart)
        let r4 = b.deleteBackward()
        #expect(r4)
        #expect(b.text == "abcd")
        #expect(b.cursor == Position(line: 0, column: 2))
        b.setCursor(Position(line: 0, column: 0))
        let r5 = b.deleteBackward()
        #expect(!r5)
        b.move(.documentEnd)
        let r6 = b.deleteForward()
        #expect(!r6)
    }

    @Test func verticalMovesKeepTheGoalColumn() {
        var b = Buffer(text: "long line\nab\nanother long")
        b.move(.lineEnd)
        b.move(.left)
        b.move(.down)
        #expect(b.cursor == Position(line: 1, column: 2))
        b.move(.down)
        #expect(b.cursor == Position(line: 2, column: 8))
        b.move(.down)
        #expect(b.cursor == Position(line: 2, column: 12))
    }

    @Test func wordMotionsFollowVim() {
        var b = Buffer(text: "foo.bar baz\n\nqux")
        b.move(.wordForward)
        #expect(b.cursor.column == 3)  // the '.'
        b.move(.wordForward)
        #expect(b.cursor.column == 4)
        b.move(.wordForward)
        #expect(b.cursor.column == 8)
        b.move(.wordForward)
        #expect(b.cursor == Position(line: 1, column: 0))  // an empty line is a word
        b.move(.wordForward)
        #expect(b.cursor == Position(line: 2, column: 0))
        b.move(.wordBackward)
        #expect(b.cursor == Position(line: 0, column: 8))
        b.setCursor(Position(line: 0, column: 0))
        b.move(.endOfWord)
        #expect(b.cursor.column == 2)
    }

    @Test func selectionExtendsAndCollapses() {
        var b = Buffer(text: "hello world")
        b.move(.wordForward, extend: true)
        #expect(b.selectedText() == "hello ")
        b.move(.left)
        #expect(!b.hasSelection)
        #expect(b.cursor.column == 0)
        b.move(.right, extend: true)
        #expect(b.selectedText(inclusive: true) == "he")
        b.insert("J")
        #expect(b.text == "Jello world")
    }

    @Test func deleteLineAndInsertLines() {
        var b = Buffer(text: "a\n  b\nc")
        b.move(.down)
        let r7 = b.deleteLine()
        #expect(r7 == "  b")
        #expect(b.text == "a\nc")
        b.insertLines("  b", below: false)
        #expect(b.text == "a\n  b\nc")
        #expect(b.cursor == Position(line: 1, column: 2))
        var one = Buffer(text: "only")
        one.deleteLine()
        #expect(one.text == "")
    }

    @Test func joinLinesTrimsIndentation() {
        var b = Buffer(text: "let x =   \n    42\nend")
        let r8 = b.joinLines()
        #expect(r8)
        #expect(b.text == "let x = 42\nend")
        #expect(b.cursor.column == 7)
        b.move(.documentEnd)
        let r9 = b.joinLines()
        #expect(!r9)
    }

    @Test func vimWordDeletes() {
        var b = Buffer(text: "one two three")
        let r10 = b.deleteWordForward()
        #expect(r10 == "one ")
        #expect(b.text == "two three")
        let r11 = b.deleteToEndOfWord()
        #expect(r11 == "two")
        #expect(b.text == " three")
        b.move(.lineEnd)
        let r12 = b.deleteWordForward()
        #expect(r12 == "")
    }

    @Test func commentToggleAddsAndRemovesAtTheIndentation() {
        var b = Buffer(text: "  a\n    b\n\n  c")
        b.move(.documentEnd, extend: true)
        b.comment(.toggle)
        #expect(b.text == "  // a\n  //   b\n\n  // c")
        b.move(.documentStart)
        b.comment(.toggle)
        #expect(b.text == "  a\n  //   b\n\n  // c")
        b.comment(.add, prefix: "#")
        #expect(b.text == "  # a\n  //   b\n\n  // c")
        b.comment(.remove, prefix: "#")
        #expect(b.text == "  a\n  //   b\n\n  // c")
    }

    @Test func indentAndOutdentAffectSelectedLines() {
        var b = Buffer(text: "a\nb\nc")
        b.move(.down, extend: true)
        b.indent()
        #expect(b.text == "    a\nb\nc")  // the selection ends at column 0 of line 2
        b.move(.documentStart)
        b.move(.lineEnd)
        b.move(.down, extend: true)
        b.indent("  ")
        #expect(b.text == "      a\n  b\nc")
        b.outdent()
        #expect(b.text == "  a\nb\nc")
    }

    @Test func findWrapsAround() {
        var b = Buffer(text: "x foo\nfoo y")
        b.move(.lineEnd)
        #expect(b.find("foo") == Position(line: 1, column: 0))
        b.setCursor(Position(line: 1, column: 2))
        #expect(b.find("foo") == Position(line: 0, column: 2))
        #expect(b.find("foo", forward: false) == Position(line: 1, column: 0))
        #expect(b.find("zzz") == nil)
        #expect(b.find("") == nil)
        #expect(b.wordAtCursor == "foo")
    }

    @Test func undoLimitIsKept() {
        var b = Buffer()
        for i in 0..<(Buffer.undoLimit + 10) { b.insert("\(i % 10)") }
        var undone = 0
        while b.undo() { undone += 1 }
        #expect(undone == Buffer.undoLimit)
    }
}
