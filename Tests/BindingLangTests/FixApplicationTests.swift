import BindingLang
import Testing

@Suite struct FixApplicationTests {
    func diagnostic(_ fixes: [(Int, Int, String)]) -> Diagnostic {
        Diagnostic(.error, "x", at: SourceRange(file: FileID(0), start: 0, end: 0),
                   fixIts: fixes.map { FixIt(range: SourceRange(file: FileID(0), start: $0.0, end: $0.1), replacement: $0.2) })
    }

    @Test func appliesCertainFixesInOrderAndSkipsAlternativesAndOverlaps() {
        let source = SourceFile(path: "a", text: "abcdefgh")
        let (bytes, changes) = FixApplication.apply([
            diagnostic([(6, 8, "GH")]),
            diagnostic([(0, 1, "A")]),
            diagnostic([(0, 2, "XY")]),  // overlaps the first applied fix: left for the next run
            diagnostic([(3, 4, "1"), (3, 4, "2")]),  // alternatives: not certain
            diagnostic([(4, 4, "+")]),  // an insertion
        ], to: source, file: FileID(0))
        #expect(String(decoding: bytes, as: UTF8.self) == "Abcd+efGH")
        #expect(changes.map(\.replaced) == ["a", "", "gh"])
    }

    @Test func fixesOfOtherFilesAndBadRangesAreIgnored() {
        let source = SourceFile(path: "a", text: "abc")
        let other = Diagnostic(.error, "x", at: SourceRange(file: FileID(1), start: 0, end: 1),
                               fixIts: [FixIt(range: SourceRange(file: FileID(1), start: 0, end: 1), replacement: "z")])
        let (bytes, changes) = FixApplication.apply([other, diagnostic([(2, 9, "z")])], to: source, file: FileID(0))
        #expect(bytes == Array("abc".utf8) && changes.isEmpty)
    }

    @Test func unifiedDiff() {
        let diff = UnifiedDiff.render(old: Array("a\nb\nc\n".utf8), new: Array("a\nB\nc\nd\n".utf8), path: "f")
        #expect(diff == "--- a/f\n+++ b/f\n@@ -1,3 +1,4 @@\n a\n-b\n+B\n c\n+d\n")
        #expect(UnifiedDiff.render(old: [], new: [], path: "f") == "")
        // Lines are compared by their bytes: a decomposed "é" made precomposed is a change
        // (`String` equality would call the lines equal and show nothing).
        let accent = UnifiedDiff.render(old: Array("cmd+\"e\u{301}\"\n".utf8), new: Array("cmd+\"\u{E9}\"\n".utf8), path: "f")
        #expect(accent.contains("-cmd+\"e\u{301}\"\n+cmd+\"\u{E9}\"\n"), "\(accent)")
    }
}
