import BindingLang
import BindingRuntime

// Repeat mode (`@repeat`, Grammar.md §5): what a press that repeats costs against a plain
// one-stroke press of the same keymap (the live path and `decide`), and that neither allocates.
extension Bench {
    /// A tmux-like keymap: two repeatable resizes under `ctrl+b`, and a one-stroke key.
    static let repeatSource = """
        responder Pane, Window
        action resize(String)
        action lineUp
        in Pane {
          @repeat ctrl+b up   -> resize("up")
          @repeat ctrl+b down -> resize("down")
          k                   -> lineUp
        }
        """

    mutating func measureRepeats() {
        progress("timing repeat mode (@repeat)")
        var sources = SourceManager()
        sources.add(SourceFile(path: "repeat.bind", text: Self.repeatSource))
        guard let bytes = Compilation(sources: sources, platform: .apple).table(strip: true),
              let table = try? BindingTable(bytes: bytes) else { exitWithError("the repeat keymap does not compile") }
        let window = BenchResponder(chainIndex: 1, role: "Window", performable: [], catchAll: true)
        let pane = BenchResponder(chainIndex: 0, role: "Pane", performable: [], catchAll: false)
        pane.next = window
        let ctx = ContextState(table: table)
        let chain = ChainSnapshot(table: table, firstResponder: pane)
        let d = Dispatcher(table: table)
        let prefix = KeyEvent(key: Key(character: "b"), modifiers: .control)
        let up = KeyEvent(key: .upArrow), down = KeyEvent(key: .downArrow), k = KeyEvent(key: Key(character: "k"))
        // Timestamps are all 0: every press comes within the window, so repeat mode lasts.
        _ = d.dispatch(prefix, firstResponder: pane, context: ctx)
        _ = d.dispatch(up, firstResponder: pane, context: ctx)
        let repeats = [up, down, down, up]
        for e in repeats {
            guard d.dispatch(e, firstResponder: pane, context: ctx).performedAction?.name == "resize", d.isRepeating else {
                exitWithError("a bare arrow did not repeat in repeat mode")
            }
        }
        let live = Measure.batches(opsPerBatch: repeats.count, config: config) { reps in
            for _ in 0..<reps { for e in repeats { blackHole(d.dispatch(e, firstResponder: pane, context: ctx)) } }
        }
        results.repeatPressNs = median(live, "repeat press")
        let decided = Measure.batches(opsPerBatch: repeats.count, config: config) { reps in
            for _ in 0..<reps { for e in repeats { blackHole(d.decide(e, chain: chain, context: ctx)) } }
        }
        results.repeatDecideNs = median(decided, "repeat decide")
        if counter.isAvailable {
            let n = counter.count {
                for e in repeats {
                    blackHole(d.dispatch(e, firstResponder: pane, context: ctx))
                    blackHole(d.decide(e, chain: chain, context: ctx))
                }
            }
            results.repeatAllocsPerPress = Double(n) / Double(2 * repeats.count)
        }
        guard d.isRepeating else { exitWithError("repeat mode ended while timing it") }
        // The baseline: the same keymap, a one-stroke press from idle.
        d.endRepeat()
        let plain = [k, k, k, k]
        let plainLive = Measure.batches(opsPerBatch: plain.count, config: config) { reps in
            for _ in 0..<reps { for e in plain { blackHole(d.dispatch(e, firstResponder: pane, context: ctx)) } }
        }
        results.repeatPlainPressNs = median(plainLive, "plain press (repeat keymap)")
        let plainDecided = Measure.batches(opsPerBatch: plain.count, config: config) { reps in
            for _ in 0..<reps { for e in plain { blackHole(d.decide(e, chain: chain, context: ctx)) } }
        }
        results.repeatPlainDecideNs = median(plainDecided, "plain decide (repeat keymap)")
    }
}
