// A slow reference for dispatch, written straight from Grammar.md §5 and §6 over the
// generator's own model of a random keymap: it walks every binding in source order on every
// stroke. The property tests compare the runtime's Dispatcher with it.
import BindingRuntime

/// A responder of the property tests: fixed roles, a fixed set of actions it can perform.
final class PropertyResponder: Responder {
    let responderRoles: [String]
    let performs: Set<String>
    var next: PropertyResponder?
    let name: String
    /// Where performed actions are written (`action(argument) by name`), when set.
    var log: PerformLog?
    init(name: String, roles: [String], performs: Set<String>) {
        self.name = name
        responderRoles = roles
        self.performs = performs
    }
    var nextResponder: Responder? { next }
    func canPerform(_ action: ActionInvocation) -> Bool { performs.contains(action.name) }
    func perform(_ action: ActionInvocation) {
        log?.entries.append(PropertyDispatchTests.runtimeOutcome(.performed(action, responder: self)).description)
    }
}

/// The actions the responders of one chain performed, in order.
final class PerformLog {
    var entries: [String] = []
    /// The entries since the last call, emptied.
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

/// What a stroke did, in terms both implementations can report.
enum GrammarOutcome: Equatable, CustomStringConvertible {
    case performed(action: String, argument: String?, responder: String)
    case pending
    case cancelled
    case unhandled

    var description: String {
        switch self {
        case let .performed(a, arg, r): "performed \(a)\(arg.map { "(\($0))" } ?? "") by \(r)"
        case .pending: "pending"
        case .cancelled: "cancelled"
        case .unhandled: "unhandled"
        }
    }
}

/// Grammar.md §5, literally.
struct GrammarReference {
    let keymap: RandomKeymap
    let chain: [PropertyResponder]
    /// The context: per variable of the keymap, its value's index (the app may change it
    /// between strokes).
    var state: [Int]
    /// The strokes pending; empty when idle.
    var pending: [String] = []
    /// Repeat mode (§5): the prefix whose repeatable bindings a bare stroke repeats, and when
    /// the last stroke came (every `@repeat` of the generator has the default 500 ms window).
    var repeatPrefix: [String]? = nil
    var lastTime = 0.0
    static let repeatWindow = 0.5
    /// The `@timeout` binding the pending sequence holds (§5 rule 2a).
    var held: Int? = nil
    /// What the last press performed because a held binding ran first (rule 3), as the
    /// runtime's responders log it.
    var heldPerformed: [String] = []

    enum Resolution { case chosen(Int, PropertyResponder), held(Int), pending, nothing }

    /// The first responder in the chain that can perform `action` (targetForAction).
    func performer(_ action: String) -> PropertyResponder? { chain.first { $0.performs.contains(action) } }

    /// Rule 2 for the strokes `p`.
    func resolve(_ p: [String]) -> Resolution {
        var roleOrder: [Int?] = []
        for r in chain {
            for name in r.responderRoles {
                if let i = keymap.roles.firstIndex(of: name) { roleOrder.append(i) }
            }
        }
        roleOrder.append(nil)   // the menu bindings, after every role of the chain
        for role in roleOrder {
            let bindings = keymap.bindings.indices.filter { keymap.bindings[$0].role == role }
            // a. the first live binding of exactly p that has a performer
            for i in bindings {
                let b = keymap.bindings[i]
                if b.sequence == p && b.live(state), let performer = performer(b.action) {
                    // A `@timeout` binding is held while a longer one of its role is live.
                    return b.waits && longerLive(bindings, p) ? .held(i) : .chosen(i, performer)
                }
            }
            // b. a live binding of this role that p is a proper prefix of
            if longerLive(bindings, p) { return .pending }
        }
        return .nothing
    }

    /// Whether one of `bindings` (of one role) is live and longer than `p`, starting with it.
    func longerLive(_ bindings: [Int], _ p: [String]) -> Bool {
        bindings.contains {
            let b = keymap.bindings[$0]
            return b.sequence.count > p.count && b.sequence.starts(with: p) && b.live(state)
        }
    }

    /// One stroke at time `time` (§5 rules 1–3, and repeat mode).
    mutating func press(_ stroke: String, at time: Double = 0) -> GrammarOutcome {
        heldPerformed = []
        return self.stroke(stroke, at: time)
    }

    private mutating func stroke(_ stroke: String, at time: Double) -> GrammarOutcome {
        let wasPending = !pending.isEmpty
        let heldNow = held
        held = nil
        // Repeat mode: within the window, the stroke as if the prefix were pending; only a
        // repeatable binding performed repeats, anything else is dispatched from idle.
        let repeatFrom = time - lastTime > Self.repeatWindow ? nil : repeatPrefix
        repeatPrefix = nil
        lastTime = time
        if let q = repeatFrom, case .chosen(let i, let performer) = resolve(q + [stroke]), keymap.bindings[i].repeats {
            repeatPrefix = q
            let b = keymap.bindings[i]
            return .performed(action: b.action, argument: b.argument, responder: performer.name)
        }
        let p = pending + [stroke]
        pending = []
        switch resolve(p) {
        case .chosen(let i, let performer):
            let b = keymap.bindings[i]
            if b.repeats && b.sequence.count > 1 { repeatPrefix = Array(b.sequence.dropLast()) }
            return .performed(action: b.action, argument: b.argument, responder: performer.name)
        case .pending:
            pending = p
            return .pending
        case .held(let i):
            pending = p
            held = i
            return .pending
        case .nothing:
            // Rule 3: a held binding runs (by whoever can perform it now), then the stroke
            // is dispatched from idle.
            if wasPending, let h = heldNow, let performer = performer(keymap.bindings[h].action) {
                let b = keymap.bindings[h]
                heldPerformed.append(GrammarOutcome.performed(action: b.action, argument: b.argument, responder: performer.name).description)
                return self.stroke(stroke, at: time)
            }
            return wasPending ? .cancelled : .unhandled
        }
    }

    /// In repeat mode, the strokes that would repeat now.
    func repeatKeys() -> Set<String> {
        guard let q = repeatPrefix else { return [] }
        var out: Set<String> = []
        for b in keymap.bindings where b.sequence.count == q.count + 1 && b.sequence.starts(with: q) {
            if case .chosen(let i, _) = resolve(b.sequence), keymap.bindings[i].repeats { out.insert(b.sequence[q.count]) }
        }
        return out
    }

    /// The strokes that continue the pending sequence in a live binding of a role of the chain.
    func continuations() -> Set<String> {
        let chainRoles = Set(chain.flatMap { $0.responderRoles.compactMap { keymap.roles.firstIndex(of: $0) } })
        var out: Set<String> = []
        for b in keymap.bindings where b.live(state) && b.sequence.count > pending.count && b.sequence.starts(with: pending) {
            if let r = b.role, chainRoles.contains(r) { out.insert(b.sequence[pending.count]) }
        }
        return out
    }

    /// §6: titled bindings that pressing their sequence from idle would perform now;
    /// ungrouped first, then groups in order of first appearance, each in declaration order.
    func overlay() -> [String] {
        var listed: [Int] = []
        for (i, b) in keymap.bindings.enumerated() where b.title != nil {
            var ok = true
            for n in 1..<b.sequence.count where ok {
                switch resolve(Array(b.sequence.prefix(n))) {
                case .pending, .held: break
                default: ok = false
                }
            }
            // A held binding is listed: pressing its keys and waiting performs it.
            switch resolve(b.sequence) {
            case .chosen(let chosen, _) where chosen == i: if ok { listed.append(i) }
            case .held(let chosen) where chosen == i: if ok { listed.append(i) }
            default: break
            }
        }
        var groups: [String] = []
        for b in keymap.bindings { if let g = b.group, !groups.contains(g) { groups.append(g) } }
        let ordered = listed.filter { keymap.bindings[$0].group == nil }
            + groups.flatMap { g in listed.filter { keymap.bindings[$0].group == g } }
        return ordered.map { i in
            let b = keymap.bindings[i]
            return "\(b.title ?? "") [\(b.group ?? "-")] \(b.sequence.joined(separator: " "))"
        }
    }
}
