/// A place in the text: a 0-based line and a 0-based column counted in characters.
struct Position: Hashable, Comparable, Sendable, CustomStringConvertible {
    var line: Int
    var column: Int

    static func < (a: Position, b: Position) -> Bool {
        a.line < b.line || (a.line == b.line && a.column < b.column)
    }

    /// `line:column`, both 1-based, as editors print them.
    var description: String { "\(line + 1):\(column + 1)" }
}

/// The text being edited: lines, a cursor, an optional selection anchor and an undo history.
/// The lines are the file's bytes split at line ends (``TextLines``): a line is decoded only
/// when it is shown, searched, edited or holds the cursor, so a large file opens in one pass
/// over its bytes, and saving writes back every byte not edited. Pure value type: every edit
/// is a method, nothing here knows about keys, terminals or keymaps, so it is tested on its own.
struct Buffer: Sendable, Equatable {
    /// The lines, without their endings; never empty (an empty text is one empty line).
    private(set) var lines: TextLines
    /// Where the cursor is; always a valid position (column may equal the line's length).
    private(set) var cursor = Position(line: 0, column: 0) {
        didSet { if cursor.line != oldValue.line { lines.decode(cursor.line) } }
    }
    /// The other end of the selection, when one is being made.
    private(set) var anchor: Position?
    /// The column vertical moves try to keep.
    private var goalColumn: Int?

    /// One replacement of stored lines: `count` lines at `start` replaced `old`.
    private struct Change: Sendable, Equatable {
        var start: Int
        var old: [TextLine]
        var count: Int
    }
    /// One undo step: the changes of one edit (or one run of typing), in order, and where the
    /// cursor was before it.
    private struct Step: Sendable, Equatable {
        var changes: [Change] = []
        var cursor: Position
    }
    private var undoStack: [Step] = []
    private var redoStack: [Step] = []
    /// Whether the last edit was typing that later typing may merge into (one undo step per run).
    private var typingRun = false

    /// The most undo steps kept.
    static let undoLimit = 500

    /// A buffer over a file's bytes (nothing is decoded but the first line).
    init(bytes: [UInt8]) {
        lines = TextLines(bytes: bytes)
        lines.decode(0)
    }

    /// A buffer holding `text` (lines split at LF, CRLF and CR).
    init(text: String = "") {
        self.init(bytes: Array(text.utf8))
    }

    /// The whole text, lines joined with newlines.
    var text: String { lines.text }

    /// The bytes a save writes: the lines not edited as read, endings and final newline kept.
    var bytes: [UInt8] { lines.bytes }

    /// The number of lines (at least 1).
    var lineCount: Int { lines.count }

    /// The text of line `i`, or "" outside the buffer.
    func line(_ i: Int) -> String { lines.indices.contains(i) ? lines.string(i) : "" }

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    // MARK: - Selection

    /// Whether a non-empty selection exists.
    var hasSelection: Bool { anchor != nil && anchor != cursor }

    /// The selected range (start inclusive, end exclusive), ordered; nil without a selection.
    /// `inclusive` adds the character under the far end, as vim's visual mode does.
    func selectionRange(inclusive: Bool = false) -> (start: Position, end: Position)? {
        guard let anchor else { return nil }
        if anchor == cursor && !inclusive { return nil }
        var (s, e) = anchor < cursor ? (anchor, cursor) : (cursor, anchor)
        if inclusive { e = step(e, by: 1) }
        return s == e ? nil : (s, e)
    }

    /// The selected text ("" without a selection).
    func selectedText(inclusive: Bool = false) -> String {
        guard let (s, e) = selectionRange(inclusive: inclusive) else { return "" }
        return text(from: s, to: e)
    }

    /// Starts a selection at the cursor if none is being made.
    mutating func beginSelection() { if anchor == nil { anchor = cursor } }

    /// Drops the selection, keeping the cursor.
    mutating func clearSelection() { anchor = nil }

    mutating func selectAll() {
        anchor = Position(line: 0, column: 0)
        cursor = endOfDocument
        typingRun = false
    }

    /// Selects `start..<end` with the cursor at the end.
    mutating func select(from start: Position, to end: Position) {
        anchor = clamp(start)
        cursor = clamp(end)
        goalColumn = nil
        typingRun = false
    }

    // MARK: - Motion

    /// The ways the cursor can move.
    enum Motion: Sendable, Equatable {
        case left, right, up, down
        case wordForward, wordBackward, endOfWord
        case lineStart, lineEnd, firstNonBlank
        case documentStart, documentEnd
        case firstLine, lastLine
        case pageUp(Int), pageDown(Int)
    }

    /// Moves the cursor. With `extend` the selection grows from its anchor; without, the
    /// selection is dropped (a left/right move collapses it to its start/end, as macOS does).
    mutating func move(_ motion: Motion, extend: Bool = false) {
        typingRun = false
        if extend { beginSelection() }
        else if let (s, e) = selectionRange(), motion == .left || motion == .right {
            cursor = motion == .left ? s : e
            anchor = nil
            goalColumn = nil
            return
        } else { anchor = nil }
        let vertical: Bool
        switch motion {
        case .up, .down, .pageUp, .pageDown: vertical = true
        default: vertical = false
        }
        if vertical { updateGoal() } else { goalColumn = nil }
        cursor = target(of: motion)
    }

    /// Where `motion` would put the cursor.
    func target(of motion: Motion) -> Position {
        let c = cursor
        switch motion {
        case .left: return step(c, by: -1)
        case .right: return step(c, by: 1)
        case .up: return vertical(by: -1)
        case .down: return vertical(by: 1)
        case .pageUp(let n): return vertical(by: -max(1, n))
        case .pageDown(let n): return vertical(by: max(1, n))
        case .wordForward: return nextWordStart(after: c)
        case .wordBackward: return previousWordStart(before: c)
        case .endOfWord: return wordEnd(after: c)
        case .lineStart: return Position(line: c.line, column: 0)
        case .lineEnd: return Position(line: c.line, column: lines[c.line].count)
        case .firstNonBlank: return Position(line: c.line, column: firstNonBlank(c.line))
        case .documentStart: return Position(line: 0, column: 0)
        case .documentEnd: return endOfDocument
        case .firstLine: return Position(line: 0, column: firstNonBlank(0))
        case .lastLine: return Position(line: lines.count - 1, column: firstNonBlank(lines.count - 1))
        }
    }

    /// Places the cursor (clamped), dropping the selection.
    mutating func setCursor(_ p: Position) {
        cursor = clamp(p)
        anchor = nil
        goalColumn = nil
        typingRun = false
    }

    /// Keeps the cursor on a character rather than past the end of its line, as vim's normal
    /// mode does (an empty line keeps column 0).
    mutating func keepCursorOnCharacter() {
        let length = lines[cursor.line].count
        if cursor.column >= length && cursor.column > 0 { cursor.column = max(0, length - 1) }
    }

    var endOfDocument: Position { Position(line: lines.count - 1, column: lines[lines.count - 1].count) }

    private mutating func updateGoal() { if goalColumn == nil { goalColumn = cursor.column } }

    private func vertical(by delta: Int) -> Position {
        let line = min(max(0, cursor.line + delta), lines.count - 1)
        if line == cursor.line {
            return delta < 0 ? Position(line: 0, column: 0) : Position(line: line, column: lines[line].count)
        }
        let goal = goalColumn ?? cursor.column
        return Position(line: line, column: min(goal, lines[line].count))
    }

    /// One character forwards or backwards, crossing line ends.
    func step(_ p: Position, by delta: Int) -> Position {
        if delta < 0 {
            if p.column > 0 { return Position(line: p.line, column: p.column - 1) }
            if p.line > 0 { return Position(line: p.line - 1, column: lines[p.line - 1].count) }
            return p
        }
        if p.column < lines[p.line].count { return Position(line: p.line, column: p.column + 1) }
        if p.line < lines.count - 1 { return Position(line: p.line + 1, column: 0) }
        return p
    }

    private enum CharClass { case space, word, punct }

    private func charClass(_ ch: Character) -> CharClass {
        if ch.isWhitespace { return .space }
        if ch.isLetter || ch.isNumber || ch == "_" { return .word }
        return .punct
    }

    /// The class of the character at `p`; a line end counts as space.
    private func classAt(_ p: Position) -> CharClass {
        guard lines.indices.contains(p.line), p.column < lines[p.line].count else { return .space }
        return charClass(lines[p.line][p.column])
    }

    private func firstNonBlank(_ line: Int) -> Int {
        guard lines.indices.contains(line) else { return 0 }
        return lines[line].firstIndex { !$0.isWhitespace } ?? lines[line].count
    }

    /// vim's `w`: the start of the next word (a run of word or of punctuation characters).
    func nextWordStart(after start: Position) -> Position {
        var p = start
        let end = endOfDocument
        let cls = classAt(p)
        if cls != .space {
            while p != end && p.line == start.line && classAt(p) == cls { p = step(p, by: 1) }
        }
        while p != end && classAt(p) == .space {
            let next = step(p, by: 1)
            // An empty line is a word of its own.
            if next.line != p.line && lines[next.line].isEmpty && next.line != start.line { return next }
            p = next
        }
        return p
    }

    /// vim's `b`: the start of the word before the cursor.
    func previousWordStart(before start: Position) -> Position {
        var p = start
        let origin = Position(line: 0, column: 0)
        if p == origin { return p }
        p = step(p, by: -1)
        while p != origin && classAt(p) == .space { p = step(p, by: -1) }
        let cls = classAt(p)
        while p != origin {
            let prev = step(p, by: -1)
            if prev.line != p.line || classAt(prev) != cls { break }
            p = prev
        }
        return p
    }

    /// vim's `e`: the last character of the current or next word.
    func wordEnd(after start: Position) -> Position {
        var p = step(start, by: 1)
        let end = endOfDocument
        while p != end && classAt(p) == .space { p = step(p, by: 1) }
        let cls = classAt(p)
        while p != end {
            let next = step(p, by: 1)
            if next.line != p.line || classAt(next) != cls { break }
            p = next
        }
        return p
    }

    private func clamp(_ p: Position) -> Position {
        let line = min(max(0, p.line), lines.count - 1)
        return Position(line: line, column: min(max(0, p.column), lines[line].count))
    }

    /// The text between two positions (`start` before `end`).
    func text(from start: Position, to end: Position) -> String {
        let s = clamp(start), e = clamp(end)
        guard s < e else { return "" }
        if s.line == e.line { return String(lines[s.line][s.column..<e.column]) }
        var out = String(lines[s.line][s.column...])
        for l in (s.line + 1)..<e.line { out += "\n" + String(lines[l]) }
        out += "\n" + String(lines[e.line][..<e.column])
        return out
    }

    // MARK: - Editing

    /// Starts an undo step for the edit about to be made (typing continues the current run's).
    private mutating func record(typing: Bool = false) {
        if typing && typingRun && !undoStack.isEmpty { return }
        undoStack.append(Step(cursor: cursor))
        if undoStack.count > Buffer.undoLimit { undoStack.removeFirst() }
        redoStack.removeAll()
        typingRun = typing
    }

    /// The one way lines change: the lines in `range` become `new`, recorded in the current
    /// undo step. A line replaced by the same characters it was read with stays as read, so
    /// its bytes (invalid UTF-8 included) are saved unchanged.
    private mutating func setLines(_ range: Range<Int>, to new: [TextLine]) {
        var new = new
        if range.count == 1 && new.count == 1 {
            // The line edited in place: it remembers the bytes it was read as, and is as read
            // again when its characters come back to theirs.
            let was = lines.storage[range.lowerBound]
            new[0].start = was.start
            new[0].end = was.end
            if was.start >= 0 && new[0].ending == was.ending && new[0].characters == lines.readCharacters(range.lowerBound) {
                new[0].edited = false
            }
        }
        let old = lines.stored(range)
        if old == new { return }
        lines.replaceStored(range, with: new)
        if !undoStack.isEmpty { undoStack[undoStack.count - 1].changes.append(Change(start: range.lowerBound, old: old, count: new.count)) }
    }

    /// Line `l`'s characters changed by `edit`, its ending kept.
    private mutating func modifyLine(_ l: Int, _ edit: (inout [Character]) -> Void) {
        var characters = lines[l]
        edit(&characters)
        setLines(l..<(l + 1), to: [TextLine(characters, ending: lines.ending(l))])
    }

    /// Applies `step`'s changes backwards (undo, or redo of an undone step); returns the step
    /// that reverses it.
    private mutating func apply(_ step: Step) -> Step {
        var inverse = Step(cursor: cursor)
        for change in step.changes.reversed() {
            let range = change.start..<(change.start + change.count)
            inverse.changes.append(Change(start: change.start, old: lines.stored(range), count: change.old.count))
            lines.replaceStored(range, with: change.old)
        }
        // Applied backwards in turn, these redo the changes in their first order.
        return inverse
    }

    /// Replaces `start..<end` with `text` (no undo record) and puts the cursor after it.
    private mutating func replace(from start: Position, to end: Position, with text: String) {
        let s = clamp(start), e = clamp(end)
        let before = Array(lines[s.line][..<s.column])
        let after = Array(lines[e.line][e.column...])
        var newLines: [TextLine] = []
        var current = before
        for ch in text {
            if ch == "\n" || ch == "\r\n" || ch == "\r" {
                // The first line split off keeps the first line's ending; lines typed between get the usual one.
                newLines.append(TextLine(current, ending: newLines.isEmpty ? lines.ending(s.line) : nil))
                current = []
            } else { current.append(ch) }
        }
        let cursorAfter = Position(line: s.line + newLines.count, column: current.count)
        current += after
        newLines.append(TextLine(current, ending: lines.ending(e.line)))
        setLines(s.line..<(e.line + 1), to: newLines)
        cursor = cursorAfter
        anchor = nil
        goalColumn = nil
    }

    /// Inserts text at the cursor, replacing the selection. `typing` merges consecutive
    /// typed text into one undo step.
    mutating func insert(_ text: String, typing: Bool = false) {
        record(typing: typing && !hasSelection)
        if let (s, e) = selectionRange() { replace(from: s, to: e, with: text) }
        else { replace(from: cursor, to: cursor, with: text) }
        if !typing { typingRun = false }
    }

    /// Deletes the selection, or the character before the cursor. Returns whether anything changed.
    @discardableResult
    mutating func deleteBackward() -> Bool {
        if deleteSelection() { return true }
        let s = step(cursor, by: -1)
        guard s != cursor else { return false }
        record()
        replace(from: s, to: cursor, with: "")
        return true
    }

    /// Deletes the selection, or the character after the cursor.
    @discardableResult
    mutating func deleteForward() -> Bool {
        if deleteSelection() { return true }
        let e = step(cursor, by: 1)
        guard e != cursor else { return false }
        record()
        replace(from: cursor, to: e, with: "")
        return true
    }

    /// Deletes the selection, or back to the start of the previous word.
    @discardableResult
    mutating func deleteWordBackward() -> Bool {
        if deleteSelection() { return true }
        let s = previousWordStart(before: cursor)
        guard s != cursor else { return false }
        record()
        replace(from: s, to: cursor, with: "")
        return true
    }

    /// Deletes from the cursor to `motion`'s target (either direction); returns the text removed.
    @discardableResult
    mutating func delete(to motion: Motion) -> String {
        let t = target(of: motion)
        let (s, e) = t < cursor ? (t, cursor) : (cursor, t)
        guard s != e else { return "" }
        let removed = text(from: s, to: e)
        record()
        replace(from: s, to: e, with: "")
        return removed
    }

    /// Deletes from the cursor to the start of the next word, within the line (vim's `dw`);
    /// returns the text removed.
    @discardableResult
    mutating func deleteWordForward() -> String {
        var t = nextWordStart(after: cursor)
        if t.line != cursor.line || t < cursor { t = Position(line: cursor.line, column: lines[cursor.line].count) }
        return deleteRange(cursor, t)
    }

    /// Deletes from the cursor to the end of its word or run of blanks (vim's `cw`); returns
    /// the text removed.
    @discardableResult
    mutating func deleteToEndOfWord() -> String {
        let line = lines[cursor.line]
        guard cursor.column < line.count else { return "" }
        let cls = charClass(line[cursor.column])
        var e = cursor.column
        while e < line.count && charClass(line[e]) == cls { e += 1 }
        return deleteRange(cursor, Position(line: cursor.line, column: e))
    }

    private mutating func deleteRange(_ s: Position, _ e: Position) -> String {
        guard s < e else { return "" }
        let removed = text(from: s, to: e)
        record()
        replace(from: s, to: e, with: "")
        return removed
    }

    /// Deletes the selected text; returns whether there was a selection.
    @discardableResult
    mutating func deleteSelection(inclusive: Bool = false) -> Bool {
        guard let (s, e) = selectionRange(inclusive: inclusive) else { return false }
        record()
        replace(from: s, to: e, with: "")
        cursor = clamp(cursor)
        return true
    }

    /// Deletes line `cursor.line` entirely; returns its text. The last line of a one-line
    /// buffer is emptied instead.
    @discardableResult
    mutating func deleteLine() -> String {
        let l = cursor.line
        let removed = String(lines[l])
        record()
        if lines.count == 1 { setLines(0..<1, to: [TextLine([], ending: lines.ending(0))]) }
        else { setLines(l..<(l + 1), to: []) }
        anchor = nil
        let line = min(l, lines.count - 1)
        cursor = Position(line: line, column: firstNonBlank(line))
        return removed
    }

    /// Inserts whole lines below (or above) the cursor's line and moves to the first of them.
    mutating func insertLines(_ text: String, below: Bool) {
        record()
        let new = Buffer(text: text).lines
        let at = below ? cursor.line + 1 : cursor.line
        setLines(at..<at, to: new.indices.map { TextLine(new[$0], ending: nil) })
        anchor = nil
        cursor = Position(line: at, column: firstNonBlank(at))
    }

    /// Opens an empty line below or above, keeping the current line's indentation.
    mutating func openLine(below: Bool) {
        let indent = Array(lines[cursor.line].prefix { $0 == " " || $0 == "\t" })
        record()
        let at = below ? cursor.line + 1 : cursor.line
        setLines(at..<at, to: [TextLine(indent, ending: nil)])
        anchor = nil
        cursor = Position(line: at, column: indent.count)
    }

    /// Joins the cursor's line with the next, separated by one space (vim's `J`).
    @discardableResult
    mutating func joinLines() -> Bool {
        let l = cursor.line
        guard l + 1 < lines.count else { return false }
        record()
        var left = lines[l]
        while let last = left.last, last == " " || last == "\t" { left.removeLast() }
        let right = Array(lines[l + 1].drop { $0 == " " || $0 == "\t" })
        let column = left.count
        let joined = left + (left.isEmpty || right.isEmpty ? [] : [" "]) + right
        setLines(l..<(l + 2), to: [TextLine(joined, ending: lines.ending(l + 1))])
        anchor = nil
        cursor = Position(line: l, column: column)
        return true
    }

    /// The lines the selection touches, or the cursor's line.
    var affectedLines: ClosedRange<Int> {
        guard let (s, e) = selectionRange() else { return cursor.line...cursor.line }
        let last = e.column == 0 && e.line > s.line ? e.line - 1 : e.line
        return s.line...last
    }

    /// Adds `unit` at the start of each affected line.
    mutating func indent(_ unit: String = "    ") {
        record()
        let add = Array(unit)
        for l in affectedLines { modifyLine(l) { $0 = add + $0 } }
        shiftColumns(in: affectedLines, by: add.count)
    }

    /// Removes up to one `unit` of leading blanks from each affected line.
    mutating func outdent(_ unit: String = "    ") {
        record()
        for l in affectedLines {
            let blanks = lines[l].prefix { $0 == " " }.count
            let n = lines[l].first == "\t" ? 1 : min(blanks, unit.count)
            modifyLine(l) { $0.removeFirst(n) }
            if cursor.line == l { cursor.column = max(0, cursor.column - n) }
            if let a = anchor, a.line == l { anchor = Position(line: l, column: max(0, a.column - n)) }
        }
    }

    private mutating func shiftColumns(in range: ClosedRange<Int>, by n: Int) {
        if range.contains(cursor.line) { cursor.column += n }
        if let a = anchor, range.contains(a.line) { anchor = Position(line: a.line, column: a.column + n) }
    }

    /// How a comment edit changes the affected lines.
    enum CommentEdit: Sendable { case toggle, add, remove }

    /// Adds, removes or toggles a line comment (`prefix` plus a space) on each affected line,
    /// after its indentation. Toggle removes when every non-blank line is commented.
    mutating func comment(_ edit: CommentEdit, prefix: String = "//") {
        let range = affectedLines
        let p = Array(prefix)
        func isCommented(_ l: Int) -> Bool {
            Array(lines[l].drop { $0 == " " || $0 == "\t" }.prefix(p.count)) == p
        }
        let nonBlank = range.filter { lines[$0].contains { !$0.isWhitespace } }
        let remove: Bool
        switch edit {
        case .add: remove = false
        case .remove: remove = true
        case .toggle: remove = !nonBlank.isEmpty && nonBlank.allSatisfy(isCommented)
        }
        let column = range.compactMap { l -> Int? in
            lines[l].contains { !$0.isWhitespace } ? firstNonBlank(l) : nil
        }.min() ?? 0
        record()
        for l in nonBlank {
            if remove {
                guard isCommented(l) else { continue }
                let at = firstNonBlank(l)
                var n = p.count
                if at + n < lines[l].count && lines[l][at + n] == " " { n += 1 }
                let removed = at..<(at + n)
                modifyLine(l) { $0.removeSubrange(removed) }
                if cursor.line == l && cursor.column > at { cursor.column = max(at, cursor.column - n) }
            } else {
                modifyLine(l) { $0.insert(contentsOf: p + [" "], at: column) }
                if cursor.line == l && cursor.column >= column { cursor.column += p.count + 1 }
            }
        }
        anchor = nil
        cursor = clamp(cursor)
    }

    // MARK: - Search

    /// The next (or previous) occurrence of `term` after (before) the cursor, wrapping around;
    /// with `includingCursor`, a match starting at the cursor counts as the next.
    func find(_ term: String, forward: Bool = true, includingCursor: Bool = false) -> Position? {
        let needle = Array(term)
        guard !needle.isEmpty, !needle.contains("\n") else { return nil }
        // An ASCII term's bytes occur in every line that holds it: lines without them are
        // skipped undecoded.
        let filter: [UInt8]? = term.utf8.allSatisfy { $0 < 0x80 } ? Array(term.utf8) : nil
        func columns(_ l: Int) -> [Int] {
            if let filter, !lines.mayContain(l, utf8: filter) { return [] }
            let line = lines[l]
            guard line.count >= needle.count else { return [] }
            return (0...(line.count - needle.count)).filter { c in
                line[c] == needle[0] && Array(line[c..<(c + needle.count)]) == needle
            }
        }
        let n = lines.count
        // Lines from the cursor's onwards (or backwards), wrapping around, the cursor's line
        // again last for the matches on its other side.
        for k in 0...n {
            let l = forward ? (cursor.line + k) % n : ((cursor.line - k) % n + n) % n
            let found = columns(l).map { Position(line: l, column: $0) }
            let hit: Position?
            if k == 0 {
                hit = forward ? found.first { $0 > cursor || (includingCursor && $0 == cursor) } : found.last { $0 < cursor }
            } else {
                hit = forward ? found.first : found.last
            }
            if let hit { return hit }
        }
        return nil
    }

    /// The word under (or just before) the cursor, if any.
    var wordAtCursor: String? {
        let line = lines[cursor.line]
        var s = min(cursor.column, line.count)
        if s == line.count || charClass(line[s]) != .word {
            guard s > 0, charClass(line[s - 1]) == .word else { return nil }
            s -= 1
        }
        var e = s
        while s > 0 && charClass(line[s - 1]) == .word { s -= 1 }
        while e < line.count && charClass(line[e]) == .word { e += 1 }
        return String(line[s..<e])
    }

    // MARK: - Undo

    /// Restores the text before the last edit; returns whether there was one.
    @discardableResult
    mutating func undo() -> Bool {
        guard let step = undoStack.popLast() else { return false }
        redoStack.append(apply(step))
        cursor = clamp(step.cursor)
        anchor = nil
        typingRun = false
        return true
    }

    /// Re-applies the last undone edit; returns whether there was one.
    @discardableResult
    mutating func redo() -> Bool {
        guard let step = redoStack.popLast() else { return false }
        undoStack.append(apply(step))
        cursor = clamp(step.cursor)
        anchor = nil
        typingRun = false
        return true
    }

    /// Ends the current typing run, so the next typed text is its own undo step.
    mutating func breakTypingRun() { typingRun = false }
}
