// The editors' own rules, evaluated on the foreign JSON, for the replay tests: what VS Code
// and Zed do with a sequence of strokes in a given state. Written from the editors' sources
// (VS Code's KeybindingResolver: the last entry whose `when` holds wins, a `-command` entry
// removes earlier bindings of its key to that command; Zed's Keymap.bindings_for_input: each
// binding is ranked by the deepest element of the focus path its predicate matches, later
// first within a depth, a binding without a context at the focused element, the latest
// enabled binding decides whether the input waits for more, `null` cuts off what ranks
// below it). Independent of the importer except for key spelling (ForeignKey).
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

/// One entry of the foreign file as the editor sees it (entries the importer left out are not
/// included: their conditions could not be evaluated anyway).
struct ReferenceEntry {
    var sequence: [String]
    var when: WhenClause?
    var command: String
    var argument: JSONC?
    var isNull = false
    var removed = false
}

enum EditorReference {
    // MARK: - VS Code

    static func vscodeValue(_ key: String, _ s: ReplayState) -> String? {
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
        return winner.sequence.count > input.count ? .pending : .performed(label(winner))
    }

    // MARK: - Zed

    /// One element's context: its element names and every true flag; the String keys.
    static func evalZed(_ c: WhenClause, _ path: ArraySlice<[String]>, _ s: ReplayState) -> Bool {
        guard let element = path.last else { return false }
        switch c {
        case .identifier(let n):
            return element.contains(n) || (s.flags[n] ?? false)
        case .equals(let k, .string(let v)): return s.strings[k].map { $0 == v && !$0.isEmpty } ?? false
        case .equals(let k, .bool(let b)): return s.strings[k] == (b ? "true" : "false")
        case .not(let a): return !evalZed(a, path, s)
        case .and(let a, let b): return evalZed(a, path, s) && evalZed(b, path, s)
        case .or(let a, let b): return evalZed(a, path, s) || evalZed(b, path, s)
        case .constant(let b): return b
        case .child(let parent, let child):
            return evalZed(parent, path.dropLast(), s) && evalZed(child, path, s)
        }
    }

    /// Zed's `bindings_for_input` and the choice the window makes from it.
    static func zed(_ entries: [ReferenceEntry], input: [String], state: ReplayState) -> ReplayOutcome {
        var isPending: Bool?
        var matches: [(entry: ReferenceEntry, depth: Int)] = []
        let path = state.path
        for e in entries.reversed() where e.sequence.starts(with: input) {
            let pending = e.sequence.count > input.count
            for depth in stride(from: path.count, through: 0, by: -1) {
                let enabled = e.when.map { evalZed($0, path[0..<depth], state) } ?? true
                guard enabled else { continue }
                if isPending == nil { isPending = pending && !e.isNull }
                if !pending { matches.append((e, depth)) }
                break
            }
        }
        if isPending == true { return .pending }
        let ranked = matches.enumerated().sorted { ($0.element.depth, -$0.offset) > ($1.element.depth, -$1.offset) }
        if let first = ranked.first?.element.entry, !first.isNull { return .performed(label(first)) }
        return input.count > 1 ? .cancelled : .unhandled
    }

    /// `command|argument`, how the replay names a performed action on both sides (the argument
    /// as the `.bind` literal carries it: a number, a Boolean, a string, or JSON text).
    static func label(_ e: ReferenceEntry) -> String {
        e.command + "|" + BindSourceWriter.argumentKind(e.argument).text
    }
}
