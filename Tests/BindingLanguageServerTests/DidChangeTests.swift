import BindingLang
import BindingLanguageServer
import Testing

/// `textDocument/didChange`: only a change without `range` replaces the whole text.
@Suite struct DidChangeTests {
    static let text = "responder Editor\naction search\n"

    static func change(_ range: JSONValue, _ text: String) -> JSONValue {
        .object([
            ("jsonrpc", .string("2.0")), ("method", .string("textDocument/didChange")),
            ("params", .object([
                ("textDocument", .object([("uri", .string(ServerHarness.uri)), ("version", .int(2))])),
                ("contentChanges", .array([.object([("range", range), ("text", .string(text))])])),
            ])),
        ])
    }

    @Test(arguments: [
        range(1, 0, 0, 0),  // end before start
        range(-1, 0, 0, 3),
        range(0, 0, 0, -2),
        JSONValue.object([("start", Position(line: 0, character: 0).json)]),
        JSONValue.string("everything"),
        JSONValue.null,
    ])
    func aMalformedRangeIsIgnoredNotTakenAsTheWholeText(_ malformed: JSONValue) {
        var h = ServerHarness()
        h.open(Self.text)
        let out = h.server.handle(Self.change(malformed, "x"))
        #expect(h.server.workspace.documents[ServerHarness.uri].map { String(decoding: $0.bytes, as: UTF8.self) } == Self.text)
        let log = out.first { $0["method"]?.stringValue == "window/logMessage" }
        #expect(log?["params"]?["type"]?.intValue == 2)
        #expect(log?["params"]?["message"]?.stringValue?.hasPrefix("ignored a change to 'file:///work/a.bind' with a malformed range") == true)
    }

    /// A change without a string `text` is ignored and logged, like a malformed range.
    @Test func aChangeWithoutTextIsIgnoredAndLogged() {
        var h = ServerHarness()
        h.open(Self.text)
        let message = JSONValue.object([
            ("jsonrpc", .string("2.0")), ("method", .string("textDocument/didChange")),
            ("params", .object([
                ("textDocument", .object([("uri", .string(ServerHarness.uri)), ("version", .int(2))])),
                ("contentChanges", .array([.object([("range", range(0, 0, 0, 3)), ("text", .int(5))])])),
            ])),
        ])
        let out = h.server.handle(message)
        #expect(h.server.workspace.documents[ServerHarness.uri].map { String(decoding: $0.bytes, as: UTF8.self) } == Self.text)
        #expect(out.contains { $0["method"]?.stringValue == "window/logMessage" })
    }

    /// A code-action range that ends past the document is clamped, as edits are.
    @Test func aCodeActionRangePastTheEndIsClamped() {
        var h = ServerHarness()
        h.open("responder Editor\naction search\nin Editor {\n  cmd+k -> serch\n}\n")
        let actions = h.result("textDocument/codeAction", .object([
            ("textDocument", .object([("uri", .string(ServerHarness.uri))])), ("range", range(0, 0, 99, 0)),
        ]))
        #expect(actions.arrayValue?.isEmpty == false, "\(actions)")
    }

    @Test func aChangeWithoutRangeReplacesTheWholeText() {
        var h = ServerHarness()
        h.open(Self.text)
        h.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(ServerHarness.uri)), ("version", .int(2))])),
            ("contentChanges", .array([.object([("text", .string("action x\n"))])])),
        ]))
        #expect(h.server.workspace.documents[ServerHarness.uri].map { String(decoding: $0.bytes, as: UTF8.self) } == "action x\n")
    }
}
