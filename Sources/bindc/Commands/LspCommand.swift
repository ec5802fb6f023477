#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BindingLanguageServer
import BindingRuntime

/// `bindc lsp`: the language server over standard input and output. A thin loop around
/// ``ServerSession``: read what arrives, write what it answers, stop at `exit` or when the
/// input closes.
enum LspCommand: Command {
    static let spec = CommandSpec(
        name: "lsp",
        abstract: "Run the language server on standard input and output",
        discussion: """
            Speaks the Language Server Protocol (JSON-RPC 2.0 with Content-Length framing) for
            editors: diagnostics as you type, completion, hover, definition, references, rename,
            outline, formatting, quick fixes and semantic highlighting. Exits with 0 after
            'shutdown' (at 'exit', or when the input then closes), with 1 when 'exit' comes
            without 'shutdown' or the input closes before it.
            """,
        positionals: PositionalSpec(name: "", minimum: 0, maximum: 0, help: ""),
        options: [
            CommonOptions.platform,
            // What language clients pass by habit (vscode-languageclient's stdio transport):
            // accepted, so that a client configured for another server works unchanged.
            .flag("--stdio", help: "Accepted and ignored: standard input and output is the only transport"),
            .value("--clientProcessId", valueName: "PID", help: "Accepted and ignored (the client's process id)"),
        ],
        examples: ["bindc lsp"])

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        // A client that stops reading makes a write fail (EPIPE), ending the loop with
        // status 1, instead of killing the server with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var session = ServerSession(platform: Inputs.platform(arguments))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while session.exitStatus == nil {
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            let out = session.receive(buffer[0..<n])
            if !writeAll(out) { break }
        }
        let status = session.exitStatus ?? session.statusAtEndOfInput
        return status == 0 ? .success : .failure
    }

    /// Writes every byte to standard output; false when the client has gone away.
    private static func writeAll(_ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            written += n
        }
        return true
    }
}
