import BindingLang
import BindingLanguageServer
import Testing

@Suite struct TextDocumentTests {
    // "é" is 2 bytes and 1 UTF-16 unit; "🔍" is 4 bytes and 2 units.
    let doc = TextDocument(uri: "file:///x.bind", version: 1, text: Array("aé🔍b\r\nxy\n".utf8))

    @Test func positionsCountUTF16Units() {
        #expect(doc.offset(of: Position(line: 0, character: 0)) == 0)
        #expect(doc.offset(of: Position(line: 0, character: 2)) == 3)  // after é
        #expect(doc.offset(of: Position(line: 0, character: 4)) == 7)  // after 🔍
        #expect(doc.offset(of: Position(line: 0, character: 5)) == 8)  // end of line, before \r\n
        #expect(doc.offset(of: Position(line: 1, character: 2)) == 12)
        #expect(doc.offset(of: Position(line: 2, character: 0)) == 13)
        #expect(doc.position(of: 7) == Position(line: 0, character: 4))
        #expect(doc.position(of: 12) == Position(line: 1, character: 2))
    }

    @Test func positionsOutsideTheDocumentHaveNoOffset() {
        #expect(doc.offset(of: Position(line: 3, character: 0)) == nil)
        #expect(doc.clampedOffset(of: Position(line: 0, character: 60)) == 8)
        #expect(doc.clampedOffset(of: Position(line: 9, character: 0)) == 13)
    }

    @Test func aCharacterPastTheEndOfItsLineMeansTheLineEnd() {
        #expect(doc.offset(of: Position(line: 0, character: 6)) == 8)
        #expect(doc.offset(of: Position(line: 1, character: 99)) == 12)
        #expect(doc.offset(of: Position(line: 2, character: 1)) == 13)
        #expect(doc.clampedOffset(of: Position(line: 0, character: 60)) == 8)
        #expect(doc.clampedOffset(of: Position(line: 9, character: 0)) == 13)
    }

    @Test func incrementalEditsKeepLinesIndexed() {
        var d = doc
        d.apply(range: Range(start: Position(line: 0, character: 2), end: Position(line: 1, character: 1)), text: "\nQ")
        #expect(String(decoding: d.bytes, as: UTF8.self) == "aé\nQy\n")
        #expect(d.lineStarts == [0, 4, 7])
        d.apply(range: nil, text: "z")
        #expect(d.bytes == [0x7A] && d.lineStarts == [0])
    }

    @Test func aLoneCarriageReturnEndsALine() {
        var d = TextDocument(uri: "file:///x.bind", version: 1, text: Array("a\rbc\r\nd\ne\r".utf8))
        #expect(d.lineStarts == [0, 2, 6, 8, 10])
        #expect(d.offset(of: Position(line: 0, character: 9)) == 1)
        #expect(d.offset(of: Position(line: 1, character: 1)) == 3)
        #expect(d.offset(of: Position(line: 1, character: 9)) == 4)
        #expect(d.position(of: 3) == Position(line: 1, character: 1))
        #expect(d.compilerBytes == Array("a\nbc\r\nd\ne\n".utf8))
        // A `\n` typed after a lone `\r` joins it into one line end.
        d.apply(range: Range(start: Position(line: 1, character: 0), end: Position(line: 1, character: 0)), text: "\nX")
        #expect(String(decoding: d.bytes, as: UTF8.self) == "a\r\nXbc\r\nd\ne\r")
        #expect(d.lineStarts == [0, 3, 8, 10, 12])
        #expect(d.offset(of: Position(line: 1, character: 1)) == 4)
        // A `\r` typed at the end of a line whose `\n` follows joins them too.
        d.apply(range: Range(start: Position(line: 2, character: 1), end: Position(line: 2, character: 1)), text: "\r")
        #expect(String(decoding: d.bytes, as: UTF8.self) == "a\r\nXbc\r\nd\r\ne\r")
        #expect(d.lineStarts == [0, 3, 8, 11, 13])
    }

    /// Positions by the definition (UTF-16 units of the whole characters between the line's
    /// start and the offset) agree with the document's index through random edits that cross
    /// its blocks, with multi-byte characters and every kind of line end.
    @Test func positionsAgreeWithCountingFromTheLineStartThroughEdits() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["a", "bc", "é", "🔍", "中文", "\n", "\r\n", "\r", " -> ", String(repeating: "x", count: 70)]
        func text(_ n: Int) -> String { (0..<n).map { _ in pieces.randomElement(using: &rng)! }.joined() }
        func expected(_ d: TextDocument, _ offset: Int) -> Position {
            let line = d.lineStarts.lastIndex { $0 <= offset }!
            let prefix = String(decoding: d.bytes[d.lineStarts[line]..<offset], as: UTF8.self)
            // A cut inside a character decodes as U+FFFD: count only whole characters.
            let whole = prefix.unicodeScalars.last == "\u{FFFD}" ? String(prefix.unicodeScalars.dropLast()) : prefix
            return Position(line: line, character: whole.utf16.count)
        }
        var d = TextDocument(uri: "file:///x.bind", version: 1, text: Array(text(40).utf8))
        for _ in 0..<200 {
            for offset in stride(from: 0, through: d.bytes.count, by: max(1, d.bytes.count / 50)) {
                #expect(d.position(of: offset) == expected(d, offset), "offset \(offset)")
            }
            let a = d.position(of: Int.random(in: 0...d.bytes.count, using: &rng))
            let b = d.position(of: Int.random(in: 0...d.bytes.count, using: &rng))
            let (start, end) = (a.line, a.character) <= (b.line, b.character) ? (a, b) : (b, a)
            d.apply(range: Range(start: start, end: end), text: text(Int.random(in: 0...6, using: &rng)))
        }
    }

    /// A position costs the same on a line of megabytes as on a short one (a minified keymap
    /// on one line made every semantic token walk its line from the start).
    @Test func positionsOnAVeryLongLineAreCheap() {
        let line = String(repeating: "é x ", count: 250_000)  // 1.25 MB, one line
        let d = TextDocument(uri: "file:///x.bind", version: 1, text: Array(line.utf8))
        let clock = ContinuousClock()
        let took = clock.measure {
            var sum = 0
            for offset in stride(from: 0, to: d.bytes.count, by: 50) { sum &+= d.position(of: offset).character }
            #expect(sum > 0)
        }
        #expect(d.position(of: d.bytes.count) == Position(line: 0, character: 1_000_000))
        #expect(took < .seconds(5), "\(took) for 25,000 positions")
    }

    @Test func fileURIsBecomePaths() {
        #expect(DocumentURI.path(of: "file:///a%20b/c%C3%A9.bind") == "/a b/cé.bind")
        #expect(DocumentURI.uri(ofPath: "/a b/cé.bind") == "file:///a%20b/c%C3%A9.bind")
        #expect(DocumentURI.path(of: "untitled:1") == "untitled:1")
    }

    /// RFC 8089: `file://`, an empty authority, the absolute path, every byte that is not
    /// unreserved or `/` percent-encoded (`#` and `?` would start a fragment or a query). A
    /// relative path has no `file:` URI: `file://base.bind` names the host `base.bind`.
    @Test func onlyAbsolutePathsBecomeFileURIs() {
        #expect(DocumentURI.uri(ofPath: "/w/a#b?c%d:e.bind") == "file:///w/a%23b%3Fc%25d%3Ae.bind")
        #expect(DocumentURI.path(of: "file:///w/a%23b%3Fc%25d%3Ae.bind") == "/w/a#b?c%d:e.bind")
        #expect(DocumentURI.uri(ofPath: "base.bind") == nil)
        #expect(DocumentURI.uri(ofPath: "untitled:Untitled-1") == nil)
    }
}
