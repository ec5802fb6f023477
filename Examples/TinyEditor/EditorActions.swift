import BindingLang

/// The responders of the editor's chain, nearest first; each action belongs to one or more.
enum ResponderKind: String, Sendable, CaseIterable {
    case textView = "TextView"
    case findBar = "FindBar"
    case editor = "Editor"
    case panel = "Panel"
    case window = "Window"
    case app = "App"
}

/// One action the editor implements: who may perform it, whether it changes the text (and so
/// is refused while read-only), and what it does.
struct EditorAction: Sendable {
    let owners: Set<ResponderKind>
    let edits: Bool
    /// Whether a plain-text editor can do it at all (bold and italics: no).
    let supported: Bool
    let run: @Sendable (EditorModel, ArgumentValue) -> Void
}

/// Every action named in the example keymaps, standard ones included, keyed by name.
enum EditorActions {
    /// The action called `name`, if the editor implements it.
    static func named(_ name: String) -> EditorAction? { table[name] }

    /// Every implemented action name, sorted (for tests and `--list-actions`).
    static var names: [String] { table.keys.sorted() }

    private static func a(
        _ owners: Set<ResponderKind>, edits: Bool = false, supported: Bool = true,
        _ run: @escaping @Sendable (EditorModel, ArgumentValue) -> Void
    ) -> EditorAction {
        EditorAction(owners: owners, edits: edits, supported: supported, run: run)
    }

    private static func move(_ motion: Buffer.Motion, extend: Bool = false) -> EditorAction {
        a([.textView]) { m, _ in m.buffer.move(motion, extend: extend || m.extending) }
    }

    private static func note(_ owners: Set<ResponderKind>, _ text: @escaping @Sendable (EditorModel, ArgumentValue) -> String) -> EditorAction {
        a(owners) { m, arg in m.message = text(m, arg) }
    }

    private static func string(_ arg: ArgumentValue) -> String {
        if case .string(let s) = arg { return s }
        return ""
    }

    private static func int(_ arg: ArgumentValue) -> Int {
        if case .int(let i) = arg { return Int(clamping: i) }
        return 0
    }

    /// Puts the clipboard after the cursor (lines below the cursor's line when linewise).
    private static func put(_ m: EditorModel) {
        guard !m.clipboard.isEmpty else { return }
        if m.clipboardLinewise {
            m.buffer.insertLines(m.clipboard, below: true)
        } else {
            if m.modal && m.buffer.cursor.column < m.buffer.lines[m.buffer.cursor.line].count {
                m.buffer.move(.right)
            }
            m.buffer.insert(m.clipboard)
        }
        m.dirty = true
    }

    private static func copy(_ m: EditorModel, text: String, linewise: Bool) {
        m.clipboard = text
        m.clipboardLinewise = linewise
    }

    /// Finds the next match of the find term, selecting it (or moving to it in vim).
    private static func findAgain(_ m: EditorModel, forward: Bool, includingCursor: Bool = false) {
        guard !m.findTerm.isEmpty else { m.message = "nothing to find"; return }
        var probe = m.buffer
        if let (s, _) = probe.selectionRange() { probe.setCursor(s) }
        guard let hit = probe.find(m.findTerm, forward: forward, includingCursor: includingCursor) else {
            m.message = "not found: \(m.findTerm)"
            return
        }
        if m.modal {
            m.buffer.setCursor(hit)
        } else {
            m.buffer.select(from: hit, to: Position(line: hit.line, column: hit.column + m.findTerm.count))
        }
        m.message = "found \(m.findTerm) at \(hit)"
    }

    /// Uses the selection, or else the word at the cursor, as the find term.
    private static func takeFindTerm(_ m: EditorModel) {
        let selected = m.buffer.selectedText(inclusive: m.extending)
        if !selected.isEmpty && !selected.contains("\n") { m.findTerm = selected }
        else if let word = m.buffer.wordAtCursor { m.findTerm = word }
    }

    private static func enterNormal(_ m: EditorModel) {
        if m.mode == .insert && m.buffer.cursor.column > 0 { m.buffer.move(.left) }
        m.mode = .normal
        m.buffer.clearSelection()
        m.buffer.breakTypingRun()
    }

    private static func enterInsert(_ m: EditorModel) {
        m.mode = .insert
        m.buffer.clearSelection()
    }

    private static func togglePanel(_ m: EditorModel, _ name: String) {
        m.panel = (name == m.panel || name.isEmpty) ? "none" : name
    }

    private static let table: [String: EditorAction] = [
        // Movement and selection (text view).
        "moveLeft": move(.left), "moveRight": move(.right),
        "moveUp": move(.up), "moveDown": move(.down),
        "moveWordLeft": move(.wordBackward), "moveWordRight": move(.wordForward),
        "moveWordForward": move(.wordForward), "moveWordBackward": move(.wordBackward),
        "moveToEndOfWord": move(.endOfWord),
        "moveToBeginningOfLine": move(.lineStart), "moveToEndOfLine": move(.lineEnd),
        "moveToBeginningOfDocument": move(.documentStart), "moveToEndOfDocument": move(.documentEnd),
        "moveToFirstLine": move(.firstLine), "moveToLastLine": move(.lastLine),
        "pageUp": move(.pageUp(20)), "pageDown": move(.pageDown(20)),
        "extendLeft": move(.left, extend: true), "extendRight": move(.right, extend: true),
        "extendUp": move(.up, extend: true), "extendDown": move(.down, extend: true),
        "extendWordLeft": move(.wordBackward, extend: true), "extendWordRight": move(.wordForward, extend: true),
        "extendToBeginningOfLine": move(.lineStart, extend: true),
        "extendToEndOfLine": move(.lineEnd, extend: true),
        "selectAll": a([.textView]) { m, _ in m.buffer.selectAll() },
        "select": a([.textView]) { m, _ in
            if let w = m.buffer.wordAtCursor, let hit = m.buffer.find(w, forward: false) {
                m.buffer.select(from: hit, to: Position(line: hit.line, column: hit.column + w.count))
            }
        },

        // Editing (text view).
        "deleteBackward": a([.textView], edits: true) { m, _ in if m.buffer.deleteBackward() { m.dirty = true } },
        "deleteForward": a([.textView], edits: true) { m, _ in if m.buffer.deleteForward() { m.dirty = true } },
        "delete": a([.textView], edits: true) { m, _ in if m.buffer.deleteForward() { m.dirty = true } },
        "deleteWordBackward": a([.textView], edits: true) { m, _ in if m.buffer.deleteWordBackward() { m.dirty = true } },
        "insertNewline": a([.textView], edits: true) { m, _ in
            let indent = String(m.buffer.lines[m.buffer.cursor.line].prefix { $0 == " " || $0 == "\t" })
            m.buffer.insert("\n" + indent)
            m.dirty = true
        },
        "insertTab": a([.textView], edits: true) { m, _ in m.buffer.insert("    "); m.dirty = true },
        "indent": a([.textView], edits: true) { m, _ in m.buffer.indent(); m.dirty = true },
        "outdent": a([.textView], edits: true) { m, _ in m.buffer.outdent(); m.dirty = true },
        "undo": a([.textView], edits: true) { m, _ in
            if m.buffer.undo() { m.dirty = true } else { m.message = "nothing to undo" }
            if m.modal { m.mode = .normal }
        },
        "redo": a([.textView], edits: true) { m, _ in
            if m.buffer.redo() { m.dirty = true } else { m.message = "nothing to redo" }
        },
        "cut": a([.textView], edits: true) { m, _ in
            let text = m.buffer.selectedText()
            guard !text.isEmpty else { return }
            copy(m, text: text, linewise: false)
            m.buffer.deleteSelection()
            m.dirty = true
        },
        "copy": a([.textView]) { m, _ in
            let text = m.buffer.selectedText()
            if !text.isEmpty { copy(m, text: text, linewise: false) }
        },
        "paste": a([.textView], edits: true) { m, _ in
            guard !m.clipboard.isEmpty else { return }
            if m.clipboardLinewise && !m.buffer.hasSelection {
                m.buffer.move(.lineStart)
                m.buffer.insert(m.clipboard + "\n")
            } else { m.buffer.insert(m.clipboard) }
            m.dirty = true
        },
        "pasteAndMatchStyle": a([.textView], edits: true) { m, _ in
            if !m.clipboard.isEmpty { m.buffer.insert(m.clipboard); m.dirty = true }
        },
        // A plain-text view has no styles: these are never performable here, so the chain
        // search finds no performer and the binding is skipped.
        "toggleBoldface": a([.textView], supported: false) { _, _ in },
        "toggleItalics": a([.textView], supported: false) { _, _ in },
        "toggleUnderline": a([.textView], supported: false) { _, _ in },

        // Vim: modes and operators (the text view plays the Buffer role).
        "enterInsertMode": a([.textView], edits: true) { m, _ in enterInsert(m) },
        "appendAfterCursor": a([.textView], edits: true) { m, _ in
            enterInsert(m)
            if m.buffer.cursor.column < m.buffer.lines[m.buffer.cursor.line].count { m.buffer.move(.right) }
        },
        "appendAtEndOfLine": a([.textView], edits: true) { m, _ in enterInsert(m); m.buffer.move(.lineEnd) },
        "insertAtBeginningOfLine": a([.textView], edits: true) { m, _ in enterInsert(m); m.buffer.move(.firstNonBlank) },
        "openLineBelow": a([.textView], edits: true) { m, _ in enterInsert(m); m.buffer.openLine(below: true); m.dirty = true },
        "openLineAbove": a([.textView], edits: true) { m, _ in enterInsert(m); m.buffer.openLine(below: false); m.dirty = true },
        "enterNormalMode": a([.textView]) { m, _ in enterNormal(m) },
        "enterVisualMode": a([.textView]) { m, _ in m.mode = .visual; m.buffer.clearSelection(); m.buffer.beginSelection() },
        "deleteCharacter": a([.textView], edits: true) { m, _ in
            let p = m.buffer.cursor
            guard p.column < m.buffer.lines[p.line].count else { return }
            m.buffer.select(from: p, to: Position(line: p.line, column: p.column + 1))
            copy(m, text: m.buffer.selectedText(), linewise: false)
            m.buffer.deleteSelection()
            m.dirty = true
        },
        "deleteLine": a([.textView], edits: true) { m, _ in
            copy(m, text: m.buffer.deleteLine(), linewise: true)
            m.dirty = true
        },
        "deleteWord": a([.textView], edits: true) { m, _ in
            let removed = m.buffer.deleteWordForward()
            if !removed.isEmpty { copy(m, text: removed, linewise: false); m.dirty = true }
        },
        "changeWord": a([.textView], edits: true) { m, _ in
            let removed = m.buffer.deleteToEndOfWord()
            if !removed.isEmpty { copy(m, text: removed, linewise: false); m.dirty = true }
            enterInsert(m)
        },
        "deleteSelection": a([.textView], edits: true) { m, _ in
            let text = m.buffer.selectedText(inclusive: true)
            copy(m, text: text, linewise: false)
            m.buffer.deleteSelection(inclusive: true)
            m.mode = .normal
            m.dirty = true
        },
        "yankLine": a([.textView]) { m, _ in
            copy(m, text: m.buffer.line(m.buffer.cursor.line), linewise: true)
            m.message = "yanked 1 line"
        },
        "yankSelection": a([.textView]) { m, _ in
            let start = m.buffer.selectionRange(inclusive: true)?.start
            copy(m, text: m.buffer.selectedText(inclusive: true), linewise: false)
            m.mode = .normal
            if let start { m.buffer.setCursor(start) } else { m.buffer.clearSelection() }
        },
        "putAfter": a([.textView], edits: true) { m, _ in put(m) },
        "joinLines": a([.textView], edits: true) { m, _ in if m.buffer.joinLines() { m.dirty = true } },

        // Comments and code actions (the editor knows the language).
        "toggleComment": a([.editor], edits: true) { m, _ in m.buffer.comment(.toggle, prefix: m.commentPrefix); m.dirty = true },
        "toggleLineComment": a([.editor], edits: true) { m, _ in m.buffer.comment(.toggle, prefix: m.commentPrefix); m.dirty = true },
        "commentLine": a([.editor], edits: true) { m, _ in m.buffer.comment(.add, prefix: m.commentPrefix); m.dirty = true },
        "uncommentLine": a([.editor], edits: true) { m, _ in m.buffer.comment(.remove, prefix: m.commentPrefix); m.dirty = true },
        "formatDocument": a([.editor], edits: true) { m, _ in
            // Formatting, tiny-editor style: strip trailing blanks from every line.
            var changed = 0
            var lines: [String] = []
            for i in 0..<m.buffer.lineCount {
                let line = m.buffer.line(i)
                var trimmed = Substring(line)
                while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
                if trimmed.count != line.count { changed += 1 }
                lines.append(String(trimmed))
            }
            guard changed > 0 else { m.message = "already formatted"; return }
            let cursor = m.buffer.cursor
            m.buffer.selectAll()
            m.buffer.insert(lines.joined(separator: "\n"))
            m.buffer.setCursor(cursor)
            m.message = "formatted \(changed) lines"
            m.dirty = true
        },
        "organizeImports": a([.editor], edits: true) { m, _ in
            let imports = (0..<m.buffer.lineCount).map { m.buffer.line($0) }.prefix { $0.hasPrefix("import ") }
            guard imports.count > 1 else { return }
            let sorted = imports.sorted()
            guard sorted != Array(imports) else { return }
            m.buffer.select(from: Position(line: 0, column: 0), to: Position(line: imports.count - 1, column: imports.last?.count ?? 0))
            m.buffer.insert(sorted.joined(separator: "\n"))
            m.buffer.setCursor(Position(line: 0, column: 0))
            m.dirty = true
        },
        "goToDefinition": note([.editor]) { m, _ in "go to definition: \(m.buffer.wordAtCursor ?? "nothing here")" },
        "peekDefinition": note([.editor]) { m, _ in "peek definition: \(m.buffer.wordAtCursor ?? "nothing here")" },
        "renameSymbol": note([.editor]) { m, _ in "rename: \(m.buffer.wordAtCursor ?? "nothing here")" },
        "rename": note([.editor]) { m, _ in "rename: \(m.buffer.wordAtCursor ?? "nothing here")" },
        "foldAll": note([.editor]) { _, _ in "folded all regions" },
        "unfoldAll": note([.editor]) { _, _ in "unfolded all regions" },
        "define": note([.editor]) { m, _ in "define: \(m.buffer.wordAtCursor ?? "nothing here")" },

        // Find: the editor starts a search; the find bar (while open) and the editor step through it.
        "find": a([.editor]) { m, _ in
            takeFindTerm(m)
            m.findVisible = true
            findAgain(m, forward: true, includingCursor: true)
        },
        "useSelectionForFind": a([.editor]) { m, _ in takeFindTerm(m); m.message = "find: \(m.findTerm)" },
        "findNext": a([.findBar, .editor]) { m, _ in findAgain(m, forward: true) },
        "findPrevious": a([.findBar, .editor]) { m, _ in findAgain(m, forward: false) },
        "closeFind": a([.findBar]) { m, _ in m.findVisible = false },
        "searchForward": a([.editor]) { m, _ in
            m.buffer.clearSelection()
            takeFindTerm(m)
            findAgain(m, forward: true)
            if m.mode == .visual { m.mode = .normal }
        },
        "searchNext": a([.editor]) { m, _ in findAgain(m, forward: true) },
        "searchPrevious": a([.editor]) { m, _ in findAgain(m, forward: false) },

        // Documents.
        "saveDocument": a([.editor]) { m, _ in m.save() },
        "writeFile": a([.editor]) { m, _ in
            m.save()
            if !m.dirty { m.requestQuit() }
        },
        "saveDocumentAs": note([.editor]) { m, _ in "save as: not in tiny-editor (\(m.path ?? "untitled"))" },
        "print": note([.editor]) { m, _ in "print: \(m.buffer.lineCount) lines" },
        "duplicate": a([.editor], edits: true) { m, _ in
            m.buffer.insertLines(m.buffer.line(m.buffer.cursor.line), below: true)
            m.dirty = true
        },
        "share": note([.editor]) { m, _ in "share: \(m.path ?? "untitled")" },

        // The panel (IDE) closes itself; the window opens and switches panels.
        "togglePanel": a([.panel, .window]) { m, arg in togglePanel(m, string(arg)) },
        "toggleTerminal": a([.window]) { m, _ in togglePanel(m, "terminal") },

        // Window: tabs, sidebar, zoom, workbench commands.
        "selectTab": a([.window]) { m, arg in
            let n = int(arg)
            if n >= 1 && n <= m.tabCount { m.currentTab = n } else { m.message = "no tab \(n)" }
        },
        "nextTab": a([.window]) { m, _ in m.currentTab = m.currentTab % m.tabCount + 1 },
        "previousTab": a([.window]) { m, _ in m.currentTab = (m.currentTab + m.tabCount - 2) % m.tabCount + 1 },
        "closeTab": a([.window]) { m, _ in
            if m.tabCount > 1 { m.tabCount -= 1; m.currentTab = min(m.currentTab, m.tabCount) }
            else { m.message = "the last tab stays open" }
        },
        "showSidebar": a([.window]) { m, arg in m.sidebar = string(arg).isEmpty ? "files" : string(arg) },
        "hideSidebar": a([.window]) { m, _ in m.sidebar = "hidden" },
        "zoomIn": a([.window]) { m, _ in m.zoom += 1 },
        "zoomOut": a([.window]) { m, _ in m.zoom -= 1 },
        "increaseSize": a([.window]) { m, _ in m.zoom += 1 },
        "decreaseSize": a([.window]) { m, _ in m.zoom -= 1 },
        "zenMode": a([.window]) { m, _ in m.zenMode.toggle() },
        "toggleMinimap": a([.window]) { m, _ in m.minimap.toggle() },
        "quickOpen": note([.window]) { _, _ in "quick open: no other files in tiny-editor" },
        "showCommands": note([.window]) { _, _ in "commands: press F1 for the key commands" },
        "runBuild": note([.window]) { _, _ in "build: nothing to build" },
        "startDebugging": note([.window]) { _, _ in "debug: nothing to debug" },

        // App.
        "newDocument": a([.app]) { m, _ in m.message = "new document: one document at a time in tiny-editor" },
        "openDocument": a([.app]) { m, _ in m.message = "open: start tiny-editor with a FILE" },
        "quit": a([.app]) { m, _ in m.requestQuit() },
        "cancelOperation": a([.app]) { m, _ in m.message = "" },
        "openSettings": note([.app]) { _, _ in "settings: use --keymap and IDE-user.bind" },
        "syncSettings": note([.app]) { _, _ in "settings synced" },
        "shareSession": note([.app]) { _, _ in "live session shared" },
        "showAccount": note([.app]) { _, _ in "signed in" },
    ]
}
