import BindingLang
import BindingLanguageServer
import Testing

@Suite struct TransportTests {
    @Test func framesSplitAcrossChunksAndSeveralPerChunk() {
        var framer = MessageFramer()
        let a = MessageFramer.frame(Array(#"{"a":1}"#.utf8)), b = MessageFramer.frame(Array("[]".utf8))
        let all = a + b
        var frames: [MessageFramer.Frame] = []
        for byte in all { frames += framer.feed([byte]) }
        #expect(frames == [.message(Array(#"{"a":1}"#.utf8)), .message(Array("[]".utf8))])
        #expect(framer.feed(all) == [.message(Array(#"{"a":1}"#.utf8)), .message(Array("[]".utf8))])
        #expect(!framer.hasPartialMessage)
    }

    @Test func otherHeadersAndCaseAreAccepted() {
        var framer = MessageFramer()
        let text = "content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}"
        #expect(framer.feed(Array(text.utf8)) == [.message(Array("{}".utf8))])
    }

    @Test func aHeaderWithoutLengthIsReportedAndSkipped() {
        var framer = MessageFramer()
        let frames = framer.feed(Array("Foo: bar\r\n\r\nContent-Length: 2\r\n\r\n{}".utf8))
        #expect(frames == [.malformed("header without a valid Content-Length"), .message(Array("{}".utf8))])
    }

    @Test func anOversizedMessageIsSkipped() {
        var framer = MessageFramer()
        let frames = framer.feed(Array("Content-Length: 999999999999\r\n\r\n".utf8))
        #expect(frames.count == 1)
        if case .malformed = frames.first {} else { Issue.record("expected malformed") }
    }

    /// A header block longer than the limit is rejected the same way whether its empty line
    /// has arrived or not (a fuzzing finding: fed whole, a long header was accepted when its
    /// end was in the buffer, and fed byte by byte it was dropped with everything buffered).
    @Test func aLongHeaderIsRejectedHoweverTheInputIsSplit() {
        let junk = String(repeating: "x", count: MessageFramer.maxHeaderLength + 100)
        let input = Array((junk + "\r\nContent-Length: 2\r\n\r\n{}Content-Length: 2\r\n\r\n[]").utf8)
        var whole = MessageFramer(), bytewise = MessageFramer()
        let once = whole.feed(input)
        var split: [MessageFramer.Frame] = []
        for byte in input { split += bytewise.feed([byte]) }
        #expect(once == split)
        #expect(once.first == .malformed("header longer than \(MessageFramer.maxHeaderLength) bytes"))
        #expect(once.last == .message(Array("[]".utf8)))
    }

    /// A `Content-Length` counted too small (characters instead of UTF-8 bytes) leaves the
    /// end of its content in front of the next header; the framer reports those bytes once
    /// and finds that header again, however the input was split (it used to read every later
    /// message as a header without a valid `Content-Length`).
    @Test func aMiscountedLengthIsReportedOnceAndTheNextHeaderFound() {
        let content = Array(#"{"text":"é"}"#.utf8)
        let bad = Array("Content-Length: \(content.count - 2)\r\n\r\n".utf8) + content
        let input = bad + MessageFramer.frame(Array("[1]".utf8)) + MessageFramer.frame(Array("[2]".utf8))
        var whole = MessageFramer(), bytewise = MessageFramer()
        let once = whole.feed(input)
        var split: [MessageFramer.Frame] = []
        for byte in input { split += bytewise.feed([byte]) }
        #expect(once == [
            .message(Array(content.dropLast(2))), .malformed("header without a valid Content-Length"),
            .message(Array("[1]".utf8)), .message(Array("[2]".utf8)),
        ])
        #expect(split == once)
        #expect(!whole.hasPartialMessage)
    }

    /// While skipping, only a whole `Content-Length: <digits>` line counts, in any case: the
    /// name inside JSON content (followed by a quote, or without digits) does not.
    @Test func skippedBytesEndOnlyAtAWholeLengthLine() {
        let input = Array(("Foo: bar\r\n\r\n{\"Content-Length\": 5, \"x\": \"content-length: 7\"}"
            + "content-length:\r\nCONTENT-LENGTH: 2\r\n\r\n{}").utf8)
        var whole = MessageFramer(), bytewise = MessageFramer()
        let once = whole.feed(input)
        var split: [MessageFramer.Frame] = []
        for byte in input { split += bytewise.feed([byte]) }
        #expect(once == [.malformed("header without a valid Content-Length"), .message(Array("{}".utf8))])
        #expect(split == once)
    }

    /// Garbage several times the header limit is one error, not one per limit's worth.
    @Test func longGarbageIsReportedOnce() {
        var framer = MessageFramer()
        let junk = String(repeating: "x", count: 5 * MessageFramer.maxHeaderLength)
        let frames = framer.feed(Array(junk.utf8) + MessageFramer.frame(Array("{}".utf8)))
        #expect(frames == [.malformed("header longer than \(MessageFramer.maxHeaderLength) bytes"), .message(Array("{}".utf8))])
    }

    /// Requests after a miscounted message are answered (the editor hung, and `shutdown` was
    /// lost, once one message was miscounted).
    @Test func requestsAfterAMiscountedMessageAreAnswered() {
        var session = ServerSession()
        let content = Array(#"{"jsonrpc":"2.0","method":"initialized","params":{"é":1}}"#.utf8)
        let bad = Array("Content-Length: \(content.count - 1)\r\n\r\n".utf8) + content
        let out = String(decoding: session.receive(bad + MessageFramer.frame(Array(#"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#.utf8))), as: UTF8.self)
        #expect(out.contains(#""id":7,"error":{"code":-32002"#), "\(out)")
        #expect(out.components(separatedBy: #""id":null,"error":{"code":-32700"#).count == 3, "\(out)")
    }

    /// Edits that arrive together (typing into a large file while the last analysis ran) are
    /// analysed once: one publishDiagnostics, for the last version, sent before the answer to
    /// the request that follows them.
    @Test func aBurstOfEditsIsAnalysedOnce() {
        var session = ServerSession()
        func frame(_ json: String) -> [UInt8] { MessageFramer.frame(Array(json.utf8)) }
        _ = session.receive(frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
            + frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#))
        let opened = String(decoding: session.receive(frame(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///t/a.bind","version":1,"text":"responder Editor\naction go\nin Editor {\n  cmd+g -> go\n}\n"}}}"#)), as: UTF8.self)
        #expect(opened.components(separatedBy: "publishDiagnostics").count == 2)
        var burst: [UInt8] = []
        for (i, c) in ["o", "o", "x"].enumerated() {
            burst += frame(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///t/a.bind","version":\#(i + 2)},"contentChanges":[{"range":{"start":{"line":3,"character":\#(13 + i)},"end":{"line":3,"character":\#(13 + i)}},"text":"\#(c)"}]}}"#)
        }
        burst += frame(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///t/a.bind"},"position":{"line":3,"character":12}}}"#)
        let text = String(decoding: session.receive(burst), as: UTF8.self)
        #expect(text.components(separatedBy: "publishDiagnostics").count == 2, "\(text)")
        #expect(text.contains(#""version":4"#) && text.contains("unknown action 'gooox'"), "\(text)")
        // Before the answer to the request that follows the edits.
        #expect(text.range(of: "publishDiagnostics")!.lowerBound < text.range(of: #""id":2"#)!.lowerBound)
    }

    /// A client that sends `initialized` twice is asked to register the watcher once (a
    /// request id used twice, and a registration id already registered, are errors).
    @Test func theWatcherIsRequestedOnce() {
        var session = ServerSession()
        func frame(_ json: String) -> [UInt8] { MessageFramer.frame(Array(json.utf8)) }
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}}}}"#
        let first = String(decoding: session.receive(frame(initialize) + frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)), as: UTF8.self)
        #expect(first.contains("client/registerCapability"))
        let second = String(decoding: session.receive(frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)), as: UTF8.self)
        #expect(!second.contains("client/registerCapability"))
    }

    @Test func sessionAnswersFramedBytes() {
        var session = ServerSession()
        let out = session.receive(MessageFramer.frame(Array(#"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#.utf8)))
        let text = String(decoding: out, as: UTF8.self)
        #expect(text == "Content-Length: 90\r\n\r\n" + #"{"jsonrpc":"2.0","id":7,"error":{"code":-32002,"message":"the server is not initialized"}}"#)
        #expect(session.exitStatus == nil)
        #expect(session.statusAtEndOfInput == 1)
    }

    /// What `bindc lsp --help` says: 0 after `shutdown` even when the input closes before
    /// `exit`, 1 when it closes before `shutdown`.
    @Test func inputClosingAfterShutdownIsASuccess() {
        var session = ServerSession()
        for message in [#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#, #"{"jsonrpc":"2.0","method":"initialized"}"#] {
            _ = session.receive(MessageFramer.frame(Array(message.utf8)))
        }
        #expect(session.statusAtEndOfInput == 1)
        _ = session.receive(MessageFramer.frame(Array(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#.utf8)))
        #expect(session.exitStatus == nil)
        #expect(session.statusAtEndOfInput == 0)
    }

    @Test func garbageContentGetsAParseError() {
        var session = ServerSession()
        let out = String(decoding: session.receive(MessageFramer.frame([0x7B, 0xFF, 0x22])), as: UTF8.self)
        #expect(out.contains(#""id":null,"error":{"code":-32700"#))
    }
}

@Suite struct JSONParserTests {
    @Test func parsesValues() throws {
        let v = try JSONParser.parse(Array(#" {"a": [1, -2.5, "x\u00e9\n", true, null], "b": {}} "#.utf8))
        #expect(v == .object([
            ("a", .array([.int(1), .double(-2.5), .string("xé\n"), .bool(true), .null])), ("b", .object([])),
        ]))
    }

    /// With `numbersAsWritten`, a number its value would print otherwise keeps its text and is
    /// written back as read; one that prints the same stays `.int` or `.double`.
    @Test func numbersAsWrittenKeepTheirText() throws {
        let text = #"[1.50,1e3,-0,12345678901234567890,0.10000000000000000001,2,-2.5,1E+2]"#
        let v = try JSONParser.parse(Array(text.utf8), numbersAsWritten: true)
        #expect(v == .array([.number("1.50"), .number("1e3"), .number("-0"), .number("12345678901234567890"),
                             .number("0.10000000000000000001"), .int(2), .double(-2.5), .number("1E+2")]))
        #expect(v.rendered(pretty: false) == text)
        // By default numbers are values, as the language server reads them.
        #expect(try JSONParser.parse(Array("[1.50]".utf8)) == .array([.double(1.5)]))
    }

    @Test func surrogatePairsAndLoneSurrogates() throws {
        #expect(try JSONParser.parse(Array(#""\ud83d\udd0d""#.utf8)) == .string("🔍"))
        #expect(try JSONParser.parse(Array(#""a\ud83db""#.utf8)) == .string("a\u{FFFD}b"))
        #expect(try JSONParser.parse(Array(#""\udd0d""#.utf8)) == .string("\u{FFFD}"))
    }

    @Test func invalidUTF8InStringsIsRepaired() throws {
        #expect(try JSONParser.parse([0x22, 0x61, 0xFF, 0x22]) == .string("a\u{FFFD}"))
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "01x", "\"abc", "tru", "[1] 2", "\"\\x\""])
    func rejectsMalformedText(_ text: String) {
        #expect(throws: JSONParser.JSONParseError.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    @Test func nestingIsLimited() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONParser.JSONParseError.self) { try JSONParser.parse(Array(deep.utf8)) }
    }
}
