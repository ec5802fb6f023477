// MARK: - Dispatch through a chain snapshot

extension Dispatcher {
    /// Handles one key press over a ``ChainSnapshot`` (Grammar.md §5, the same rules and
    /// results as ``dispatch(_:firstResponder:context:)``): performs the chosen binding's
    /// action on its performer, or starts, continues or cancels a sequence, or leaves the
    /// stroke unhandled. A snapshot of an older table is resolved again first.
    public func dispatch(_ event: KeyEvent, chain: ChainSnapshot, context: ContextState) -> DispatchResult {
        switch decide(event, chain: chain, context: context) {
        case .perform(let binding, _, let performer):
            let action = table.invocation(ofBinding: binding)
            // `performer` is a position of the chain (decide found it there); the slot is
            // borrowed, unretained (``ResponderSlot``): only the result retains the responder.
            return chain.chain.baseAddress.unsafelyUnwrapped[performer]._withUnsafeGuaranteedRef { slot in
                slot.responder.perform(action)
                return .performed(action, responder: slot.responder)
            }
        case .pending:
            return .pending(PendingSequence(table: table, node: pendingNode ?? BindingTable.root))
        case .cancelled(let reason):
            return .cancelled(reason)
        case .unhandled:
            return .unhandled
        case .performHeld(let binding, _, let performer):
            return dispatchAfterHeld(binding, performer: performer, event, chain: chain, context: context)
        }
    }

    /// Rule 3 with a held binding: performs it, then dispatches the same stroke from idle,
    /// and reports both (``DispatchResult/performedHeld(_:)``). Out of line: the common press
    /// does not pay for the second dispatch's frame.
    @inline(never)
    func dispatchAfterHeld(_ binding: Int, performer: Int, _ event: KeyEvent, chain: ChainSnapshot, context: ContextState) -> DispatchResult {
        let held = perform(binding: binding, performer: performer, chain: chain)
        var then = -1
        var strokePerformer: (any Responder)? = nil
        // From idle: the stroke performs, waits or is unhandled (nothing is pending to cancel,
        // nothing held to run).
        switch decide(event, chain: chain, context: context) {
        case .perform(let b, _, let p): (then, strokePerformer) = (b, perform(binding: b, performer: p, chain: chain).responder)
        case .pending: then = pendingNode ?? BindingTable.root
        case .unhandled, .cancelled, .performHeld: break
        }
        return .performedHeld(DispatchResult.HeldRun(table: table, binding: binding, responder: held.responder, thenIndex: then, performer: strokePerformer))
    }

    /// Performs `binding` on the responder at position `performer` of `chain`; returns the
    /// invocation and the responder.
    func perform(binding: Int, performer: Int, chain: ChainSnapshot) -> (action: ActionInvocation, responder: any Responder) {
        let action = table.invocation(ofBinding: binding)
        return chain.chain.baseAddress.unsafelyUnwrapped[performer]._withUnsafeGuaranteedRef { slot in
            slot.responder.perform(action)
            return (action, slot.responder)
        }
    }

    /// ``timeOut(firstResponder:)`` over a snapshot: performs the `@timeout` binding the
    /// pending sequence holds on its performer in `chain`, or else cancels the sequence as
    /// ``cancelPending()`` does. Nil when idle.
    @discardableResult
    public func timeOut(chain: ChainSnapshot) -> DispatchResult? {
        switch decideTimeOut(chain: chain) {
        case .perform(let binding, _, let performer)?:
            let (action, responder) = perform(binding: binding, performer: performer, chain: chain)
            return .performed(action, responder: responder)
        case .cancelled(let reason)?: return .cancelled(reason)
        default: return nil
        }
    }

    /// ``timeOut(chain:)`` without performing: `.perform` of the held `@timeout` binding for
    /// the app to perform, `.cancelled(.requested)` when the pending sequence held nothing
    /// with a performer in `chain`, nil when idle. The dispatcher is idle afterwards.
    public func decideTimeOut(chain: ChainSnapshot) -> Decision? {
        refresh()
        guard let held = endPendingForTimeOut() else { return nil }
        if let d = heldDecision(held, chain: chain) { return .perform(binding: d.binding, action: d.action, performer: d.performer) }
        return .cancelled(.requested)
    }

    /// The held binding `binding` with its action and its performer's position in `chain`
    /// (resolved against the table first), or nil when it has none.
    @inline(never)
    func heldDecision(_ binding: Int, chain: ChainSnapshot) -> (binding: Int, action: Int, performer: Int)? {
        guard binding >= 0, binding < table.bindingCount else { return nil }
        if chain.resolved.pointee.tableID != state.pointee.tableID { chain.rebind(to: state.pointee.table) }
        let p = chain.performer(invocation: table.bindingInvocation(binding), binding: binding)
        return p >= 0 ? (binding, table.bindingAction(binding), p) : nil
    }

    /// Decides what one key press does over `chain` without performing it, and moves the
    /// pending state as dispatching would. Allocates nothing and retains no responder.
    /// (Inlined into ``dispatch(_:chain:context:)``: a call less per press.)
    @inline(__always)
    public func decide(_ event: KeyEvent, chain: ChainSnapshot, context: ContextState) -> Decision {
        decideRemembered(event, chain: chain, context: context) ?? decideStroke(event, chain: chain, context: context)
    }

    /// The common press in one short path, or nil to take ``decideStroke(_:chain:context:)``:
    /// no table reference to follow, idle (nothing pending, not repeating), the snapshot and
    /// `context` resolved against the table in use, and the snapshot's ``DecisionMemo``
    /// holding the stroke from the root under the current context bitset. It then does what
    /// ``decideStroke(_:chain:context:)`` would: from the root, a performed binding enters no
    /// repeat mode and nothing decided is `.unhandled`; only the stroke's time is recorded
    /// (and the node, for a sequence that starts). Leaves the state untouched when it
    /// returns nil.
    @inline(__always)
    func decideRemembered(_ event: KeyEvent, chain: ChainSnapshot, context: ContextState) -> Decision? {
        guard reference == nil else { return nil }
        let state = self.state
        guard state.pointee.pendingNode == nil, state.pointee.repeatNode == nil else { return nil }
        let resolved = chain.resolved
        let tableID = state.pointee.tableID
        guard resolved.pointee.tableID == tableID, context.tableID == tableID, let memo = resolved.pointee.memo else { return nil }
        let known = context.bits.withUnsafeBufferPointer { memo.matches($0.baseAddress.unsafelyUnwrapped) }
        guard known, let e = memo.entry(DecisionMemo.key(event, from: BindingTable.root, stamp: resolved.pointee.stamp)) else { return nil }
        state.pointee.lastStrokeTime = event.timestamp
        guard let (decision, node) = DecisionMemo.outcome(e) else { return .unhandled }
        if case .pending = decision { state.pointee.pendingNode = node }
        return decision
    }

    /// ``decide(_:chain:context:)`` for a press ``decideRemembered(_:chain:context:)`` does not
    /// take: kept out of line, so that the short path keeps a small frame.
    @inline(never)
    func decideStroke(_ event: KeyEvent, chain: ChainSnapshot, context: ContextState) -> Decision {
        if reference != nil { refresh() }
        let tableID = state.pointee.tableID
        // Identities compare as integers: no reference is loaded, retained or released.
        if chain.resolved.pointee.tableID != tableID { chain.rebind(to: state.pointee.table) }
        guard context.tableID == tableID else { return decideRebinding(event, chain: chain, context: context) }
        return context.bits.withUnsafeBufferPointer { decide(event, chain: chain, context: context, bits: $0.baseAddress.unsafelyUnwrapped) }
    }

    /// ``decide(_:chain:context:)`` with a context state of another table: a rebound copy.
    @inline(never)
    private func decideRebinding(_ event: KeyEvent, chain: ChainSnapshot, context: ContextState) -> Decision {
        let bound = context.bound(to: table)
        return bound.bits.withUnsafeBufferPointer { decide(event, chain: chain, context: bound, bits: $0.baseAddress.unsafelyUnwrapped) }
    }

    /// ``decide(_:chain:context:)`` once the snapshot and `context` follow the table in use.
    @inline(__always)
    private func decide(_ event: KeyEvent, chain: ChainSnapshot, context: ContextState, bits: UnsafePointer<UInt64>) -> Decision {
        let (from, wasPending, repeatFrom, held) = beginStroke(event)
        // A held `@timeout` binding runs before a stroke that came after the timeout (rule 3):
        // the app performs it and decides the stroke again, from idle.
        if held >= 0, !wasPending, let d = heldDecision(held, chain: chain) {
            return .performHeld(binding: d.binding, action: d.action, performer: d.performer)
        }
        // Repeat mode (Grammar.md §5): the stroke as if the prefix were pending; it repeats
        // only when that performs a repeatable binding, else it is dispatched from idle.
        if let repeatFrom {
            if let decision = decideRepeating(event, from: repeatFrom, chain: chain, context: context, bits: bits) { return decision }
            // What the repeat attempt held is not this stroke's (only a pending outcome holds).
            state.pointee.held = -1
        }
        guard let (decision, node) = decide(event, from: from, chain: chain, context: context, bits: bits) else {
            // Rule 3: the stroke continues nothing: a held binding runs, then the stroke is
            // decided again from idle.
            if wasPending, held >= 0, let d = heldDecision(held, chain: chain) {
                return .performHeld(binding: d.binding, action: d.action, performer: d.performer)
            }
            return wasPending ? .cancelled(.noContinuation(event.chord)) : .unhandled
        }
        switch decision {
        case .pending: state.pointee.pendingNode = node
        case .perform(let binding, _, _): if state.pointee.hasRepeat { enterRepeat(after: binding, prefix: from) }
        default: break
        }
        return decision
    }

    /// The stroke in repeat mode on prefix `from`: the decision when it performs a
    /// repeatable binding (repeat mode restarts), else nil (dispatched from idle).
    @inline(never)
    private func decideRepeating(_ event: KeyEvent, from: Int, chain: ChainSnapshot, context: ContextState, bits: UnsafePointer<UInt64>) -> Decision? {
        guard case let (decision, _)? = decide(event, from: from, chain: chain, context: context, bits: bits),
              case .perform(let binding, _, _) = decision, table.bindingFlags(binding) & TableFormat.attributeRepeat != 0 else { return nil }
        enterRepeat(after: binding, prefix: from)
        return decision
    }

    /// Grammar.md §5 rule 1 and rule 2 for one stroke from node `from`, read from the
    /// snapshot's ``DecisionMemo`` when it has one and the stroke was decided before in the
    /// same context.
    @inline(__always)
    func decide(_ event: KeyEvent, from: Int, chain: ChainSnapshot, context: ContextState, bits: UnsafePointer<UInt64>) -> (Decision, node: Int)? {
        let resolved = chain.resolved
        guard let memo = resolved.pointee.memo else { return decideAfresh(event, from: from, chain: chain, context: context, bits: bits) }
        var stamp = resolved.pointee.stamp
        if !memo.matches(bits) {
            stamp = memo.restamp(after: stamp, bits: bits)
            resolved.pointee.stamp = stamp
        }
        let key = DecisionMemo.key(event, from: from, stamp: stamp)
        if let e = memo.entry(key) { return DecisionMemo.outcome(e) }
        return decideAndKeep(event, from: from, chain: chain, context: context, bits: bits, key: key)
    }

    /// A stroke the memo does not know: decided, then kept under the stamp it was decided
    /// under. A responder's `canPerform` may have rebound the snapshot or changed the stamp
    /// meanwhile, so the memo is read again and an outdated stamp is simply never matched.
    @inline(never)
    func decideAndKeep(_ event: KeyEvent, from: Int, chain: ChainSnapshot, context: ContextState, bits: UnsafePointer<UInt64>,
                       key: DecisionMemo.Key) -> (Decision, node: Int)? {
        let outcome = decideAfresh(event, from: from, chain: chain, context: context, bits: bits)
        // A held binding is not remembered: the memo keeps no binding with a pending outcome.
        if state.pointee.held < 0 { chain.resolved.pointee.memo?.keep(key, outcome) }
        return outcome
    }

    /// Rule 1 for one stroke from node `from`: the chord by the character typed, then (Shift
    /// held) by the key's character without Shift, then by the key's position, then by the
    /// key's US character on a non-Latin layout; the first of these that rule 2 decides wins.
    @inline(__always)
    func decideAfresh(_ event: KeyEvent, from: Int, chain: ChainSnapshot, context: ContextState, bits: UnsafePointer<UInt64>) -> (Decision, node: Int)? {
        let view = state.pointee.view
        if let d = decide(event.chord, from: from, view: view, chain: chain, context: context, bits: bits) { return d }
        return event.physicalKey == nil ? nil : decideByPosition(event, from: from, view: view, chain: chain, context: context, bits: bits)
    }

    /// Rule 1's later names of a press: its Shift name, its key position, its US character.
    @inline(never)
    func decideByPosition(_ event: KeyEvent, from: Int, view: DispatchView, chain: ChainSnapshot, context: ContextState, bits: UnsafePointer<UInt64>) -> (Decision, node: Int)? {
        decide(event.shiftAlternate, from: from, view: view, chain: chain, context: context, bits: bits)
            ?? decide(event.keyPosition, from: from, view: view, chain: chain, context: context, bits: bits)
            ?? decide(event.fallback, from: from, view: view, chain: chain, context: context, bits: bits)
    }

    /// One name of a press, when the press has it: rule 2 at the node it leads to from `from`.
    @inline(__always)
    func decide(_ chord: Chord?, from: Int, view: DispatchView, chain: ChainSnapshot, context: ContextState, bits: UnsafePointer<UInt64>) -> (Decision, node: Int)? {
        guard let chord else { return nil }
        let n = view.child(of: from, code: chord.code)
        guard n >= 0, let d = resolve(node: n, view: view, chain: chain, context: context, bits: bits) else { return nil }
        return (d, n)
    }

    /// Rule 2 over a snapshot: the roles the chain plays, in dispatch order (responders
    /// outwards, each one's roles in order, then the menu role); the first that has a live
    /// performable binding of exactly these strokes (2a) or a live longer one (2b) at `node`
    /// decides. The node's role mask is intersected with the chain's first, so a node none of
    /// whose roles the chain plays costs one test. When the table has at most 63 roles each
    /// role has its own bit, so a role's group is found without searching: its index among
    /// the node's groups is the number of mask bits below the role's. The cost follows the
    /// roles tried before one decides, not the keymap's size.
    @inline(__always)
    func resolve(node: Int, view: DispatchView, chain: ChainSnapshot, context: ContextState, bits: UnsafePointer<UInt64>) -> Decision? {
        let resolved = chain.resolved
        let nodeMask = view.roleMask(node)
        if nodeMask & resolved.pointee.roleMask == 0 { return nil }
        guard view.roleCount <= 63 else { return resolveByRank(node: node, view: view, chain: chain, context: context, bits: bits) }
        let order = resolved.pointee.order
        let first = view.firstGroup(node)
        var i = 0
        while i < order.count {
            let entry = order[i]
            i &+= 1
            if nodeMask & entry.bit == 0 { continue }
            let group = view.group(first &+ (nodeMask & (entry.bit &- 1)).nonzeroBitCount)
            if let d = decide(group: group, view: view, chain: chain, context: context, bits: bits) { return d }
        }
        return nil
    }

    /// Rule 2a, then 2b, for one group (one role at one node): the first live candidate with
    /// a performer, else pending when a longer binding of the role is live, else nil.
    @inline(__always)
    func decide(group: (role: UInt32, first: Int, end: Int, longer: UInt32), view: DispatchView, chain: ChainSnapshot,
                context: ContextState, bits: UnsafePointer<UInt64>) -> Decision? {
        var c = group.first
        while c < group.end {
            let candidate = view.candidate(c)
            c &+= 1
            if holds(candidate.condition, view: view, bits: bits, context: context, chain: chain, role: group.role) {
                let performer = chain.performer(invocation: candidate.invocation, binding: candidate.binding)
                if performer >= 0 {
                    if state.pointee.hasTimeout, let held = holding(candidate.binding, group: group, view: view, chain: chain, context: context, bits: bits) {
                        return held
                    }
                    return .perform(binding: candidate.binding, action: candidate.action, performer: performer)
                }
            }
        }
        if group.longer != TableFormat.conditionFalse
            && holds(group.longer, view: view, bits: bits, context: context, chain: chain, role: group.role) {
            return .pending
        }
        return nil
    }

    /// Rule 2a for a chosen `@timeout` binding: `.pending`, holding it (``StrokeState/held``),
    /// when a longer binding of its role is live; nil otherwise (it is performed).
    @inline(never)
    func holding(_ binding: Int, group: (role: UInt32, first: Int, end: Int, longer: UInt32), view: DispatchView, chain: ChainSnapshot,
                 context: ContextState, bits: UnsafePointer<UInt64>) -> Decision? {
        guard table.bindingFlags(binding) & TableFormat.attributeTimeout != 0, group.longer != TableFormat.conditionFalse,
              holds(group.longer, view: view, bits: bits, context: context, chain: chain, role: group.role) else { return nil }
        state.pointee.held = binding
        return .pending
    }

    /// Rule 2 for tables of more than 63 roles, whose role bits are shared: one pass over the
    /// node's groups, skipping roles ranked after one that already decided.
    @inline(never)
    func resolveByRank(node: Int, view: DispatchView, chain: ChainSnapshot, context: ContextState, bits: UnsafePointer<UInt64>) -> Decision? {
        let rank = UnsafePointer(chain.resolved.pointee.rank.baseAddress.unsafelyUnwrapped)
        var best = Int32.max
        var outcome: Decision? = nil
        // The binding the deciding group holds (a group that decides later in the pass but
        // ranks worse must not leave its own).
        var held = -1
        let groups = view.groups(node)
        var g = groups.lowerBound
        while g < groups.upperBound {
            let group = view.group(g)
            g &+= 1
            let k = rank[min(Int(group.role), view.roleCount)]
            if k >= best { continue }
            state.pointee.held = -1
            if let d = decide(group: group, view: view, chain: chain, context: context, bits: bits) {
                best = k
                outcome = d
                held = state.pointee.held
            }
        }
        state.pointee.held = held
        return outcome
    }

    /// Whether condition `ref` holds: its mask test over the packed context bitset, or, for
    /// a condition without one, the interpreter with the snapshot's chain facts.
    @inline(__always)
    func holds(_ ref: UInt32, view: DispatchView, bits: UnsafePointer<UInt64>, context: ContextState, chain: ChainSnapshot, role: UInt32) -> Bool {
        if let fast = view.test(ref, bits) { return fast }
        return interpret(ref, context: context, chain: chain, role: role)
    }

    /// The interpreter, for conditions without a mask test (kept out of line: the hot loop
    /// stays small).
    @inline(never)
    func interpret(_ ref: UInt32, context: ContextState, chain: ChainSnapshot, role: UInt32) -> Bool {
        context.holds(ref, SnapshotChainFacts(snapshot: chain, role: role))
    }

    /// The invocation (action and argument) binding `binding` of the current table sends, for
    /// performing a ``Decision/perform(binding:action:performer:)`` decision.
    public func invocation(of binding: Int) -> ActionInvocation? {
        guard binding >= 0, binding < table.bindingCount else { return nil }
        return table.invocation(ofBinding: binding)
    }
}
