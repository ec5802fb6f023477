/// The `.bind` lexer (Grammar.md, section 1): UTF-8 bytes in, tokens and comments out.
///
/// Hand-written over `[UInt8]` with an index. It never throws and never prints: bytes that form
/// no token become ``TokenKind/invalid(_:)`` tokens and lexing goes on. The token list always
/// ends with one ``TokenKind/end`` token. Comments are returned separately, as trivia.
public enum Lexer {
    /// Splits `bytes` into tokens (ending with `.end`) and comments, both in source order.
    /// Invalid UTF-8 inside a comment also yields an `.invalid(.invalidUTF8)` token, so that
    /// every bad byte of the file is reported; invalid tokens never clear the
    /// ``TokenFlags/precededByNewline`` flag of the token after them.
    public static func tokenize(_ bytes: [UInt8]) -> (tokens: [Token], comments: [Comment]) {
        var scanner = Scanner(bytes: bytes)
        scanner.run()
        return (scanner.tokens, scanner.comments)
    }

    /// The lexer's state. A struct with `mutating` methods rather than local functions
    /// capturing local variables: accesses to captured variables are checked for exclusivity
    /// at run time, which cost 40 % of lexing.
    struct Scanner {
        let bytes: [UInt8]
        var tokens: [Token] = []
        var comments: [Comment] = []
        var newline = true
        /// Where lexing goes on (``scan(pausingAfter:)`` stops at line ends).
        private(set) var offset = 0
        /// Whether the `.end` token has been emitted.
        private(set) var finished = false
        /// Whether comments are collected (the parser has no use for them).
        var keepsComments = true

        /// A scanner for the whole of `bytes` at once: the token array is reserved for all of
        /// them.
        init(bytes: [UInt8]) {
            self.bytes = bytes
            // Generated chord-dense keymaps have about one token per 4 bytes (1.39 M tokens in
            // 5.68 MB); `/ 5` was too few, so the array regrew once, copying and page-faulting
            // tens of MB. Capacity reserved but never written costs only address space (the
            // pages are never touched), so the estimate errs high; denser text still grows
            // geometrically from there.
            tokens.reserveCapacity(bytes.count / 3 + 2)
        }

        /// A scanner that lexes `bytes` a few lines at a time, into an array of `capacity`
        /// tokens that the reader empties as it goes (``TokenStream``).
        init(bytes: [UInt8], capacity: Int) {
            self.bytes = bytes
            keepsComments = false
            tokens.reserveCapacity(capacity)
        }

        /// A scanner that has already produced `tokens`, all of them.
        init(bytes: [UInt8], lexed tokens: [Token]) {
            self.bytes = bytes
            self.tokens = tokens
            offset = bytes.count
            finished = true
        }

        @inline(__always)
        mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, _ extra: TokenFlags = []) {
            var flags = extra
            if newline { flags.insert(.precededByNewline) }
            tokens.append(Token(kind: kind, start: start, end: end, flags: flags))
            newline = false
        }

        /// Emits an invalid-UTF-8 token for the run of bad bytes at `s` and returns its end.
        mutating func invalidRun(from s: Int) -> Int {
            let n = bytes.count
            var j = s + 1
            while j < n && bytes[j] >= 0x80 && utf8Length(bytes, at: j) == 0 { j += 1 }
            let flags: TokenFlags = newline ? .precededByNewline : []
            tokens.append(Token(kind: .invalid(.invalidUTF8), start: s, end: j, flags: flags))
            return j
        }

        /// Lexes the whole file.
        mutating func run() { scan(pausingAfter: Int.max) }

        /// Lexes on from where the last call stopped, until the end of the file or the first
        /// line end after ``tokens`` holds `limit` tokens or more. The last token is `.end`.
        mutating func scan(pausingAfter limit: Int) {
            guard !finished else { return }
            let n = bytes.count
            var i = offset
            // A byte-order mark at the very start is white space.
            if i == 0 && n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
            while i < n {
                let b = bytes[i]
                let start = i
                switch b {
                case 0x20, 0x09, 0x0D:
                    i += 1
                case 0x0A:
                    newline = true
                    i += 1
                    if tokens.count >= limit {
                        offset = i
                        return
                    }
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                    i += 1
                    while i < n && isIdentifierContinue(bytes[i]) { i += 1 }
                    emit(.identifier, start, i)
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    i += 1
                    while i < n && isDigit(bytes[i]) { i += 1 }
                    if i + 1 < n && bytes[i] == UInt8(ascii: ".") && isDigit(bytes[i + 1]) {
                        i += 2
                        while i < n && isDigit(bytes[i]) { i += 1 }
                        emit(.decimal, start, i)
                    } else {
                        emit(.integer, start, i)
                    }
                case UInt8(ascii: "\""):
                    var flags: TokenFlags = []
                    let (end, terminated) = scanString(bytes, from: i, flags: &flags)
                    i = end
                    emit(.string(terminated: terminated), start, end, flags)
                case UInt8(ascii: "/"):
                    if i + 1 < n && bytes[i + 1] == UInt8(ascii: "/") {
                        i += 2
                        while i < n && bytes[i] != 0x0A {
                            if bytes[i] < 0x80 { i += 1; continue }
                            let len = utf8Length(bytes, at: i)
                            i = len == 0 ? invalidRun(from: i) : i + len
                        }
                        var end = i
                        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
                        if keepsComments { comments.append(Comment(start: start, end: end, isBlock: false)) }
                    } else if i + 1 < n && bytes[i + 1] == UInt8(ascii: "*") {
                        var depth = 1
                        let opener = tokens.count
                        let openerNewline = newline
                        i += 2
                        while i < n && depth > 0 {
                            let c = bytes[i]
                            if c == UInt8(ascii: "*") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "/") {
                                depth -= 1
                                i += 2
                            } else if c == UInt8(ascii: "/") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "*") {
                                depth += 1
                                i += 2
                            } else if c < 0x80 {
                                if c == 0x0A { newline = true }
                                i += 1
                            } else {
                                let len = utf8Length(bytes, at: i)
                                i = len == 0 ? invalidRun(from: i) : i + len
                            }
                        }
                        if keepsComments { comments.append(Comment(start: start, end: i, isBlock: true)) }
                        if depth > 0 {
                            let flags: TokenFlags = openerNewline ? .precededByNewline : []
                            tokens.insert(
                                Token(kind: .invalid(.unterminatedBlockComment), start: start, end: start + 2, flags: flags),
                                at: opener)
                        }
                    } else {
                        i += 1
                        emit(.punct(b), start, i)
                    }
                case UInt8(ascii: "{"): i += 1; emit(.leftBrace, start, i)
                case UInt8(ascii: "}"): i += 1; emit(.rightBrace, start, i)
                case UInt8(ascii: "("): i += 1; emit(.leftParen, start, i)
                case UInt8(ascii: ")"): i += 1; emit(.rightParen, start, i)
                case UInt8(ascii: ","): i += 1; emit(.comma, start, i)
                case UInt8(ascii: ":"): i += 1; emit(.colon, start, i)
                case UInt8(ascii: "+"): i += 1; emit(.plus, start, i)
                case UInt8(ascii: "."): i += 1; emit(.dot, start, i)
                case UInt8(ascii: "-"):
                    if i + 1 < n && bytes[i + 1] == UInt8(ascii: ">") { i += 2; emit(.arrow, start, i) }
                    else { i += 1; emit(.punct(b), start, i) }
                case UInt8(ascii: "!"):
                    if i + 1 < n && bytes[i + 1] == UInt8(ascii: "=") { i += 2; emit(.bangEqual, start, i) }
                    else { i += 1; emit(.bang, start, i) }
                case UInt8(ascii: "&"):
                    if i + 1 < n && bytes[i + 1] == UInt8(ascii: "&") { i += 2; emit(.andAnd, start, i) }
                    else { i += 1; emit(.punct(b), start, i) }
                case UInt8(ascii: "|"):
                    if i + 1 < n && bytes[i + 1] == UInt8(ascii: "|") { i += 2; emit(.orOr, start, i) }
                    else { i += 1; emit(.pipe, start, i) }
                case UInt8(ascii: "="):
                    if i + 1 < n && bytes[i + 1] == UInt8(ascii: "=") { i += 2; emit(.equalEqual, start, i) }
                    else { i += 1; emit(.punct(b), start, i) }
                case 0x21...0x7E:
                    i += 1
                    emit(.punct(b), start, i)
                case 0x80...0xFF:
                    let len = utf8Length(bytes, at: i)
                    if len == 0 { i = invalidRun(from: i) }
                    else { i += len; emit(.unicode, start, i) }
                default:  // other ASCII control characters
                    i += 1
                    var flags: TokenFlags = []
                    if newline { flags.insert(.precededByNewline) }
                    tokens.append(Token(kind: .invalid(.controlCharacter(b)), start: start, end: i, flags: flags))
                }
            }
            emit(.end, n, n)
            offset = n
            finished = true
        }
    }

    // MARK: - Strings

    /// Scans a string literal starting at the `"` at `start`; returns its end and whether it
    /// was terminated. Stops before a newline (strings are on one line).
    static func scanString(_ bytes: [UInt8], from start: Int, flags: inout TokenFlags) -> (Int, Bool) {
        let n = bytes.count
        var i = start + 1
        while i < n {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "\""):
                return (i + 1, true)
            case 0x0A:
                return (i, false)
            case 0x0D where i + 1 < n && bytes[i + 1] == 0x0A:
                return (i, false)
            case UInt8(ascii: "\\"):
                flags.insert(.hasEscapes)
                let (len, ok) = escapeLength(bytes, at: i)
                if !ok { flags.insert(.hasErrors) }
                i += len
            case 0x80...0xFF:
                let len = utf8Length(bytes, at: i)
                if len == 0 { flags.insert(.hasErrors); i += 1 } else { i += len }
            default:
                i += 1
            }
        }
        return (n, false)
    }

    /// The length of the escape starting at the `\` at `i`, and whether it is valid. An
    /// invalid escape covers the `\` and the character after it (or the whole `\u{…}`).
    static func escapeLength(_ bytes: [UInt8], at i: Int) -> (Int, Bool) {
        let n = bytes.count
        guard i + 1 < n else { return (1, false) }
        switch bytes[i + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "r"),
            UInt8(ascii: "0"):
            return (2, true)
        case 0x0A, 0x0D:
            return (1, false)
        case UInt8(ascii: "u"):
            guard i + 2 < n, bytes[i + 2] == UInt8(ascii: "{") else { return (2, false) }
            var j = i + 3
            var value: UInt32 = 0
            var digits = 0
            while j < n, let h = hexValue(bytes[j]) {
                if digits < 9 { value = value &* 16 &+ UInt32(h) }
                digits += 1
                j += 1
            }
            guard j < n, bytes[j] == UInt8(ascii: "}") else { return (j - i, false) }
            let ok = digits >= 1 && digits <= 8 && Unicode.Scalar(value) != nil
            return (j + 1 - i, ok)
        default:
            let len = bytes[i + 1] < 0x80 ? 1 : max(1, utf8Length(bytes, at: i + 1))
            return (1 + len, false)
        }
    }

    /// The decoded value of a string token (without its quotes, escapes replaced) and the
    /// problems found in it. Bad escapes and bad bytes are replaced by U+FFFD.
    public static func decodeString(_ bytes: [UInt8], token: Token) -> (value: String, problems: [StringProblem]) {
        let contentStart = min(token.start + 1, token.end)
        var contentEnd = token.end
        if case .string(terminated: true) = token.kind, contentEnd > contentStart { contentEnd -= 1 }
        guard contentStart < contentEnd else { return ("", []) }
        if !token.flags.contains(.hasEscapes) && !token.flags.contains(.hasErrors) {
            return (String(decoding: bytes[contentStart..<contentEnd], as: UTF8.self), [])
        }
        var scalars = String.UnicodeScalarView()
        var problems: [StringProblem] = []
        var i = contentStart
        while i < contentEnd {
            let c = bytes[i]
            if c == UInt8(ascii: "\\") {
                let (len, ok) = escapeLength(bytes, at: i)
                let end = min(i + len, contentEnd)
                if !ok {
                    let isUnicode = i + 1 < contentEnd && bytes[i + 1] == UInt8(ascii: "u")
                    problems.append(StringProblem(kind: isUnicode ? .invalidUnicodeEscape : .invalidEscape, start: i, end: end))
                    scalars.append("\u{FFFD}")
                } else {
                    switch bytes[i + 1] {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "0"): scalars.append("\0")
                    case UInt8(ascii: "u"):
                        var v: UInt32 = 0
                        var j = i + 3
                        while j < end, let h = hexValue(bytes[j]) { v = v &* 16 &+ UInt32(h); j += 1 }
                        scalars.append(Unicode.Scalar(v) ?? "\u{FFFD}")
                    default: scalars.append(Unicode.Scalar(bytes[i + 1]))
                    }
                }
                i = max(end, i + 1)
            } else if c < 0x80 {
                scalars.append(Unicode.Scalar(c))
                i += 1
            } else {
                let len = utf8Length(bytes, at: i)
                if len == 0 {
                    var j = i + 1
                    while j < contentEnd && bytes[j] >= 0x80 && utf8Length(bytes, at: j) == 0 { j += 1 }
                    problems.append(StringProblem(kind: .invalidUTF8, start: i, end: j))
                    scalars.append("\u{FFFD}")
                    i = j
                } else {
                    let s = String(decoding: bytes[i..<i + len], as: UTF8.self)
                    scalars.append(contentsOf: s.unicodeScalars)
                    i += len
                }
            }
        }
        return (String(scalars), problems)
    }

    // MARK: - Bytes

    /// The length of the valid UTF-8 sequence starting at `i` (1–4), or 0 if the bytes there
    /// are not valid UTF-8 (including overlong forms and surrogates).
    @inline(__always)
    static func utf8Length(_ bytes: [UInt8], at i: Int) -> Int {
        let n = bytes.count
        let b0 = bytes[i]
        @inline(__always) func cont(_ j: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            j < n && bytes[j] >= lo && bytes[j] <= hi
        }
        switch b0 {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return cont(i + 1) ? 2 : 0
        case 0xE0: return cont(i + 1, 0xA0) && cont(i + 2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(i + 1) && cont(i + 2) ? 3 : 0
        case 0xED: return cont(i + 1, 0x80, 0x9F) && cont(i + 2) ? 3 : 0
        case 0xF0: return cont(i + 1, 0x90) && cont(i + 2) && cont(i + 3) ? 4 : 0
        case 0xF1...0xF3: return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0
        case 0xF4: return cont(i + 1, 0x80, 0x8F) && cont(i + 2) && cont(i + 3) ? 4 : 0
        default: return 0
        }
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    @inline(__always) static func isIdentifierContinue(_ b: UInt8) -> Bool {
        (b | 0x20) &- 0x61 < 26 || b &- 0x30 < 10 || b == 0x5F
    }

    @inline(__always) static func hexValue(_ b: UInt8) -> UInt8? {
        if b &- 0x30 < 10 { return b - 0x30 }
        let l = b | 0x20
        if l &- 0x61 < 6 { return l - 0x61 + 10 }
        return nil
    }
}

/// A problem inside a string literal, found when decoding it.
public struct StringProblem: Sendable, Hashable {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// `\q`: an escape other than `\" \\ \n \t \r \0 \u{…}`.
        case invalidEscape
        /// `\u{…}` without 1–8 hex digits and a closing brace, or not naming a Unicode scalar.
        case invalidUnicodeEscape
        /// Bytes that are not valid UTF-8.
        case invalidUTF8
    }
    public var kind: Kind
    /// Byte range of the offending escape or bytes.
    public var start: Int
    public var end: Int
}
