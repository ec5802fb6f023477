import BindingLang

/// A quick fix: a title, the diagnostic it fixes and the edit that fixes it.
public struct CodeAction: Sendable, Equatable {
    public var title: String
    public var diagnostic: PublishedDiagnostic
    public var edit: WorkspaceEdit
    /// Whether the client may apply it without asking (the only fix for its diagnostic).
    public var isPreferred: Bool

    public init(title: String, diagnostic: PublishedDiagnostic, edit: WorkspaceEdit, isPreferred: Bool) {
        self.title = title
        self.diagnostic = diagnostic
        self.edit = edit
        self.isPreferred = isPreferred
    }

    /// The protocol's `CodeAction` object, of kind `quickfix`.
    public var json: JSONValue {
        .object([
            ("title", .string(title)), ("kind", .string("quickfix")), ("diagnostics", .array([diagnostic.json])),
            ("isPreferred", .bool(isPreferred)), ("edit", edit.json),
        ])
    }
}
