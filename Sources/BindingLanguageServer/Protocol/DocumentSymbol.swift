import BindingLang

/// An entry of a document's outline: a name, its kind, the range of the whole construct, the
/// range of its name, and the entries inside it.
public struct DocumentSymbol: Sendable, Equatable {
    /// The protocol's `SymbolKind` values used here.
    public enum Kind: Int, Sendable {
        case file = 1, module = 2, namespace = 3, `class` = 5, field = 8, `enum` = 10, interface = 11, function = 12,
            variable = 13, string = 15, key = 20, event = 24
    }

    public var name: String
    public var detail: String?
    public var kind: Kind
    public var range: Range
    public var selectionRange: Range
    public var children: [DocumentSymbol]
    public init(
        name: String, detail: String? = nil, kind: Kind, range: Range, selectionRange: Range,
        children: [DocumentSymbol] = []
    ) {
        self.name = name
        self.detail = detail
        self.kind = kind
        self.range = range
        self.selectionRange = selectionRange
        self.children = children
    }

    /// The protocol's `DocumentSymbol` object.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("name", .string(name))]
        if let detail { members.append(("detail", .string(detail))) }
        members += [
            ("kind", .int(Int64(kind.rawValue))), ("range", range.json), ("selectionRange", selectionRange.json),
            ("children", .array(children.map(\.json))),
        ]
        return .object(members)
    }
}
