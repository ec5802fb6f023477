/// Why a stroke sequence does what it does, for a chain and a context: the chosen binding
/// and its performer, and for every other binding of the sequence why it lost. `bindc
/// explain` prints it; apps can log it.
public struct Explanation {
    /// What pressing the sequence from idle does.
    public enum Outcome {
        /// `binding` is performed by `performer` (`performerDepth` responders out from the
        /// first responder).
        case performed(binding: Int, performer: any Responder, performerDepth: Int)
        /// The dispatcher waits for another stroke (a live longer binding in a role that
        /// decides before any exact match).
        case pending
        /// The dispatcher waits for another stroke holding `binding`, a `@timeout` binding
        /// that `performer` performs when the next stroke continues nothing or the sequence
        /// times out (Grammar.md §5).
        case held(binding: Int, performer: any Responder, performerDepth: Int)
        /// Nothing happens: the first stroke is unhandled from idle (for a sequence of several
        /// strokes, the others are then pressed on their own, never as this sequence).
        case nothing
        /// A proper prefix of the sequence already decides: `prefixLength` strokes perform
        /// `binding`, so the full sequence is never reached (also when the prefix holds
        /// `binding`, a `@timeout` binding, and the next stroke continues nothing).
        case blockedAtPrefix(prefixLength: Int, binding: Int)
        /// The first `pendingLength` strokes leave a sequence pending, and the next stroke
        /// continues no live binding that has a performer, so the dispatcher cancels the
        /// sequence there (and consumes that stroke); any strokes after it are never reached
        /// as this sequence. `escape` is no different from any other such stroke.
        case cancelled(pendingLength: Int)
    }

    /// Why one binding of the sequence was or was not chosen.
    public enum Verdict: Sendable, Equatable {
        /// This binding is the one performed.
        case chosen
        /// Its role is not the role of any responder in the chain (and it is no menu binding).
        case roleNotInChain
        /// Its condition is false; `falseParts` are the sub-expressions that are false
        /// (the failing conjuncts of an `&&`, source-like text).
        case conditionFalse(condition: String, falseParts: [String])
        /// It is live, but no responder in the chain can perform its action.
        case noPerformer
        /// An earlier binding of the same role and sequence was chosen.
        case shadowedByEarlier(binding: Int)
        /// A role nearer in the chain decided first: it chose `binding`, or, when nil, it
        /// made the dispatcher wait for a longer sequence.
        case nearerRoleWon(binding: Int?)
        /// A role decided before this binding's role was reached without choosing anything
        /// (blocked at a prefix).
        case notReached
    }

    /// One binding of the sequence with its verdict.
    public struct Entry {
        /// The binding, decoded (its `location` is set when the table has a source map).
        public let binding: TableBinding
        /// Why it won or lost.
        public let verdict: Verdict
        /// When its condition is false because a later layer took the press over (Grammar.md
        /// §9): the later layers' bindings and `unbind`s that override it here (their
        /// conditions hold). Needs the table's source map; empty otherwise.
        public var overriddenBy: [TableOverride] = []
    }

    /// The strokes explained.
    public let sequence: [Chord]
    /// What pressing them does.
    public let outcome: Outcome
    /// The chosen binding, decoded, if one is performed.
    public let chosen: TableBinding?
    /// Every binding of exactly this sequence: first in the order rule 2 examines them
    /// (chain order, then menu), then those of roles not in the chain, in declaration order.
    /// When the last stroke repeats (``repeated``), the bindings of the prefix and that stroke.
    public let entries: [Entry]

    /// How the first strokes of a sequence performed a repeatable binding whose repeat mode
    /// the later strokes then used (Grammar.md §5): `ctrl+b up up` is `ctrl+b up`, then `up`
    /// repeating without `ctrl+b`.
    public struct Repeat: Sendable, Equatable {
        /// The repeatable binding the first ``prefixLength`` strokes performed from idle.
        public let first: Int
        /// How many strokes performed ``first``; each later stroke repeated.
        public let prefixLength: Int
        /// The prefix a repeat leaves out (``first``'s sequence without its last stroke).
        public let prefix: [Chord]
        /// The repeat window in milliseconds of the binding each later stroke followed.
        public let windows: [Int]
    }

    /// Set when the sequence is a repeatable binding's strokes followed by repeats, each
    /// assumed to come within the window of the stroke before: ``outcome`` is then the last
    /// repeat's (`performed`). Nil otherwise.
    public var repeated: Repeat? = nil
}

extension Dispatcher {
    /// The name rule 1 of Grammar.md §5 gives each press of `events`, pressed one after
    /// another from idle: the first of the chord typed, the character without Shift, the key's
    /// position and the key's US character for which rule 2 decides something (the chord
    /// typed when none does), as ``dispatch(_:firstResponder:context:)`` names it; so that
    /// ``explain(_:firstResponder:context:)`` explains the presses a keyboard makes
    /// (`ctrl+shift+"]"` is `ctrl+"}"` on a US keyboard, `h` reaches a `KeyH` binding).
    public func strokeNames(_ events: [KeyEvent], firstResponder: any Responder, context: ContextState) -> [Chord] {
        refresh()
        var node: Int? = BindingTable.root
        var out: [Chord] = []
        for e in events {
            guard let from = node else {
                out.append(e.chord)
                continue
            }
            var chosen = e.chord
            for name in [e.chord, e.shiftAlternate, e.keyPosition, e.fallback] {
                guard let name, let child = table.child(of: from, code: name.code) else { continue }
                if case .nothing = resolve(node: child, firstResponder: firstResponder, context: context) { continue }
                chosen = name
                break
            }
            out.append(chosen)
            node = table.child(of: from, code: chosen.code)
        }
        return out
    }

    /// Explains what pressing `sequence` from idle would do for this chain and context,
    /// without performing anything or touching the pending state.
    public func explain(_ sequence: [Chord], firstResponder: any Responder, context: ContextState) -> Explanation {
        refresh()
        let state = context.bound(to: table)
        guard !sequence.isEmpty else { return Explanation(sequence: sequence, outcome: .nothing, chosen: nil, entries: []) }
        // The strokes before the last, pressed one by one from idle as `dispatch` would: each
        // must leave the sequence pending, or the press ends there.
        var node = BindingTable.root
        var repeated: Explanation.Repeat? = nil
        // The `@timeout` binding the pending prefix holds: a stroke that continues nothing
        // performs it (rule 3), so the sequence ends at that prefix.
        var held: Int? = nil
        strokes: for (i, c) in sequence.enumerated() {
            // After stroke i, i strokes were pending; a stroke that continues nothing cancels.
            let ended: Explanation.Outcome = held.map { .blockedAtPrefix(prefixLength: i, binding: $0) }
                ?? (i == 0 ? .nothing : .cancelled(pendingLength: i))
            guard let next = table.child(of: node, code: c.code) else {
                return Explanation(sequence: sequence, outcome: ended, chosen: nil, entries: entries(at: table.node(for: sequence), state))
            }
            node = next
            if i + 1 < sequence.count {
                switch resolve(node: node, firstResponder: firstResponder, context: state) {
                case .pending: held = nil
                case .holding(let b): held = b
                case .chosen(let b, _):
                    // A repeatable binding: the later strokes may each repeat (§5).
                    if let r = repeats(after: b, prefixLength: i + 1, sequence, firstResponder, state) {
                        node = r.node
                        repeated = r.info
                        break strokes
                    }
                    return Explanation(sequence: sequence, outcome: .blockedAtPrefix(prefixLength: i + 1, binding: b), chosen: nil, entries: entries(at: table.node(for: sequence), state))
                case .nothing:
                    return Explanation(sequence: sequence, outcome: ended, chosen: nil, entries: entries(at: table.node(for: sequence), state))
                }
            }
        }

        // Rule 2 for the whole sequence, recording a verdict for every candidate: its own
        // reason first (condition false, no performer), then what decided before it.
        var order: [UInt32] = []   // roles in the order rule 2 examines them
        var responder: (any Responder)? = firstResponder
        var depth = 0
        while let r = responder, depth < Dispatcher.maxChainLength {
            for name in r.responderRoles {
                if let role = table.roleIndex(named: name), !order.contains(UInt32(role)) { order.append(UInt32(role)) }
            }
            responder = r.nextResponder
            depth += 1
        }
        order.append(TableFormat.menuRole)
        var verdicts: [(Int, Explanation.Verdict, [TableOverride])] = []
        var decided: (binding: Int?, role: UInt32)? = nil
        var outcome: Explanation.Outcome = held.map { .blockedAtPrefix(prefixLength: sequence.count - 1, binding: $0) }
            ?? (sequence.count > 1 ? .cancelled(pendingLength: sequence.count - 1) : .nothing)
        // Candidates often share one condition: each (condition, role) is evaluated, decoded,
        // rendered and taken apart once, so explaining costs the table's size, not
        // candidates × length.
        var conditions = TableConditionCache(table: table)
        var falseVerdicts: [UInt64: Explanation.Verdict] = [:]
        var truth: [UInt64: Bool] = [:]
        for role in order {
            let chain = facts(firstResponder, role: role)
            for c in table.candidates(of: node, role: role) {
                let b = table.candidate(c)
                let cond = table.bindingCondition(b)
                let key = UInt64(cond) << 32 | UInt64(role)
                let holds = truth[key] ?? state.holds(cond, chain)
                truth[key] = holds
                guard holds else {
                    let overriding = table.overrides(ofBinding: b).filter { self.holds($0.condition, state, chain) }
                    if let verdict = falseVerdicts[key] {
                        verdicts.append((b, verdict, overriding))
                        continue
                    }
                    let tree = conditions.condition(cond)
                    let verdict = Explanation.Verdict.conditionFalse(
                        condition: table.text(of: tree), falseParts: falseParts(tree, state, chain).map { table.text(of: $0) })
                    falseVerdicts[key] = verdict
                    verdicts.append((b, verdict, overriding))
                    continue
                }
                guard let (p, performerDepth) = performer(of: table.invocation(ofBinding: b), from: firstResponder) else {
                    verdicts.append((b, .noPerformer, []))
                    continue
                }
                if let d = decided {
                    if d.role == role, let chosen = d.binding { verdicts.append((b, .shadowedByEarlier(binding: chosen), [])) }
                    else { verdicts.append((b, .nearerRoleWon(binding: d.binding), [])) }
                    continue
                }
                verdicts.append((b, .chosen, []))
                decided = (b, role)
                outcome = .performed(binding: b, performer: p, performerDepth: performerDepth)
                if table.performsOnTimeout(binding: b), state.holds(table.longerCondition(of: node, role: role), chain) {
                    outcome = .held(binding: b, performer: p, performerDepth: performerDepth)
                }
            }
            if decided == nil, state.holds(table.longerCondition(of: node, role: role), chain) {
                decided = (nil, role)
                outcome = .pending
            }
        }
        var entries = verdicts.map { Explanation.Entry(binding: conditions.binding($0.0), verdict: $0.1, overriddenBy: $0.2) }
        let listed = Set(verdicts.map(\.0))
        for c in table.candidates(of: node) where !listed.contains(table.candidate(c)) {
            entries.append(Explanation.Entry(binding: conditions.binding(table.candidate(c)), verdict: .roleNotInChain))
        }
        var chosen: TableBinding?
        if case .performed(let b, _, _) = outcome { chosen = conditions.binding(b) }
        if case .held(let b, _, _) = outcome { chosen = conditions.binding(b) }
        return Explanation(sequence: sequence, outcome: outcome, chosen: chosen, entries: entries, repeated: repeated)
    }

    /// When `first`, performed by the first `prefixLength` strokes of `sequence`, is
    /// repeatable and every later stroke repeats (performs a repeatable binding from
    /// `first`'s prefix, as in repeat mode): the node of the last repeat and how it was
    /// reached. Nil when some later stroke does not repeat.
    func repeats(
        after first: Int, prefixLength: Int, _ sequence: [Chord], _ firstResponder: any Responder, _ state: ContextState
    ) -> (node: Int, info: Explanation.Repeat)? {
        guard let window = table.repeatMilliseconds(binding: first),
              let prefix = table.parent(of: table.bindingNode(first)), prefix != BindingTable.root else { return nil }
        var node = prefix
        var windows = [window]
        for stroke in sequence[prefixLength...] {
            guard let n = table.child(of: prefix, code: stroke.code),
                  case .chosen(let b, _) = resolve(node: n, firstResponder: firstResponder, context: state),
                  let w = table.repeatMilliseconds(binding: b) else { return nil }
            node = n
            windows.append(w)
        }
        windows.removeLast()
        return (node, Explanation.Repeat(first: first, prefixLength: prefixLength, prefix: table.sequence(of: prefix), windows: windows))
    }

    /// The first responder from `first` outwards that can perform `action`, with its depth.
    func performer(of action: ActionInvocation, from first: any Responder) -> (any Responder, Int)? {
        var performer: (any Responder)? = first
        var depth = 0
        while let p = performer, depth < Dispatcher.maxChainLength {
            if p.canPerform(action) { return (p, depth) }
            performer = p.nextResponder
            depth += 1
        }
        return nil
    }

    /// The bindings of `node` as not reached (used when a prefix decides).
    func entries(at node: Int?, _ state: ContextState) -> [Explanation.Entry] {
        guard let node else { return [] }
        var conditions = TableConditionCache(table: table)
        return table.candidates(of: node).map { Explanation.Entry(binding: conditions.binding(table.candidate($0)), verdict: .notReached) }
    }

    /// The false parts of a false condition: the failing conjuncts of `&&` chains, otherwise
    /// the whole (sub-)expression. One pass over the tree (recursion bounded by the loader's
    /// 512-level limit on condition height).
    func falseParts(_ c: TableCondition, _ state: ContextState, _ chain: ResponderChainFacts) -> [TableCondition] {
        var out: [TableCondition] = []
        _ = collectFalseParts(c, state, chain, into: &out)
        return out
    }

    /// Evaluates `c`, appending to `out` its false conjuncts (for an `&&`) or itself (otherwise,
    /// when false).
    private func collectFalseParts(
        _ c: TableCondition, _ state: ContextState, _ chain: ResponderChainFacts, into out: inout [TableCondition]
    ) -> Bool {
        if case .and(let l, let r) = c {
            let left = collectFalseParts(l, state, chain, into: &out)
            let right = collectFalseParts(r, state, chain, into: &out)
            return left && right
        }
        let value = holds(c, state, chain)
        if !value { out.append(c) }
        return value
    }

    /// Evaluates a decoded condition against `state` (bound to the current table) and the
    /// chain `chain` describes.
    func holds(_ c: TableCondition, _ state: ContextState, _ chain: ResponderChainFacts) -> Bool {
        switch c {
        case .constant(let v): return v
        case .flag(let i): return i < state.values.count && state.values[i] != 0
        case .enumEquals(let i, let k): return i < state.values.count && Int(state.values[i]) == k
        case .stringEquals(let i, let s): return i < state.texts.count && state.texts[i] == s
        case .inside(let r): return chain.inside(r)
        case .plays(let r): return chain.plays(r)
        case .not(let x): return !holds(x, state, chain)
        case .and(let l, let r): return holds(l, state, chain) && holds(r, state, chain)
        case .or(let l, let r): return holds(l, state, chain) || holds(r, state, chain)
        }
    }
}
