import BindingRuntime

// Dispatch with layout-aware events (issue #12): each press of the list as a user of a
// German or a Russian keyboard makes it, with its physical key and the characters typed, the
// way `KeyEvent(physicalKey:characters:modifiers:layout:)` carries it. Through the exact
// snapshot, like `snapshot_dispatch_ns`, so the two compare within one run.
extension Bench {
    /// The layouts measured: German (Latin, letters moved: the typed character decides) and
    /// Russian (non-Latin: most presses take the third try, the US-character fallback).
    static let dispatchLayouts = ["de", "ru"]

    /// Times the presses of `list` as layout-aware events on each of ``dispatchLayouts`` at
    /// depth 8 and counts their allocations.
    mutating func measureLayoutDispatch(_ list: PressList, _ app: RuntimeApp, size: Int) {
        let snapshot = ChainSnapshot(table: app.table, firstResponder: app.chain[0])
        let d = app.dispatcher, ctx = app.context
        for id in Self.dispatchLayouts {
            guard let layout = KeyboardLayout.named(id) else { continue }
            let events = list.presses.map { Self.event($0.chord, on: layout) }
            let sample = Measure.batches(opsPerBatch: events.count, config: config) { reps in
                for _ in 0..<reps { for e in events { blackHole(d.dispatch(e, chain: snapshot, context: ctx)) } }
            }
            results.layoutDispatchNs[id, default: [:]][size] = median(sample, "layout dispatch \(id) \(size)")
            if counter.isAvailable {
                let n = counter.count { for e in events { blackHole(d.dispatch(e, chain: snapshot, context: ctx)) } }
                results.layoutDispatchAllocsPerPress[id, default: [:]][size] = Double(n) / Double(max(1, events.count))
            }
        }
    }

    /// The event a user of `layout` makes for `chord`: the key and level the layout gives
    /// (``KeyboardLayout/press(_:)``), typing what that level types; a chord with no key
    /// there (or a named key) stays a plain event.
    static func event(_ chord: Chord, on layout: KeyboardLayout) -> KeyEvent {
        guard !chord.key.isPhysical, let press = layout.press(chord), let key = press.key.physicalKey else { return KeyEvent(chord) }
        let entry = layout.entry(for: key)
        let typed = entry.flatMap { $0.isDead(at: press.level) ? nil : $0.character(at: press.level) }
        return KeyEvent(physicalKey: key, characters: typed.map { String(Character($0)) } ?? "", modifiers: chord.modifiers, layout: layout)
    }
}
