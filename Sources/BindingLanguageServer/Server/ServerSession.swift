import BindingLang
import BindingRuntime

/// A language server behind the base protocol's framing: bytes in, bytes out. This is the
/// whole server without any input or output, so a process (`bindc lsp`), a test or a fuzzer
/// can drive it: feed what arrived on the input, write what comes back.
public struct ServerSession: Sendable {
    /// The server the framed messages go to.
    public private(set) var server: LanguageServer
    private var framer = MessageFramer()

    /// A session whose server compiles for `platform` (nil: each keymap's declared platform,
    /// `keymap "Name" for linux`, else macOS).
    public init(platform: Platform? = nil) { server = LanguageServer(platform: platform) }

    /// A session around a server made by the caller (one reading files another way).
    public init(server: LanguageServer) { self.server = server }

    /// Feeds bytes read from the client; returns the framed messages to send back. The
    /// diagnostics of the documents these messages changed come last, each analysed once
    /// (``LanguageServer/defersDiagnostics``).
    ///
    /// A request that a `$/cancelRequest` among these messages cancels is answered with
    /// ``ResponseError/requestCancelled`` instead of being worked out: the server answers
    /// one message at a time, so a cancellation can only overtake requests that arrived with
    /// it, queued while the server was busy (a client typing into a large file cancels the
    /// completions it no longer wants).
    public mutating func receive(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        server.defersDiagnostics = true
        defer { server.defersDiagnostics = false }
        let frames = framer.feed(bytes).map { frame -> Frame in
            guard case .message(let content) = frame else { return Frame(frame: frame, parsed: nil) }
            return Frame(frame: frame, parsed: try? JSONParser.parse(content))
        }
        let cancelled = Set(frames.compactMap { f -> String? in
            guard let m = f.parsed, m["method"]?.stringValue == "$/cancelRequest" else { return nil }
            return m["params"]?["id"].flatMap(Self.requestKey)
        })
        for f in frames {
            if case .exited = server.state { break }
            let messages: [JSONValue]
            switch f.frame {
            case .message(let content):
                if let m = f.parsed, let id = m["id"], let key = Self.requestKey(id), cancelled.contains(key),
                    let method = m["method"]?.stringValue, !Self.uncancellable.contains(method), server.state == .running
                {
                    messages = [LanguageServer.response(
                        id: id, error: ResponseError(ResponseError.requestCancelled, "'\(method)' was cancelled"))]
                } else if let m = f.parsed {
                    messages = server.handle(m)
                } else {
                    messages = server.handle(content: content)
                }
            case .malformed(let reason):
                messages = [LanguageServer.response(id: .null, error: ResponseError(ResponseError.parseError, reason))]
            }
            for m in messages { out += MessageFramer.frame(Array(m.rendered(pretty: false).utf8)) }
        }
        if case .exited = server.state { return out }
        for m in server.flushDiagnostics() { out += MessageFramer.frame(Array(m.rendered(pretty: false).utf8)) }
        return out
    }

    /// A frame and, when it is a message of valid JSON, its value.
    private struct Frame {
        var frame: MessageFramer.Frame
        var parsed: JSONValue?
    }

    /// Requests answered even when cancelled: they change the server's state.
    private static let uncancellable: Set = ["initialize", "shutdown"]

    /// A request id as a key (`1` and `"1"` are different ids); nil for what is not an id.
    private static func requestKey(_ id: JSONValue) -> String? {
        switch id {
        case .int(let i): return "i\(i)"
        case .string(let s): return "s" + s
        default: return nil
        }
    }

    /// The exit status once the session is over: after `exit` (0 when `shutdown` came first,
    /// else 1); nil while it runs. When the input ends without `exit`, the caller ends the
    /// session with ``statusAtEndOfInput``.
    public var exitStatus: Int32? {
        if case .exited(let code) = server.state { return code }
        return nil
    }

    /// The status when the input closes: 0 after `shutdown`, else 1 (the client went away).
    public var statusAtEndOfInput: Int32 {
        exitStatus ?? (server.state == .shutDown ? 0 : 1)
    }
}
