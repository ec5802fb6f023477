import BindingLang
import BindingLanguageServer
import Testing

/// A deterministic generator (SplitMix64), so a failing run can be replayed from its seed.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Drives the server through its byte interface with random edits and requests: half-typed
/// files, every request kind at random positions (some outside the document), garbage frames,
/// a base file of random bytes (invalid UTF-8 included) that the document layers over. Checks
/// that every request gets exactly one response with its id, and that nothing crashes.
@Suite struct RandomSessionTests {
    static let fragments = [
        "context ", "mode: normal | insert\n", "responder ", "Editor, App\n", "action ", "search(Int)\n", "in ", "Editor ",
        "when ", "mode == ", "insert ", "&& ", "!", "(", ")", "{", "}", "\n", "  ", "cmd+", "shift+", "k", "f5", "\"[\"",
        " -> ", "search", "(1)", "\"Find…\"", "copy", "menu ", "edit ", "\"File\" ", "shortcut ", "\"t\" ", "title ",
        "icon ", "userInfo { a: 1, b: { c: \"d\" } }", "group ", "\"G\" ", "unbind ", "// comment\n", "/* c ", "*/",
        "⌘+", "🔍", "é", "\u{0}", "\t", "\r\n", "layer over \"base.bind\"\n", "in (a, b)", "not in (x)", "||", "-",
        "0", "99999999999999999999", "\\u{1F50D}", "\"", "+", ",", ":", "|", "=", ".",
    ]
    static let methods = [
        "textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references",
        "textDocument/prepareRename", "textDocument/rename", "textDocument/documentSymbol", "textDocument/formatting",
        "textDocument/codeAction", "textDocument/semanticTokens/full", "workspace/unknown",
    ]

    @Test func hundredThousandEditsAndRequests() throws {
        var rng = SplitMix(state: 0xB1D_C0DE)
        var baseBytes: [UInt8] = Array("context mode: normal | insert\nresponder Editor\naction search\n".utf8)
        for _ in 0..<40 { baseBytes.append(UInt8(truncatingIfNeeded: rng.next())) }
        let base = baseBytes
        var session = ServerSession(
            server: LanguageServer(read: { path throws(InputFile.ReadError) in
                if path.hasSuffix("/base.bind") { return base }
                return try InputFile.read("/nonexistent" + path)
            }))
        var framer = MessageFramer()
        var pending = Set<Int>()
        var answered = 0
        var nextID = 1
        let uri = "file:///r/doc.bind"
        // The client's idea of the text, to aim positions near it.
        var lines: [Int] = [0]

        func send(_ json: JSONValue, _ session: inout ServerSession, _ framer: inout MessageFramer) throws {
            try take(session.receive(MessageFramer.frame(Array(json.rendered(pretty: false).utf8))), &framer)
        }
        func take(_ bytes: [UInt8], _ framer: inout MessageFramer) throws {
            for frame in framer.feed(bytes) {
                guard case .message(let content) = frame else {
                    Issue.record("server sent a malformed frame")
                    continue
                }
                let message = try JSONParser.parse(content)
                if let id = message["id"]?.intValue {
                    #expect(pending.remove(id) != nil, "unexpected or repeated response \(id)")
                    answered += 1
                }
            }
        }
        func request(_ method: String, _ params: JSONValue) -> JSONValue {
            defer { nextID += 1 }
            pending.insert(nextID)
            return .object([("jsonrpc", .string("2.0")), ("id", .int(Int64(nextID))), ("method", .string(method)), ("params", params)])
        }

        try send(request("initialize", .object([])), &session, &framer)
        try send(.object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")), ("params", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .int(1)), ("text", .string("layer over \"base.bind\"\n"))])),
        ]))]), &session, &framer)

        let operations = 100_000
        var edits = 0, requests = 1
        for step in 0..<operations {
            let position = { (rng: inout SplitMix) -> JSONValue in
                let line = rng.below(lines.count + 2)
                let character = line < lines.count ? rng.below(lines[line] + 3) : rng.below(5)
                return Position(line: line, character: character).json
            }
            switch rng.below(10) {
            case 0..<5:
                // An edit: insert, delete or replace around a random position.
                let start = position(&rng), end = rng.below(3) == 0 ? position(&rng) : start
                let ordered = Range(json: .object([("start", start), ("end", end)])) == nil
                    ? JSONValue.object([("start", end), ("end", start)]) : JSONValue.object([("start", start), ("end", end)])
                var text = ""
                for _ in 0..<rng.below(3) { text += rng.pick(Self.fragments) }
                try send(.object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/didChange")), ("params", .object([
                    ("textDocument", .object([("uri", .string(uri)), ("version", .int(Int64(step + 2)))])),
                    ("contentChanges", .array([.object([("range", ordered), ("text", .string(text))])])),
                ]))]), &session, &framer)
                edits += 1
                if let d = session.server.workspace.documents[uri] {
                    lines = zip(d.lineStarts, d.lineStarts.dropFirst().map { $0 - 1 } + [d.bytes.count]).map { $1 - $0 }
                }
                // Keep the document small and fresh now and then.
                if d(session).count > 3_000 || rng.below(500) == 0 {
                    try send(.object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/didChange")), ("params", .object([
                        ("textDocument", .object([("uri", .string(uri)), ("version", .int(Int64(step + 2)))])),
                        ("contentChanges", .array([.object([("text", .string("layer over \"base.bind\"\n"))])])),
                    ]))]), &session, &framer)
                    lines = [23, 0]
                }
            case 5:
                // Garbage: a frame that is not JSON, or JSON that is not a message.
                let junk = rng.below(2) == 0 ? [UInt8(0x7B), 0xFF, 0x22] : Array(#"{"jsonrpc":"2.0","id":"x"}"#.utf8)
                try take(session.receive(MessageFramer.frame(junk)), &framer)
            default:
                let method = rng.pick(Self.methods)
                var params: [(String, JSONValue)] = [("textDocument", .object([("uri", .string(uri))])), ("position", position(&rng))]
                if method == "textDocument/rename" { params.append(("newName", .string(rng.pick(["x", "1bad", "search", "Editor"])))) }
                if method == "textDocument/codeAction" {
                    params.append(("range", .object([("start", Position(line: 0, character: 0).json), ("end", position(&rng))])))
                }
                try send(request(method, .object(params)), &session, &framer)
                requests += 1
            }
            if !pending.isEmpty { break }
        }
        try send(request("shutdown", .null), &session, &framer)
        try send(.object([("jsonrpc", .string("2.0")), ("method", .string("exit"))]), &session, &framer)
        #expect(pending.isEmpty)
        #expect(session.exitStatus == 0)
        #expect(edits + requests > operations / 2)
        #expect(answered == requests + 1)
    }

    private func d(_ session: ServerSession) -> [UInt8] {
        session.server.workspace.documents["file:///r/doc.bind"]?.bytes ?? []
    }
}
