import BindingLang

/// An LSP position: a 0-based line and a 0-based column counted in UTF-16 code units (the
/// protocol's default encoding), unlike the compiler's byte offsets.
public struct Position: Sendable, Hashable, Comparable {
    public var line: Int
    public var character: Int
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// Reads `{"line": n, "character": n}`; nil when malformed or negative.
    public init?(json: JSONValue?) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue,
            line >= 0, character >= 0
        else { return nil }
        self.init(line: line, character: character)
    }

    /// `{"line": n, "character": n}`.
    public var json: JSONValue { .object([("line", .int(Int64(line))), ("character", .int(Int64(character)))]) }

    public static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

/// An LSP range: `start` inclusive, `end` exclusive.
public struct Range: Sendable, Hashable {
    public var start: Position
    public var end: Position
    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    /// Reads `{"start": …, "end": …}`; nil when malformed or when `end` precedes `start`.
    public init?(json: JSONValue?) {
        guard let start = Position(json: json?["start"]), let end = Position(json: json?["end"]), start <= end
        else { return nil }
        self.init(start: start, end: end)
    }

    /// `{"start": …, "end": …}`.
    public var json: JSONValue { .object([("start", start.json), ("end", end.json)]) }
}
