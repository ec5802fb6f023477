#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one `.bind` file and a table of line starts, for turning byte offsets into
/// lines and columns (by binary search) only when something is printed.
public struct SourceFile: Sendable {
    /// The path as the user gave it (`-` for standard input).
    public let path: String
    /// The raw UTF-8 bytes (possibly invalid UTF-8: the lexer reports that).
    public let bytes: [UInt8]
    /// Byte offset of the first byte of each line, in 32 bits (a source is at most
    /// ``InputFile/maxSize``): half the memory of `Int`s, a megabyte for a large keymap.
    public let lineStarts: [UInt32]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts: [UInt32] = [0]
        bytes.withUnsafeBufferPointer { buffer in
            Self.forEach(0x0A, in: buffer) { starts.append(UInt32(truncatingIfNeeded: $0 + 1)); return true }
        }
        lineStarts = starts
    }

    /// Calls `body` with the offset of each `byte` in `buffer`, in order; found with the C
    /// library's `memchr`, which compares many bytes at a time (a byte-by-byte loop over a
    /// large keymap took 2 % of its compile).
    static func forEach(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool) {
        guard let base = buffer.baseAddress else { return }
        var i = 0
        while i < buffer.count, let found = memchr(base + i, Int32(byte), buffer.count - i) {
            let at = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            guard body(at) else { return }
            i = at + 1
        }
    }

    public init(path: String, text: String) { self.init(path: path, bytes: Array(text.utf8)) }

    /// The offset of the first `\r` that no `\n` follows, if any: white space to the lexer
    /// (Grammar.md §1), where an editor shows a line end.
    public static func firstLoneCarriageReturn(in bytes: [UInt8]) -> Int? {
        var lone: Int? = nil
        bytes.withUnsafeBufferPointer { buffer in
            forEach(0x0D, in: buffer) { i in
                if i + 1 == buffer.count || buffer[i + 1] != 0x0A { lone = i }
                return lone == nil
            }
        }
        return lone
    }

    /// 1-based line and 1-based byte column of `offset`.
    public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if Int(lineStarts[mid]) <= offset { lo = mid } else { hi = mid - 1 }
        }
        return (lo + 1, offset - Int(lineStarts[lo]) + 1)
    }

    /// The text of 1-based line `line`, without its newline (invalid UTF-8 repaired).
    public func lineText(_ line: Int) -> String {
        guard line >= 1 && line <= lineStarts.count else { return "" }
        let start = Int(lineStarts[line - 1])
        var end = line < lineStarts.count ? Int(lineStarts[line]) - 1 : bytes.count
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// The printable location of `offset`.
    public func location(of offset: Int) -> SourceLocation {
        let (l, c) = lineAndColumn(of: offset)
        return SourceLocation(path: displayPath, line: l, column: c)
    }

    /// The path as messages show it: standard input (`-`) is `<stdin>`, as compilers name it.
    public var displayPath: String { path == "-" ? "<stdin>" : path }
}

/// Every file of one compilation, addressed by ``FileID``, in layering order.
public struct SourceManager: Sendable {
    public private(set) var files: [SourceFile] = []
    public init() {}

    /// Adds a file and returns its id; later files layer over earlier ones.
    @discardableResult
    public mutating func add(_ file: SourceFile) -> FileID {
        files.append(file)
        return FileID(files.count - 1)
    }

    public subscript(id: FileID) -> SourceFile { files[id.index] }

    /// The printable location of the start of `range`.
    public func location(of range: SourceRange) -> SourceLocation {
        files[range.file.index].location(of: range.start)
    }

    /// Frees the text (and line table) of every file that none of `diagnostics` refers to,
    /// by its range, a note's or a fix-it's; each keeps its path. For a tool that has what
    /// it needs from a compilation but its diagnostics: the source of a large keymap is
    /// otherwise held, unread, through the emit.
    mutating func freeText(exceptFilesOf diagnostics: [Diagnostic]) {
        var shown = Set<Int>()
        for d in diagnostics {
            shown.insert(d.range.file.index)
            for n in d.notes { if let r = n.range { shown.insert(r.file.index) } }
            for f in d.fixIts { shown.insert(f.range.file.index) }
        }
        for i in files.indices where !shown.contains(i) && !files[i].bytes.isEmpty {
            files[i] = SourceFile(path: files[i].path, bytes: [])
        }
    }
}
