import BindingLang

/// Parses JSON text (RFC 8259) from bytes into a ``JSONValue``. It never traps on any input:
/// malformed text, invalid UTF-8 inside strings (repaired to U+FFFD), lone surrogate escapes
/// (likewise repaired) and nesting deeper than ``maxDepth`` all give a ``JSONParseError`` or a
/// repaired value, never a crash.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maxDepth = 512

    /// Why some bytes are not a JSON document: the byte offset and what was wrong there.
    public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) at byte \(offset)" }
    }

    private let bytes: [UInt8]
    private let numbersAsWritten: Bool
    private var pos = 0
    private var depth = 0

    private init(_ bytes: [UInt8], numbersAsWritten: Bool) {
        self.bytes = bytes
        self.numbersAsWritten = numbersAsWritten
    }

    /// The one JSON value `bytes` hold (white space around it allowed). With
    /// `numbersAsWritten`, a number that `.int` or `.double` would print otherwise (`1.50`,
    /// `1e3`, `-0`, `0.1` written with more digits) is `.number` with its text, so that a
    /// document written back keeps it as it was (`bindc strings` merging into a catalog).
    public static func parse(_ bytes: [UInt8], numbersAsWritten: Bool = false) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes, numbersAsWritten: numbersAsWritten)
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        guard parser.pos == bytes.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    private func error(_ reason: String) -> JSONParseError { JSONParseError(offset: pos, reason: reason) }

    private var peek: UInt8? { pos < bytes.count ? bytes[pos] : nil }

    private mutating func skipSpace() {
        while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { pos += 1 }
    }

    private mutating func value() throws(JSONParseError) -> JSONValue {
        guard let b = peek else { throw error("expected a value, found the end") }
        switch b {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - pos >= count else { throw error("unexpected end") }
        for i in 0..<count where bytes[pos + i] != word.utf8Start[i] { throw error("unexpected character") }
        pos += count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth)") }
    }

    private mutating func object() throws(JSONParseError) -> JSONValue {
        try enter()
        pos += 1
        var members: [(String, JSONValue)] = []
        skipSpace()
        if peek == UInt8(ascii: "}") {
            pos += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let key = try string()
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw error("expected ':'") }
            pos += 1
            skipSpace()
            members.append((key, try value()))
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): pos += 1
            case UInt8(ascii: "}"):
                pos += 1
                depth -= 1
                return .object(members)
            default: throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func array() throws(JSONParseError) -> JSONValue {
        try enter()
        pos += 1
        var items: [JSONValue] = []
        skipSpace()
        if peek == UInt8(ascii: "]") {
            pos += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): pos += 1
            case UInt8(ascii: "]"):
                pos += 1
                depth -= 1
                return .array(items)
            default: throw error("expected ',' or ']'")
            }
        }
    }

    private mutating func number() throws(JSONParseError) -> JSONValue {
        let start = pos
        if peek == UInt8(ascii: "-") { pos += 1 }
        var integral = true
        guard let first = peek, first >= 0x30 && first <= 0x39 else { throw error("expected a digit") }
        if first == 0x30 { pos += 1 } else { while let d = peek, d >= 0x30 && d <= 0x39 { pos += 1 } }
        if peek == UInt8(ascii: ".") {
            integral = false
            pos += 1
            guard let d = peek, d >= 0x30 && d <= 0x39 else { throw error("expected a digit") }
            while let d = peek, d >= 0x30 && d <= 0x39 { pos += 1 }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            integral = false
            pos += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { pos += 1 }
            guard let d = peek, d >= 0x30 && d <= 0x39 else { throw error("expected a digit") }
            while let d = peek, d >= 0x30 && d <= 0x39 { pos += 1 }
        }
        let text = String(decoding: bytes[start..<pos], as: UTF8.self)
        let value: JSONValue = integral ? Int64(text).map(JSONValue.int) ?? .double(Double(text) ?? 0) : .double(Double(text) ?? 0)
        if numbersAsWritten && value.rendered(pretty: false) != text { return .number(text) }
        return value
    }

    /// A string's value; `pos` is at its opening quote.
    private mutating func string() throws(JSONParseError) -> String {
        pos += 1
        var out: [UInt8] = []
        var pendingHigh: UInt32?
        func flushHigh(_ out: inout [UInt8]) {
            if pendingHigh != nil { out += [0xEF, 0xBF, 0xBD] }
            pendingHigh = nil
        }
        while true {
            guard let b = peek else { throw error("unterminated string") }
            if b == UInt8(ascii: "\"") {
                pos += 1
                flushHigh(&out)
                return String(decoding: out, as: UTF8.self)
            }
            if b < 0x20 { throw error("control character in string") }
            if b != UInt8(ascii: "\\") {
                flushHigh(&out)
                out.append(b)
                pos += 1
                continue
            }
            pos += 1
            guard let e = peek else { throw error("unterminated string") }
            pos += 1
            var scalar: UInt32
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalar = UInt32(e)
            case UInt8(ascii: "b"): scalar = 8
            case UInt8(ascii: "f"): scalar = 12
            case UInt8(ascii: "n"): scalar = 10
            case UInt8(ascii: "r"): scalar = 13
            case UInt8(ascii: "t"): scalar = 9
            case UInt8(ascii: "u"):
                guard bytes.count - pos >= 4 else { throw error("bad \\u escape") }
                var v: UInt32 = 0
                for _ in 0..<4 {
                    let h = bytes[pos]
                    let digit: UInt32
                    switch h {
                    case 0x30...0x39: digit = UInt32(h - 0x30)
                    case 0x41...0x46: digit = UInt32(h - 0x41 + 10)
                    case 0x61...0x66: digit = UInt32(h - 0x61 + 10)
                    default: throw error("bad \\u escape")
                    }
                    v = v << 4 | digit
                    pos += 1
                }
                if v >= 0xD800 && v < 0xDC00 {
                    flushHigh(&out)
                    pendingHigh = v
                    continue
                }
                if v >= 0xDC00 && v < 0xE000 {
                    guard let high = pendingHigh else {
                        out += [0xEF, 0xBF, 0xBD]
                        continue
                    }
                    pendingHigh = nil
                    v = 0x10000 + ((high - 0xD800) << 10) + (v - 0xDC00)
                }
                scalar = v
            default:
                throw error("bad escape")
            }
            flushHigh(&out)
            UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { out.append($0) }
        }
    }
}
