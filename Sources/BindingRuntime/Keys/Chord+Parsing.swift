// MARK: - Reading chords as source writes them

extension Chord {
    /// Reads one chord as `.bind` source writes it (Grammar.md §2 `chord`, §4.3), resolved by
    /// ``build(parts:platform:)``: `+`-separated parts with no white space, each a name (`cmd`,
    /// `escape`, `KeyA`), digits, one non-ASCII character (`⌘`), a one-character string
    /// literal (`"["`, `"\""`, `"\u{7F}"`) or, directly after a `+`, one punctuation character
    /// (`cmd+[`, `cmd++`). As in source, a stroke that is one punctuation character is quoted
    /// (`"/"`). ``sourceText`` (``description``) reads back to the same chord.
    public static func parse(_ text: String, platform: Platform) -> Result<Chord, ChordError> {
        var reader = ChordReader(text)
        switch reader.parts() {
        case .success(let parts):
            // The chord ends at white space, and nothing may follow it (`cmd + k`).
            return reader.atEnd ? build(parts: parts, platform: platform) : .failure(.syntax(reader.rest))
        case .failure(let error):
            return .failure(error)
        }
    }

    /// Reads a sequence of chords separated by white space on one line (`ctrl+k ctrl+c`,
    /// `cmd+" " x`), each as ``parse(_:platform:)`` reads one.
    public static func parseSequence(_ text: String, platform: Platform) -> Result<[Chord], ChordError> {
        var reader = ChordReader(text)
        var chords: [Chord] = []
        while true {
            let crossedLineEnd = reader.skipWhiteSpace()
            if reader.atEnd { break }
            // The chords of one sequence are on one line (Grammar.md §1).
            if crossedLineEnd && !chords.isEmpty { return .failure(.syntax(reader.rest)) }
            switch reader.chord(platform: platform) {
            case .success(let chord): chords.append(chord)
            case .failure(let error): return .failure(error)
            }
        }
        return chords.isEmpty ? .failure(.missingKey) : .success(chords)
    }
}

/// Splits text into chords' parts by the rules of the language's lexer and chord syntax
/// (Grammar.md §1, §2), for the runtime, which has no lexer: names are
/// `[A-Za-z_][A-Za-z0-9_]*`, digits `[0-9]+`, strings are read by
/// ``SourceLiteral/literal(at:)``, a non-ASCII character is one part, and other printable
/// ASCII is a part only directly after a `+`.
struct ChordReader {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// Whether all of the text was read.
    var atEnd: Bool { position == scalars.count }

    /// The text from the position on (where reading went wrong).
    var rest: String { String(String.UnicodeScalarView(scalars[position...])) }

    /// Skips white space (space, tab, carriage return, line feed); returns whether it crossed
    /// a line feed.
    mutating func skipWhiteSpace() -> Bool {
        var crossed = false
        while position < scalars.count, Self.isWhiteSpace(scalars[position]) {
            if scalars[position] == "\n" { crossed = true }
            position += 1
        }
        return crossed
    }

    /// The chord at the position, which then is after it (at white space or the end).
    mutating func chord(platform: Platform) -> Result<Chord, ChordError> {
        parts().flatMap { Chord.build(parts: $0, platform: platform) }
    }

    /// The parts of the chord at the position, strings unquoted, the last one the key; the
    /// position is then after the chord (at white space or the end) or where it went wrong.
    mutating func parts() -> Result<[String], ChordError> {
        var parts: [String] = []
        while true {
            guard position < scalars.count else { return .failure(.missingKey) }  // `cmd+`
            switch part(afterPlus: !parts.isEmpty) {
            case .success(let part): parts.append(part)
            case .failure(let error): return .failure(error)
            }
            guard position < scalars.count, !Self.isWhiteSpace(scalars[position]) else { return .success(parts) }
            // Two parts with nothing between them (`cmd+1a`, `⌘k`, `cmd+==`).
            guard scalars[position] == "+" else { return .failure(.syntax(rest)) }
            position += 1
        }
    }

    /// One part, consumed.
    private mutating func part(afterPlus: Bool) -> Result<String, ChordError> {
        let start = position
        let s = scalars[position]
        switch s.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F:
            position += 1
            while position < scalars.count, Self.isNameContinue(scalars[position]) { position += 1 }
        case 0x30...0x39:
            position += 1
            while position < scalars.count, (0x30...0x39).contains(scalars[position].value) { position += 1 }
        case 0x22:
            guard let (value, length) = SourceLiteral.literal(at: scalars[position...]), value.unicodeScalars.count == 1 else {
                return .failure(.syntax(rest))
            }
            position += length
            return .success(value)
        case 0x80...:
            position += 1
        case 0x21...0x7E:
            guard afterPlus else { return .failure(.unquotedPunctuation(String(s))) }
            position += 1
        default:  // white space, control characters
            return .failure(.syntax(rest))
        }
        return .success(String(String.UnicodeScalarView(scalars[start..<position])))
    }

    private static func isWhiteSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" || s == "\r" || s == "\n" }

    private static func isNameContinue(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x30...0x39: true
        default: false
        }
    }
}
