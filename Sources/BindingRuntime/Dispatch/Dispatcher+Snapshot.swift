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
            let responder = chain.responders[performer]
            responder.perform(action)
            return .performed(action, responder: responder)
        case .pending:
            return .pending(PendingSequence(table: table, node: pendingNode ?? BindingTable.root))
        case .cancelled(let reason):
            return .cancelled(reason)
        case .unhandled:
            return .unhandled
        }
    }

    /// Decides what one key press does over `chain` without performing it, and moves the
    /// pending state as dispatching would. Allocates nothing and retains no responder.
    public func decide(_ event: KeyEvent, chain: ChainSnapshot, context: ContextState) -> Decision {
        refresh()
        let table = self.table
        chain.rebind(to: table)
        let (from, wasPending, repeatFrom) = beginStroke(event)
        // Repeat mode (Grammar.md §5): the stroke as if the prefix were pending; it repeats
        // only when that performs a repeatable binding, else it is dispatched from idle.
        if let repeatFrom,
           case let (decision, _)? = context.table === table
               ? decide(event, from: repeatFrom, chain: chain, table: table, values: context.values)
               : decide(event, from: repeatFrom, chain: chain, table: table, values: context.bound(to: table).values),
           case .perform(let binding, _, _) = decision, table.bindingFlags(binding) & TableFormat.attributeRepeat != 0 {
            enterRepeat(after: binding)
            return decision
        }
        let outcome = context.table === table
            ? decide(event, from: from, chain: chain, table: table, values: context.values)
            : decide(event, from: from, chain: chain, table: table, values: context.bound(to: table).values)
        guard let (decision, node) = outcome else {
            return wasPending ? .cancelled(.noContinuation(event.chord)) : .unhandled
        }
        switch decision {
        case .pending: pendingNode = node
        case .perform(let binding, _, _): enterRepeat(after: binding)
        default: break
        }
        return decision
    }

    /// Grammar.md §5 rule 1 and rule 2 for one stroke from node `from`: the chord by the
    /// character typed, then by the key's position, then by the key's US character on a
    /// non-Latin layout; the first of these that decides anything wins.
    @inline(__always)
    func decide(_ event: KeyEvent, from: Int, chain: ChainSnapshot, table: BindingTable, values: [UInt32]) -> (Decision, node: Int)? {
        if let n = table.child(of: from, code: event.chord.code), let d = resolve(node: n, chain: chain, table: table, values: values) {
            return (d, n)
        }
        guard let physical = event.physicalKey else { return nil }
        let code = Chord(key: Key(physical: physical), modifiers: event.chord.modifiers).code
        if let n = table.child(of: from, code: code), let d = resolve(node: n, chain: chain, table: table, values: values) {
            return (d, n)
        }
        if let fallback = event.fallback, let n = table.child(of: from, code: fallback.code),
           let d = resolve(node: n, chain: chain, table: table, values: values) {
            return (d, n)
        }
        return nil
    }

    /// Rule 2 over a snapshot: of the roles present at `node` (its candidates' and its longer
    /// bindings'), the one earliest in the chain's dispatch order that has a live performable
    /// binding of exactly these strokes (2a) or a live longer one (2b) decides. One pass over
    /// the node's candidates, skipping roles ranked after one that already decided, so the
    /// cost follows the node, not the chain's depth or the keymap's size.
    @inline(__always)
    func resolve(node: Int, chain: ChainSnapshot, table: BindingTable, values: [UInt32]) -> Decision? {
        var best = Int32.max
        var outcome: Decision? = nil
        let all = table.candidates(of: node)
        var i = all.lowerBound
        while i < all.upperBound {
            let role = table.bindingRole(table.candidate(i))
            var end = i &+ 1
            while end < all.upperBound, table.bindingRole(table.candidate(end)) == role { end &+= 1 }
            let rank = chain.rank(of: role)
            if rank < best {
                var c = i
                while c < end {
                    let b = table.candidate(c)
                    if table.evaluate(table.bindingCondition(b), values, SnapshotChainFacts(snapshot: chain, role: role)) {
                        let performer = chain.performer(ofBinding: b, in: table)
                        if performer >= 0 {
                            best = rank
                            outcome = .perform(binding: b, action: table.bindingAction(b), performer: performer)
                            break
                        }
                    }
                    c &+= 1
                }
                if rank < best {
                    let longer = table.longerCondition(of: node, role: role)
                    if longer != TableFormat.conditionFalse
                        && table.evaluate(longer, values, SnapshotChainFacts(snapshot: chain, role: role)) {
                        best = rank
                        outcome = .pending
                    }
                }
            }
            i = end
        }
        // Roles with longer bindings here but no binding of exactly these strokes.
        for l in table.longerEntries(of: node) {
            let role = table.longerRole(l)
            let rank = chain.rank(of: role)
            if rank < best && table.evaluate(table.longerConditionRef(l), values, SnapshotChainFacts(snapshot: chain, role: role)) {
                best = rank
                outcome = .pending
            }
        }
        return outcome
    }

    /// The invocation (action and argument) binding `binding` of the current table sends, for
    /// performing a ``Decision/perform(binding:action:performer:)`` decision.
    public func invocation(of binding: Int) -> ActionInvocation? {
        guard binding >= 0, binding < table.bindingCount else { return nil }
        return table.invocation(ofBinding: binding)
    }
}
