import BindingLang

/// One completion proposal: the text inserted, what kind of thing it is, and a detail line.
public struct CompletionItem: Sendable, Equatable {
    /// The protocol's `CompletionItemKind` values used here.
    public enum Kind: Int, Sendable {
        case function = 3, field = 5, variable = 6, `class` = 7, value = 12, keyword = 14,
            enumMember = 20, constant = 21, `operator` = 24, typeParameter = 25
    }

    public var label: String
    public var kind: Kind
    public var detail: String?
    public init(_ label: String, _ kind: Kind, detail: String? = nil) {
        self.label = label
        self.kind = kind
        self.detail = detail
    }

    /// `{"label": …, "kind": …, "detail": …}`.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("label", .string(label)), ("kind", .int(Int64(kind.rawValue)))]
        if let detail { members.append(("detail", .string(detail))) }
        return .object(members)
    }
}
