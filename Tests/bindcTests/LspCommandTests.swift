import Foundation
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

    /// The options clients pass by habit (`--stdio`, `--clientProcessId`) are accepted, so a
    /// client set up for another server starts this one unchanged.
    @Test func theUsualClientOptionsAreAccepted() throws {
        let runner = try BindcRunner()
        let input = Self.initialize + Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#) + Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        for arguments in [["lsp", "--stdio"], ["lsp", "--stdio", "--clientProcessId", "42"], ["lsp", "--clientProcessId=42", "--stdio"]] {
            let out = try runner.run(arguments, stdin: input)
            #expect(out.status == 0 && out.stderr == "", "\(arguments): \(out.stderr)")
            #expect(out.stdout.hasSuffix(#"{"jsonrpc":"2.0","id":2,"result":null}"#))
        }
    }

    @Test func theServerStopsWhenItsInputCloses() throws {
        let runner = try BindcRunner()
        let out = try runner.run(["lsp"], stdin: Self.initialize + "Content-Length: 50\r\n\r\n{\"jsonrpc\"")
        #expect(out.status == 1)
        #expect(out.stdout.hasPrefix("Content-Length: "))
    }

    /// A client that closes its end of the server's output before an answer is written ends
    /// the server with status 1, through the failed write (SIGPIPE used to kill it).
    @Test func aClientThatStopsReadingEndsTheServerWithStatus1() throws {
        let process = Process()
        process.executableURL = try #require(BindcRunner.executable, "the bindc executable was not built")
        process.arguments = ["lsp"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try output.fileHandleForReading.close()
        try output.fileHandleForWriting.close()
        // Written before the server answers anything, so this side never meets a closed pipe.
        input.fileHandleForWriting.write(Data(Self.initialize.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 1)
    }

    @Test func takesNoFiles() throws {
        let out = try BindcRunner().run(["lsp", "a.bind"])
        #expect(out.status == 2)
    }
}
