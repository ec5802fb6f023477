import BindingLang

/// A range in a document named by URI.
public struct Location: Sendable, Hashable {
    public var uri: String
    public var range: Range
    public init(uri: String, range: Range) {
        self.uri = uri
        self.range = range
    }

    /// `{"uri": …, "range": …}`.
    public var json: JSONValue { .object([("uri", .string(uri)), ("range", range.json)]) }
}

/// Replace `range` with `newText`.
public struct TextEdit: Sendable, Hashable {
    public var range: Range
    public var newText: String
    public init(range: Range, newText: String) {
        self.range = range
        self.newText = newText
    }

    /// `{"range": …, "newText": …}`.
    public var json: JSONValue { .object([("range", range.json), ("newText", .string(newText))]) }
}

/// Edits to several documents, keyed by URI (the protocol's `changes` form), in the order the
/// URIs were first added.
public struct WorkspaceEdit: Sendable, Equatable {
    public var changes: [(uri: String, edits: [TextEdit])] = []
    public init() {}

    /// Adds `edit` to the edits of `uri`, unless that document already has the same edit (two
    /// compilation units sharing a file each rename its names).
    public mutating func add(_ edit: TextEdit, to uri: String) {
        if let i = changes.firstIndex(where: { $0.uri == uri }) {
            if !changes[i].edits.contains(edit) { changes[i].edits.append(edit) }
        } else {
            changes.append((uri, [edit]))
        }
    }

    /// Adds every edit of `other` (see ``add(_:to:)``).
    public mutating func merge(_ other: WorkspaceEdit) {
        for (uri, edits) in other.changes {
            for edit in edits { add(edit, to: uri) }
        }
    }

    /// `{"changes": {uri: [edits]}}`.
    public var json: JSONValue {
        .object([("changes", .object(changes.map { ($0.uri, .array($0.edits.map(\.json))) }))])
    }

    public static func == (a: WorkspaceEdit, b: WorkspaceEdit) -> Bool {
        a.changes.count == b.changes.count && zip(a.changes, b.changes).allSatisfy { $0.uri == $1.uri && $0.edits == $1.edits }
    }
}
