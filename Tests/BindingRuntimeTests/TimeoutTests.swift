import BindingLang
import Testing
@testable import BindingRuntime

/// `@timeout` bindings (Grammar.md §4.8, §5 rules 2a and 3) end to end: `.bind` source →
/// compile → table → ``Dispatcher``, over the live chain, over a ``ChainSnapshot`` and with
/// `decide` (the app performing), with the timestamps of ``KeyEvent`` as the clock. What a
/// run records is what the responders performed, in order, then the press's own result.
struct TimeoutTests {
    static let source = """
        context insert: Bool
        responder Editor, Window
        action findFile
        action focusProject
        action searchProject
        action moveDown
        action deleteLine
        action goTop
        action closeWindow
        in Editor {
          @timeout space     -> findFile      "Find File"
          space e            -> focusProject
          space s p          -> searchProject when !insert
          j                  -> moveDown
          @timeout d         -> deleteLine
          d d                -> deleteLine
          g                  -> goTop
        }
        in Window {
          ctrl+w q -> closeWindow
        }
        """

    static func table() throws -> BindingTable {
        let keymap = try #require(compile([("vim.bind", source)]))
        return try BindingTable(bytes: Emitter.emit(keymap))
    }

    enum Path: CaseIterable { case live, snapshot, decide, remembered }

    /// Presses `keys` (`"space@0 e@0.3"`) and, with `timeOutAt`, calls the time-out API after
    /// the press at that index; returns per press what was performed (`+action`) and the
    /// result's word.
    static func run(_ keys: String, _ path: Path, table: BindingTable, timeout: Double? = 1, timeOutAfter: Int? = nil,
                    context: ContextState? = nil, performs: Set<String>? = nil) throws -> [String] {
        let window = TestResponder("window", roles: ["Window"], performs: performs)
        let editor = TestResponder("editor", roles: ["Editor"], next: window, performs: performs)
        let d = Dispatcher(table: table)
        d.sequenceTimeout = timeout
        let ctx = context ?? ContextState(table: table)
        let kept = ChainSnapshot(table: table, firstResponder: editor, capabilities: .cachedUntilInvalidated)
        var out: [String] = []
        func performed() -> String {
            let all = editor.performed + window.performed
            editor.performed = []
            window.performed = []
            return all.map { "+" + $0 }.joined()
        }
        for (i, item) in keys.split(separator: " ").enumerated() {
            let parts = item.split(separator: "@")
            let event = press(String(parts[0]), at: parts.count > 1 ? Double(parts[1]) ?? 0 : 0)
            var word: String
            switch path {
            case .live: word = Self.word(d.dispatch(event, firstResponder: editor, context: ctx))
            case .snapshot: word = Self.word(d.dispatch(event, chain: ChainSnapshot(table: table, firstResponder: editor), context: ctx))
            case .decide, .remembered:
                let chain = path == .decide ? ChainSnapshot(table: table, firstResponder: editor) : kept
                var decision = d.decide(event, chain: chain, context: ctx)
                // The app performs a held binding, then decides the same event again.
                while case .performHeld(let b, _, let p) = decision {
                    chain.responders[p].perform(try #require(d.invocation(of: b)))
                    decision = d.decide(event, chain: chain, context: ctx)
                }
                switch decision {
                case .perform(let b, _, let p): chain.responders[p].perform(try #require(d.invocation(of: b))); word = "performed"
                case .pending: word = "pending"
                case .cancelled: word = "cancelled"
                case .unhandled: word = "unhandled"
                case .performHeld: word = "held?"
                }
            }
            out.append(performed() + " " + word)
            if i == timeOutAfter {
                var word = "nil"
                switch path {
                case .live: word = d.timeOut(firstResponder: editor).map(Self.word) ?? "nil"
                case .snapshot: word = d.timeOut(chain: ChainSnapshot(table: table, firstResponder: editor)).map(Self.word) ?? "nil"
                case .decide, .remembered:
                    let chain = path == .decide ? ChainSnapshot(table: table, firstResponder: editor) : kept
                    switch d.decideTimeOut(chain: chain) {
                    case .perform(let b, _, let p)?: chain.responders[p].perform(try #require(d.invocation(of: b))); word = "performed"
                    case .cancelled?: word = "cancelled"
                    default: break
                    }
                }
                out.append(performed() + " timeOut:" + word)
            }
        }
        return out.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A result as one word (what was performed is recorded from the responders).
    static func word(_ r: DispatchResult) -> String { r.performedAction == nil ? RepeatTests.word(r) : "performed" }

    @Test(arguments: Path.allCases)
    func aHeldBindingWaitsAndTheLongerOneWins(_ path: Path) throws {
        let t = try Self.table()
        #expect(try Self.run("space@0 e@0.3", path, table: t) == ["pending", "+focusProject performed"])
    }

    @Test(arguments: Path.allCases)
    func aStrokeThatContinuesNothingRunsTheHeldBindingThenItself(_ path: Path) throws {
        let t = try Self.table()
        // `j` continues nothing after `space`: findFile runs, then `j` from idle.
        #expect(try Self.run("space@0 j@0.3", path, table: t) == ["pending", "+findFile+moveDown performed"])
        // `x` is bound nowhere: findFile runs, and `x` is unhandled (the app may type it).
        #expect(try Self.run("space@0 x@0.3", path, table: t) == ["pending", "+findFile unhandled"])
        // `g` starts nothing longer: it runs at once, also as the stroke after a held one.
        #expect(try Self.run("d@0 g@0.2", path, table: t) == ["pending", "+deleteLine+goTop performed"])
    }

    @Test(arguments: Path.allCases)
    func aStrokeAfterTheTimeoutRunsTheHeldBindingFirst(_ path: Path) throws {
        let t = try Self.table()
        // `e` 1.5 s later is not `space e`: findFile runs, then `e` alone is unhandled.
        #expect(try Self.run("space@0 e@1.5", path, table: t) == ["pending", "+findFile unhandled"])
        #expect(try Self.run("d@0 d@2", path, table: t) == ["pending", "+deleteLine pending"])
    }

    @Test(arguments: Path.allCases)
    func theTimeOutCallRunsTheHeldBinding(_ path: Path) throws {
        let t = try Self.table()
        #expect(try Self.run("space@0 e@0.2", path, table: t, timeOutAfter: 0) == ["pending", "+findFile timeOut:performed", "unhandled"])
        // Pending without a held binding: the time-out cancels, like cancelPending().
        #expect(try Self.run("ctrl+w@0", path, table: t, timeOutAfter: 0) == ["pending", "timeOut:cancelled"])
        // Idle: nothing to time out.
        #expect(try Self.run("j@0", path, table: t, timeOutAfter: 0) == ["+moveDown performed", "timeOut:nil"])
    }

    @Test(arguments: Path.allCases)
    func aHeldPrefixWhoseLongerBindingsAreAllOffRunsAtOnce(_ path: Path) throws {
        let t = try Self.table()
        var ctx = ContextState(table: t)
        try ctx.set("insert", true)
        // `space s p` is off in insert mode, but `space e` is not: still held.
        #expect(try Self.run("space@0 e@0.1", path, table: t, context: ctx) == ["pending", "+focusProject performed"])
        // `d d` has no condition: `d` is always held; `g` has no longer binding at all.
        #expect(try Self.run("g@0", path, table: t, context: ctx) == ["+goTop performed"])
    }

    @Test(arguments: Path.allCases)
    func aHeldBindingNoResponderCanPerformIsNotHeld(_ path: Path) throws {
        let t = try Self.table()
        // Nobody performs findFile: `space` only waits for `space e` (rule 2b), and `j`
        // then cancels the sequence as before.
        #expect(try Self.run("space@0 j@0.3", path, table: t, performs: ["moveDown", "focusProject"])
            == ["pending", "cancelled"])
    }

    /// A stroke that runs a held binding says so in its result: the held action and its
    /// performer, then what the stroke itself did (not only the responder's `perform`).
    @Test(arguments: [Path.live, .snapshot])
    func theResultReportsTheHeldBindingAStrokeRan(_ path: Path) throws {
        let t = try Self.table()
        let editor = TestResponder("editor", roles: ["Editor"])
        let d = Dispatcher(table: t)
        d.sequenceTimeout = 1
        let ctx = ContextState(table: t)
        func dispatch(_ key: String, at time: Double) -> DispatchResult {
            path == .live ? d.dispatch(press(key, at: time), firstResponder: editor, context: ctx)
                : d.dispatch(press(key, at: time), chain: ChainSnapshot(table: t, firstResponder: editor), context: ctx)
        }
        func describe(_ r: DispatchResult) -> String {
            switch r {
            case .performedHeld(let run):
                "\(run.action) by \((run.responder as? TestResponder)?.label ?? "?"), then " + describe(run.then.result)
            case .performed(let action, let responder): "\(action) by \((responder as? TestResponder)?.label ?? "?")"
            default: RepeatTests.word(r)
            }
        }
        func run(_ strokes: [(String, Double)]) -> [String] {
            defer { d.cancelPending() }
            return strokes.map { describe(dispatch($0.0, at: $0.1)) }
        }
        #expect(run([("space", 0), ("j", 0.3)]) == ["pending", "findFile by editor, then moveDown by editor"])
        #expect(run([("space", 0), ("x", 0.3)]) == ["pending", "findFile by editor, then unhandled"])
        // A stroke after the sequence timeout runs the held binding first, too.
        #expect(run([("space", 10), ("e", 11.5)]) == ["pending", "findFile by editor, then unhandled"])
        #expect(run([("d", 20), ("d", 22)]) == ["pending", "deleteLine by editor, then pending"])
        // The convenience properties describe the stroke's own outcome; `heldAction` the held one.
        _ = dispatch("space", at: 30)
        let r = dispatch("x", at: 30.1)
        #expect(r.heldAction?.description == "findFile")
        #expect(r.isUnhandled && !r.isPending && !r.isCancelled && r.performedAction == nil)
        _ = dispatch("space", at: 40)
        #expect(dispatch("j", at: 40.1).performedAction?.description == "moveDown")
    }

    /// Reporting a held binding makes no result larger than a plain press's: dispatch returns
    /// one per press, and a larger `DispatchResult` made every press slower.
    @Test func theHeldReportAddsNothingToAResultsSize() {
        let plain = MemoryLayout<(ActionInvocation, any Responder)>.size
        #expect(MemoryLayout<DispatchResult.HeldRun>.size <= plain)
        #expect(MemoryLayout<DispatchResult>.size == plain, "\(MemoryLayout<DispatchResult>.size) \(MemoryLayout<DispatchResult.HeldRun>.size)")
    }

    @Test
    func cancelPendingDropsTheHeldBinding() throws {
        let t = try Self.table()
        let editor = TestResponder("editor", roles: ["Editor"])
        let d = Dispatcher(table: t)
        let ctx = ContextState(table: t)
        _ = d.dispatch(press("space"), firstResponder: editor, context: ctx)
        #expect(d.heldBinding.map { t.invocation(ofBinding: $0).description } == "findFile")
        #expect(d.cancelPending()?.isCancelled == true)
        #expect(d.heldBinding == nil)
        #expect(d.timeOut(firstResponder: editor) == nil)
        #expect(editor.performed.isEmpty)
    }

    @Test
    func theDeadlineIsTheLastStrokePlusTheTimeout() throws {
        let t = try Self.table()
        let editor = TestResponder("editor", roles: ["Editor"])
        let d = Dispatcher(table: t)
        let ctx = ContextState(table: t)
        #expect(d.pendingDeadline == nil)
        _ = d.dispatch(press("space", at: 10), firstResponder: editor, context: ctx)
        #expect(d.pendingDeadline == nil)   // no sequence timeout set
        d.sequenceTimeout = 1
        #expect(d.pendingDeadline == 11)
        _ = d.dispatch(press("e", at: 10.5), firstResponder: editor, context: ctx)
        #expect(d.pendingDeadline == nil)
    }

    @Test
    func theTableAndToolsCarryTheAttribute() throws {
        let t = try Self.table()
        let flagged = (0..<t.bindingCount).filter { t.performsOnTimeout(binding: $0) }.map { t.invocation(ofBinding: $0).description }
        #expect(flagged == ["findFile", "deleteLine"])
        let editor = TestResponder("editor", roles: ["Editor"])
        let d = Dispatcher(table: t)
        // The held binding is discoverable: pressing its key and waiting performs it.
        let titles = d.discoverableCommands(firstResponder: editor, context: ContextState(table: t)).map(\.title)
        #expect(titles == ["Find File"])
        let explanation = d.explain(seq("space"), firstResponder: editor, context: ContextState(table: t))
        guard case .held(let b, _, _) = explanation.outcome else { Issue.record("not held: \(explanation.outcome)"); return }
        #expect(t.invocation(ofBinding: b).description == "findFile")
        guard case .blockedAtPrefix(1, let held) = d.explain(seq("space j"), firstResponder: editor, context: ContextState(table: t)).outcome
        else { Issue.record("space j is not decided by its held prefix"); return }
        #expect(held == b)
    }
}
