import Testing

/// `bindc lsp` as a process: framed JSON-RPC on standard input and output.
@Suite struct LspCommandTests {
    static func frame(_ json: String) -> String { "Content-Length: \(json.utf8.count)\r\n\r\n" + json }

    static let initialize = frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
    static let open = frame(
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///t/a.bind","languageId":"bind","version":1,"text":"responder E\nin E {\n  cmd+k -> serch\n}\n"}}}"#)

    @Test func aSessionEndsWithShutdownAndExit() throws {
        let runner = try BindcRunner()
        let input = Self.initialize + Self.open
            + Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#) + Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let out = try runner.run(["lsp"], stdin: input)
        #expect(out.status == 0)
        #expect(out.stderr == "")
        #expect(out.stdout.contains(#""message":"unknown action 'serch'; did you mean 'search'?""#) == false)
        #expect(out.stdout.contains(#""range":{"start":{"line":2,"character":11},"end":{"line":2,"character":16}},"severity":1,"source":"bindc","message":"unknown action 'serch'""#))
        #expect(out.stdout.hasSuffix("Content-Length: 38\r\n\r\n" + #"{"jsonrpc":"2.0","id":2,"result":null}"#))
    }

    @Test func theServerStopsWhenItsInputCloses() throws {
        let runner = try BindcRunner()
        let out = try runner.run(["lsp"], stdin: Self.initialize + "Content-Length: 50\r\n\r\n{\"jsonrpc\"")
        #expect(out.status == 1)
        #expect(out.stdout.hasPrefix("Content-Length: "))
    }

    @Test func takesNoFiles() throws {
        let out = try BindcRunner().run(["lsp", "a.bind"])
        #expect(out.status == 2)
    }
}
