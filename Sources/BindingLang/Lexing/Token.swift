/// One token of a `.bind` file: what it is and which bytes it covers. Tokens carry no text and
/// no line or column; the parser slices the source only when it needs a name or a string value.
///
/// A token is 12 bytes: the offsets are stored in 32 bits (a file read by the tools is at most
/// 256 MiB, ``InputFile/maxSize``), because a large keymap has a token per 4 bytes of source
/// and the token array was the largest allocation of a compile.
public struct Token: Sendable, Hashable {
    /// What the token is; lexical errors ride on the kind (``TokenKind/invalid(_:)``).
    public var kind: TokenKind
    /// Facts about the token and the white space before it.
    public var flags: TokenFlags
    private var startOffset: UInt32
    private var endOffset: UInt32

    /// Byte offset of the first byte.
    public var start: Int {
        @inline(__always) get { Int(startOffset) }
        set { startOffset = UInt32(truncatingIfNeeded: newValue) }
    }
    /// Byte offset one past the last byte.
    public var end: Int {
        @inline(__always) get { Int(endOffset) }
        set { endOffset = UInt32(truncatingIfNeeded: newValue) }
    }

    public init(kind: TokenKind, start: Int, end: Int, flags: TokenFlags = []) {
        self.kind = kind
        self.flags = flags
        startOffset = UInt32(truncatingIfNeeded: start)
        endOffset = UInt32(truncatingIfNeeded: end)
    }

    /// Whether a newline (or the start of the file) comes between the previous token and this
    /// one; comments count as white space.
    public var precededByNewline: Bool { flags.contains(.precededByNewline) }
}

/// Facts about a token beyond its kind.
public struct TokenFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A newline or the start of the file lies between the previous token and this one.
    public static let precededByNewline = TokenFlags(rawValue: 1 << 0)
    /// A string literal containing at least one `\` escape (its value must be decoded).
    public static let hasEscapes = TokenFlags(rawValue: 1 << 1)
    /// A string literal with an invalid escape or invalid UTF-8 inside
    /// (``Lexer/decodeString(_:token:)`` says what and where).
    public static let hasErrors = TokenFlags(rawValue: 1 << 2)
}

/// The kinds of token. Keywords are contextual (Grammar.md, section 1), so they are plain
/// identifiers here; the parser recognises them by their text where the grammar expects one.
public enum TokenKind: Sendable, Hashable {
    /// `loggedIn`, `cmd`, `f5`, `in`: `[A-Za-z_][A-Za-z0-9_]*`.
    case identifier
    /// `42`: `[0-9]+` (a leading `-` is a separate token).
    case integer
    /// `1.5`: `[0-9]+ "." [0-9]+`.
    case decimal
    /// `"Find…"`, on one line; `terminated: false` when the line or the file ended first.
    case string(terminated: Bool)
    /// `⌘`: one non-ASCII Unicode scalar outside strings and comments (a key part in chords).
    case unicode
    /// `{`
    case leftBrace
    /// `}`
    case rightBrace
    /// `(`
    case leftParen
    /// `)`
    case rightParen
    /// `,`
    case comma
    /// `:`
    case colon
    /// `|`
    case pipe
    /// `+`
    case plus
    /// `->`
    case arrow
    /// `!`
    case bang
    /// `&&`
    case andAnd
    /// `||`
    case orOr
    /// `==`
    case equalEqual
    /// `!=`
    case bangEqual
    /// `.`
    case dot
    /// Any other printable ASCII character, e.g. `[` `/` `=` `-` `;` (chord keys only).
    case punct(UInt8)
    /// Bytes that form no token; the reason says why.
    case invalid(LexError)
    /// The end of the file; always the last token.
    case end

    /// Whether this token is one printable character that may stand for a key directly after
    /// `+` in a chord (`cmd+[`, `cmd++`, `cmd+,`).
    public var isChordPunctuation: Bool {
        switch self {
        case .leftBrace, .rightBrace, .leftParen, .rightParen, .comma, .colon, .pipe, .plus, .bang, .dot,
            .punct:
            return true
        default:
            return false
        }
    }
}

/// Why some bytes form no valid token.
public enum LexError: Sendable, Hashable {
    /// Bytes that are not valid UTF-8 (one token per run of bad bytes, also inside comments).
    case invalidUTF8
    /// An ASCII control character other than white space.
    case controlCharacter(UInt8)
    /// The `/*` of a block comment that never ends (the comment runs to the end of the file).
    case unterminatedBlockComment
}

/// A comment, kept as trivia for the formatter.
public struct Comment: Sendable, Hashable {
    /// Byte offset of the `//` or `/*`.
    public var start: Int
    /// One past the last byte (the newline after a line comment is not part of it).
    public var end: Int
    /// `/* … */` rather than `// …`.
    public var isBlock: Bool

    public init(start: Int, end: Int, isBlock: Bool) {
        self.start = start
        self.end = end
        self.isBlock = isBlock
    }
}
