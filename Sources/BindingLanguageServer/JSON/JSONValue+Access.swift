import BindingLang

/// Reading parsed JSON: members by name and values by kind, each nil when absent or of
/// another kind, so a malformed message becomes an error response instead of a trap.
extension JSONValue {
    /// The member `key` of an object (the first one, when repeated).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The text of a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// An integer (also a number with a zero fraction that fits).
    public var intValue: Int? {
        switch self {
        case .int(let i): return Int(exactly: i)
        case .double(let d): return d.isFinite && d.rounded() == d && abs(d) < 9e15 ? Int(d) : nil
        default: return nil
        }
    }

    /// A Boolean.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The items of an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
