// The editors' own rules, evaluated on the foreign JSON, for the replay tests: what VS Code
// and Zed do with a sequence of strokes in a given state. Written from the editors' sources
// (VS Code's KeybindingResolver: the last entry whose `when` holds wins, a `-command` entry
// removes earlier bindings of its key to that command; Zed's KeyBindingContextPredicate and
// Keymap.bindings_for_input as of the corpus's Zed, see `evalZed` and `zed`). Independent of
// the importer except for key spelling (ForeignKey).
@testable import BindingLang
import BindingRuntime

/// A state both worlds can be put in: Bool context keys, String context keys, and (Zed) the
/// focus path from the root to the focused element, each element with its element names.
struct ReplayState: CustomStringConvertible {
    var flags: [String: Bool] = [:]
    var strings: [String: String] = [:]
    var path: [[String]] = [[]]
    var description: String {
        "flags \(flags.filter(\.value).keys.sorted()), strings \(strings.sorted { $0.key < $1.key }), path \(path)"
    }
}

/// What a stroke did.
enum ReplayOutcome: Equatable, CustomStringConvertible {
    case performed(String)
    case pending
    case cancelled
    case unhandled
    var description: String {
        switch self {
        case .performed(let a): "performed \(a)"
        case .pending: "pending"
        case .cancelled: "cancelled"
        case .unhandled: "unhandled"
        }
    }
}

extension ReplayOutcome {
    /// What the runtime did, in the reference's terms: a performed action as its editor command
    /// (`commandOf`: action name to command) and `|` and its argument, JSON text (mixed kinds,
    /// `jsonTextActions`) read back to the value the label shows.
    init(_ result: DispatchResult, jsonTextActions: Set<String>, commandOf: [String: String]) {
        switch result {
        case .performed(let invocation, _):
            let arg: String
            switch invocation.argument {
            case .none: arg = ""
            case .int(let v): arg = String(v)
            case .bool(let v): arg = String(v)
            case .string(let s):
                if jsonTextActions.contains(invocation.name) {
                    let parsed = s.string.isEmpty ? nil : try? JSONCParser.parse(Array(s.string.utf8)).get()
                    arg = BindSourceWriter.argumentKind(parsed).text
                } else {
                    arg = s.string
                }
            }
            self = .performed((commandOf[invocation.name] ?? invocation.name) + "|" + arg)
        case .pending: self = .pending
        case .cancelled: self = .cancelled
        case .unhandled: self = .unhandled
        // The stroke's own outcome, after the held `@timeout` binding it ran.
        case .performedHeld(let run): self.init(run.then.result, jsonTextActions: jsonTextActions, commandOf: commandOf)
        }
    }
}

/// One entry of the foreign file as the editor sees it (entries the importer left out are not
/// included: their conditions could not be evaluated anyway).
struct ReferenceEntry {
    var sequence: [String]
    var when: WhenClause?
    var command: String
    var argument: JSONC?
    var isNull = false
    var removed = false
    /// Zed's unbind (`["zed::Unbind", action]`, a section's `unbind`): the action it unbinds.
    var unbinds: String?
}

enum EditorReference {
    // MARK: - VS Code

    /// VS Code's constants (`CONSTANT_VALUES` in its contextkey.ts) in the desktop app on
    /// macOS, the platform the replay compiles for.
    static let vscodeConstants = ["isMac": true, "isMacNative": true, "isLinux": false, "isWindows": false,
                                  "isWeb": false, "isEdge": false, "isFirefox": false, "isChrome": false, "isSafari": false]

    static func vscodeValue(_ key: String, _ s: ReplayState) -> String? {
        if let c = vscodeConstants[key] { return c ? "true" : nil }
        if let b = s.flags[key] { return b ? "true" : nil }
        if let v = s.strings[key], !v.isEmpty { return v }
        return nil
    }

    static func evalVSCode(_ c: WhenClause, _ s: ReplayState) -> Bool {
        switch c {
        case .identifier(let k): return vscodeValue(k, s) != nil
        case .equals(let k, .string(let v)): return (vscodeValue(k, s) ?? "") == v
        case .equals(let k, .bool(let b)): return (vscodeValue(k, s) != nil) == b
        case .not(let a): return !evalVSCode(a, s)
        case .and(let a, let b): return evalVSCode(a, s) && evalVSCode(b, s)
        case .or(let a, let b): return evalVSCode(a, s) || evalVSCode(b, s)
        case .constant(let b): return b
        case .child(_, let b): return evalVSCode(b, s)
        }
    }

    /// VS Code: among the entries that start with `input` and whose `when` holds, the last
    /// decides: it waits for more strokes when it is longer, else it runs.
    static func vscode(_ entries: [ReferenceEntry], input: [String], state: ReplayState) -> ReplayOutcome {
        var winner: ReferenceEntry?
        for e in entries.reversed() where !e.removed && !e.isNull && e.sequence.starts(with: input) {
            if e.when.map({ evalVSCode($0, state) }) ?? true { winner = e; break }
        }
        guard let winner else { return input.count > 1 ? .cancelled : .unhandled }
        if winner.sequence.count > input.count { return .pending }
        // An entry without a command takes the keys and runs nothing.
        if winner.command.isEmpty { return input.count > 1 ? .cancelled : .unhandled }
        return .performed(label(winner))
    }

    // MARK: - Zed

    /// Zed's `KeyBindingContextPredicate::eval_inner` (gpui `keymap/context.rs`, the rules since
    /// zed-industries/zed#34664, 2025-07, unchanged in the 2026 sources): `contexts` is the
    /// path from the root to the element being tried, `all` the path `!` looks at. A name is
    /// checked on the last element of `contexts` (an element's names; a flag, which the replay
    /// treats as app-wide, on every element); `!p` holds when `p` holds at no prefix of `all`;
    /// `A > B` finds the outermost element above the last where `A` holds and evaluates `B` on
    /// the path below it (which is also what a `!` inside `B` looks at).
    static func evalZed(_ c: WhenClause, _ contexts: ArraySlice<[String]>, _ all: ArraySlice<[String]>, _ s: ReplayState) -> Bool {
        guard let element = contexts.last else { return false }
        switch c {
        case .identifier(let n):
            return element.contains(n) || (s.flags[n] ?? false)
        case .equals(let k, .string(let v)): return s.strings[k].map { $0 == v && !$0.isEmpty } ?? false
        case .equals(let k, .bool(let b)): return s.strings[k] == (b ? "true" : "false")
        case .not(let a):
            return all.indices.allSatisfy { !evalZed(a, all[all.startIndex...$0], all, s) }
        case .and(let a, let b): return evalZed(a, contexts, all, s) && evalZed(b, contexts, all, s)
        case .or(let a, let b): return evalZed(a, contexts, all, s) || evalZed(b, contexts, all, s)
        case .constant(let b): return b
        case .child(let parent, let child):
            for i in contexts.indices.dropLast() where evalZed(parent, contexts[contexts.startIndex...i], all, s) {
                let below = contexts[(i + 1)...]
                return evalZed(child, below, below, s)
            }
            return false
        }
    }

    /// `depth_of`: the deepest length of a prefix of the path at which `when` holds (a binding
    /// without a context: the whole path); nil when it holds at none.
    static func zedDepth(_ when: WhenClause?, _ path: [[String]], _ s: ReplayState) -> Int? {
        guard let when else { return path.count }
        return stride(from: path.count, through: 0, by: -1).first { evalZed(when, path[0..<$0], path[...], s) }
    }

    /// Zed's `Keymap::bindings_for_input` (gpui `keymap.rs`, as of zed-industries/zed#52047,
    /// 2026-03) and the window's choice from it. Enabled entries whose keys equal the input
    /// are ranked by depth, then later first; a `null` ends the search only when it comes from
    /// the user's keymap (`meta` 0), a bundled keymap's `null` (the default and base keymaps
    /// are loaded with `KeybindSource::Default` / `Base`) is passed over; an unbind passes over
    /// the entries ranked after it that run its action; the first other entry wins. The input waits for more when an enabled longer entry not earlier than the winner
    /// is still standing after later `null`s for the same keys remove theirs.
    static func zed(_ entries: [ReferenceEntry], input: [String], state: ReplayState, userKeymap: Bool = false) -> ReplayOutcome {
        var matched: [(depth: Int, index: Int, entry: ReferenceEntry)] = []
        var longer: [(index: Int, entry: ReferenceEntry)] = []
        for (i, e) in entries.enumerated() where e.sequence.starts(with: input) {
            guard let depth = zedDepth(e.when, state.path, state) else { continue }
            if e.sequence.count > input.count { longer.append((i, e)) } else { matched.append((depth, i, e)) }
        }
        matched.sort { ($0.depth, $0.index) > ($1.depth, $1.index) }
        var winner: (index: Int, entry: ReferenceEntry)?
        var unbound = Set<String>()
        for m in matched {
            if m.entry.isNull {
                if userKeymap { break }
                continue
            }
            // An unbind passes over the entries after it in this order that run its action.
            if let action = m.entry.unbinds {
                unbound.insert(action)
                continue
            }
            if unbound.contains(m.entry.command) { continue }
            winner = (m.index, m.entry)
            break
        }
        var waiting = Set<[String]>()
        for l in longer where winner.map({ $0.index <= l.index }) ?? true {
            if l.entry.isNull || l.entry.unbinds != nil { waiting.remove(l.entry.sequence) } else { waiting.insert(l.entry.sequence) }
        }
        if !waiting.isEmpty { return .pending }
        if let winner { return .performed(label(winner.entry)) }
        return input.count > 1 ? .cancelled : .unhandled
    }

    /// `command|argument`, how the replay names a performed action on both sides (the argument
    /// as the `.bind` literal carries it: a number, a Boolean, a string, or JSON text).
    static func label(_ e: ReferenceEntry) -> String {
        e.command + "|" + BindSourceWriter.argumentKind(e.argument).text
    }
}
