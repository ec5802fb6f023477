/// How a line ended in the file: LF, CRLF, a lone CR (old Mac files), or not at all (the last
/// line of a file without a final newline).
enum LineEnding: UInt8, Sendable, Equatable {
    case lf, crlf, cr, none

    /// The bytes of the ending.
    var bytes: [UInt8] {
        switch self {
        case .lf: return [0x0A]
        case .crlf: return [0x0D, 0x0A]
        case .cr: return [0x0D]
        case .none: return []
        }
    }
}

/// One line of the buffer. A line read from the file and not edited is only a byte range into
/// the file's bytes (decoded when it is shown, searched or edited), so opening a file costs one
/// pass over its bytes; saving writes those bytes back as read, invalid UTF-8 included. An
/// edited line holds its characters.
struct TextLine: Sendable, Equatable {
    /// The line's bytes in the file as read, without the ending (`start < 0` for a line the
    /// user added); an edited line keeps them, to become as read again when its characters
    /// return to what was read.
    var start: Int
    var end: Int
    /// Whether the characters differ from the bytes read (or the line was added).
    var edited: Bool
    /// The characters, once decoded (the cursor's line) or edited; nil while only the bytes
    /// are known.
    var characters: [Character]?
    /// The ending read with the line; nil for a line the user added (it gets the file's usual
    /// ending).
    var ending: LineEnding?

    /// An edited or added line.
    init(_ characters: [Character], ending: LineEnding?) {
        start = -1
        end = -1
        edited = true
        self.characters = characters
        self.ending = ending
    }

    /// A line as read: `range` of the file's bytes.
    init(bytes range: Range<Int>, ending: LineEnding) {
        start = range.lowerBound
        end = range.upperBound
        edited = false
        characters = nil
        self.ending = ending
    }

    /// Whether the line is still the bytes read from the file.
    var isAsRead: Bool { start >= 0 && !edited }
}

/// The buffer's lines over the file's bytes: a collection of character arrays whose unedited
/// lines decode on access. Splits at LF, CRLF and lone CR; keeps each line's ending, whether
/// the file ended with a newline and its most common ending, so ``bytes`` gives back every byte
/// the user did not edit.
struct TextLines: RandomAccessCollection, Sendable, Equatable {
    /// The file's bytes as read (shared, never changed).
    let source: [UInt8]
    /// The lines; never empty (an empty text is one empty line).
    private(set) var storage: [TextLine]
    /// Whether the file ended with a line ending (an empty file counts as yes: text typed into
    /// it gets a final newline).
    let endsWithNewline: Bool
    /// The most common ending in the file (LF when it has none): what added lines get.
    let usualEnding: LineEnding

    /// Splits `bytes` into lines: one pass, nothing decoded.
    init(bytes: [UInt8]) {
        var lines: [TextLine] = []
        var counts = [0, 0, 0]  // lf, crlf, cr
        var start = 0
        bytes.withUnsafeBufferPointer { b in
            let n = b.count
            var i = 0
            while i < n {
                let byte = b[i]
                if byte == 0x0A {
                    lines.append(TextLine(bytes: start..<i, ending: .lf))
                    counts[0] += 1
                    i += 1
                    start = i
                } else if byte == 0x0D {
                    if i + 1 < n && b[i + 1] == 0x0A {
                        lines.append(TextLine(bytes: start..<i, ending: .crlf))
                        counts[1] += 1
                        i += 2
                    } else {
                        lines.append(TextLine(bytes: start..<i, ending: .cr))
                        counts[2] += 1
                        i += 1
                    }
                    start = i
                } else {
                    i += 1
                }
            }
        }
        endsWithNewline = bytes.isEmpty || start == bytes.count && !lines.isEmpty
        if start < bytes.count || lines.isEmpty {
            lines.append(TextLine(bytes: start..<bytes.count, ending: .none))
        }
        source = bytes
        storage = lines
        if counts[1] > counts[0] && counts[1] >= counts[2] { usualEnding = .crlf }
        else if counts[2] > counts[0] && counts[2] > counts[1] { usualEnding = .cr }
        else { usualEnding = .lf }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count }

    /// The characters of line `i` (decoded now if the line is as read).
    subscript(i: Int) -> [Character] {
        storage[i].characters ?? Array(string(i))
    }

    /// The text of line `i`, invalid UTF-8 shown as U+FFFD.
    func string(_ i: Int) -> String {
        let line = storage[i]
        if let characters = line.characters { return String(characters) }
        return String(decoding: source[line.start..<line.end], as: UTF8.self)
    }

    /// The characters line `i` was read as (nil for a line the user added).
    func readCharacters(_ i: Int) -> [Character]? {
        let line = storage[i]
        guard line.start >= 0 else { return nil }
        if !line.edited, let characters = line.characters { return characters }
        return Array(String(decoding: source[line.start..<line.end], as: UTF8.self))
    }

    /// The UTF-8 bytes of line `i` as they would be written (the bytes read, for a line as read).
    func utf8(_ i: Int) -> ArraySlice<UInt8> {
        let line = storage[i]
        if line.isAsRead { return source[line.start..<line.end] }
        return ArraySlice(String(line.characters ?? []).utf8)
    }

    /// Whether line `i` may contain `needle` (its UTF-8 bytes occur in the line's bytes): a
    /// fast filter before decoding a line to search it.
    func mayContain(_ i: Int, utf8 needle: [UInt8]) -> Bool {
        let line = storage[i]
        guard line.isAsRead, !needle.isEmpty else { return true }
        return source.withUnsafeBufferPointer { b in
            let count = line.end - line.start
            guard count >= needle.count else { return false }
            let first = needle[0]
            var k = line.start
            let last = line.end - needle.count
            while k <= last {
                if b[k] == first {
                    var j = 1
                    while j < needle.count && b[k + j] == needle[j] { j += 1 }
                    if j == needle.count { return true }
                }
                k += 1
            }
            return false
        }
    }

    /// The lines in `range`, as stored (for undo).
    func stored(_ range: Range<Int>) -> [TextLine] { Array(storage[range]) }

    /// Replaces the stored lines in `range` (undo puts back what it saved).
    mutating func replaceStored(_ range: Range<Int>, with lines: [TextLine]) {
        storage.replaceSubrange(range, with: lines)
    }

    /// Decodes line `i` and keeps its characters (the line stays as read for saving), so the
    /// cursor's line is decoded once, not at every character a motion looks at.
    mutating func decode(_ i: Int) {
        guard storage.indices.contains(i), storage[i].characters == nil else { return }
        storage[i].characters = Array(string(i))
    }

    /// The ending line `i` had when read (nil for a line the user added).
    func ending(_ i: Int) -> LineEnding? { storage[i].ending }

    /// The file's bytes for the lines: lines as read are their bytes, edited lines their UTF-8;
    /// each line but the last ends with its own ending (the usual one for added lines), and
    /// the last one with a newline when the file had one. An empty file left empty stays empty.
    var bytes: [UInt8] {
        if source.isEmpty && storage.count == 1 && (storage[0].characters ?? []).isEmpty { return [] }
        var out: [UInt8] = []
        out.reserveCapacity(source.count + 64)
        for i in storage.indices {
            out += utf8(i)
            let isLast = i == storage.count - 1
            if isLast && !endsWithNewline { break }
            let ending = storage[i].ending ?? usualEnding
            out += (ending == .none ? usualEnding : ending).bytes
        }
        return out
    }

    /// The lines joined with `\n`, as text.
    var text: String {
        var out: [UInt8] = []
        out.reserveCapacity(source.count + 64)
        for i in storage.indices {
            if i > 0 { out.append(0x0A) }
            out += utf8(i)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
