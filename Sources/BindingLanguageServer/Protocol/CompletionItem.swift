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
    /// What to replace instead of the client's word at the cursor, for a label with characters
    /// clients do not count as word characters (`fr-mac` after `fr-`: inserted over `fr-`,
    /// not after it).
    public var textEdit: TextEdit?
    public init(_ label: String, _ kind: Kind, detail: String? = nil, textEdit: TextEdit? = nil) {
        self.label = label
        self.kind = kind
        self.detail = detail
        self.textEdit = textEdit
    }

    /// `{"label": …, "kind": …, "detail": …, "textEdit": …}`.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("label", .string(label)), ("kind", .int(Int64(kind.rawValue)))]
        if let detail { members.append(("detail", .string(detail))) }
        if let textEdit { members.append(("textEdit", textEdit.json)) }
        return .object(members)
    }
}
