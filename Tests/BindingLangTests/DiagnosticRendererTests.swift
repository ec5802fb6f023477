import Testing
@testable import BindingLang

private func renderSyntax(_ text: String, path: String = "Keys.bind", colored: Bool = false) -> String {
    var sources = SourceManager()
    let id = sources.add(SourceFile(path: path, text: text))
    let (_, diagnostics) = Parser.parse(sources[id], file: id)
    return DiagnosticRenderer(colored: colored).render(diagnostics, sources: sources)
}

@Test func rendersErrorWithCaretAndUnderline() {
    #expect(renderSyntax("in R {\n  k -> a \"T\" \"Untitled\"\n}") == """
        Keys.bind:2:14: error: expected end of line, found '"Untitled"'
          k -> a "T" "Untitled"
                     ^~~~~~~~~~

        """)
}

@Test func rendersInsertionFixItUnderTheCaret() {
    #expect(renderSyntax("in R {\n  cmd + k -> a\n}") == """
        Keys.bind:2:6: error: white space is not allowed inside a chord
          cmd + k -> a
             ^~~
             +

        """)
    #expect(renderSyntax("in R {\n  [ -> a\n}") == """
        Keys.bind:2:3: error: punctuation key '[' must be quoted when it is not after '+'
          [ -> a
          ^
          "["

        """)
}

@Test func rendersNotesWithTheirOwnExcerpt() {
    #expect(renderSyntax("in R {\n  k -> a\naction b\n") == """
        Keys.bind:2:9: error: expected '}' at the end of the block, found end of line
          k -> a
                ^
        Keys.bind:1:6: note: to match this opening '{'
        in R {
             ^

        """)
}

@Test func caretLinesUpUnderMultiByteTextAndTabs() {
    // Columns are bytes; the caret is placed by characters, wide ones counting two.
    #expect(renderSyntax("keymap \"查找…\" x") == """
        Keys.bind:1:20: error: expected end of line, found 'x'
        keymap "查找…" x
                       ^

        """)
    #expect(renderSyntax("\tkeymap \"é\" x") == "Keys.bind:1:14: error: expected end of line, found 'x'\n\tkeymap \"é\" x\n\t           ^\n")
}

@Test func rendersSeparateFixItsAndUnknownFiles() {
    var sources = SourceManager()
    let id = sources.add(SourceFile(path: "a.bind", text: "one\ntwo"))
    let d = Diagnostic(
        .warning, "something", at: SourceRange(file: id, start: 0, end: 3),
        notes: [DiagnosticNote("no location")],
        fixIts: [FixIt(range: SourceRange(file: id, start: 4, end: 7), replacement: "2"),
                 FixIt(range: SourceRange(file: id, start: 0, end: 1), replacement: "")])
    #expect(DiagnosticRenderer().render(d, sources: sources) == """
        a.bind:1:1: warning: something
        one
        ^~~
        a.bind:2:1: fix-it: replace 'two' with '2'
        a.bind:1:1: fix-it: remove 'o'
        note: no location

        """)
    let lost = Diagnostic(.error, "lost", at: SourceRange(file: FileID(9), start: 0, end: 0))
    #expect(DiagnosticRenderer().render(lost, sources: sources) == "error: lost\n")
}

@Test func multiLineRangeUnderlinesFirstLineOnly() {
    var sources = SourceManager()
    let id = sources.add(SourceFile(path: "a.bind", text: "in R {\r\n  x\r\n}"))
    let d = Diagnostic(.error, "block", at: SourceRange(file: id, start: 3, end: 14))
    #expect(DiagnosticRenderer().render(d, sources: sources) == "a.bind:1:4: error: block\nin R {\n   ^~~\n")
}

@Test func coloredOutput() {
    let text = renderSyntax("action", colored: true)
    #expect(text == "\u{1B}[1mKeys.bind:1:7:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m \u{1B}[1mexpected action name, found end of file\u{1B}[0m\naction\n      \u{1B}[1;32m^\u{1B}[0m\n")
}

@Test func summaryCounts() {
    let r = SourceRange(file: FileID(0), start: 0, end: 0)
    let e = Diagnostic(.error, "e", at: r), w = Diagnostic(.warning, "w", at: r), n = Diagnostic(.note, "n", at: r)
    #expect(DiagnosticRenderer.summary([]) == nil)
    #expect(DiagnosticRenderer.summary([n]) == nil)
    #expect(DiagnosticRenderer.summary([e]) == "1 error generated")
    #expect(DiagnosticRenderer.summary([e, e, w]) == "2 errors, 1 warning generated")
    #expect(DiagnosticRenderer.summary([w, w]) == "2 warnings generated")
}

/// A control character in the echoed line is shown as its picture (a lone carriage return
/// would send the terminal back to the line's start and the caret would point elsewhere).
@Test func controlCharactersAreShownAsPictures() {
    #expect(renderSyntax("action a\rb c") == """
        Keys.bind:1:10: error: expected end of line, found 'b'
        action a␍b c
                 ^

        """)
}

/// A long line is shown as a window around the range, cut with `…` at both ends.
@Test func longLinesAreShownAroundTheRange() {
    let text = "in R {\n  k -> a \"" + String(repeating: "x", count: 5_000) + "\" ?? \"" + String(repeating: "y", count: 5_000) + "\"\n}"
    let rendered = renderSyntax(text)
    let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count >= 3)
    #expect(lines[1].hasPrefix("…x") && lines[1].hasSuffix("y…"))
    #expect(lines[1].count < 300)
    // The caret sits under the `??` it points at.
    let caret = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
    let mark = lines[1].firstIndex(of: "?").map { lines[1].distance(from: lines[1].startIndex, to: $0) }
    #expect(caret != nil && caret == mark)
}
