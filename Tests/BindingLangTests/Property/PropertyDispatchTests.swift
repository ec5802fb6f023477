// Property (c): the runtime's Dispatcher agrees with the slow reference of Grammar.md §5–§6
// (GrammarReference) on random conflict-free keymaps, responder chains, contexts and
// presses, sequences included: every stroke's outcome, the pending continuations and the
// discoverability overlay.
import BindingLang
import BindingRuntime
import Testing

@Suite("Property: dispatch agrees with the Grammar.md reference")
struct PropertyDispatchTests {
    static func runtimeOutcome(_ result: DispatchResult) -> GrammarOutcome {
        switch result {
        case .performed(let action, let responder):
            let argument: String? = switch action.argument {
            case .none: nil
            case .int(let n): String(n)
            case .bool(let b): String(b)
            case .string: action.argument.stringValue.map { "\"\($0)\"" }
            }
            return .performed(action: action.name, argument: argument, responder: (responder as? PropertyResponder)?.name ?? "?")
        case .pending: return .pending
        case .cancelled: return .cancelled
        case .unhandled: return .unhandled
        // The stroke's own outcome; ``heldOutcomes(_:)`` is the held binding it ran first.
        case .performedHeld(let run): return runtimeOutcome(run.then.result)
        }
    }

    /// The held `@timeout` binding a result reports running before the stroke's own outcome,
    /// as the reference lists held bindings performed (none or one).
    static func heldOutcomes(_ result: DispatchResult) -> [String] {
        guard case .performedHeld(let run) = result else { return [] }
        return [runtimeOutcome(.performed(run.action, responder: run.responder)).description]
    }

    /// A decision in the reference's terms, performing nothing.
    static func decisionOutcome(_ decision: Decision, _ dispatcher: Dispatcher, _ chain: ChainSnapshot) -> GrammarOutcome {
        switch decision {
        case .perform(let binding, let action, let performer):
            guard let invocation = dispatcher.invocation(of: binding), invocation.actionIndex == action else { return .unhandled }
            let responder = chain.responders[performer]
            return runtimeOutcome(.performed(invocation, responder: responder))
        case .pending: return .pending
        case .cancelled: return .cancelled
        case .unhandled: return .unhandled
        // The generated keymaps have no `@timeout` binding, so nothing is ever held: a held
        // binding here disagrees with the reference whatever it expects.
        case .performHeld: return .cancelled
        }
    }

    @Test(arguments: 0..<4)
    func agreesWithReference(batch: Int) throws {
        var options = RandomKeymap.Options()
        options.repeatChance = 0.9
        let counts = try Self.compare(seed: 0xD15_0000 + UInt64(batch), options)
        #expect(counts.performed > 50 && counts.pendings > 20 && counts.cancels > 5 && counts.repeats > 5,
                "the generator should exercise every outcome: \(counts)")
    }

    /// The same with `@timeout` bindings (Grammar.md §5 rules 2a and 3): prefixes that are
    /// also bound, held, then performed when the next stroke continues nothing.
    @Test(arguments: 0..<4)
    func heldBindingsAgreeWithReference(batch: Int) throws {
        var options = RandomKeymap.Options()
        options.repeatChance = 0.3
        options.timeoutChance = 0.6
        let counts = try Self.compare(seed: 0x7135_0000 + UInt64(batch), options)
        #expect(counts.performed > 50 && counts.pendings > 20 && counts.heldPerformed > 5,
                "the generator should exercise held bindings: \(counts)")
    }

    /// Compares every dispatch path with the reference over 25 random keymaps of `options`
    /// (its chords and sizes set here), 4 chains each, 10 presses per chain; returns how
    /// often each outcome came.
    static func compare(seed: UInt64, _ base: RandomKeymap.Options) throws
        -> (performed: Int, pendings: Int, cancels: Int, repeats: Int, heldPerformed: Int) {
        var rng = SplitMix64(seed: seed)
        var options = base
        options.chords = ["k", "j", "cmd+k", "ctrl+x", "alt+up"]
        options.maxSequence = 3
        options.bindingCount = 4..<12
        options.roleCount = 1..<4
        var performed = 0, pendings = 0, cancels = 0, repeats = 0, heldPerformed = 0
        for round in 0..<25 {
            let k = RandomKeymap.generate(&rng, options).withoutConflicts()
            var sources = SourceManager()
            sources.add(SourceFile(path: "random.bind", text: k.source))
            let compilation = Compilation(sources: sources, platform: .apple)
            let keymap = try #require(compilation.keymap, "\(compilation.diagnostics.map(\.message))\n\(k.source)")
            let table = try BindingTable(bytes: Emitter.emit(keymap, strip: round % 2 == 0))

            for _ in 0..<4 {
                // A chain of 1–3 responders over the roles (and one role the keymap lacks).
                var chain: [PropertyResponder] = []
                for n in 0..<rng.int(1..<4) {
                    let roles = (0..<rng.int(1..<3)).map { _ in rng.chance(0.15) ? "Stranger" : rng.pick(k.roles) }
                    let performs = Set(k.actions.filter { _ in rng.chance(0.75) })
                    chain.append(PropertyResponder(name: "r\(n)", roles: roles, performs: performs))
                }
                for n in 0..<(chain.count - 1) { chain[n].next = chain[n + 1] }
                // What the responders perform, so that a held binding's run is seen too.
                let log = PerformLog()
                for r in chain { r.log = log }

                var state: [Int] = []
                var context = ContextState(table: table)
                func set(_ c: RContext, _ v: Int) throws {
                    switch c.kind {
                    case .bool: try context.set(c.name, v == 1)
                    case .enumeration(let cases): try context.set(c.name, case: cases[v])
                    case .string(let literals): try context.set(c.name, string: v < literals.count ? literals[v] : "other")
                    }
                }
                for c in k.contexts {
                    let v = rng.int(0..<c.valueCount)
                    state.append(v)
                    try set(c, v)
                }
                let where_ = "chain \(chain.map { "\($0.name)\($0.responderRoles)\($0.performs.sorted())" }) state \(state)\n\(k.source)"

                var reference = GrammarReference(keymap: k, chain: chain, state: state)
                #expect(reference.overlay() == Dispatcher(table: table).discoverableCommands(firstResponder: chain[0], context: context)
                    .map { "\($0.title) [\($0.group ?? "-")] \($0.sequence.map(\.sourceText).joined(separator: " "))" },
                    "overlay, \(where_)")

                let dispatcher = Dispatcher(table: table)
                // The same presses through chain snapshots (exact and cached capabilities) and
                // decide-then-perform, each on its own dispatcher: every outcome must agree.
                let viaSnapshot = Dispatcher(table: table), viaCached = Dispatcher(table: table), viaDecide = Dispatcher(table: table)
                let exact = ChainSnapshot(table: table, firstResponder: chain[0])
                let cached = ChainSnapshot(table: table, firstResponder: chain[0], capabilities: .cachedUntilInvalidated)
                var presses: [String] = []
                var time = 0.0
                for _ in 0..<10 {
                    var stroke = rng.chance(0.1) ? "z" : rng.pick(options.chords)
                    // In repeat mode, often a key that repeats (else repeats are rare).
                    let repeatKeys = reference.repeatKeys().sorted()
                    if !repeatKeys.isEmpty && rng.chance(0.6) { stroke = rng.pick(repeatKeys) }
                    // While pending, often a stroke that continues (so sequences complete).
                    let next = reference.continuations().sorted()
                    if !reference.pending.isEmpty && !next.isEmpty && rng.chance(0.5) { stroke = rng.pick(next) }
                    // Holding a binding, often any stroke (so held bindings run).
                    if reference.held != nil && rng.chance(0.5) { stroke = rng.chance(0.2) ? "z" : rng.pick(options.chords) }
                    // Gaps inside and outside repeat windows (500 ms; "more than" is strict).
                    time += rng.pick([0.1, 0.25, 0.5, 0.75])
                    // Now and then the app's context changes between strokes (snapshots with
                    // cached capabilities remember decisions: they must see the change).
                    if !k.contexts.isEmpty && rng.chance(0.15) {
                        let i = rng.int(0..<k.contexts.count)
                        let v = rng.int(0..<k.contexts[i].valueCount)
                        reference.state[i] = v
                        try set(k.contexts[i], v)
                        presses.append("[\(k.contexts[i].name)=\(v)]")
                    }
                    presses.append("\(stroke)@\(time)")
                    let chord = try Chord.parse(stroke, platform: .apple).get()
                    let wasRepeating = reference.repeatPrefix != nil
                    let expected = reference.press(stroke, at: time)
                    let event = KeyEvent(chord, timestamp: time)
                    // What the responders should have performed: a held binding, then the stroke's.
                    var performs = reference.heldPerformed
                    if case .performed = expected { performs.append(expected.description) }
                    heldPerformed += reference.heldPerformed.count
                    _ = log.take()
                    let result = dispatcher.dispatch(event, firstResponder: chain[0], context: context)
                    let actual = Self.runtimeOutcome(result)
                    try #require(actual == expected, "presses \(presses): runtime \(actual), reference \(expected); \(where_)")
                    #expect(Self.heldOutcomes(result) == reference.heldPerformed, "held in the result, presses \(presses); \(where_)")
                    #expect(log.take() == performs, "performed, presses \(presses); \(where_)")
                    #expect(dispatcher.isRepeating == (reference.repeatPrefix != nil), "repeat mode after \(presses); \(where_)")
                    if wasRepeating && reference.repeatPrefix != nil, case .performed = expected { repeats += 1 }
                    if reference.repeatPrefix != nil {
                        let keys = Set(dispatcher.pendingContinuations(firstResponder: chain[0], context: context).map(\.chord.sourceText))
                        #expect(keys == reference.repeatKeys(), "repeat keys after \(presses); \(where_)")
                    }
                    for (path, dispatcher, snapshot) in [("snapshot", viaSnapshot, exact), ("cached snapshot", viaCached, cached)] {
                        let result = dispatcher.dispatch(event, chain: snapshot, context: context)
                        #expect(Self.runtimeOutcome(result) == expected, "\(path), presses \(presses); \(where_)")
                        #expect(Self.heldOutcomes(result) == reference.heldPerformed, "held in the \(path)'s result, presses \(presses); \(where_)")
                        #expect(log.take() == performs, "performed by the \(path), presses \(presses); \(where_)")
                    }
                    // Decide: the app performs a held binding itself, then decides the press again.
                    var decision = viaDecide.decide(event, chain: cached, context: context)
                    var decidedHeld: [String] = []
                    while case .performHeld(let b, _, let p) = decision, let invocation = viaDecide.invocation(of: b) {
                        decidedHeld.append(Self.runtimeOutcome(.performed(invocation, responder: cached.responders[p])).description)
                        decision = viaDecide.decide(event, chain: cached, context: context)
                    }
                    #expect(decidedHeld == reference.heldPerformed, "held by decide, presses \(presses); \(where_)")
                    #expect(Self.decisionOutcome(decision, viaDecide, cached) == expected, "decide, presses \(presses); \(where_)")
                    switch expected {
                    case .performed: performed += 1
                    case .pending:
                        pendings += 1
                        let continuations = Set(dispatcher.pendingContinuations(firstResponder: chain[0], context: context).map(\.chord.sourceText))
                        #expect(continuations == reference.continuations(), "continuations after \(presses); \(where_)")
                    case .cancelled: cancels += 1
                    case .unhandled: break
                    }
                }
            }
        }
        return (performed, pendings, cancels, repeats, heldPerformed)
    }
}
