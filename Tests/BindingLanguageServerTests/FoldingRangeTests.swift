import BindingLang
import BindingLanguageServer
import Testing

/// `textDocument/foldingRange`: bodies in braces, block comments and runs of line comments.
@Suite struct FoldingRangeTests {
    func folds(_ text: String) -> [JSONValue] {
        var h = ServerHarness()
        h.open(text)
        return h.result("textDocument/foldingRange", ServerHarness.document()).arrayValue ?? []
    }

    static func fold(_ start: Int, _ end: Int, comment: Bool = false) -> JSONValue {
        FoldingRange(startLine: start, endLine: end, isComment: comment).json
    }

    @Test func bodiesCommentsAndCommentRuns() {
        let text = """
            // Keys for the editor,
            // in two lines.
            responder Editor
            action go /* one line */
            in Editor {
              group "G" {
                cmd+g -> go
              }
              cmd+h -> go // not alone on its line
              // alone
            }
            menu "File"
            {
              "Go" cmd+j -> go
            }
            /* a block
               comment */
            shortcut "com.x" { title "X" }

            """
        #expect(folds(text) == [
            Self.fold(0, 1, comment: true), Self.fold(4, 9), Self.fold(5, 6), Self.fold(12, 13), Self.fold(15, 16, comment: true),
        ])
    }

    /// Folding needs no parse: a file with errors, and an unclosed brace, fold what they can.
    @Test func aFileWithErrorsFoldsToo() {
        #expect(folds("in Editor {\n  cmd+l go\n  x\n}\nin Editor {\n  y\n") == [Self.fold(0, 2)])
    }

    @Test func theServerSaysItFolds() {
        var h = ServerHarness(initialize: false)
        let result = h.result("initialize", .object([("capabilities", .object([]))]))
        #expect(result["capabilities"]?["foldingRangeProvider"] == .bool(true))
    }
}
