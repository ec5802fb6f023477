import BindingLang
import BindingLanguageServer
import Testing

/// The index holds only what the parser recovered: a name on a line with a syntax error is
/// missing from it. Rename refuses rather than edit some of the uses; references say that
/// their list may be incomplete.
@Suite struct SyntaxErrorRenameTests {
    /// `flag` is used on line 6 too, which lacks its `->`.
    static let broken = """
        context flag: Bool
        responder Editor
        action go
        in Editor {
          cmd+k -> go when flag
          cmd+j -> go when !flag
          cmd+l go when flag
        }

        """

    @Test func prepareRenameAndRenameRefuseWhileTheFileHasSyntaxErrors() {
        var h = ServerHarness()
        h.open(Self.broken)
        let message = "fix the syntax errors first: 1 at line 7 (a rename now would miss the names on lines that do not parse)"
        let prepared = h.request("textDocument/prepareRename", ServerHarness.at(0, 9))
        #expect(prepared["error"]?["message"]?.stringValue == message)
        #expect(prepared["error"]?["code"]?.intValue == Int(ResponseError.requestFailed))
        let renamed = h.request("textDocument/rename", ServerHarness.at(4, 20).appending("newName", .string("enabled")))
        #expect(renamed["error"]?["message"]?.stringValue == message)
        #expect(renamed["result"] == nil)
        // On the unparsed line itself there is no name to find: the same reason, not "nothing here".
        #expect(h.request("textDocument/prepareRename", ServerHarness.at(6, 17))["error"]?["message"]?.stringValue == message)
    }

    @Test func renameWorksOnceTheLineParses() {
        var h = ServerHarness()
        h.open(Self.broken)
        h.change(6, 7, 6, 7, " ->")
        let edit = h.result("textDocument/rename", ServerHarness.at(0, 9).appending("newName", .string("enabled")))
        #expect(edit["changes"]?[ServerHarness.uri]?.arrayValue?.count == 4)
    }

    /// A syntax error in a file the document layers over makes the unit's rename partial too.
    @Test func aSyntaxErrorInABaseRefusesTheRename() {
        var h = LayeringTests.server(files: ["/w/broken.bind": "context flag: Bool\nresponder Editor\naction go\nin Editor {\n  cmd+l go when flag\n}\n"])
        h.open("layer over \"broken.bind\"\nin Editor {\n  cmd+k -> go when flag\n}\n", uri: LayeringTests.userURI)
        let renamed = h.request("textDocument/rename", ServerHarness.at(2, 20, uri: LayeringTests.userURI).appending("newName", .string("on")))
        #expect(renamed["error"]?["message"]?.stringValue
            == "fix the syntax errors first: 1 at broken.bind:5 (a rename now would miss the names on lines that do not parse)")
    }

    @Test func referencesWarnThatTheyMayBeIncomplete() {
        var h = ServerHarness()
        h.open(Self.broken)
        let out = h.server.handle(.object([
            ("jsonrpc", .string("2.0")), ("id", .int(99)), ("method", .string("textDocument/references")),
            ("params", ServerHarness.at(0, 9)),
        ]))
        #expect(out.first?["result"]?.arrayValue?.count == 3)
        let shown = out.first { $0["method"]?.stringValue == "window/showMessage" }
        #expect(shown?["params"]?["message"]?.stringValue
            == "references to 'flag' may be incomplete: uses on lines that do not parse are not found (syntax errors: 1 at line 7)")
        #expect(shown?["params"]?["type"]?.intValue == 2)
    }
}
