import BindingLang
import BindingRuntime

/// A responder of the benchmark's chains: it plays one role, and can perform the actions its
/// role owns (the chain's last responder, like an app delegate, performs everything). The
/// UIKit-style baseline's responders answer the same way, so both find the same performer.
final class BenchResponder: Responder {
    let chainIndex: Int
    let responderRoles: [String]
    var next: BenchResponder?
    /// By table action index.
    let performable: [Bool]
    let catchAll: Bool
    /// Actions performed (so the optimiser cannot drop the work).
    var performedCount = 0

    init(chainIndex: Int, role: String, performable: [Bool], catchAll: Bool) {
        self.chainIndex = chainIndex
        responderRoles = [role]
        self.performable = performable
        self.catchAll = catchAll
    }

    var nextResponder: (any Responder)? { next }

    func canPerform(_ action: ActionInvocation) -> Bool {
        catchAll || (action.actionIndex < performable.count && performable[action.actionIndex])
    }

    func perform(_ action: ActionInvocation) {
        performedCount &+= 1
    }
}

/// A loaded table, a chain `depth` deep over roles 0…depth-1, and the bench context state.
struct RuntimeApp {
    let table: BindingTable
    let dispatcher: Dispatcher
    let chain: [BenchResponder]
    let context: ContextState

    init(table: BindingTable, workload w: Workload, depth: Int) throws {
        self.table = table
        dispatcher = Dispatcher(table: table)
        var chain: [BenchResponder] = []
        for i in 0..<depth {
            var can = [Bool](repeating: false, count: table.actionCount)
            for a in 0..<table.actionCount where w.owner[table.actionName(a)] == i { can[a] = true }
            chain.append(BenchResponder(chainIndex: i, role: w.roles[i], performable: can, catchAll: i == depth - 1))
        }
        for i in 0..<(chain.count - 1) { chain[i].next = chain[i + 1] }
        self.chain = chain
        var context = ContextState(table: table)
        for (name, value) in BenchContext.stateByName {
            switch value {
            case .bool(let b): try context.set(name, b)
            case .enumCase(let c): try context.set(name, case: c)
            }
        }
        self.context = context
    }

    /// Whether `result` is what `expected` says, for workload `w`.
    func agrees(_ result: DispatchResult, _ expected: Expectation, _ w: Workload) -> Bool {
        switch result {
        case .performed(let action, let responder):
            guard let b = expected.binding, let r = responder as? BenchResponder else { return false }
            let binding = w.bindings[b]
            guard r.chainIndex == expected.performer, table.actionName(action.actionIndex) == binding.actionName else { return false }
            switch binding.argument {
            case .none: return action.argument == .none
            case .int(let n): return action.argument.intValue == n
            case .bool(let v): return action.argument.boolValue == v
            case .string(let s): return action.argument.stringValue == s
            }
        case .pending: return expected.pending
        case .unhandled: return expected.binding == nil && !expected.pending
        case .cancelled, .performedHeld: return false   // the workload has no @timeout binding
        }
    }
}

// The figures that need the emitter and the runtime.
extension Bench {
    /// Times the emitter on the compile workload's keymap.
    mutating func measureEmit(_ keymap: Keymap) {
        let emit = Measure.runs(rounds: options.quick ? 3 : 5, warmups: 1) { blackHole(Emitter.emit(keymap)) }
        results.emitSeconds = median(emit, "emit") / 1e9
        results.emitCPUSeconds = emit.cpuMedian / 1e9
    }

    /// Emits and loads a table per size, checks and times dispatch against the expectations,
    /// counts its allocations; then the table-size and load figures on the largest keymap.
    mutating func measureRuntime() {
        if counter.isAvailable { results.mallocSelfTest = counter.selfTest() }
        var allocations = 0, pressesCounted = 0
        for size in sizes {
            guard let w = workloads[size], let keymap = keymaps[size] else { continue }
            let bytes = Emitter.emit(keymap)
            let table: BindingTable
            do { table = try BindingTable(bytes: bytes) } catch {
                exitWithError("the \(size)-binding table does not load: \(error)")
            }
            if size == sizes.last { measureTable(w, keymap, bytes) }
            let ref = ReferenceDispatcher(w)
            for depth in depths {
                progress("timing dispatch, \(size) bindings, depth \(depth)")
                let list = PressGenerator.make(w, reference: ref, depth: depth, seed: options.seed)
                let app: RuntimeApp
                do { app = try RuntimeApp(table: table, workload: w, depth: depth) } catch {
                    exitWithError("cannot set the bench context state: \(error)")
                }
                let events = list.presses.map { KeyEvent($0.chord) }
                for (p, e) in zip(list.presses, events) {
                    let result = app.dispatcher.dispatch(e, firstResponder: app.chain[0], context: app.context)
                    guard app.agrees(result, p.expected, w) else {
                        exitWithError("the dispatcher disagrees with Grammar.md §5 (the bench's reference) on \(p.chord.sourceText) (\(p.kind.rawValue)) at \(size) bindings, depth \(depth): \(result)")
                    }
                }
                let d = app.dispatcher, first = app.chain[0], ctx = app.context
                let sample = Measure.batches(opsPerBatch: events.count, config: config) { reps in
                    for _ in 0..<reps {
                        for e in events { blackHole(d.dispatch(e, firstResponder: first, context: ctx)) }
                    }
                }
                results.dispatchNs[size, default: [:]][depth] = median(sample, "dispatch \(size)/\(depth)")
                guard depth == 8 else { continue }
                results.dispatchSpread[size] = sample.spread
                results.pressMix[size] = list.mix
                if counter.isAvailable {
                    allocations += counter.count {
                        for e in events { blackHole(d.dispatch(e, firstResponder: first, context: ctx)) }
                    }
                    pressesCounted += events.count
                }
                measureSequences(list, app, w, size: size)
                measureSnapshots(list, app, w, size: size)
                measureLayoutDispatch(list, app, size: size)
            }
        }
        if pressesCounted > 0 { results.dispatchAllocsPerPress = Double(allocations) / Double(pressesCounted) }
    }

    /// Two-stroke sequences at depth 8: ns per stroke (pending, then performed).
    mutating func measureSequences(_ list: PressList, _ app: RuntimeApp, _ w: Workload, size: Int) {
        guard !list.sequences.isEmpty else { return }
        var events: [KeyEvent] = []
        for (first, second, expected) in list.sequences {
            let a = app.dispatcher.dispatch(KeyEvent(first), firstResponder: app.chain[0], context: app.context)
            let b = app.dispatcher.dispatch(KeyEvent(second), firstResponder: app.chain[0], context: app.context)
            guard a.isPending, app.agrees(b, expected, w) else {
                exitWithError("the dispatcher disagrees with the reference on the sequence \(first.sourceText) \(second.sourceText) at \(size) bindings: \(a), \(b)")
            }
            events += [KeyEvent(first), KeyEvent(second)]
        }
        let d = app.dispatcher, first = app.chain[0], ctx = app.context
        let sample = Measure.batches(opsPerBatch: events.count, config: config) { reps in
            for _ in 0..<reps {
                for e in events { blackHole(d.dispatch(e, firstResponder: first, context: ctx)) }
            }
        }
        results.sequenceStrokeNs[size] = median(sample, "sequence \(size)")
        // The like-for-like baseline: one-stroke presses that walk the chain as far.
        let alike = list.walkAlike.map { KeyEvent($0) }
        for e in alike where d.dispatch(e, firstResponder: first, context: ctx).performedAction == nil {
            exitWithError("a walk-alike press of the sequences at \(size) bindings performs nothing: \(e.chord)")
        }
        if !alike.isEmpty {
            let one = Measure.batches(opsPerBatch: alike.count, config: config) { reps in
                for _ in 0..<reps {
                    for e in alike { blackHole(d.dispatch(e, firstResponder: first, context: ctx)) }
                }
            }
            results.sequenceOneStrokeNs[size] = median(one, "sequence one-stroke \(size)")
        }
        if size == 1000 && counter.isAvailable {
            let n = counter.count {
                for e in events { blackHole(d.dispatch(e, firstResponder: first, context: ctx)) }
            }
            results.sequenceAllocsPerStroke = Double(n) / Double(events.count)
        }
    }

    /// Table size (full and stripped), against the source and a JSON rendering; load time.
    mutating func measureTable(_ w: Workload, _ keymap: Keymap, _ bytes: [UInt8]) {
        progress("timing load and validation of the \(w.size)-binding table")
        let stripped = Emitter.emit(keymap, strip: true)
        results.tableSize = w.bindings.count
        results.tableSourceBytes = w.source.count
        results.tableBytes = bytes.count
        results.strippedTableBytes = stripped.count
        results.jsonBytes = w.jsonRendering().count
        let load = Measure.batches(opsPerBatch: 1, config: config) { reps in
            for _ in 0..<reps { blackHole(try? BindingTable(bytes: bytes)) }
        }
        let loadStripped = Measure.batches(opsPerBatch: 1, config: config) { reps in
            for _ in 0..<reps { blackHole(try? BindingTable(bytes: stripped)) }
        }
        let loadOneThread = Measure.batches(opsPerBatch: 1, config: config) { reps in
            for _ in 0..<reps { blackHole(try? BindingTable(bytes: bytes, oneThread: true)) }
        }
        results.loadMs = median(load, "load") / 1e6
        results.loadOneThreadMs = median(loadOneThread, "load on one thread") / 1e6
        results.loadStrippedMs = median(loadStripped, "load stripped") / 1e6
    }
}
