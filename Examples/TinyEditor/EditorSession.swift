import BindingLang
import BindingRuntime

/// One editing session: the model, the keymaps, the responder chain, the context and the
/// dispatcher. `handle(_:)` takes one key press through the runtime and reports what it did;
/// the terminal loop and scripted mode both drive it.
final class EditorSession {
    let model: EditorModel
    private(set) var keymaps: [LoadedKeymap]
    private(set) var current: Int
    private(set) var dispatcher: Dispatcher
    /// The slot the dispatcher reads its table from; a live reload swaps a new table in.
    private(set) var reference: TableReference
    private(set) var context: ContextState
    /// Whether the discoverability overlay is shown.
    private(set) var overlayVisible = false
    /// The strokes of the pending sequence, empty when idle.
    private(set) var pendingStrokes: [Chord] = []
    /// The keyboard layout (`--layout`): a terminal sends characters, and the session takes
    /// each as the key that types it on this layout; the overlay and the pending hint render
    /// chords as typed on it.
    var layout: KeyboardLayout = KeyboardLayout.us(.pc)

    let textView: TextViewResponder
    let findBar: FindBarResponder
    let editor: EditorResponder
    let panel: PanelResponder
    let window: WindowResponder
    let app: AppResponder

    /// A session over `keymaps`, starting with `keymaps[initial]`.
    init(model: EditorModel, keymaps: [LoadedKeymap], initial: Int = 0) {
        precondition(!keymaps.isEmpty, "a session needs a keymap")
        self.model = model
        self.keymaps = keymaps
        current = keymaps.indices.contains(initial) ? initial : 0
        let table = keymaps[current].table
        reference = TableReference(table)
        dispatcher = Dispatcher(reference: reference)
        context = ContextState(table: table)
        textView = TextViewResponder(model: model)
        findBar = FindBarResponder(model: model)
        editor = EditorResponder(model: model)
        panel = PanelResponder(model: model)
        window = WindowResponder(model: model)
        app = AppResponder(model: model)
        configureForKeymap()
        syncContext()
    }

    /// The keymap in use.
    var keymap: LoadedKeymap { keymaps[current] }

    // MARK: - Chain and context

    /// Links the chain for the current state and returns its first responder:
    /// text view → (find bar, while open) → editor → window → app; while the IDE's panel is
    /// open it has the focus: panel → window → app.
    @discardableResult
    func rewire() -> ChainResponder {
        window.next = app
        app.next = nil
        editor.next = window
        findBar.next = editor
        textView.next = model.findVisible ? findBar : editor
        panel.next = window
        return model.editorFocus ? textView : panel
    }

    /// The chain as the dispatcher reads it, resolved once per focus change (which responder
    /// is first, whether the find bar is open) and keymap, not on every key. Capabilities stay
    /// exact: what the editor can perform changes with its selection.
    func chainSnapshot() -> ChainSnapshot {
        let key = SnapshotKey(editorFocus: model.editorFocus, findVisible: model.findVisible, keymap: current)
        let first = rewire()
        if let snapshot, snapshotKey == key, snapshot.table === keymap.table { return snapshot }
        let fresh = ChainSnapshot(table: keymap.table, firstResponder: first)
        snapshot = fresh
        snapshotKey = key
        return fresh
    }

    private struct SnapshotKey: Equatable {
        var editorFocus: Bool
        var findVisible: Bool
        var keymap: Int
    }
    private var snapshot: ChainSnapshot?
    private var snapshotKey: SnapshotKey?

    /// The responders of the current chain, first responder first.
    var chain: [ChainResponder] {
        var out: [ChainResponder] = []
        var r: ChainResponder? = rewire()
        while let x = r, out.count < 16 { out.append(x); r = x.next }
        return out
    }

    /// Sets every context variable the keymap declares from the model; undeclared names are
    /// skipped, and an enumeration value the keymap does not list is left alone.
    func syncContext() {
        let k = keymap
        let hasSelection = model.extending || model.buffer.hasSelection
        let flags: [(String, Bool)] = [
            ("hasSelection", hasSelection), ("readOnly", model.readOnly), ("findVisible", model.findVisible),
            ("editorFocus", model.editorFocus), ("signedIn", model.signedIn),
        ]
        for (name, value) in flags where k.declares(name) { try? context.set(name, value) }
        let enums: [(String, String)] = [("mode", model.mode.rawValue), ("panel", model.panel), ("sidebar", model.sidebar)]
        for (name, value) in enums where k.cases(of: name)?.contains(value) == true {
            try? context.set(name, case: value)
        }
        if k.declares("language") { try? context.set("language", string: model.language) }
    }

    /// Adapts the model to the keymap: modal keymaps (a `mode` context with an `insert`
    /// case) start in their first mode, others type directly.
    private func configureForKeymap() {
        if let cases = keymap.cases(of: "mode"), cases.contains("insert") {
            model.modal = true
            model.mode = EditorModel.Mode(rawValue: cases[0]) ?? .normal
        } else {
            model.modal = false
            model.mode = .insert
        }
        model.buffer.clearSelection()
        model.panel = "none"
    }

    /// Switches to keymap `index` (wrapping), dropping any pending sequence.
    func switchKeymap(to index: Int) {
        current = ((index % keymaps.count) + keymaps.count) % keymaps.count
        reference = TableReference(keymap.table)
        dispatcher = Dispatcher(reference: reference)
        context = ContextState(table: keymap.table)
        pendingStrokes = []
        configureForKeymap()
        syncContext()
    }

    // MARK: - Live reload

    /// The keymap file being watched (`--keymap-file`) and the index of its keymap.
    private var watch: KeymapWatch?
    private var watchedIndex = 0

    /// Watches the files keymap `index` was compiled from (its root `.bind` file first given
    /// as `root`); ``pollKeymap()`` recompiles it when one changes.
    func watchKeymap(at index: Int, root: String) {
        guard keymaps.indices.contains(index) else { return }
        watchedIndex = index
        watch = KeymapWatch(root: root, paths: keymaps[index].files)
    }

    /// Polls the watched keymap's files; when one changed, recompiles and, if it compiled,
    /// swaps the new table in through the ``TableReference`` (the dispatcher follows at the
    /// next stroke, dropping a pending sequence; the context keeps the values the new table
    /// still declares). On errors the old table stays. Nil when nothing changed.
    func pollKeymap() -> KeymapReload? {
        guard var w = watch, w.changed() else { return nil }
        defer { watch = w }
        switch KeymapLibrary.recompileFile(w.root) {
        case .failure(let failure):
            return .failed(first: failure.first, errors: failure.errors)
        case .success(let loaded):
            w.watch(loaded.files)
            keymaps[watchedIndex] = loaded
            if current == watchedIndex {
                reference.replace(with: loaded.table)
                context.rebind(to: loaded.table)
                pendingStrokes = []
                syncContext()
            }
            let name = w.root.split(separator: "/").last.map(String.init) ?? w.root
            return .reloaded(file: name, warnings: loaded.warnings.count)
        }
    }

    // MARK: - Keys

    /// Takes one key press through the runtime: the dispatcher performs a binding, waits for
    /// more strokes, cancels, or leaves it unhandled; an unhandled printable key is typed
    /// when the editor accepts text, and the editor's own keys act last.
    @discardableResult
    func handle(_ event: KeyEvent) -> SessionEvent {
        // Characters only (a terminal): the key that types them on the layout (a character
        // no key of it types, which the terminal got some other way, stays as it came).
        let event = event.physicalKey == nil ? layout.event(typing: event.chord, timestamp: event.timestamp) ?? event : event
        model.message = ""
        let armed = model.quitArmed
        syncContext()
        let table = keymap.table
        let outcome = self.outcome(of: dispatcher.dispatch(event, chain: chainSnapshot(), context: context), event, table)
        if event.chord != AppKeys.overlay { overlayVisible = false }
        // A quit warning holds for the next command only (the strokes of a sequence count as one).
        if armed, case .pending = outcome {} else if armed { model.quitArmed = false }
        if model.modal && model.mode == .normal { model.buffer.keepCursorOnCharacter() }
        syncContext()
        return outcome
    }

    /// What `result`, the dispatcher's for `event`, did, with the pending strokes updated.
    private func outcome(of result: DispatchResult, _ event: KeyEvent, _ table: BindingTable) -> SessionEvent {
        switch result {
        case .performed(let action, let responder):
            let name = (responder as? ChainResponder)?.displayName(in: table) ?? "\(type(of: responder))"
            pendingStrokes = []
            return .performed(action.description, by: name)
        case .pending:
            pendingStrokes.append(event.chord)
            return .pending(pendingStrokes)
        case .cancelled:
            defer { pendingStrokes = [] }
            return .cancelled(pendingStrokes + [event.chord])
        case .unhandled:
            pendingStrokes = []
            return unhandled(event.chord)
        case .performedHeld(let run):
            // The held `@timeout` binding ended its sequence; the stroke did the rest.
            pendingStrokes = []
            return outcome(of: run.then.result, event, table)
        }
    }

    /// Cancels a pending sequence (the app may, at any time).
    func cancelPending() -> SessionEvent? {
        guard dispatcher.cancelPending() != nil else { return nil }
        defer { pendingStrokes = [] }
        return .cancelled(pendingStrokes)
    }

    private func unhandled(_ chord: Chord) -> SessionEvent {
        switch chord {
        case AppKeys.overlay:
            overlayVisible.toggle()
            return .app(overlayVisible ? "show key commands" : "hide key commands")
        case AppKeys.nextKeymap:
            switchKeymap(to: current + 1)
            return .app("keymap \(keymap.name)")
        case AppKeys.readOnly:
            model.readOnly.toggle()
            return .app(model.readOnly ? "read-only on" : "read-only off")
        case AppKeys.quit:
            model.requestQuit()
            return .app(model.quitRequested ? "quit" : "quit? unsaved changes")
        default:
            if let text = Self.text(of: chord), model.acceptsText {
                model.type(text)
                return .typed(text)
            }
            return .unhandled(chord)
        }
    }

    /// The text a chord types, if it is a printable key with no modifier but shift.
    static func text(of chord: Chord) -> String? {
        let key = chord.key
        guard !key.isNamed, chord.modifiers.subtracting(.shift).isEmpty,
            let scalar = Unicode.Scalar(key.rawValue), scalar.value >= 0x20, scalar.value != 0x7F
        else { return nil }
        let s = String(Character(scalar))
        return chord.modifiers.contains(.shift) ? s.uppercased() : s
    }

    /// The key event that types `character` (upper-case letters with shift; newline is return).
    static func event(typing character: Character) -> KeyEvent? {
        if character == "\n" { return KeyEvent(key: .return) }
        if character == "\t" { return KeyEvent(key: .tab) }
        guard character.unicodeScalars.count == 1, let s = character.unicodeScalars.first, s.value >= 0x20 else { return nil }
        let shifted = s.value >= 0x41 && s.value <= 0x5A
        return KeyEvent(key: Key(character: s), modifiers: shifted ? .shift : [])
    }

    // MARK: - What the screen shows

    /// While a sequence is pending, the strokes so far and what may follow, as the runtime
    /// lists them, rendered on the layout: `Ctrl+K …  Ctrl+C: Add Line Comment  Ctrl+U: …`. In
    /// repeat mode (`@repeat`), the keys that repeat without the prefix: `Ctrl+K repeat …  Tab:
    /// Indent Line  Shift+Tab: Outdent Line`, until `now` (on the key events' clock) passes the
    /// runtime's deadline; without `now`, until the next key.
    func pendingHint(now: Double? = nil) -> String? {
        if pendingStrokes.isEmpty, let prefix = dispatcher.repeating {
            if let now, let deadline = dispatcher.repeatDeadline, now > deadline { return nil }
            var hint = prefix.strokes.map { $0.plainText(on: layout) }.joined(separator: " ") + " repeat …"
            for c in dispatcher.pendingContinuations(firstResponder: rewire(), context: context, layout: layout) {
                hint += "  \(c.plainText): \(c.title ?? c.action?.description ?? "…")"
            }
            return hint
        }
        guard !pendingStrokes.isEmpty else { return nil }
        let next = dispatcher.pendingContinuations(firstResponder: rewire(), context: context, layout: layout)
        var hint = pendingStrokes.map { $0.plainText(on: layout) }.joined(separator: " ") + " …"
        for c in next {
            hint += "  \(c.plainText): \(c.title ?? c.action?.description ?? "…")"
        }
        return hint
    }

    /// The discoverability overlay as the runtime computes it for the current chain and
    /// context: groups in order, each command's keys and title.
    func overlayLines() -> [String] {
        let commands = dispatcher.discoverableCommands(firstResponder: rewire(), context: context, layout: layout)
        var lines = ["Key commands — \(keymap.name)"]
        var group: String?? = .none
        let width = min(16, commands.map(\.plainText.count).max() ?? 0)
        for c in commands {
            if group != .some(c.group) {
                group = .some(c.group)
                if let g = c.group { lines.append(g) }
            }
            let keys = c.plainText.count < width ? Screen.pad(c.plainText, width) : c.plainText
            lines.append("  " + keys + "  " + c.title)
        }
        if commands.isEmpty { lines.append("(no titled command is available here)") }
        return lines
    }

    /// The mode label of the status line.
    var modeLabel: String {
        var label: String
        if !model.editorFocus { label = "PANEL: \(model.panel.uppercased())" }
        else if model.modal { label = model.mode.rawValue.uppercased() }
        else { label = "EDIT" }
        if model.readOnly { label += " (READ-ONLY)" }
        if model.findVisible { label += "  FIND: \(model.findTerm)" }
        return label
    }
}
