// Target `lsp`: the language server's message stream, shared by Fuzz/run.sh's fuzzer and
// LanguageServerFuzzTests. Only the libraries are used (no Testing, no Foundation); a violated
// property is returned as a message.
import BindingLang
import BindingLanguageServer
import BindingRuntime
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Target `lsp`: bytes → ``ServerSession``, as `bindc lsp` feeds it.
///
/// Odd first byte: the rest is the raw stream (headers and all), fed in chunks of
/// `1 + first / 2` bytes. What comes out must be well-framed JSON-RPC, and the same as when
/// the stream arrives in one piece (framing does not depend on how reads split the input).
///
/// Even first byte: the rest is message contents separated by NUL bytes, each framed
/// correctly and fed after an `initialize` request. Every request (a `method` and an integer or
/// string `id`) gets exactly one response with its id, holding a `result` or an `error`; a
/// notification gets no response; anything else gets at most an error response (its id null,
/// or the message's own when it has one);
/// nothing is answered after `exit`; every message is answered within a bound (no hangs).
enum LanguageServerFuzzBody {
    /// A server whose only file outside the open documents is `/w/base.bind`.
    static func session() -> ServerSession {
        ServerSession(server: LanguageServer(platform: .macOS, read: { path throws(InputFile.ReadError) in
            if path == "/w/base.bind" { return Array("context mode: a | b\nresponder Editor\naction go\n".utf8) }
            return try InputFile.read("/nonexistent/bindkit-fuzz" + path)
        }))
    }

    static func run(_ bytes: [UInt8]) -> [String] {
        guard let first = bytes.first else { return [] }
        let rest = Array(bytes.dropFirst())
        return first & 1 == 1 ? raw(rest, chunk: 1 + Int(first) / 2) : messages(rest)
    }

    /// CPU time this thread has run, in nanoseconds: the bound on answering is on work, not on
    /// the wall clock, which on a loaded machine (CI, a niced fuzzer) also counts waiting for a
    /// core. (The session answers on the calling thread.)
    static func threadCPUNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    // MARK: - Raw stream

    static func raw(_ bytes: [UInt8], chunk: Int) -> [String] {
        var whole = session()
        let once = whole.receive(bytes)
        var pieces = session()
        var split: [UInt8] = []
        var i = 0
        while i < bytes.count {
            split += pieces.receive(bytes[i..<min(i + chunk, bytes.count)])
            i += chunk
        }
        guard split == once else { return ["the output depends on how the input is split (chunks of \(chunk))"] }
        guard case .success = outgoing(once) else { return outgoingViolation(once) }
        return []
    }

    // MARK: - Framed messages

    static func messages(_ bytes: [UInt8]) -> [String] {
        var s = session()
        var contents = [Array(#"{"jsonrpc":"2.0","id":"fuzz-init","method":"initialize","params":{}}"#.utf8)]
        contents += bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(256).map(Array.init)
        for content in contents {
            let exited = s.exitStatus != nil
            let start = threadCPUNanoseconds()
            let out = s.receive(MessageFramer.frame(content))
            let elapsed = threadCPUNanoseconds() &- start
            if elapsed > 5_000_000_000 { return ["a message took \(elapsed / 1_000_000) ms of CPU time to answer: \(text(content))"] }
            guard case .success(let replies) = outgoing(out) else { return outgoingViolation(out) }
            if exited {
                if !replies.isEmpty { return ["answered after exit: \(text(content))"] }
                continue
            }
            let responses = replies.filter { $0["method"] == nil }
            let message = try? JSONParser.parse(content)
            let method = message?["method"]?.stringValue
            let isObject: Bool
            if case .object = message { isObject = true } else { isObject = false }
            var validID = false
            if case .int = message?["id"] { validID = true }
            if case .string = message?["id"] { validID = true }
            if isObject && method != nil && validID {
                // A request: exactly one response, with its id.
                guard responses.count == 1, responses[0]["id"] == message?["id"] else {
                    return ["request got \(responses.count) responses (ids \(responses.map { $0["id"].map { $0.rendered(pretty: false) } ?? "none" })): \(text(content))"]
                }
            } else if isObject && method != nil && message?["id"] == nil {
                // A notification: no response.
                if !responses.isEmpty { return ["notification got a response: \(text(content))"] }
            } else if responses.count > 1 || responses.contains(where: { ($0["id"] != .null && $0["id"] != message?["id"]) || $0["error"] == nil }) {
                // Anything else: nothing, or one error with a null id.
                return ["a message that is no request got \(responses.count) responses: \(text(content))"]
            }
        }
        return []
    }

    // MARK: - What the server sends

    /// The messages in `bytes`, when every one is a complete frame of a JSON-RPC 2.0 object:
    /// a response with an `id` and exactly one of `result` and `error`, or a notification.
    static func outgoing(_ bytes: [UInt8]) -> Result<[JSONValue], Failure> {
        var framer = MessageFramer()
        var messages: [JSONValue] = []
        for frame in framer.feed(bytes) {
            guard case .message(let content) = frame, let json = try? JSONParser.parse(content),
                  case .object = json, json["jsonrpc"]?.stringValue == "2.0" else { return .failure(Failure()) }
            if json["method"] == nil {
                guard json["id"] != nil, (json["result"] == nil) != (json["error"] == nil) else { return .failure(Failure()) }
                if let error = json["error"], error["code"]?.intValue == nil || error["message"]?.stringValue == nil {
                    return .failure(Failure())
                }
            }
            messages.append(json)
        }
        if framer.hasPartialMessage { return .failure(Failure()) }
        return .success(messages)
    }

    struct Failure: Error {}

    static func outgoingViolation(_ bytes: [UInt8]) -> [String] {
        ["the server sent something that is not well-framed JSON-RPC: \(text(Array(bytes.prefix(400))))"]
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes.prefix(300), as: UTF8.self) }
}
