import BindingLang
import BindingLanguageServer
import Testing

@Suite struct DiagnosticsTests {
    @Test func openPublishesTheCheckersDiagnosticsWithExactRanges() throws {
        var h = ServerHarness()
        h.open("responder Editor\naction search\nin Editor {\n  cmd+k -> serch \"Find\"\n}\n")
        let d = h.diagnostics()
        #expect(d == [.object([
            ("range", range(3, 11, 3, 16)), ("severity", .int(1)), ("source", .string("bindc")),
            ("message", .string("unknown action 'serch'; did you mean 'search'?")),
        ])])
        #expect(h.published.last?["version"]?.intValue == 1)
    }

    @Test func columnsAreUTF16Units() {
        var h = ServerHarness()
        // `"🔍"` is 4 UTF-16 units but 6 bytes: `serch` starts at byte column 12, UTF-16 column 10.
        h.open("responder Editor\nin Editor {\n  \"🔍\" -> serch\n}\n")
        #expect(h.diagnostics().map { $0["range"] } == [range(2, 10, 2, 15)])
    }

    @Test func notesBecomeRelatedInformationAndWitnessesAreInTheMessage() {
        var h = ServerHarness()
        h.open("""
            context mode: normal | insert
            context loggedIn: Bool
            responder Editor
            action search
            in Editor {
              cmd+k -> search when mode == insert
              cmd+k -> copy   when loggedIn
            }
            action search

            """)
        let d = h.diagnostics()
        #expect(d.count == 2)
        #expect(d[0]["range"] == range(6, 2, 6, 7))
        #expect(d[0]["message"]?.stringValue == "'cmd+k' is bound twice in role 'Editor' when mode == insert, loggedIn == true")
        #expect(d[0]["relatedInformation"] == .array([.object([
            ("location", .object([("uri", .string(ServerHarness.uri)), ("range", range(5, 2, 5, 7))])),
            ("message", .string("the other binding is here")),
        ])]))
        #expect(d[1]["message"]?.stringValue == "invalid redeclaration of action 'search'")
        #expect(d[1]["range"] == range(8, 7, 8, 13))
        #expect(d[1]["relatedInformation"]?.arrayValue?.first?["location"]?["range"] == range(3, 7, 3, 13))
    }

    @Test func warningsHaveWarningSeverity() {
        var h = ServerHarness()
        h.open("responder Editor\nin Editor {\n  cmd+k -> copy \"\"\n}\n")
        #expect(h.diagnostics().map { $0["severity"] } == [.int(2)])
        #expect(h.diagnostics().first?["message"] == .string("empty discoverability title"))
    }

    @Test func incrementalChangesUpdateDiagnostics() {
        var h = ServerHarness()
        h.open("responder Editor\nin Editor {\n  cmd+k -> serch\n}\n")
        #expect(h.diagnostics().count == 1)
        h.change(2, 11, 2, 16, "copy")  // serch -> copy
        #expect(h.diagnostics() == [])
        #expect(h.published.last?["version"]?.intValue == 2)
        h.change(2, 2, 2, 2, "ctrl+", version: 3)  // a syntax-valid but conflicting edit
        #expect(h.diagnostics() == [])
        h.change(3, 0, 3, 1, "", version: 4)  // delete the closing brace
        #expect(h.diagnostics().first?["message"]?.stringValue?.hasPrefix("expected") == true)
        h.notify("textDocument/didClose", ServerHarness.document())
        #expect(h.diagnostics() == [])
    }

    @Test func sameAsBindcCheck() {
        // Every diagnostic of the compiler appears, in its order, with its message.
        let text = "responder Editor\nresponder Editor\nin Editr {\n  cmd+shft+k -> nope\n}\nmenu edit { \"X\" cmd+c -> copy }\n"
        var h = ServerHarness()
        h.open(text)
        var sources = SourceManager()
        sources.add(SourceFile(path: "/work/a.bind", text: text))
        let expected = Compilation(sources: sources, platform: .apple).diagnostics.map(\.message)
        #expect(!expected.isEmpty)
        #expect(h.diagnostics().map { $0["message"]?.stringValue?.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) } == expected)
    }

    @Test func aLoneCarriageReturnEndsALineForPositionsAndTheChecker() throws {
        var h = ServerHarness()
        h.open("responder Editor\raction search\rin Editor {\r  cmd+k -> serch\r}\r")
        var d = h.diagnostics()
        try #require(d.count == 2)
        #expect(d[0]["message"]?.stringValue == "unknown action 'serch'; did you mean 'search'?")
        #expect(d[0]["range"] == range(3, 11, 3, 16))
        #expect(d[1]["severity"]?.intValue == 2)
        #expect(d[1]["range"] == range(0, 16, 1, 0))
        #expect(d[1]["message"]?.stringValue?.hasPrefix("line ends with a lone carriage return") == true)
        let hover = h.result("textDocument/hover", ServerHarness.at(1, 9))["contents"]?["value"]?.stringValue
        #expect(hover?.contains("declared at line 2") == true)
        h.change(3, 11, 3, 16, "search")
        d = h.diagnostics()
        #expect(d.count == 1 && d.first?["severity"]?.intValue == 2)
    }
}
