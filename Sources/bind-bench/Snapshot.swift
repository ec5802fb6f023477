import BindingRuntime

// The figures of dispatch through a chain snapshot (issue #15): exact, with cached
// capabilities, decide-only, and the floor: a plain array-indexed lookup.
extension Bench {
    /// Checks every press of `list` through snapshots against the expectations, then times
    /// them at depth 8 and counts their allocations.
    mutating func measureSnapshots(_ list: PressList, _ app: RuntimeApp, _ w: Workload, size: Int) {
        let events = list.presses.map { KeyEvent($0.chord) }
        let exact = ChainSnapshot(table: app.table, firstResponder: app.chain[0])
        let cached = ChainSnapshot(table: app.table, firstResponder: app.chain[0], capabilities: .cachedUntilInvalidated)
        let d = app.dispatcher, ctx = app.context
        for (p, e) in zip(list.presses, events) {
            for snapshot in [exact, cached] {
                let result = d.dispatch(e, chain: snapshot, context: ctx)
                guard app.agrees(result, p.expected, w) else {
                    exitWithError("snapshot dispatch disagrees with Grammar.md §5 on \(p.chord.sourceText) at \(size) bindings: \(result)")
                }
            }
            let decision = d.decide(e, chain: cached, context: ctx)
            guard agrees(decision, p.expected, app, w) else {
                exitWithError("decide disagrees with Grammar.md §5 on \(p.chord.sourceText) at \(size) bindings: \(decision)")
            }
        }
        let exactSample = Measure.batches(opsPerBatch: events.count, config: config) { reps in
            for _ in 0..<reps { for e in events { blackHole(d.dispatch(e, chain: exact, context: ctx)) } }
        }
        results.snapshotDispatchNs[size] = median(exactSample, "snapshot dispatch \(size)")
        let cachedSample = Measure.batches(opsPerBatch: events.count, config: config) { reps in
            for _ in 0..<reps { for e in events { blackHole(d.dispatch(e, chain: cached, context: ctx)) } }
        }
        results.snapshotCachedDispatchNs[size] = median(cachedSample, "snapshot cached dispatch \(size)")
        let decideSample = Measure.batches(opsPerBatch: events.count, config: config) { reps in
            for _ in 0..<reps { for e in events { blackHole(d.decide(e, chain: cached, context: ctx)) } }
        }
        results.decideNs[size] = median(decideSample, "decide \(size)")
        let floor = FloorLookup(w, table: app.table)
        let codes = list.presses.map { $0.chord.code }
        let floorSample = Measure.batches(opsPerBatch: codes.count, config: config) { reps in
            for _ in 0..<reps { for c in codes { blackHole(floor.action(for: c)) } }
        }
        results.floorLookupNs[size] = median(floorSample, "floor lookup \(size)")
        if counter.isAvailable {
            let n = counter.count {
                for e in events {
                    blackHole(d.dispatch(e, chain: exact, context: ctx))
                    blackHole(d.dispatch(e, chain: cached, context: ctx))
                    blackHole(d.decide(e, chain: cached, context: ctx))
                }
            }
            results.snapshotAllocsPerPress[size] = Double(n) / Double(3 * events.count)
        }
    }

    private func agrees(_ decision: Decision, _ expected: Expectation, _ app: RuntimeApp, _ w: Workload) -> Bool {
        switch decision {
        case .perform(_, let action, let performer):
            guard let b = expected.binding else { return false }
            return performer == expected.performer && app.table.actionName(action) == w.bindings[b].actionName
        case .pending: return expected.pending
        case .unhandled: return expected.binding == nil && !expected.pending
        case .cancelled, .performHeld: return false   // the workload has no @timeout binding
        }
    }
}

/// The floor: what a lookup with no contexts, roles or chain costs (GNU readline's keymaps
/// are arrays indexed by the key). One-stroke chords of keys below 1,024 index a flat array
/// of action indices by modifiers and key; nothing else is bound.
struct FloorLookup {
    private let actions: [Int32]

    init(_ w: Workload, table: BindingTable) {
        var actions = [Int32](repeating: -1, count: 1 << 16)
        var index: [String: Int32] = [:]
        for a in 0..<table.actionCount { index[table.actionName(a)] = Int32(a) }
        for b in w.bindings where b.sequence.count == 1 {
            if let slot = FloorLookup.slot(b.sequence[0].code), actions[slot] < 0 {
                actions[slot] = index[b.actionName] ?? -1
            }
        }
        self.actions = actions
    }

    @inline(__always)
    private static func slot(_ code: UInt32) -> Int? {
        let key = code & 0x1F_FFFF
        return key < 1024 ? Int((code >> 21) << 10 | key) : nil
    }

    /// The action bound to the chord `code`, or -1.
    @inline(__always)
    func action(for code: UInt32) -> Int32 {
        guard let s = FloorLookup.slot(code) else { return -1 }
        return actions[s]
    }
}
