import BindingRuntime

/// Identifies one source file within a compilation (an index into ``SourceManager``).
/// Stored in 32 bits, like the offsets of a ``SourceRange``.
public struct FileID: Hashable, Sendable, Comparable {
    private let raw: Int32
    /// The file's position in its ``SourceManager`` (negative for a provisional id).
    public var index: Int { Int(raw) }
    public init(_ index: Int) { raw = Int32(truncatingIfNeeded: index) }
    public static func < (a: FileID, b: FileID) -> Bool { a.raw < b.raw }
}

/// A half-open byte range `start..<end` in one source file. Tokens, AST nodes and
/// diagnostics all carry one; line and column are computed only when printed.
///
/// 12 bytes: the file and the offsets are stored in 32 bits (a file read by the tools is at
/// most 256 MiB, ``InputFile/maxSize``). Every node of the syntax tree holds a few ranges, so
/// their size is much of the tree's.
public struct SourceRange: Hashable, Sendable, Comparable {
    public var file: FileID
    private var startOffset: UInt32
    private var endOffset: UInt32

    /// Byte offset of the first byte.
    public var start: Int {
        @inline(__always) get { Int(startOffset) }
        set { startOffset = UInt32(truncatingIfNeeded: newValue) }
    }
    /// Byte offset one past the last byte.
    public var end: Int {
        @inline(__always) get { Int(endOffset) }
        set { endOffset = UInt32(truncatingIfNeeded: newValue) }
    }

    public init(file: FileID, start: Int, end: Int) {
        self.file = file
        startOffset = UInt32(truncatingIfNeeded: start)
        endOffset = UInt32(truncatingIfNeeded: end)
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
