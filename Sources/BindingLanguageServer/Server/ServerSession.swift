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
    public mutating func receive(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        server.defersDiagnostics = true
        defer { server.defersDiagnostics = false }
        for frame in framer.feed(bytes) {
            if case .exited = server.state { break }
            let messages: [JSONValue]
            switch frame {
            case .message(let content):
                messages = server.handle(content: content)
            case .malformed(let reason):
                messages = [LanguageServer.response(id: .null, error: ResponseError(ResponseError.parseError, reason))]
            }
            for m in messages { out += MessageFramer.frame(Array(m.rendered(pretty: false).utf8)) }
        }
        if case .exited = server.state { return out }
        for m in server.flushDiagnostics() { out += MessageFramer.frame(Array(m.rendered(pretty: false).utf8)) }
        return out
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
