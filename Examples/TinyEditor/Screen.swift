import BindingLang

/// What one frame shows, gathered by the session from the model and the dispatcher.
struct ScreenContent {
    var buffer: Buffer
    /// Whether the selection includes the character under the cursor (vim's visual mode).
    var inclusiveSelection = false
    var fileName: String
    var dirty: Bool
    var keymapName: String
    /// The mode or state shown at the left of the status line (`NORMAL`, `INSERT`, `EDIT`, `READ-ONLY`).
    var modeLabel: String
    /// The editor's own keys, listed in the status line (`F1 keys  F3 keymap  ^Q quit`).
    var appKeys: String
    /// The last message, shown on the bottom line when no sequence is pending.
    var message: String
    /// The pending-sequence hint (`ctrl+k …  c: Add Line Comment  u: Remove Line Comment`).
    var pendingHint: String?
    /// The discoverability overlay's lines, when it is shown.
    var overlay: [String]?
}

/// Draws frames on a terminal with ANSI escapes, scrolling to keep the cursor visible.
/// Rendering is a pure function of the content and the window size (plus the scroll offset
/// kept here), so it is tested without a terminal.
struct Screen {
    /// The first buffer line shown and the first column shown.
    private(set) var top = 0
    private(set) var left = 0

    static let esc = "\u{1B}["

    /// The escape sequence that draws `content` on a `rows`×`columns` window.
    mutating func render(_ content: ScreenContent, rows: Int, columns: Int) -> String {
        let rows = max(3, rows), columns = max(10, columns)
        let textRows = rows - 2
        let buffer = content.buffer
        let cursor = buffer.cursor
        if cursor.line < top { top = cursor.line }
        if cursor.line >= top + textRows { top = cursor.line - textRows + 1 }
        if cursor.column < left { left = cursor.column }
        if cursor.column >= left + columns { left = cursor.column - columns + 1 }
        let selection = buffer.selectionRange(inclusive: content.inclusiveSelection)

        var out = "\(Screen.esc)?25l\(Screen.esc)H"
        for row in 0..<textRows {
            out += "\(Screen.esc)\(row + 1);1H"
            let l = top + row
            if l < buffer.lineCount {
                out += drawLine(Array(buffer.line(l)), line: l, selection: selection, columns: columns)
            } else {
                out += "\(Screen.esc)2m~\(Screen.esc)0m"
            }
            out += "\(Screen.esc)K"
        }
        if let overlay = content.overlay {
            out += drawOverlay(overlay, textRows: textRows, columns: columns)
        }
        out += "\(Screen.esc)\(rows - 1);1H\(Screen.esc)7m"
        out += Screen.fit(statusLine(content, columns: columns), columns)
        out += "\(Screen.esc)0m\(Screen.esc)\(rows);1H"
        if let hint = content.pendingHint {
            out += "\(Screen.esc)1m" + Screen.fit(hint, columns) + "\(Screen.esc)0m"
        } else {
            out += Screen.fit(content.message, columns)
        }
        out += "\(Screen.esc)K"
        let cursorRow = cursor.line - top + 1
        // Terminal cells, not characters: a wide character (CJK, emoji) takes two.
        let cursorLine = Array(buffer.line(cursor.line))
        let shown = cursorLine[min(left, cursorLine.count)..<min(max(left, cursor.column), cursorLine.count)]
        let cursorColumn = shown.reduce(1) { $0 + DiagnosticRenderer.width(of: $1) } + max(0, cursor.column - max(left, cursorLine.count))
        out += "\(Screen.esc)\(cursorRow);\(cursorColumn)H\(Screen.esc)?25h"
        return out
    }

    private func drawLine(
        _ chars: [Character], line: Int, selection: (start: Position, end: Position)?, columns: Int
    ) -> String {
        var out = ""
        var inverse = false
        let end = min(chars.count, left + columns)
        if left < end {
            for c in left..<end {
                let p = Position(line: line, column: c)
                let selected = selection.map { p >= $0.start && p < $0.end } ?? false
                if selected != inverse {
                    out += selected ? "\(Screen.esc)7m" : "\(Screen.esc)0m"
                    inverse = selected
                }
                let ch = chars[c]
                out += ch == "\t" || ch.isNewline || (ch.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) ? " " : String(ch)
            }
        }
        // A selected line end shows as one highlighted space.
        if let s = selection, chars.count >= left, chars.count < left + columns,
            Position(line: line, column: chars.count) >= s.start, Position(line: line, column: chars.count) < s.end
        {
            if !inverse { out += "\(Screen.esc)7m"; inverse = true }
            out += " "
        }
        if inverse { out += "\(Screen.esc)0m" }
        return out
    }

    /// The overlay, boxed at the top right of the text area; a list taller than the window
    /// flows into more columns.
    private func drawOverlay(_ lines: [String], textRows: Int, columns: Int) -> String {
        let perColumn = max(1, textRows - 2)
        let available = max(10, columns - 4)
        let longest = max(12, lines.map(\.count).max() ?? 0)
        let needed = max(1, (lines.count + perColumn - 1) / perColumn)
        // As many columns as the list needs, narrowed (titles cut) down to 30 characters.
        let fitted = (available - 3 * (needed - 1)) / needed
        let colWidth = min(available, longest, max(30, fitted))
        let shownColumns = max(1, min(needed, (available + 3) / (colWidth + 3)))
        var cells = Array(lines.prefix(shownColumns * perColumn))
        if cells.count < lines.count, !cells.isEmpty {
            cells[cells.count - 1] = "… \(lines.count - cells.count + 1) more"
        }
        let cols: [[String]] = stride(from: 0, to: max(1, cells.count), by: perColumn).map {
            Array(cells[min($0, cells.count)..<min(cells.count, $0 + perColumn)])
        }
        let inner = cols.count * colWidth + (cols.count - 1) * 3
        let width = inner + 4
        let x = max(1, columns - width + 1)
        var rows = ["┌" + String(repeating: "─", count: width - 2) + "┐"]
        for r in 0..<(cols.map(\.count).max() ?? 0) {
            let row = cols.map { r < $0.count ? Screen.fit($0[r], colWidth) : Screen.pad("", colWidth) }
            rows.append("│ " + row.joined(separator: " │ ") + " │")
        }
        rows.append("└" + String(repeating: "─", count: width - 2) + "┘")
        var out = ""
        for (i, row) in rows.enumerated() where i < textRows {
            out += "\(Screen.esc)\(i + 1);\(x)H" + row
        }
        return out
    }

    /// ` NORMAL  notes.txt [+]  3:5 …  Vim │ F1 keys  F3 keymap  F4 read-only  ^Q quit `, fitted:
    /// when the window is narrow the file name goes first, then the position.
    func statusLine(_ c: ScreenContent, columns: Int) -> String {
        let name = c.fileName.split(separator: "/").last.map(String.init) ?? c.fileName
        let position = "\(c.buffer.cursor.line + 1):\(c.buffer.cursor.column + 1)"
        let right = "\(c.keymapName) │ \(c.appKeys) "
        for left in [
            " \(c.modeLabel)  \(name)\(c.dirty ? " [+]" : "")  \(position)",
            " \(c.modeLabel)  \(position)", " \(c.modeLabel)",
        ] {
            let gap = columns - left.count - right.count
            if gap >= 1 { return left + String(repeating: " ", count: gap) + right }
        }
        return " \(c.modeLabel)  " + right
    }

    /// `text` cut or padded to exactly `width` characters.
    static func fit(_ text: String, _ width: Int) -> String { pad(String(text.prefix(width)), width) }

    static func pad(_ text: String, _ width: Int) -> String {
        let t = String(text.prefix(width))
        return t + String(repeating: " ", count: max(0, width - t.count))
    }
}
