import BindingLang
import BindingLanguageServer
import Testing

@Suite struct LifecycleTests {
    @Test func requestsBeforeInitializeAreRefused() {
        var h = ServerHarness(initialize: false)
        #expect(h.request("textDocument/hover", ServerHarness.at(0, 0))["error"]?["code"]?.intValue == -32002)
        let initialized = h.request("initialize", .object([]))
        #expect(initialized["result"]?["capabilities"]?["textDocumentSync"]?["change"]?.intValue == 2)
        #expect(h.request("initialize", .object([]))["error"]?["code"]?.intValue == -32600)
    }

    /// A space is no completion trigger: it opened the whole chord list (175 items) at every
    /// indent; the other triggers end something after which the list is short and certain.
    @Test func aSpaceIsNoCompletionTrigger() {
        var h = ServerHarness(initialize: false)
        let result = h.result("initialize", .object([("capabilities", .object([]))]))
        #expect(result["capabilities"]?["completionProvider"]?["triggerCharacters"] == .array(["+", "(", ">", "="].map(JSONValue.string)))
    }

    @Test func unknownMethodsGetMethodNotFound() {
        var h = ServerHarness()
        let r = h.request("workspace/frobnicate", .object([]))
        #expect(r["error"] == .object([("code", .int(-32601)), ("message", .string("unknown method 'workspace/frobnicate'"))]))
    }

    @Test func aPositionOutsideTheDocumentGetsAnError() {
        var h = ServerHarness()
        h.open("responder Editor\n")
        for (line, character) in [(2, 0), (7, 3)] {
            let r = h.request("textDocument/hover", ServerHarness.at(line, character))
            #expect(r["error"]?["code"]?.intValue == -32602)
            #expect(r["error"]?["message"]?.stringValue == "position \(line):\(character) is outside the document")
        }
        #expect(h.request("textDocument/hover", ServerHarness.at(1, 0))["error"] == nil)
        #expect(h.request("textDocument/definition", ServerHarness.at(0, 0, uri: "file:///nope.bind"))["error"]?["message"]
            == .string("document 'file:///nope.bind' is not open"))
    }

    @Test func aCharacterPastTheEndOfALineMeansTheLineEnd() {
        var h = ServerHarness()
        h.open("responder Editor\n")
        // On `Editor`, whose end the clamped position touches.
        let hover = h.result("textDocument/hover", ServerHarness.at(0, 40))
        #expect(hover["contents"]?["value"]?.stringValue?.hasPrefix("responder role `Editor`") == true)
        #expect(h.request("textDocument/completion", ServerHarness.at(1, 5))["error"] == nil)
        #expect(h.request("textDocument/definition", ServerHarness.at(0, 99))["error"] == nil)
        let actions = h.request("textDocument/codeAction", ServerHarness.document().appending("range", range(0, 0, 1, 50))
            .appending("context", .object([("diagnostics", .array([]))])))
        #expect(actions["error"] == nil)
    }

    @Test func shutdownThenExitEndsCleanly() {
        var h = ServerHarness()
        #expect(h.request("shutdown", .null)["result"] == .null)
        #expect(h.request("textDocument/hover", ServerHarness.at(0, 0))["error"]?["code"]?.intValue == -32600)
        h.notify("exit", .null)
        #expect(h.server.state == .exited(0))
        #expect(h.server.handle(.object([("jsonrpc", .string("2.0")), ("id", .int(9)), ("method", .string("shutdown"))])).isEmpty)
    }

    @Test func exitWithoutShutdownIsAFailure() {
        var h = ServerHarness()
        h.notify("exit", .null)
        #expect(h.server.state == .exited(1))
    }

    @Test func malformedMessagesGetErrorsNotCrashes() {
        var server = LanguageServer()
        #expect(server.handle(.array([]))[0]["error"]?["code"]?.intValue == -32600)
        #expect(server.handle(.object([("id", .bool(true)), ("method", .string("x"))]))[0]["error"]?["code"]?.intValue == -32600)
        #expect(server.handle(.string("hi"))[0]["error"]?["code"]?.intValue == -32600)
        #expect(server.handle(content: Array("{nope".utf8))[0]["error"]?["code"]?.intValue == -32700)
    }
}
