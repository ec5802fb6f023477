import BindingLang

/// A range of whole lines the editor may fold: a body in braces, or a run of comments.
public struct FoldingRange: Sendable, Equatable {
    /// The first line, which stays visible (0-based).
    public var startLine: Int
    /// The last line folded away (0-based, inclusive).
    public var endLine: Int
    /// Whether the lines are comments (the protocol's kind `comment`), which clients may fold
    /// by themselves; a body has no kind.
    public var isComment: Bool

    public init(startLine: Int, endLine: Int, isComment: Bool = false) {
        self.startLine = startLine
        self.endLine = endLine
        self.isComment = isComment
    }

    /// The protocol's `FoldingRange` object.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("startLine", .int(Int64(startLine))), ("endLine", .int(Int64(endLine)))]
        if isComment { members.append(("kind", .string("comment"))) }
        return .object(members)
    }
}
