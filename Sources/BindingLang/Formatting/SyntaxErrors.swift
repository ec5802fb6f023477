/// Why a file could not be formatted: its syntax diagnostics (sorted by position), which
/// include at least one error. `Result` needs an `Error`, so the list is wrapped.
public struct SyntaxErrors: Error, Sendable {
    /// The parser's diagnostics for the file.
    public let diagnostics: [Diagnostic]

    /// Wraps the diagnostics of a file that does not parse.
    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}
