import BindingLang

/// One open document: its URI, the version the client gave it, and its text as UTF-8 bytes
/// with a table of line starts for converting between the compiler's byte offsets and the
/// protocol's line/UTF-16 positions.
///
/// Lines end at `\n`, `\r\n` and a lone `\r`, as the protocol counts them. The compiler reads
/// a lone `\r` as white space (Grammar.md §1), so the text it is given, ``compilerBytes``,
/// has each lone `\r` turned into `\n`: the same length, so byte offsets agree, and the same
/// lines as the editor shows (``Analysis`` warns that `bindc` would read such a file otherwise).
public struct TextDocument: Sendable {
    /// The client's URI for the document.
    public let uri: String
    /// The file system path the URI names (the URI itself when it is not a `file:` URI); it is
    /// what diagnostics and layering use.
    public let path: String
    /// The client's version number.
    public var version: Int
    /// The text, always valid UTF-8 (the protocol carries JSON strings).
    public private(set) var bytes: [UInt8]
    /// Byte offset of the first byte of each line (lines end at `\n`, `\r\n` or `\r`).
    public private(set) var lineStarts: [Int]
    /// UTF-16 code units of the text before each block of ``blockSize`` bytes: the column of
    /// an offset costs at most two blocks' bytes, however long its line (a minified keymap's
    /// one line made semantic tokens and diagnostics quadratic).
    private var unitsBeforeBlock: [Int]
    /// Bytes per entry of ``unitsBeforeBlock``.
    private static let blockSize = 64

    public init(uri: String, version: Int, text: [UInt8]) {
        self.uri = uri
        self.path = DocumentURI.path(of: uri)
        self.version = version
        self.bytes = text
        self.lineStarts = TextDocument.lineStarts(of: text)
        self.unitsBeforeBlock = []
        indexUnits(fromBlock: 0)
    }

    /// The document as a compiler source file (its ``compilerBytes``).
    public var sourceFile: SourceFile { SourceFile(path: path, bytes: compilerBytes) }

    /// The text as the compiler is given it: each lone `\r` becomes `\n`.
    public var compilerBytes: [UInt8] { Self.compilerBytes(bytes) }

    /// `bytes` with each `\r` that no `\n` follows turned into `\n` (offsets unchanged).
    public static func compilerBytes(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = firstLoneCarriageReturn(in: bytes) else { return bytes }
        var out = bytes
        for i in first..<out.count where out[i] == 0x0D && (i + 1 == out.count || out[i + 1] != 0x0A) { out[i] = 0x0A }
        return out
    }

    /// The offset of the first `\r` that no `\n` follows, if any.
    public static func firstLoneCarriageReturn(in bytes: [UInt8]) -> Int? {
        SourceFile.firstLoneCarriageReturn(in: bytes)
    }

    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        appendLineStarts(of: bytes, from: 0, to: &starts)
        return starts
    }

    /// Appends the start of every line that begins after offset `from` (the bytes before are
    /// indexed): after each `\n`, and after each `\r` that no `\n` follows.
    private static func appendLineStarts(of bytes: [UInt8], from: Int, to starts: inout [Int]) {
        var i = from
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A || (b == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) { starts.append(i + 1) }
            i += 1
        }
    }

    /// Byte offset one past the last byte of line `line`'s text (before `\r\n`, `\n` or `\r`).
    private func lineEnd(_ line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        var end = lineStarts[line + 1] - 1  // the line's terminator, or its last byte
        if bytes[end] == 0x0A && end > lineStarts[line] && bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    // MARK: - Positions

    /// The byte offset of `position`, or nil when its line is past the last. A character past
    /// the end of its line means the end of the line (LSP 3.17, Position: it "defaults back
    /// to the line length").
    public func offset(of position: Position) -> Int? {
        guard position.line < lineStarts.count else { return nil }
        return clampedOffset(of: position)
    }

    /// The byte offset of `position`, clamped into the document (for edits, as the protocol
    /// asks: a character past the end of a line means the end of the line).
    public func clampedOffset(of position: Position) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let end = lineEnd(position.line)
        var offset = lineStarts[position.line]
        var units = 0
        while units < position.character && offset < end {
            let (length, width) = scalar(at: offset, end: end)
            offset += length
            units += width
        }
        return offset
    }

    /// The position of byte `offset` (clamped into the document). An offset inside a
    /// multi-byte character counts as the start of that character.
    public func position(of offset: Int) -> Position {
        var offset = max(0, min(offset, bytes.count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        // The text is valid UTF-8: back up to the start of the character `offset` is inside.
        while offset > lineStarts[lo] && offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
        return Position(line: lo, character: unitsBefore(offset) - unitsBefore(lineStarts[lo]))
    }

    /// UTF-16 code units of the text before `offset`, a character boundary.
    private func unitsBefore(_ offset: Int) -> Int {
        let block = offset / Self.blockSize
        var units = unitsBeforeBlock[block]
        for i in (block * Self.blockSize)..<offset { units += Self.units(startedBy: bytes[i]) }
        return units
    }

    /// UTF-16 code units of the character a byte of valid UTF-8 starts: 2 for a four-byte
    /// sequence, 0 for a continuation byte, 1 otherwise.
    @inline(__always)
    private static func units(startedBy b: UInt8) -> Int {
        b & 0xC0 == 0x80 ? 0 : b >= 0xF0 ? 2 : 1
    }

    /// Recomputes ``unitsBeforeBlock`` from block `first` on (the blocks before are indexed).
    private mutating func indexUnits(fromBlock first: Int) {
        let blocks = bytes.count / Self.blockSize + 1
        unitsBeforeBlock.removeSubrange(min(first, unitsBeforeBlock.count)...)
        var units = first == 0 ? 0 : unitsBeforeBlock[first - 1]
        var i = first == 0 ? 0 : (first - 1) * Self.blockSize
        if first == 0 { unitsBeforeBlock.append(0) }
        var block = max(first, 1)
        while block < blocks {
            let end = block * Self.blockSize
            while i < end { units += Self.units(startedBy: bytes[i]); i += 1 }
            unitsBeforeBlock.append(units)
            block += 1
        }
    }

    /// The protocol range of the bytes `start..<end`.
    public func range(_ start: Int, _ end: Int) -> Range {
        Range(start: position(of: start), end: position(of: max(start, end)))
    }

    /// The length in bytes and the width in UTF-16 code units of the character at `offset`
    /// (a byte that starts no valid UTF-8 sequence counts as one byte, one unit).
    private func scalar(at offset: Int, end: Int) -> (length: Int, width: Int) {
        let b = bytes[offset]
        let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
        guard offset + length <= end else { return (1, 1) }
        for k in 1..<max(1, length) where bytes[offset + k] & 0xC0 != 0x80 { return (1, 1) }
        return (length, length == 4 ? 2 : 1)
    }

    // MARK: - Editing

    /// Replaces the bytes `start..<end` with `text` (offsets clamped and ordered).
    public mutating func replace(_ start: Int, _ end: Int, with text: [UInt8]) {
        let s = max(0, min(start, bytes.count)), e = max(s, min(end, bytes.count))
        bytes.replaceSubrange(s..<e, with: text)
        // Re-index from the line before the edit's on: the edit may join a `\r` ending that
        // line with a `\n` it inserts, or part them.
        let firstLine = max(0, (lineStarts.lastIndex { $0 <= s } ?? 0) - 1)
        lineStarts.removeSubrange((firstLine + 1)...)
        Self.appendLineStarts(of: bytes, from: lineStarts[firstLine], to: &lineStarts)
        indexUnits(fromBlock: s / Self.blockSize + 1)
    }

    /// Applies one `TextDocumentContentChangeEvent`: a range and its new text, or (without a
    /// range) the whole new text.
    public mutating func apply(range: Range?, text: String) {
        guard let range else {
            bytes = Array(text.utf8)
            lineStarts = TextDocument.lineStarts(of: bytes)
            indexUnits(fromBlock: 0)
            return
        }
        replace(clampedOffset(of: range.start), clampedOffset(of: range.end), with: Array(text.utf8))
    }
}
