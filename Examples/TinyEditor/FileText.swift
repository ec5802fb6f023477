/// A file's bytes as the editor's lines, and the way back: writing edited lines keeps every
/// byte the user did not edit. Lines end at LF; each keeps its own ending (LF or CRLF), its
/// raw bytes (so invalid UTF-8 survives in lines not edited), and the file keeps whether it
/// ended with a newline. Lines the user added or changed get the file's usual ending.
struct FileText: Sendable, Equatable {
    struct Line: Sendable, Equatable {
        /// The line as the buffer shows it (invalid UTF-8 as U+FFFD), without its ending.
        var text: String
        /// The bytes of the line as read, without its ending.
        var raw: [UInt8]
        /// `\n`, `\r\n`, or empty for a last line without a newline.
        var ending: [UInt8]
    }

    private(set) var lines: [Line]
    /// Whether the file ended with a newline (text typed into an empty file gets one).
    private(set) var endsWithNewline: Bool
    /// The ending of most lines: what added lines get.
    private(set) var usualEnding: [UInt8]

    init(bytes: [UInt8]) {
        var lines: [Line] = []
        var crlf = 0, lf = 0
        var start = 0
        let count = bytes.count
        var i = 0
        while i < count {
            if bytes[i] == 0x0A {
                var end = i
                if end > start && bytes[end - 1] == 0x0D { end -= 1; crlf += 1 } else { lf += 1 }
                let raw = Array(bytes[start..<end])
                lines.append(Line(text: String(decoding: raw, as: UTF8.self), raw: raw, ending: Array(bytes[end...i])))
                start = i + 1
            }
            i += 1
        }
        endsWithNewline = count > 0 && start == count
        if start < count || lines.isEmpty {
            let raw = Array(bytes[start...])
            lines.append(Line(text: String(decoding: raw, as: UTF8.self), raw: raw, ending: []))
        }
        self.lines = lines
        usualEnding = crlf > lf ? [0x0D, 0x0A] : [0x0A]
    }

    /// The text for the buffer: the lines joined with `\n`.
    var text: String { lines.map(\.text).joined(separator: "\n") }

    /// The bytes to write for the buffer's `edited` lines: a line equal to the original line
    /// at its index (or else to some original line) is written with that line's bytes and
    /// ending; any other line as UTF-8 with the usual ending. The last line ends with a
    /// newline when the file did.
    func bytes(for edited: [String]) -> [UInt8] {
        // An empty file left empty stays empty (a new file's first text gets a final newline).
        if edited == [""] && lines.count == 1 && lines[0].raw.isEmpty && lines[0].ending.isEmpty && !endsWithNewline { return [] }
        var firstIndex: [String: Int] = [:]
        var out: [UInt8] = []
        for (k, line) in edited.enumerated() {
            var original: Line? = nil
            if k < lines.count && lines[k].text == line {
                original = lines[k]
            } else {
                if firstIndex.isEmpty {
                    for (j, l) in lines.enumerated().reversed() { firstIndex[l.text] = j }
                }
                original = firstIndex[line].map { lines[$0] }
            }
            out += original?.raw ?? Array(line.utf8)
            let isLast = k == edited.count - 1
            if !isLast || endsWithNewline || (lines.count == 1 && lines[0].raw.isEmpty && !line.isEmpty) {
                let ending = original?.ending ?? []
                out += ending.isEmpty ? usualEnding : ending
            }
        }
        return out
    }
}
