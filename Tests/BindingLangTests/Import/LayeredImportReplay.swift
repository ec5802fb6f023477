// Replays a layered VS Code import (the defaults, extensions' package.json, a user's
// keybindings.json, imported as `bindc import vscode FILE --over BASE...` writes them and
// compiled together as the compiler layers them) through the runtime, and compares every
// stroke's outcome with VS Code's rule on the concatenated entries of all the files:
// `KeybindingResolver.handleRemovals` first (a `-command` removes the entries of earlier files
// that `_isTargetedForRemoval` targets), then the last entry whose `when` holds decides
// (EditorReference.vscode). Independent of the importer except for reading the files
// (VSCodeKeybindings, VSCodeConverter for the conditions the states are built from) and key
// spelling (ForeignKey).
@testable import BindingLang
import BindingRuntime

/// One entry of one of the stacked files as VS Code sees it.
struct LayeredEntry {
    var reference: ReferenceEntry
    /// The file's index in the stack (0: the defaults).
    var file: Int
    /// 1-based line in its file.
    var line: Int
    /// The `when` as written (the command's `enablement` joined), for messages.
    var whenText: String?
    /// The removal (`file:line`) that removed it, if one did.
    var removedBy: String?
    var isRemoval: Bool { reference.command.hasPrefix("-") }
}

/// One stroke where the runtime and VS Code differ.
struct LayeredMismatch: CustomStringConvertible {
    /// The strokes pressed from idle, the last one the one that differs.
    var input: [String]
    var state: ReplayState
    var editor: ReplayOutcome
    var runtime: ReplayOutcome
    /// The binding being replayed, and the later one whose keys and `when` the state also
    /// satisfies (nil: the binding's own state).
    var binding: String
    var partner: String?
    /// VS Code's deciding entry and the entries of these keys it removed.
    var editorWhy: String
    /// The deciding entry, `file:line` (nil: none).
    var decider: String?
    /// What the runtime's table says (the chosen binding's source line).
    var runtimeWhy: String

    var description: String {
        """
        \(input.joined(separator: " ")): VS Code \(editor), runtime \(runtime)
            replaying \(binding)\(partner.map { "\n    with \($0)" } ?? "")
            state \(state)
            VS Code: \(editorWhy)
            runtime: \(runtimeWhy)
        """
    }
}

/// The figures of one layered replay.
struct LayeredReplayFigures {
    /// Bindings of all files replayed (each in its own state and with partners).
    var bindings = 0
    /// Distinct (keys, state) pairs pressed.
    var presses = 0
    var strokes = 0
    /// Entries the importer left out (not in the reference either).
    var leftOut = 0
    /// Entries of earlier files that the removals removed in the reference.
    var removedEntries = 0
    /// Pairs whose conditions cannot hold together, or presses past the sampling cap.
    var skipped = 0
    var mismatches: [LayeredMismatch] = []
    var milliseconds = 0
    /// Of which importing and compiling.
    var importMilliseconds = 0

    /// The mismatches grouped by strokes, outcomes, the deciding entry and the runtime's
    /// binding (locations only), with a count each.
    var kinds: [(count: Int, text: String)] {
        var counts: [String: Int] = [:], order: [String] = []
        for m in mismatches {
            func short(_ s: String) -> String {
                // Up to the first condition: `file:line 'keys' -> command`.
                String(s.split(separator: " when ", maxSplits: 1).first ?? "")
            }
            let key = "\(m.input.joined(separator: " ")): VS Code \(m.editor), runtime \(m.runtime) | VS Code: \(short(m.editorWhy)) | runtime: \(short(m.runtimeWhy))"
            if counts[key] == nil { order.append(key) }
            counts[key, default: 0] += 1
        }
        return order.map { (counts[$0]!, $0) }
    }

    var summary: String {
        "replayed \(bindings) bindings, \(presses) presses, \(strokes) strokes, \(mismatches.count) mismatches "
            + "(\(leftOut) entries left out, \(removedEntries) removed by removals, \(skipped) skipped) in \(milliseconds) ms (\(importMilliseconds) ms importing and compiling)"
    }
}

enum LayeredReplay {
    // MARK: - VS Code's removals

    /// VS Code's constants, substituted before comparing `when`s (`substituteConstants`).
    static func substitutingConstants(_ c: WhenClause) -> WhenClause {
        switch c {
        case .identifier(let k):
            if let v = EditorReference.vscodeConstants[k] { return .constant(v) }
            return c
        case .equals(let k, .bool(let b)):
            // `key == true` is `key`, `key == false` is `!key` in VS Code's parser.
            if let v = EditorReference.vscodeConstants[k] { return .constant(v == b) }
            return b ? .identifier(k) : .not(.identifier(k))
        case .equals: return c
        case .not(let a): return .not(substitutingConstants(a))
        case .and(let a, let b): return .and(substitutingConstants(a), substitutingConstants(b))
        case .or(let a, let b): return .or(substitutingConstants(a), substitutingConstants(b))
        case .constant, .child: return c
        }
    }

    /// A `when` in a normal form for equality, as VS Code's `ContextKeyAndExpr.create` /
    /// `ContextKeyOrExpr.create` make one: nested `&&` and `||` flattened, constants folded,
    /// operands deduplicated and sorted, `!!x` as `x`. (VS Code also distributes `&&` over
    /// `||`; the defaults are written in that form already, and the tests' removals give
    /// theirs in it.)
    static func normalForm(_ c: WhenClause) -> String {
        func render(_ c: WhenClause) -> String {
            switch c {
            case .identifier(let k): return k
            case .equals(let k, .string(let v)): return "\(k)=='\(v)'"
            case .equals(let k, .bool(let b)): return "\(k)==\(b)"
            case .constant(let b): return b ? "true" : "false"
            case .not(.not(let a)): return render(a)
            case .not(.constant(let b)): return b ? "false" : "true"
            case .not(let a): return "!(" + render(a) + ")"
            case .child(_, let b): return render(b)
            case .and, .or:
                let isAnd: Bool
                if case .and = c { isAnd = true } else { isAnd = false }
                var parts: [WhenClause] = []
                func collect(_ x: WhenClause) {
                    switch (x, isAnd) {
                    case (.and(let a, let b), true), (.or(let a, let b), false): collect(a); collect(b)
                    default: parts.append(x)
                    }
                }
                collect(c)
                var texts = Set<String>()
                for p in parts {
                    let t = render(p)
                    if t == (isAnd ? "false" : "true") { return t }
                    if t == (isAnd ? "true" : "false") { continue }
                    texts.insert(t)
                }
                if texts.isEmpty { return isAnd ? "true" : "false" }
                if texts.count == 1 { return texts.first! }
                return (isAnd ? "and(" : "or(") + texts.sorted().joined(separator: ",") + ")"
            }
        }
        return render(substitutingConstants(c))
    }

    /// VS Code's `_isTargetedForRemoval(defaultKb, keypress, when)`: the removal's chords
    /// begin the entry's (none: any), and its `when`, unless it has none (or `true`), equals
    /// the entry's, which must have one.
    static func isTargeted(_ e: ReferenceEntry, by removal: ReferenceEntry) -> Bool {
        guard e.sequence.starts(with: removal.sequence) else { return false }
        guard let when = removal.when, normalForm(when) != "true" else { return true }
        guard let target = e.when else { return false }
        return normalForm(when) == normalForm(target)
    }

    /// `handleRemovals`: each `-command` removes the entries of earlier files (the defaults,
    /// and for a user's file the extensions' too) of that command it targets; never its own
    /// file's.
    static func applyRemovals(_ entries: inout [LayeredEntry], names: [String]) -> Int {
        var count = 0
        for r in entries where r.isRemoval {
            let command = String(r.reference.command.dropFirst())
            for i in entries.indices where entries[i].file < r.file && !entries[i].isRemoval
                && entries[i].reference.command == command && !entries[i].reference.removed {
                if isTargeted(entries[i].reference, by: r.reference) {
                    entries[i].reference.removed = true
                    entries[i].removedBy = "\(names[r.file]):\(r.line)"
                    count += 1
                }
            }
        }
        return count
    }

    // MARK: - Reading the files

    /// The offsets where each line after the first starts, to find an offset's line.
    struct Lines {
        var starts: [Int] = []
        init(_ bytes: [UInt8]) {
            for (i, b) in bytes.enumerated() where b == 10 { starts.append(i + 1) }
        }
        /// The 1-based line of `offset`.
        func line(of offset: Int) -> Int {
            var low = 0, high = starts.count
            while low < high {
                let mid = (low + high) / 2
                if starts[mid] <= offset { low = mid + 1 } else { high = mid }
            }
            return low + 1
        }
    }

    /// Each file's converted keymap as the importer converts it before any rewriting (the
    /// same String and Bool keys per file as `Importer.run`), and the reference entries.
    static func read(_ files: [Importer.Input], platform: Platform)
        -> (keymaps: [ImportedKeymap], entries: [LayeredEntry], leftOut: Int)? {
        var keymaps: [ImportedKeymap] = []
        var entries: [LayeredEntry] = []
        var leftOut = 0
        var strings: Set<String> = [], used: Set<String> = []
        for (index, file) in files.enumerated() {
            guard case .success(let parsed) = JSONCParser.parse(file.bytes, lenient: true) else { return nil }
            let model = VSCodeKeybindings.read(parsed.value, file: FileID(index)).0
            let bools = used.subtracting(strings)
            strings.formUnion(VSCodeConverter.stringKeys([model]).subtracting(used))
            used.formUnion(VSCodeConverter.usedKeys([model]))
            let keymap = VSCodeConverter.convert(model, name: file.path, stringKeys: strings, boolKeys: bools, platform: platform)
            keymaps.append(keymap)
            let lines = Lines(file.bytes)
            var byRange: [Range<Int>: ImportedKeymap.Entry] = [:]
            for e in keymap.entries { byRange[e.range] = e }
            for e in model.entries {
                guard let converted = byRange[e.range] else { continue }
                if case .leftOut = converted.outcome {
                    leftOut += 1
                    continue
                }
                // The key VS Code binds on this platform (a user's file: `key`).
                let keys = VSCodeKeybindings.keys(of: e, isExtension: model.isExtension, platform: platform)
                let key = keys.first?.key ?? ""
                let sequence = key.split(separator: " ").compactMap { try? ForeignKey.chord(String($0), separator: "+") }
                // An extension's command `enablement` is its keybindings' precondition:
                // VS Code's `when` is `precondition && when`.
                let clauses = [e.enablement, e.when].compactMap { text -> WhenClause? in
                    guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
                    return try? WhenClauseParser.parse(text, dialect: .vscode)
                }
                let when = clauses.isEmpty ? nil : clauses.dropFirst().reduce(clauses[0]) { .and($0, $1) }
                let whenText = [e.enablement, e.when].compactMap { $0 }.joined(separator: " && ")
                entries.append(LayeredEntry(
                    reference: ReferenceEntry(sequence: sequence, when: when, command: e.command, argument: e.args,
                                              isNull: e.command.hasPrefix("-")),
                    file: index, line: lines.line(of: e.range.lowerBound), whenText: whenText.isEmpty ? nil : whenText))
            }
        }
        return (keymaps, entries, leftOut)
    }

    // MARK: - The replay

    /// Replays the stack `files` (the defaults first, the imported file last). Every binding of
    /// every file is pressed in a state where its `when` holds (as ImportReplay picks one), and
    /// again, with each binding of a later file whose keys it starts, continues or shares a
    /// first stroke with, in a state where both `when`s hold; a binding a later removal
    /// targets, with every binding of related keys. `maximumPresses` caps the presses (taken
    /// in a fixed order, every n-th pair when there are more).
    static func run(_ files: [Importer.Input], platform: Platform = .macOS, maximumPresses: Int = 6_000) throws -> LayeredReplayFigures {
        let start = ContinuousClock.now
        var figures = LayeredReplayFigures()
        let result = Importer.run(files[files.count - 1], format: .vscode, over: Array(files.dropLast()),
                                  platform: platform, writingBase: true)
        guard let names = result.names, result.source != nil else {
            figures.mismatches.append(failure("import failed: \(result.diagnostics.filter { $0.severity == .error }.map(\.message))"))
            return figures
        }
        guard let compilation = Importer.compileOutput(result, platform: platform) else {
            figures.mismatches.append(failure("no output"))
            return figures
        }
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, let compiled = compilation.keymap else {
            figures.mismatches.append(failure("does not compile: \(errors.prefix(3).map(\.message))"))
            return figures
        }
        // With the source map, so that a mismatch names the binding the runtime chose.
        let table = try BindingTable(bytes: Emitter.emit(compiled, strip: false))
        let dispatcher = Dispatcher(table: table)
        figures.importMilliseconds = milliseconds(since: start)
        let written = result.baseSources + [(Importer.bindName(for: files[files.count - 1].path), result.source ?? "")]
        var sourceLines: [String: [Substring]] = [:]
        for (name, text) in written { sourceLines[name] = text.split(separator: "\n", omittingEmptySubsequences: false) }

        guard let (keymaps, all, leftOut) = read(files, platform: platform) else {
            figures.mismatches.append(failure("cannot read the files"))
            return figures
        }
        var entries = all
        let fileNames = files.map { Importer.displayName($0.path) }
        figures.leftOut = leftOut
        figures.removedEntries = applyRemovals(&entries, names: fileNames)
        // The reference's entries by first stroke, in order (removals are never candidates).
        var byFirst: [String: [Int]] = [:]
        for (i, e) in entries.enumerated() where !e.isRemoval {
            if let first = e.reference.sequence.first { byFirst[first, default: []].append(i) }
        }
        var commandOf: [String: String] = [:]
        for (key, decl) in names.actions {
            commandOf[decl.name] = key.split(separator: "#", maxSplits: 1).first.map(String.init) ?? key
        }
        let role = names.roles[VSCodeConverter.role] ?? "Workbench"

        func describe(_ e: LayeredEntry) -> String {
            let arg = e.reference.argument.map { " args \(BindSourceWriter.argumentKind($0).text)" } ?? ""
            return "\(fileNames[e.file]):\(e.line) '\(e.reference.sequence.joined(separator: " "))' -> "
                + "\(e.reference.command.isEmpty ? "(no command)" : e.reference.command)\(arg)"
                + (e.whenText.map { " when \($0)" } ?? "")
        }
        /// VS Code's decision for `input`, with the entry that makes it.
        func editor(_ input: [String], _ state: ReplayState) -> (ReplayOutcome, String, String?) {
            let candidates = (byFirst[input[0]] ?? []).map { entries[$0] }
            let outcome = EditorReference.vscode(candidates.map(\.reference), input: input, state: state)
            let live = candidates.filter {
                !$0.reference.removed && $0.reference.sequence.starts(with: input)
                    && ($0.reference.when.map { EditorReference.evalVSCode($0, state) } ?? true)
            }
            var why = live.last.map { "decided by " + describe($0) } ?? "no live entry of these keys"
            let removed = candidates.filter { $0.reference.removed && $0.reference.sequence.starts(with: input) }
            if !removed.isEmpty {
                why += "; removed: " + removed.prefix(4).map { describe($0) + " (by \($0.removedBy ?? "?"))" }.joined(separator: ", ")
            }
            return (outcome, why, live.last.map { "\(fileNames[$0.file]):\($0.line)" })
        }
        func runtimeWhy(_ chords: [Chord], _ responder: Responder, _ context: ContextState) -> String {
            let explanation = dispatcher.explain(chords, firstResponder: responder, context: context)
            guard let chosen = explanation.chosen else { return "\(explanation.outcome)" }
            guard let location = chosen.location else { return "performs \(chosen.action.name)" }
            let text = sourceLines[location.path].flatMap { location.line - 1 < $0.count ? $0[location.line - 1] : nil } ?? ""
            return "\(location.path):\(location.line): \(text.drop { $0 == " " })"
        }

        /// Presses `sequence` from idle in `state`, stroke by stroke, until VS Code stops
        /// waiting or the two differ.
        func press(_ sequence: [String], _ state: ReplayState, binding: String, partner: String?) {
            var context = ContextState(table: table)
            for (n, v) in state.flags { if let name = names.contexts[n] { try? context.set(name, v) } }
            for (k, v) in state.strings { if let name = names.contexts[k] { try? context.set(name, string: v) } }
            let responder = ReplayResponder(roles: [role], next: nil)
            let chords = sequence.compactMap(ImportReplay.chord)
            guard chords.count == sequence.count else {
                figures.mismatches.append(failure("cannot press \(sequence)"))
                return
            }
            _ = dispatcher.cancelPending()
            figures.presses += 1
            for i in chords.indices {
                figures.strokes += 1
                let input = Array(sequence[0...i])
                let (expected, editorWhy, decider) = editor(input, state)
                let actual = ReplayOutcome(dispatcher.dispatch(KeyEvent(chords[i]), firstResponder: responder, context: context), jsonTextActions: names.jsonTextActions, commandOf: commandOf)
                if actual != expected {
                    var why = runtimeWhy(Array(chords[0...i]), responder, context)
                    if actual == .pending {
                        // What the runtime waits for: the strokes that continue, and what they complete.
                        let next = dispatcher.pendingContinuations(firstResponder: responder, context: context)
                        _ = dispatcher.cancelPending()
                        why = "waits for " + next.prefix(4).map { c in
                            "\(c.plainText): " + runtimeWhy(Array(chords[0...i]) + [c.chord], responder, context)
                        }.joined(separator: "; ") + (next.count > 4 ? "; and \(next.count - 4) more" : "")
                    }
                    figures.mismatches.append(LayeredMismatch(
                        input: input, state: state, editor: expected, runtime: actual, binding: binding, partner: partner,
                        editorWhy: editorWhy, decider: decider, runtimeWhy: why))
                    _ = dispatcher.cancelPending()
                    return
                }
                if expected != .pending { break }
            }
            _ = dispatcher.cancelPending()
        }

        /// A state where `condition` holds on `platform` (nil: none, within the search budget).
        let onPlatform = ImportCondition.equals(ImportCondition.platformKey, platform.rawValue)
        func state(_ condition: ImportCondition) -> ReplayState? {
            guard let w = ImportCondition.all([condition, onPlatform]).witness() else { return nil }
            var s = ReplayState()
            for (atom, value) in w.atoms { if case .flag(let n) = atom { s.flags[n] = value } }
            for (key, value) in w.strings where key != ImportCondition.platformKey { s.strings[key] = value ?? "other-value" }
            return s
        }

        // Every file's bindings (removals and entries without a command are pressed too: where
        // they hold, the keys are what they leave), with where they come from.
        struct Pressable {
            var binding: ImportedKeymap.Binding
            var file: Int
            var text: String
        }
        var pressables: [Pressable] = []
        for (f, keymap) in keymaps.enumerated() {
            let lines = Lines(files[f].bytes)
            for b in keymap.bindings {
                guard !b.sequence.isEmpty else { continue }  // a removal of every key
                let entry = keymap.entries[b.entry]
                let at = lines.line(of: entry.range.lowerBound)
                pressables.append(Pressable(binding: b, file: f, text: "\(fileNames[f]):\(at) '\(entry.keys)' -> \(entry.command.isEmpty ? "(no command)" : entry.command)"))
            }
        }
        // The bindings the later files' removals target (the defaults given back around them).
        var removals: [(file: Int, command: String, sequence: [String])] = []
        for x in pressables where x.binding.command.hasPrefix("-") { removals.append((x.file, String(x.binding.command.dropFirst()), x.binding.sequence)) }
        for (f, keymap) in keymaps.enumerated() {
            // (A removal of every key is no pressable.)
            for b in keymap.bindings where b.sequence.isEmpty && b.command.hasPrefix("-") { removals.append((f, String(b.command.dropFirst()), [])) }
        }
        var targeted = Set<Int>()
        for (p, x) in pressables.enumerated() where removals.contains(where: {
            $0.file > x.file && $0.command == x.binding.command && x.binding.sequence.starts(with: $0.sequence)
        }) {
            targeted.insert(p)
        }
        // Pressables by first stroke: the partners share it (a prefix, a continuation, or a
        // chord VS Code waits for at that stroke).
        var byFirstStroke: [String: [Int]] = [:]
        for (p, x) in pressables.enumerated() { byFirstStroke[x.binding.sequence[0], default: []].append(p) }
        // The presses: (keys, condition, binding, partner), in a fixed order.
        var plan: [(sequence: [String], condition: ImportCondition, binding: String, partner: String?)] = []
        var replayed = Set<Int>()
        for (p, x) in pressables.enumerated() {
            let own = x.binding.command.hasPrefix("-") ? ImportCondition.constant(true) : x.binding.original
            plan.append((x.binding.sequence, own, x.text, nil))
            replayed.insert(p)
            for q in byFirstStroke[x.binding.sequence[0]] ?? [] where q != p
                && (pressables[q].file > x.file || (pressables[q].file == x.file && targeted.contains(q))) {
                let y = pressables[q]
                let condition = ImportCondition.all([own, y.binding.original])
                plan.append((x.binding.sequence, condition, x.text, y.text))
                if x.binding.sequence != y.binding.sequence { plan.append((y.binding.sequence, condition, y.text, x.text)) }
            }
        }
        figures.bindings = replayed.count
        // Every n-th press when there are more than the cap.
        let step = max(1, (plan.count + maximumPresses - 1) / maximumPresses)
        figures.skipped += plan.count - (plan.count + step - 1) / step
        var seen = Set<String>()
        for (k, item) in plan.enumerated() where k % step == 0 {
            guard let s = state(item.condition) else { figures.skipped += 1; continue }
            guard seen.insert("\(item.sequence) \(s.flags.sorted { $0.key < $1.key }) \(s.strings.sorted { $0.key < $1.key })").inserted else { continue }
            press(item.sequence, s, binding: item.binding, partner: item.partner)
        }
        figures.milliseconds = milliseconds(since: start)
        return figures
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    static func failure(_ text: String) -> LayeredMismatch {
        LayeredMismatch(input: [], state: ReplayState(), editor: .unhandled, runtime: .unhandled, binding: text, partner: nil,
                        editorWhy: "", decider: nil, runtimeWhy: "")
    }
}
