// A small JSON-with-comments reader for the corpus tests: `//` and `/* */` comments and
// trailing commas are allowed, and object members keep their order (Zed's keymaps depend on
// it, which Foundation's JSONSerialization would lose). Test-only.

/// A JSON value with ordered object members.
indirect enum JSONC: Equatable, Sendable {
    case object([(key: String, value: JSONC)])
    case array([JSONC])
    case string(String)
    /// The number as written (so integers stay exact).
    case number(String)
    case bool(Bool)
    case null

    static func == (a: JSONC, b: JSONC) -> Bool {
        switch (a, b) {
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(x), .array(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    /// Member `key` of an object.
    subscript(key: String) -> JSONC? {
        if case .object(let members) = self { return members.first { $0.key == key }?.value }
        return nil
    }

    var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }

    /// Compact JSON text (object members in order), for passing structured values as strings.
    var compactText: String {
        switch self {
        case .object(let members):
            return "{" + members.map { JSONC.string($0.key).compactText + ":" + $0.value.compactText }.joined(separator: ",") + "}"
        case .array(let items): return "[" + items.map(\.compactText).joined(separator: ",") + "]"
        case .string(let s):
            var out = "\""
            for u in s.unicodeScalars {
                switch u {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                default:
                    if u.value < 0x20 {
                        let hex = String(u.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(u)
                    }
                }
            }
            return out + "\""
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }
}

/// Why a document could not be read.
struct JSONCError: Error, CustomStringConvertible {
    var offset: Int
    var message: String
    var description: String { "byte \(offset): \(message)" }
}

/// Recursive-descent reader over UTF-8 bytes.
struct JSONCReader {
    private let bytes: [UInt8]
    private var i = 0

    static func parse(_ bytes: [UInt8]) throws -> JSONC {
        var reader = JSONCReader(bytes: bytes)
        let value = try reader.value(depth: 0)
        reader.skipTrivia()
        guard reader.i == bytes.count else { throw JSONCError(offset: reader.i, message: "trailing text") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func peek(_ k: Int = 0) -> UInt8? { i + k < bytes.count ? bytes[i + k] : nil }

    private mutating func skipTrivia() {
        while let c = peek() {
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1; continue }
            if c == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
                while let d = peek(), d != 0x0A { i += 1; _ = d }
                continue
            }
            if c == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                i += 2
                while i < bytes.count, !(peek() == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) { i += 1 }
                i = min(bytes.count, i + 2)
                continue
            }
            return
        }
    }

    private mutating func expect(_ c: Character) throws {
        skipTrivia()
        guard peek() == c.asciiValue else { throw JSONCError(offset: i, message: "expected '\(c)'") }
        i += 1
    }

    private mutating func value(depth: Int) throws -> JSONC {
        guard depth < 200 else { throw JSONCError(offset: i, message: "nested too deeply") }
        skipTrivia()
        guard let c = peek() else { throw JSONCError(offset: i, message: "unexpected end") }
        switch c {
        case UInt8(ascii: "{"):
            i += 1
            var members: [(key: String, value: JSONC)] = []
            while true {
                skipTrivia()
                if peek() == UInt8(ascii: "}") { i += 1; break }
                let key = try string()
                try expect(":")
                members.append((key, try value(depth: depth + 1)))
                skipTrivia()
                if peek() == UInt8(ascii: ",") { i += 1; continue }
                try expect("}")
                break
            }
            return .object(members)
        case UInt8(ascii: "["):
            i += 1
            var items: [JSONC] = []
            while true {
                skipTrivia()
                if peek() == UInt8(ascii: "]") { i += 1; break }
                items.append(try value(depth: depth + 1))
                skipTrivia()
                if peek() == UInt8(ascii: ",") { i += 1; continue }
                try expect("]")
                break
            }
            return .array(items)
        case UInt8(ascii: "\""):
            return .string(try string())
        default:
            let start = i
            while let d = peek(), !(d == UInt8(ascii: ",") || d == UInt8(ascii: "]") || d == UInt8(ascii: "}")
                || d == 0x20 || d == 0x0A || d == 0x0D || d == 0x09 || d == UInt8(ascii: "/")) { i += 1 }
            let word = String(decoding: bytes[start..<i], as: UTF8.self)
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default:
                guard !word.isEmpty, word.allSatisfy({ "0123456789+-.eE".contains($0) }) else {
                    throw JSONCError(offset: start, message: "unexpected '\(word)'")
                }
                return .number(word)
            }
        }
    }

    private mutating func string() throws -> String {
        skipTrivia()
        guard peek() == UInt8(ascii: "\"") else { throw JSONCError(offset: i, message: "expected a string") }
        i += 1
        var out: [UInt8] = []
        while true {
            guard let c = peek() else { throw JSONCError(offset: i, message: "unterminated string") }
            i += 1
            if c == UInt8(ascii: "\"") { break }
            if c != UInt8(ascii: "\\") { out.append(c); continue }
            guard let e = peek() else { throw JSONCError(offset: i, message: "unterminated string") }
            i += 1
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard i + 4 <= bytes.count, var v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16)
                else { throw JSONCError(offset: i, message: "bad \\u escape") }
                i += 4
                if (0xD800..<0xDC00).contains(v), peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u"),
                   i + 6 <= bytes.count, let low = UInt32(String(decoding: bytes[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16),
                   (0xDC00..<0xE000).contains(low) {
                    v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                out += Array(String(Unicode.Scalar(v).map(Character.init) ?? "\u{FFFD}").utf8)
            default: out.append(e)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
