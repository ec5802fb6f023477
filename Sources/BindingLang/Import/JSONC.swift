/// A JSON-with-comments document as the importers read it: values with their byte ranges, and
/// object members in file order (Zed's keymaps depend on the order, and every diagnostic about
/// a foreign keymap points at the value it concerns).
///
/// Read with ``JSONCParser``. Comments (`//`, `/* */`) and trailing commas are accepted, as VS
/// Code and Zed accept them.
public struct JSONC: Sendable, Equatable {
    /// The kinds of value, with their contents.
    public indirect enum Value: Sendable, Equatable {
        /// `{ … }`, members in file order (a key may repeat; readers decide).
        case object([Member])
        /// `[ … ]`.
        case array([JSONC])
        /// A string, unescaped.
        case string(String)
        /// A number as written, so integers stay exact.
        case number(String)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
    }

    /// One `"key": value` member of an object.
    public struct Member: Sendable, Equatable {
        /// The key, unescaped.
        public var key: String
        /// The byte range of the key, quotes included.
        public var keyRange: Range<Int>
        /// The value.
        public var value: JSONC
    }

    /// The value.
    public var value: Value
    /// Its byte range in the document.
    public var range: Range<Int>

    /// Member `key` of an object (the last one when the key repeats, as JSON parsers do).
    public subscript(key: String) -> JSONC? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The string, when this is one.
    public var string: String? { if case .string(let s) = value { s } else { nil } }

    /// What kind of value this is, for messages (`a string`, `an object`).
    public var kindName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a Boolean"
        case .null: "null"
        }
    }

    /// Compact JSON text (object members in order), for carrying structured values as text.
    public var compactText: String {
        switch value {
        case .object(let members):
            return "{" + members.map { JSONValue.string($0.key).rendered(pretty: false) + ":" + $0.value.compactText }
                .joined(separator: ",") + "}"
        case .array(let items): return "[" + items.map(\.compactText).joined(separator: ",") + "]"
        case .string(let s): return JSONValue.string(s).rendered(pretty: false)
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }
}

/// Why a document is not JSON with comments: the message and the byte offset it concerns.
public struct JSONCError: Error, Sendable, Equatable {
    /// What is wrong (lower case, no trailing period).
    public var message: String
    /// Where, as a byte offset.
    public var offset: Int
}
