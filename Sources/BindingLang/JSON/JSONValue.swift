/// A JSON document with object keys in insertion order, for output that tools read and people
/// diff: `bindc dump --json` and `--diagnostics-format json`.
public indirect enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer.
    case int(Int64)
    /// A number with a fraction (non-finite values print as `null`).
    case double(Double)
    /// A number as a document wrote it (`1.50`, `1e3`, `-0`, more digits than a Double
    /// holds), printed back as that text: what a reader keeps when it must write back the
    /// values it does not change unchanged (``JSONParser``'s `numbersAsWritten`). Equal to
    /// another only with the same text.
    case number(String)
    /// A string, escaped as RFC 8259 requires.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// Members in the order they are printed.
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// This object with one more member at the end (other values are returned unchanged).
    public func appending(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members + [(key, value)])
    }

    /// This object with `other`'s members after its own (when both are objects; otherwise
    /// this value unchanged).
    public func merging(_ other: JSONValue) -> JSONValue {
        guard case .object(let members) = self, case .object(let more) = other else { return self }
        return .object(members + more)
    }

    /// A string, or `null` when `text` is nil.
    public static func string(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// The document as text: pretty-printed with two-space indentation, or on one line.
    /// `keySeparator` follows each member's key in a pretty document: `": "`, or `" : "` as
    /// Apple's JSON writers (and so Xcode's String Catalogs) have it.
    public func rendered(pretty: Bool = true, keySeparator: String = ": ") -> String {
        var out = ""
        write(to: &out, indent: pretty ? 0 : nil, keySeparator: keySeparator)
        return out
    }

    /// Writes the value to `out` as it goes: at nesting level `indent` of a pretty document
    /// (members on their own lines, two spaces per level, each key followed by
    /// `keySeparator`), or on one line when nil. Nested values recurse once per level; the
    /// documents BindKit writes nest a few levels (dump's user-info dictionaries at most 64,
    /// the table limit).
    public func write(to out: inout some TextOutputStream, indent: Int?, keySeparator: String = ": ") {
        switch self {
        case .null: out.write("null")
        case .bool(let b): out.write(b ? "true" : "false")
        case .int(let i): out.write(String(i))
        case .double(let d): out.write(d.isFinite ? String(d) : "null")
        case .number(let text): out.write(text)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            if items.isEmpty { out.write("[]"); return }
            out.write("[")
            for (i, item) in items.enumerated() {
                if i > 0 { out.write(",") }
                JSONValue.newline(&out, indent.map { $0 + 1 })
                item.write(to: &out, indent: indent.map { $0 + 1 }, keySeparator: keySeparator)
            }
            JSONValue.newline(&out, indent)
            out.write("]")
        case .object(let members):
            if members.isEmpty { out.write("{}"); return }
            out.write("{")
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.write(",") }
                JSONValue.writeMemberKey(key, to: &out, indent: indent.map { $0 + 1 }, separator: keySeparator)
                value.write(to: &out, indent: indent.map { $0 + 1 }, keySeparator: keySeparator)
            }
            JSONValue.newline(&out, indent)
            out.write("}")
        }
    }

    /// The start of an object member at level `indent`: line break, indentation, `"key": `
    /// (`separator` after the key; a bare `:` on one line).
    static func writeMemberKey(_ key: String, to out: inout some TextOutputStream, indent: Int?, separator: String = ": ") {
        newline(&out, indent)
        writeString(key, to: &out)
        out.write(indent == nil ? ":" : separator)
    }

    /// A line break and the indentation of level `indent` (nothing on one line).
    static func newline(_ out: inout some TextOutputStream, _ indent: Int?) {
        guard let indent else { return }
        out.write("\n" + String(repeating: "  ", count: indent))
    }

    /// Writes `s` as a JSON string literal (RFC 8259 escapes; other text as is).
    static func writeString(_ s: String, to out: inout some TextOutputStream) {
        var text = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
        out.write(text)
    }
}
