// Replays imported keymaps through the runtime (compile -> BindingTable -> Dispatcher) and
// compares every stroke's outcome with what the editor's own rule (EditorReference) gives on
// the JSON, in a state where the binding under test is live.
@testable import BindingLang
import BindingRuntime

/// A responder playing some roles; performs every action.
final class ReplayResponder: Responder {
    let responderRoles: [String]
    let nextResponder: Responder?
    init(roles: [String], next: Responder?) {
        responderRoles = roles
        nextResponder = next
    }
    func canPerform(_ action: ActionInvocation) -> Bool { true }
    func perform(_ action: ActionInvocation) {}
}

/// The figures of one replay.
struct ReplayFigures {
    var bindings = 0
    var strokes = 0
    var mismatches: [String] = []
    var skipped = 0
}

enum ImportReplay {
    /// A chord as the importer writes it (`shift+cmd+"["`: a quoted key after the modifiers).
    static func chord(_ text: String) -> Chord? {
        var parts: [String]
        if let quote = text.firstIndex(of: "\"") {
            parts = text[..<quote].split(separator: "+").map(String.init)
            parts.append(SourceText.unquoted(String(text[quote...])))
        } else {
            parts = text.split(separator: "+").map(String.init)
        }
        if case .success(let c) = Chord.build(parts: parts, platform: .apple) { return c }
        return nil
    }

    /// The editor's entries, aligned with the importer's, without those it left out.
    static func referenceEntries(_ json: JSONC, format: ImportFormat, keymap: ImportedKeymap) -> [ReferenceEntry] {
        var raw: [ReferenceEntry?] = []
        switch format {
        case .zed:
            let (model, _) = ZedKeymap.read(json, file: FileID(0))
            for section in model.sections {
                let when = section.context.flatMap { try? WhenClauseParser.parse($0, dialect: .zed) }
                for b in section.bindings {
                    let seq = b.keys.split(separator: " ").compactMap { try? ForeignKey.chord(String($0), separator: "-") }
                    switch b.action {
                    case .name(let n): raw.append(ReferenceEntry(sequence: seq, when: when, command: n, argument: nil))
                    case .withArgument(let n, let a): raw.append(ReferenceEntry(sequence: seq, when: when, command: n, argument: a))
                    case .disable: raw.append(ReferenceEntry(sequence: seq, when: when, command: "null", argument: nil, isNull: true))
                    case .unbind(let action):
                        raw.append(ReferenceEntry(sequence: seq, when: when, command: "-" + action, argument: nil, unbinds: action))
                    }
                }
            }
        case .vscode:
            let (model, _) = VSCodeKeybindings.read(json, file: FileID(0))
            for e in model.entries {
                let seq = e.key.split(separator: " ").compactMap { try? ForeignKey.chord(String($0), separator: "+") }
                let when = e.when.flatMap { try? WhenClauseParser.parse($0, dialect: .vscode) }
                raw.append(ReferenceEntry(
                    sequence: seq, when: when, command: e.command, argument: e.args, isNull: e.command.hasPrefix("-")))
            }
            // A `-command` removes only VS Code's default bindings, never the file's own
            // (`KeybindingResolver.handleRemovals`): within one file it removes nothing.
        }
        var out: [ReferenceEntry] = []
        for (i, e) in raw.enumerated() {
            guard let e, i < keymap.entries.count else { continue }
            if case .leftOut = keymap.entries[i].outcome { continue }
            out.append(e)
        }
        return out
    }

    /// Replays every binding of `path`'s import (the converter's bindings before later-wins
    /// narrowing, each in a state where its own condition holds).
    static func run(bytes: [UInt8], path: String, format: ImportFormat, language: ImportLanguage = .current) throws -> ReplayFigures {
        let result = Importer.run(Importer.Input(path: path, bytes: bytes), format: format, language: language)
        guard let source = result.source, let names = result.names, let keymap = result.keymap,
              case .success(let json) = JSONCParser.parse(bytes) else {
            return ReplayFigures(mismatches: ["import failed: \(result.diagnostics.map(\.message))"])
        }
        var sources = SourceManager()
        sources.add(SourceFile(path: path, text: source))
        let compilation = Compilation(sources: sources, platform: .apple)
        guard let compiled = compilation.keymap else {
            return ReplayFigures(mismatches: ["does not compile: \(compilation.diagnostics.filter { $0.severity == .error }.prefix(3).map(\.message))"])
        }
        let table = try BindingTable(bytes: Emitter.emit(compiled, strip: true))
        let dispatcher = Dispatcher(table: table)
        let reference = referenceEntries(json, format: format, keymap: keymap)
        var commandOf: [String: String] = [:]
        for (command, decl) in names.actions { commandOf[decl.name] = command }

        // The bindings as converted, before narrowing: each is replayed where it is live.
        let converted: ImportedKeymap
        switch format {
        case .zed:
            converted = ZedConverter.convert(ZedKeymap.read(json, file: FileID(0)).0, name: path, language: language)
        case .vscode:
            let model = VSCodeKeybindings.read(json, file: FileID(0)).0
            converted = VSCodeConverter.convert(model, name: path, stringKeys: VSCodeConverter.stringKeys([model]))
        }
        var figures = ReplayFigures()
        func replay(_ b: ImportedKeymap.Binding, _ state: ReplayState) {
            var context = ContextState(table: table)
            for (n, v) in state.flags {
                if let name = names.contexts[format == .zed ? n + "#flag" : n] { try? context.set(name, v) }
            }
            for (k, v) in state.strings { if let name = names.contexts[k] { try? context.set(name, string: v) } }
            var responder: ReplayResponder?
            for element in state.path {
                var roles = element.compactMap { names.roles[$0] }
                if format == .vscode { roles = [names.roles[VSCodeConverter.role] ?? "Workbench"] }
                if format == .zed { roles.append(names.roles[ZedConverter.globalRole] ?? "Global") }
                responder = ReplayResponder(roles: roles, next: responder)
            }
            guard let first = responder, let chords = Optional(b.sequence.compactMap(chord)), chords.count == b.sequence.count else {
                figures.mismatches.append("cannot replay \(b.sequence)")
                return
            }
            _ = dispatcher.cancelPending()
            for i in chords.indices {
                figures.strokes += 1
                let input = Array(b.sequence[0...i])
                let expected = format == .zed
                    ? EditorReference.zed(reference, input: input, state: state)
                    : EditorReference.vscode(reference, input: input, state: state)
                let actual = ReplayOutcome(dispatcher.dispatch(KeyEvent(chords[i]), firstResponder: first, context: context), jsonTextActions: names.jsonTextActions, commandOf: commandOf)
                if actual != expected {
                    figures.mismatches.append(
                        "\(path): \(input.joined(separator: " ")) (entry '\(keymap.entries[b.entry].keys)' -> \(b.command), role \(b.role)) in \(state): editor \(expected), runtime \(actual)")
                    break
                }
                if expected != .pending { break }
            }
        }
        for b in converted.bindings where converted.entries[b.entry].outcome == .converted {
            guard let w = b.original.witness() else { figures.skipped += 1; continue }
            figures.bindings += 1
            var state = ReplayState()
            var focused: [String] = b.role == ZedConverter.globalRole || format == .vscode ? [] : [b.role]
            var ancestors: [String] = []
            var excluded: [String] = []
            func order(_ c: ImportCondition) {
                switch c {
                case .inside(let r): if w.atoms[c] == true, !ancestors.contains(r) { ancestors.append(r) }
                case .isRole(let r): if w.atoms[c] == true, !focused.contains(r) { focused.append(r) }
                case .not(.isRole(let r)), .not(.inside(let r)): if !excluded.contains(r) { excluded.append(r) }
                case .not(let x): order(x)
                case .and(let ps), .or(let ps): ps.forEach(order)
                default: break
                }
            }
            order(b.original)
            for (atom, value) in w.atoms { if case .flag(let n) = atom { state.flags[n] = value } }
            for (key, value) in w.strings { state.strings[key] = value ?? "other-value" }
            // Zed's focus path always starts at the root view (the workspace), so a focused
            // element always has an ancestor, which the parent side of `A > B` needs (even
            // `!A > B`); the root plays no role of the keymap under test.
            state.path = (format == .zed ? [[]] : []) + ancestors.map { [$0] } + [focused]
            replay(b, state)
            // Zed's `!X` holds only when no element of the path is an X: the same strokes again
            // with each element the condition excludes placed outside the focused one.
            if format == .zed, !excluded.isEmpty {
                var outside = state
                outside.path = [[]] + ancestors.map { [$0] } + excluded.map { [$0] } + [focused]
                replay(b, outside)
            }
        }

        return figures
    }
}
