/// Reads JSON with comments (VS Code's and Zed's keymap files) from UTF-8 bytes into a
/// ``JSONC`` tree with byte ranges. `//` and `/* */` comments and trailing commas are allowed.
///
/// Untrusted input: every read is bounds-checked, nesting is limited to ``maxDepth``, and the
/// first mistake is returned as a ``JSONCError``, except the two VS Code itself passes over in
/// lenient mode (``parse(_:lenient:)``). Never traps.
public struct JSONCParser {
    /// Deepest nesting of arrays and objects accepted.
    public static let maxDepth = 128

    private let bytes: [UInt8]
    private var i = 0
    /// Whether a missing `,` between items or members, and a missing `]` or `}` at the end of
    /// the file, are passed over (``recovered``) instead of ending the parse.
    private var lenient = false
    /// The mistakes passed over in lenient mode.
    private var recovered: [JSONCError] = []

    /// Parses a whole document: one value, then only white space and comments.
    public static func parse(_ bytes: [UInt8]) -> Result<JSONC, JSONCError> {
        parse(bytes, lenient: false).map(\.value)
    }

    /// Parses a whole document as VS Code reads a `keybindings.json` (its `json.ts` parser
    /// reports and passes over a missing `,` between items, an extra `,` and a missing `]` or
    /// `}` at the end, and keeps every entry; a file of only comments is no keybindings): with
    /// `lenient`, those mistakes come back in `recovered` and the parse goes on; every other
    /// mistake still ends it.
    public static func parse(_ bytes: [UInt8], lenient: Bool) -> Result<(value: JSONC, recovered: [JSONCError]), JSONCError> {
        var parser = JSONCParser(bytes: bytes)
        parser.lenient = lenient
        do throws(JSONCError) {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.i = 3 }
            if lenient {
                // VS Code reads a file of nothing but spaces and comments as no keybindings.
                try parser.skipTrivia()
                if parser.i == bytes.count {
                    let empty = JSONC(value: .array([]), range: parser.i..<parser.i)
                    return .success((empty, [JSONCError(message: "the file holds no keybindings", offset: parser.i)]))
                }
            }
            let value = try parser.value(depth: 0)
            try parser.skipTrivia()
            if parser.i < bytes.count {
                throw JSONCError(message: "unexpected text after the document", offset: parser.i)
            }
            return .success((value, parser.recovered))
        } catch {
            return .failure(error)
        }
    }

    /// In lenient mode, passes over a missing separator before a next item starting with
    /// `next` (true), or a missing `close` at the end of the file (true, ending the container).
    private mutating func recover(close: Character, startsNext: Bool) -> (recovered: Bool, ends: Bool) {
        guard lenient else { return (false, false) }
        if peek() == nil {
            recovered.append(JSONCError(message: "missing '\(close)' at the end of the file", offset: i))
            return (true, true)
        }
        if startsNext {
            recovered.append(JSONCError(message: "missing ',' before this", offset: i))
            return (true, false)
        }
        return (false, false)
    }

    /// In lenient mode, passes over a `,` where an item or member should start (`},,` or
    /// `[,`), as VS Code's parser reports and skips it.
    private mutating func skippedExtraComma() -> Bool {
        guard lenient, peek() == UInt8(ascii: ",") else { return false }
        recovered.append(JSONCError(message: "extra ','", offset: i))
        i += 1
        return true
    }

    /// Whether `c` can start a value.
    private func startsValue(_ c: UInt8?) -> Bool {
        guard let c else { return false }
        return c == UInt8(ascii: "{") || c == UInt8(ascii: "[") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "-")
            || isDigit(c) || c == UInt8(ascii: "t") || c == UInt8(ascii: "f") || c == UInt8(ascii: "n")
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func peek(_ k: Int = 0) -> UInt8? { i + k < bytes.count ? bytes[i + k] : nil }

    private mutating func skipTrivia() throws(JSONCError) {
        while let c = peek() {
            switch c {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while let d = peek(), d != 0x0A { i += 1 }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                let start = i
                i += 2
                while true {
                    guard let d = peek() else { throw JSONCError(message: "unterminated comment", offset: start) }
                    if d == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") { i += 2; break }
                    i += 1
                }
            default: return
            }
        }
    }

    private func describe(_ c: UInt8?) -> String {
        guard let c else { return "the end of the file" }
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return c < 0x80 ? "byte 0x\(String(c, radix: 16))" : "a non-ASCII character"
    }

    private mutating func value(depth: Int) throws(JSONCError) -> JSONC {
        try skipTrivia()
        let start = i
        guard let c = peek() else { throw JSONCError(message: "expected a value, found the end of the file", offset: i) }
        switch c {
        case UInt8(ascii: "{"):
            guard depth < Self.maxDepth else { throw JSONCError(message: "nested too deeply", offset: i) }
            i += 1
            var members: [JSONC.Member] = []
            while true {
                try skipTrivia()
                if peek() == UInt8(ascii: "}") { i += 1; break }
                if skippedExtraComma() { continue }
                if peek() == nil, recover(close: "}", startsNext: false).ends { break }
                guard peek() == UInt8(ascii: "\"") else {
                    throw JSONCError(message: "expected a member name in quotes or '}', found \(describe(peek()))", offset: i)
                }
                let keyStart = i
                let key = try string()
                let keyRange = keyStart..<i
                try skipTrivia()
                guard peek() == UInt8(ascii: ":") else {
                    throw JSONCError(message: "expected ':' after the member name, found \(describe(peek()))", offset: i)
                }
                i += 1
                members.append(JSONC.Member(key: key, keyRange: keyRange, value: try value(depth: depth + 1)))
                try skipTrivia()
                if peek() == UInt8(ascii: ",") { i += 1; continue }
                if peek() == UInt8(ascii: "}") { i += 1; break }
                let r = recover(close: "}", startsNext: peek() == UInt8(ascii: "\""))
                if r.ends { break }
                if r.recovered { continue }
                throw JSONCError(message: "expected ',' or '}' in object, found \(describe(peek()))", offset: i)
            }
            return JSONC(value: .object(members), range: start..<i)
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else { throw JSONCError(message: "nested too deeply", offset: i) }
            i += 1
            var items: [JSONC] = []
            while true {
                try skipTrivia()
                if peek() == UInt8(ascii: "]") { i += 1; break }
                if skippedExtraComma() { continue }
                if peek() == nil, recover(close: "]", startsNext: false).ends { break }
                items.append(try value(depth: depth + 1))
                try skipTrivia()
                if peek() == UInt8(ascii: ",") { i += 1; continue }
                if peek() == UInt8(ascii: "]") { i += 1; break }
                let r = recover(close: "]", startsNext: startsValue(peek()))
                if r.ends { break }
                if r.recovered { continue }
                throw JSONCError(message: "expected ',' or ']' in array, found \(describe(peek()))", offset: i)
            }
            return JSONC(value: .array(items), range: start..<i)
        case UInt8(ascii: "\""):
            let s = try string()
            return JSONC(value: .string(s), range: start..<i)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONC(value: .number(try number()), range: start..<i)
        default:
            for (word, value) in [("true", JSONC.Value.bool(true)), ("false", .bool(false)), ("null", .null)]
            where bytes[i...].starts(with: word.utf8) {
                let after = peek(word.utf8.count)
                if after.map({ isWordByte($0) }) ?? false { break }
                i += word.utf8.count
                return JSONC(value: value, range: start..<i)
            }
            throw JSONCError(message: "expected a value, found \(describe(c))", offset: i)
        }
    }

    private func isWordByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_")
    }

    private func isDigit(_ c: UInt8?) -> Bool { c.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(JSONCError) -> String {
        let start = i
        if peek() == UInt8(ascii: "-") { i += 1 }
        guard isDigit(peek()) else { throw JSONCError(message: "malformed number", offset: start) }
        if peek() == UInt8(ascii: "0") { i += 1 } else { while isDigit(peek()) { i += 1 } }
        if peek() == UInt8(ascii: ".") {
            i += 1
            guard isDigit(peek()) else { throw JSONCError(message: "malformed number", offset: start) }
            while isDigit(peek()) { i += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            i += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { i += 1 }
            guard isDigit(peek()) else { throw JSONCError(message: "malformed number", offset: start) }
            while isDigit(peek()) { i += 1 }
        }
        if let c = peek(), isWordByte(c) || c == UInt8(ascii: ".") {
            throw JSONCError(message: "malformed number", offset: start)
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func hex4() -> UInt32? {
        guard i + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 {
            let c = bytes[i + k]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        i += 4
        return v
    }

    /// A string starting at the opening quote; `i` ends after the closing quote.
    private mutating func string() throws(JSONCError) -> String {
        let start = i
        i += 1
        var out: [UInt8] = []
        while true {
            guard let c = peek() else { throw JSONCError(message: "unterminated string", offset: start) }
            if c == UInt8(ascii: "\"") { i += 1; break }
            if c == 0x0A { throw JSONCError(message: "unterminated string", offset: start) }
            if c < 0x20 { throw JSONCError(message: "control character in string", offset: i) }
            i += 1
            if c != UInt8(ascii: "\\") { out.append(c); continue }
            let escapeStart = i - 1
            guard let e = peek() else { throw JSONCError(message: "unterminated string", offset: start) }
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard var v = hex4() else { throw JSONCError(message: "malformed \\u escape", offset: escapeStart) }
                if (0xD800..<0xDC00).contains(v) {
                    guard peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else {
                        throw JSONCError(message: "unpaired surrogate in \\u escape", offset: escapeStart)
                    }
                    i += 2
                    guard let low = hex4(), (0xDC00..<0xE000).contains(low) else {
                        throw JSONCError(message: "unpaired surrogate in \\u escape", offset: escapeStart)
                    }
                    v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(v) else {
                    throw JSONCError(message: "unpaired surrogate in \\u escape", offset: escapeStart)
                }
                out += Array(String(Character(scalar)).utf8)
            default:
                throw JSONCError(message: "invalid escape '\\\(Character(Unicode.Scalar(e)))' in string", offset: escapeStart)
            }
        }
        guard let text = String(validating: out, as: UTF8.self) else {
            throw JSONCError(message: "invalid UTF-8 in string", offset: start)
        }
        return text
    }
}
