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

    @Test func fileURIsBecomePaths() {
        #expect(DocumentURI.path(of: "file:///a%20b/c%C3%A9.bind") == "/a b/cé.bind")
        #expect(DocumentURI.uri(ofPath: "/a b/cé.bind") == "file:///a%20b/c%C3%A9.bind")
        #expect(DocumentURI.path(of: "untitled:1") == "untitled:1")
    }
}
