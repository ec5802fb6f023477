import BindingRuntime

/// Strokes written as text outside a `.bind` file (`bindc explain --keys`, tiny-editor's
/// `--keys`, a stroke a tool printed), read by the language's own lexer, sequence parser and
/// chord rules (Grammar.md §4.3), so that every place that reads strokes accepts exactly what
/// the language accepts: `ctrl+k ctrl+c`, `'"["'`, `cmd+"*"`, `cmd+[`, `⌘+k`, `G`.
public enum StrokeText {
    /// Why a text is not a sequence of strokes: the language's message and the 1-based
    /// column (in UTF-8 bytes) of the part concerned.
    public struct Failure: Error, Equatable, Sendable {
        /// The diagnostic's message (`unknown key 'escap'; did you mean 'escape'?`).
        public let message: String
        /// Where in the text, 1-based.
        public let column: Int
    }

    /// The chords of `text`, one or more separated by white space, `primary` resolved for
    /// `platform`.
    public static func sequence(_ text: String, platform: Platform) -> Result<[Chord], Failure> {
        let source = SourceFile(path: "<keys>", text: text)
        let file = FileID(0)
        var state = Parser.State(source: source, file: file, tokens: Lexer.tokenize(source.bytes).tokens)
        state.constructStart = state.pos
        let syntax = state.atEnd ? nil : state.parseSequence()
        if syntax != nil, state.diagnostics.isEmpty, !state.atEnd {
            state.errorExpected("a key or the end of the keys")
        }
        if let first = state.diagnostics.first(where: { $0.severity == .error }) {
            return .failure(failure(first, source))
        }
        guard let syntax else {
            return .failure(Failure(message: Messages.expected("key", found: "end of the keys"), column: 1))
        }
        var engine = DiagnosticEngine()
        let chords = ChordResolver(platform: platform).sequence(syntax, &engine)
        if let chords, !engine.diagnostics.contains(where: { $0.severity == .error }) { return .success(chords) }
        let first = engine.sorted.first { $0.severity == .error }
        return .failure(first.map { failure($0, source) } ?? Failure(message: "invalid keys", column: 1))
    }

    /// The one chord of `text` (a sequence of several is an error).
    public static func chord(_ text: String, platform: Platform) -> Result<Chord, Failure> {
        switch sequence(text, platform: platform) {
        case .success(let chords) where chords.count == 1: return .success(chords[0])
        case .success: return .failure(Failure(message: Messages.oneStrokeExpected, column: 1))
        case .failure(let f): return .failure(f)
        }
    }

    private static func failure(_ d: Diagnostic, _ source: SourceFile) -> Failure {
        Failure(message: d.message, column: source.lineAndColumn(of: d.range.start).column)
    }
}
