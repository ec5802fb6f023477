import BindingLang
import BindingRuntime

/// A reference model of dispatch for differential tests: Grammar.md §5 and §6 implemented
/// directly and slowly over the checked ``Keymap`` (no table, no trie), stroke by stroke, with
/// a verdict for every binding of the pressed sequence and the discoverability list. The
/// runtime's ``Dispatcher`` must agree with it (ExplainerAgreementTests).
struct ReferenceDispatcher: Sendable {
    /// A responder of the explained chain: a name, the roles it plays (tried in order), and
    /// the actions it refuses (indices into `Keymap.actions`); it can perform every other.
    struct Responder: Sendable, Equatable {
        var name: String
        var roles: [String]
        var cannotPerform: Set<Int>
        init(name: String, roles: [String], cannotPerform: Set<Int> = []) {
            self.name = name
            self.roles = roles
            self.cannotPerform = cannotPerform
        }
    }

    /// The value of one context variable.
    enum Value: Sendable, Equatable {
        case bool(Bool)
        /// The index of an enumeration case.
        case enumCase(Int)
        case string(String)
    }

    /// What one stroke did (Grammar.md §5).
    enum Outcome: Sendable, Equatable {
        /// `binding` (an index into `Keymap.bindings`) was chosen and performed by the
        /// responder at `performer` (an index into the chain).
        case performed(binding: Int, performer: Int)
        /// The strokes so far start a longer live binding of the role at `role` (nil: the menu).
        case pending(role: Int?)
        /// A pending sequence ended: the stroke continues nothing.
        case cancelled
        /// Nothing is bound to the stroke here.
        case unhandled
    }

    /// Why a binding of the pressed sequence was or was not chosen.
    enum Verdict: Sendable, Equatable {
        /// It was chosen; the responder at this chain index performs it.
        case chosen(performer: Int)
        /// No responder of the chain plays its role.
        case roleNotInChain
        /// Its condition is false; these conjuncts of it are the false ones.
        case conditionFalse([Condition])
        /// It is live but no responder of the chain can perform its action.
        case noPerformer
        /// Another binding (an index into `Keymap.bindings`) was chosen first: one of a nearer
        /// role, or an earlier one of the same role.
        case lostTo(Int)
        /// A nearer role (nil: the menu) had a longer live binding, so the dispatcher waited
        /// for the next stroke before reaching this one.
        case preemptedByPending(role: Int?)
    }

    /// The explanation of one stroke: the strokes dispatched (the pending ones and the new
    /// one), the outcome, every binding of exactly those strokes with its verdict in dispatch
    /// order, and the bindings that continue them.
    struct Step: Sendable, Equatable {
        var strokes: [Chord]
        var outcome: Outcome
        var candidates: [(binding: Int, verdict: Verdict)]
        /// Live bindings whose sequence is longer and starts with `strokes`.
        var continuations: [Int]

        static func == (a: Step, b: Step) -> Bool {
            a.strokes == b.strokes && a.outcome == b.outcome && a.continuations == b.continuations
                && a.candidates.count == b.candidates.count
                && zip(a.candidates, b.candidates).allSatisfy { $0.binding == $1.binding && $0.verdict == $1.verdict }
        }
    }

    /// One entry of the discoverability overlay (Grammar.md §6).
    struct OverlayEntry: Sendable, Equatable {
        /// Index into `Keymap.bindings`.
        var binding: Int
        var title: String
        var group: String?
        /// The sequence as glyphs (`⌃K ⌃C`) and as plain text (`Ctrl+K Ctrl+C`).
        var glyphs: String
        var plainText: String
    }

    let keymap: Keymap
    let chain: [Responder]
    /// One value per context variable, in declaration order.
    let values: [Value]

    /// An explainer for `keymap` with `chain` (first responder first) and context `values`
    /// (missing values take the initial ones: false, the first case, "").
    init(keymap: Keymap, chain: [Responder], values: [Value] = []) {
        self.keymap = keymap
        self.chain = chain
        var all: [Value] = []
        for (i, c) in keymap.contexts.enumerated() {
            if i < values.count { all.append(values[i]); continue }
            switch c.type {
            case .bool: all.append(.bool(false))
            case .string: all.append(.string(""))
            case .enumeration: all.append(.enumCase(0))
            }
        }
        self.values = all
    }

    // MARK: - Conditions

    /// Whether `condition` holds in the current context, for a binding of `role` (nil: the
    /// menu): a chain predicate asks about the nearest responder playing `role` (its anchor)
    /// and those further out; for the menu, `inside R` asks whether any responder plays `R`
    /// and `is R` is false (Grammar.md §4.6).
    func holds(_ condition: Condition, role: Int?) -> Bool {
        switch condition {
        case .constant(let b): return b
        case .flag(let v): if case .bool(let b)? = value(v) { return b } else { return false }
        case .enumEquals(let v, let k): if case .enumCase(let c)? = value(v) { return c == k } else { return false }
        case .stringEquals(let v, let s): if case .string(let t)? = value(v) { return t == s } else { return false }
        case .inside(let r):
            let from = role.map { anchor(of: $0).map { $0 + 1 } ?? chain.count } ?? 0
            return chain.indices.contains { $0 >= from && plays(chain[$0], r) }
        case .plays(let r):
            guard let role, let a = anchor(of: role) else { return false }
            return plays(chain[a], r)
        case .not(let c): return !holds(c, role: role)
        case .and(let l, let r): return holds(l, role: role) && holds(r, role: role)
        case .or(let l, let r): return holds(l, role: role) || holds(r, role: role)
        }
    }

    /// The chain index of the nearest responder playing `role`.
    private func anchor(of role: Int) -> Int? { chain.indices.first { plays(chain[$0], role) } }

    private func plays(_ responder: Responder, _ role: Int) -> Bool {
        keymap.roles.indices.contains(role) && responder.roles.contains(keymap.roles[role])
    }

    private func value(_ index: Int) -> Value? { values.indices.contains(index) ? values[index] : nil }

    /// The conjuncts of `condition` (its `&&` operands, flattened) that are false.
    func falseConjuncts(_ condition: Condition, role: Int?) -> [Condition] {
        var parts: [Condition] = []
        func collect(_ c: Condition) {
            if case .and(let l, let r) = c { collect(l); collect(r) } else { parts.append(c) }
        }
        collect(condition)
        return parts.filter { !holds($0, role: role) }
    }

    /// The context variables `condition` mentions, in order of first mention.
    static func variables(of condition: Condition) -> [Int] {
        var out: [Int] = []
        func walk(_ c: Condition) {
            switch c {
            case .constant, .inside, .plays: break
            case .flag(let v), .enumEquals(let v, _), .stringEquals(let v, _): if !out.contains(v) { out.append(v) }
            case .not(let x): walk(x)
            case .and(let l, let r), .or(let l, let r): walk(l); walk(r)
            }
        }
        walk(condition)
        return out
    }

    /// The value of context variable `index` as source text (`true`, `insert`, `"go"`).
    func valueText(_ index: Int) -> String {
        switch value(index) {
        case .bool(let b)?: return b ? "true" : "false"
        case .string(let s)?: return SourceText.quoted(s)
        case .enumCase(let k)?:
            if keymap.contexts.indices.contains(index), case .enumeration(let cases) = keymap.contexts[index].type,
               cases.indices.contains(k) { return cases[k] }
            return "<case \(k)>"
        case nil: return "?"
        }
    }

    // MARK: - Dispatch

    /// The roles tried, in order: each responder's roles (those the keymap declares, first
    /// occurrence only), then the menu (nil).
    var roleOrder: [Int?] {
        var order: [Int?] = []
        for responder in chain {
            for name in responder.roles {
                if let role = keymap.roles.firstIndex(of: name), !order.contains(role) { order.append(role) }
            }
        }
        order.append(nil)
        return order
    }

    /// The index of the first responder of the chain that can perform `action`.
    func performer(of action: Int) -> Int? {
        chain.firstIndex { !$0.cannotPerform.contains(action) }
    }

    /// Presses `strokes` one after another from idle and explains each.
    func press(_ strokes: [Chord]) -> [Step] {
        var pending: [Chord] = []
        var steps: [Step] = []
        for stroke in strokes {
            let step = dispatch(pending + [stroke], wasPending: !pending.isEmpty)
            steps.append(step)
            pending = isPending(step.outcome) ? step.strokes : []
        }
        return steps
    }

    private func isPending(_ outcome: Outcome) -> Bool {
        if case .pending = outcome { return true }
        return false
    }

    /// Rule 2 for the strokes `p`.
    func dispatch(_ p: [Chord], wasPending: Bool) -> Step {
        let order = roleOrder
        var outcome: Outcome = wasPending ? .cancelled : .unhandled
        search: for role in order {
            let ofRole = keymap.bindings.indices.filter { keymap.bindings[$0].role == role }
            for b in ofRole where keymap.bindings[b].sequence == p && holds(keymap.bindings[b].condition, role: keymap.bindings[b].role) {
                if let who = performer(of: keymap.bindings[b].action) {
                    outcome = .performed(binding: b, performer: who)
                    break search
                }
            }
            let waits = ofRole.contains { b in
                let s = keymap.bindings[b].sequence
                return s.count > p.count && s.starts(with: p) && holds(keymap.bindings[b].condition, role: keymap.bindings[b].role)
            }
            if waits {
                outcome = .pending(role: role)
                break search
            }
        }
        var candidates: [(Int, Verdict)] = []
        let exact = keymap.bindings.indices.filter { keymap.bindings[$0].sequence == p }
        let position: (Int) -> Int = { b in order.firstIndex(of: self.keymap.bindings[b].role) ?? Int.max }
        for b in exact.sorted(by: { (position($0), $0) < (position($1), $1) }) {
            let binding = keymap.bindings[b]
            let verdict: Verdict
            if case .performed(let chosen, let who) = outcome, chosen == b {
                verdict = .chosen(performer: who)
            } else if binding.role != nil && position(b) == Int.max {
                verdict = .roleNotInChain
            } else if !holds(binding.condition, role: binding.role) {
                verdict = .conditionFalse(falseConjuncts(binding.condition, role: binding.role))
            } else if performer(of: binding.action) == nil {
                verdict = .noPerformer
            } else if case .performed(let chosen, _) = outcome {
                verdict = .lostTo(chosen)
            } else if case .pending(let role) = outcome {
                verdict = .preemptedByPending(role: role)
            } else {
                verdict = .noPerformer  // unreachable: a live performable binding is chosen
            }
            candidates.append((b, verdict))
        }
        let continuations = keymap.bindings.indices.filter { b in
            let binding = keymap.bindings[b]
            return binding.sequence.count > p.count && binding.sequence.starts(with: p)
                && holds(binding.condition, role: binding.role) && (binding.role == nil || position(b) != Int.max)
        }
        return Step(strokes: p, outcome: outcome, candidates: candidates, continuations: continuations)
    }

    // MARK: - Discoverability

    /// The overlay for this state (Grammar.md §6): each titled binding that pressing its
    /// sequence from idle would perform now; ungrouped ones first, then each group in order of
    /// first appearance, declaration order within each.
    func discoverability() -> [OverlayEntry] {
        var entries: [OverlayEntry] = []
        for (b, binding) in keymap.bindings.enumerated() {
            guard let title = binding.title, !binding.sequence.isEmpty else { continue }
            guard let last = press(binding.sequence).last, case .performed(let chosen, _) = last.outcome, chosen == b
            else { continue }
            let group = binding.group.flatMap { keymap.groups.indices.contains($0) ? keymap.groups[$0] : nil }
            entries.append(OverlayEntry(
                binding: b, title: title, group: group,
                glyphs: binding.sequence.map(\.glyphs).joined(separator: " "),
                plainText: binding.sequence.map(\.plainText).joined(separator: " ")))
        }
        let rank: (OverlayEntry) -> Int = { entry in
            guard let g = self.keymap.bindings[entry.binding].group else { return -1 }
            return g
        }
        return entries.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }
}
