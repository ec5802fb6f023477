import BindingLang

/// Everything the editor knows besides the keymap: the buffer, the vim mode, the clipboard,
/// the find state, panels, tabs and flags. Actions change it (see `EditorActions`); the
/// session turns it into context values and the screen draws it.
final class EditorModel {
    /// The vim-style mode; non-modal keymaps stay in `insert`.
    enum Mode: String, Sendable { case normal, insert, visual }

    var buffer: Buffer
    /// The file edited, if any.
    var path: String?
    var mode: Mode = .insert
    /// Whether the loaded keymap is modal (declares a `mode` context with `insert`).
    var modal = false
    var readOnly = false
    /// The internal clipboard, and whether it holds whole lines (vim's `yy`/`dd`).
    var clipboard = ""
    var clipboardLinewise = false
    /// The text searched for by find next/previous.
    var findTerm = ""
    var findVisible = false
    /// The IDE's bottom panel (`none`, `terminal`, `problems`, `output`); it takes focus when open.
    var panel = "none"
    var sidebar = "hidden"
    var tabCount = 3
    var currentTab = 1
    var zoom = 0
    var zenMode = false
    var minimap = true
    var signedIn = false
    /// Whether the document changed since it was loaded or saved.
    var dirty = false
    /// The last message shown in the status line.
    var message = ""
    /// Set by the quit action; the terminal loop ends.
    var quitRequested = false
    /// Whether save actions may write the file (off in scripted mode).
    var allowWrites = true
    /// Called to write the file; returns an error text on failure.
    var writer: (@Sendable (String, [UInt8]) -> String?)?

    convenience init(text: String = "", path: String? = nil) {
        self.init(bytes: Array(text.utf8), path: path)
    }

    /// A model editing a file's bytes; saving keeps every byte not edited.
    init(bytes: [UInt8], path: String? = nil) {
        buffer = Buffer(bytes: bytes)
        self.path = path
    }

    /// The bytes a save writes (``Buffer/bytes``).
    var savedBytes: [UInt8] { buffer.bytes }

    /// The language of the file, from its extension (`swift`, `typescript`, …), or "".
    var language: String {
        guard let path, let dot = path.lastIndex(of: ".") else { return "" }
        switch path[path.index(after: dot)...] {
        case "swift": return "swift"
        case "ts", "tsx": return "typescript"
        case "js": return "javascript"
        case "py": return "python"
        case "c", "h": return "c"
        case "rs": return "rust"
        case "go": return "go"
        default: return ""
        }
    }

    /// The line-comment prefix of the file's language.
    var commentPrefix: String {
        switch language {
        case "python": return "#"
        default: return "//"
        }
    }

    /// Whether the text view has keyboard focus (the panel takes it while open).
    var editorFocus: Bool { panel == "none" }

    /// Whether typing inserts text right now.
    var acceptsText: Bool { !readOnly && editorFocus && (!modal || mode == .insert) }

    /// Whether motions extend the selection (vim's visual mode).
    var extending: Bool { modal && mode == .visual }

    /// Types text at the cursor (unhandled printable keys end up here).
    func type(_ text: String) {
        buffer.insert(text, typing: true)
        dirty = true
    }

    /// Whether a quit was asked for with unsaved changes; the next quit goes ahead.
    var quitArmed = false

    /// Quits, unless there are unsaved changes and this is the first request: then it only
    /// warns, and a second request quits.
    func requestQuit() {
        if dirty && !quitArmed {
            quitArmed = true
            message = "unsaved changes: quit again to discard them"
            return
        }
        quitRequested = true
    }

    /// Writes the buffer to its file.
    func save() {
        guard !readOnly else { message = "read-only: not written"; return }
        guard let path else { message = "no file name: start with tiny-editor FILE"; return }
        guard allowWrites, let writer else { message = "would write \(buffer.lineCount) lines to \(path)"; dirty = false; return }
        if let error = writer(path, savedBytes) { message = "cannot write \(path): \(error)" }
        else { message = "wrote \(buffer.lineCount) lines to \(path)"; dirty = false }
    }
}
