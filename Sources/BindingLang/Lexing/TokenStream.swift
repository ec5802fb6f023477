/// The tokens of one file as the parser reads them, by index from the first: lexed a few
/// lines ahead of the reader, and dropped once the reader says it is past them.
///
/// A large keymap has a token per 4 bytes of source; holding them all (16.7 MB for a
/// 5.7 MB keymap) beside the syntax tree made the end of parsing the peak of a compile. The
/// stream holds the tokens of the declaration being parsed and a few thousand more, so they
/// stay in the processor's caches too. Reading ahead is unbounded (a block's items are
/// counted before they are read): the tokens are then lexed as far as needed.
///
/// A stream made from an already lexed array (``init(bytes:tokens:)``) reads that array.
struct TokenStream {
    private var scanner: Lexer.Scanner
    /// The index of `scanner.tokens[0]`.
    private var base = 0
    /// Whether tokens are lexed as they are read (and may be dropped).
    private let lexing: Bool

    /// Tokens lexed per refill, at least (then up to the end of that line).
    private static let chunk = 1_024
    /// Tokens dropped at once, at least: dropping moves the tokens kept to the front.
    private static let dropAtLeast = 8_192

    /// A stream lexing `bytes` as they are read.
    init(lexing bytes: [UInt8]) {
        scanner = Lexer.Scanner(bytes: bytes, capacity: Self.dropAtLeast + 2 * Self.chunk)
        lexing = true
    }

    /// A stream reading `tokens`, the lexer's for `bytes` (in order, in bounds, ending with
    /// `.end`: the caller checks).
    init(bytes: [UInt8], tokens: [Token]) {
        scanner = Lexer.Scanner(bytes: bytes, lexed: tokens)
        lexing = false
    }

    /// Token `index`; the `.end` token for any index past it. `index` is never below one
    /// already dropped.
    @inline(__always)
    mutating func token(_ index: Int) -> Token {
        let k = index &- base
        // One unsigned comparison stands for both bounds checks.
        if UInt(bitPattern: k) < UInt(bitPattern: scanner.tokens.count) {
            return scanner.tokens.withUnsafeBufferPointer { $0[k] }
        }
        return lexedToken(index)
    }

    /// Token `index` after lexing up to it (or to the end).
    private mutating func lexedToken(_ index: Int) -> Token {
        // Never below the tokens kept: the reader drops only what it has read.
        guard index >= base else { return scanner.tokens[0] }
        while index - base >= scanner.tokens.count && !scanner.finished {
            scanner.scan(pausingAfter: index - base + Self.chunk)
        }
        let k = index - base
        return k < scanner.tokens.count ? scanner.tokens[k] : scanner.tokens[scanner.tokens.count - 1]
    }

    /// The index of the `.end` token (the rest of the file is lexed).
    mutating func endIndex() -> Int {
        if !scanner.finished { scanner.run() }
        return base + scanner.tokens.count - 1
    }

    /// Lets go of the tokens before `index`: the reader will not read them again.
    mutating func drop(below index: Int) {
        let k = index - base
        guard lexing, k >= Self.dropAtLeast, k <= scanner.tokens.count else { return }
        scanner.tokens.removeSubrange(0..<k)
        base = index
    }
}
