import BindingRuntime

/// Identifies one source file within a compilation (an index into ``SourceManager``).
public struct FileID: Hashable, Sendable, Comparable {
    public let index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (a: FileID, b: FileID) -> Bool { a.index < b.index }
}

/// A half-open byte range `start..<end` in one source file. Tokens, AST nodes and
/// diagnostics all carry one; line and column are computed only when printed.
public struct SourceRange: Hashable, Sendable, Comparable {
    public var file: FileID
    public var start: Int
    public var end: Int

    public init(file: FileID, start: Int, end: Int) {
        self.file = file
        self.start = start
        self.end = end
    }

    /// The range from the start of `self` to the end of `other` (same file).
    public func through(_ other: SourceRange) -> SourceRange {
        SourceRange(file: file, start: min(start, other.start), end: max(end, other.end))
    }

    public static func < (a: SourceRange, b: SourceRange) -> Bool {
        (a.file, a.start, a.end) < (b.file, b.start, b.end)
    }
}

/// A resolved, printable position: file path, 1-based line, 1-based UTF-8 byte column. The
/// same type the runtime reads from a table's source map, so a location survives the round
/// trip through a table unchanged.
public typealias SourceLocation = TableLocation
