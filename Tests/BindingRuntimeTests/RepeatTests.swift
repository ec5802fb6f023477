import BindingLang
import Testing
@testable import BindingRuntime

/// Repeatable bindings (`@repeat`, Grammar.md §4.8 and §5) end to end: `.bind` source →
/// compile → table → ``Dispatcher``, over the live chain and over a ``ChainSnapshot``
/// (`dispatch(_:chain:)` and `decide`), with the timestamps of ``KeyEvent`` as the clock.
struct RepeatTests {
    static let source = """
        context zoomed: Bool
        responder Pane, Window
        action resize(String)
        action nextPane
        action lineUp
        action kill
        in Pane {
          @repeat ctrl+b up          -> resize("up")   "Grow Up"
          @repeat(800ms) ctrl+b down -> resize("down") "Grow Down"
          @repeat ctrl+b left        -> resize("left") when !zoomed
          ctrl+b o                   -> nextPane
          ctrl+b x y                 -> kill
          up                         -> lineUp
        }
        in Window {
          @repeat(1s) ctrl+w right -> resize("right")
        }
        """

    static func table() throws -> BindingTable {
        let keymap = try #require(compile([("tmux.bind", source)]))
        return try BindingTable(bytes: Emitter.emit(keymap))
    }

    /// The ways to dispatch, one at a time, each recording what was performed; `remembered`
    /// decides through one snapshot with cached capabilities kept over the whole run, so
    /// its ``DecisionMemo`` sees the strokes again (in repeat mode and out of it).
    enum Path: CaseIterable { case live, snapshot, decide, remembered }

    /// Presses `keys` (`"ctrl+b@0 up@0.3"`: each stroke with its time in seconds) and returns
    /// what each press did: the action performed, `pending`, `cancelled` or `unhandled`.
    static func run(_ keys: String, _ path: Path, table: BindingTable, context: ContextState? = nil,
                    setZoomedAt: Double? = nil) throws -> [String] {
        let window = TestResponder("window", roles: ["Window"])
        let pane = TestResponder("pane", roles: ["Pane"], next: window)
        let d = Dispatcher(table: table)
        var ctx = context ?? ContextState(table: table)
        var out: [String] = []
        let kept = ChainSnapshot(table: table, firstResponder: pane, capabilities: .cachedUntilInvalidated)
        for item in keys.split(separator: " ") {
            let parts = item.split(separator: "@")
            let time = parts.count > 1 ? Double(parts[1]) ?? 0 : 0
            if let z = setZoomedAt, time >= z { try ctx.set("zoomed", true) }
            let event = press(String(parts[0]), at: time)
            switch path {
            case .live:
                out.append(word(d.dispatch(event, firstResponder: pane, context: ctx)))
            case .snapshot:
                out.append(word(d.dispatch(event, chain: ChainSnapshot(table: table, firstResponder: pane), context: ctx)))
            case .decide, .remembered:
                switch d.decide(event, chain: path == .decide ? ChainSnapshot(table: table, firstResponder: pane) : kept, context: ctx) {
                case .perform(let b, _, _): out.append(d.invocation(of: b)?.description ?? "?")
                case .pending: out.append("pending")
                case .cancelled: out.append("cancelled")
                case .unhandled: out.append("unhandled")
                case .performHeld: out.append("held")
                }
            }
        }
        return out
    }

    static func word(_ r: DispatchResult) -> String {
        switch r {
        case .performed(let a, _): a.description
        case .pending: "pending"
        case .cancelled: "cancelled"
        case .unhandled: "unhandled"
        // The stroke's own outcome (what a held binding did is recorded from the responders).
        case .performedHeld(let run): word(run.then.result)
        }
    }

    @Test(arguments: Path.allCases)
    func bareLastStrokeRepeatsWithinTheWindow(_ path: Path) throws {
        let t = try Self.table()
        #expect(try Self.run("ctrl+b@0 up@0.1 up@0.5 up@0.9", path, table: t)
            == ["pending", "resize(\"up\")", "resize(\"up\")", "resize(\"up\")"])
    }

    @Test(arguments: Path.allCases)
    func theOtherRepeatKeysOfThePrefixRepeatToo(_ path: Path) throws {
        let t = try Self.table()
        // `down` and `left` share the prefix `ctrl+b` and are repeatable; each repeat restarts
        // the window of the binding it performed (down: 800 ms, so 700 ms later still repeats).
        #expect(try Self.run("ctrl+b@0 up@0.1 down@0.5 up@1.2 left@1.6", path, table: t)
            == ["pending", "resize(\"up\")", "resize(\"down\")", "resize(\"up\")", "resize(\"left\")"])
    }

    @Test(arguments: Path.allCases)
    func theWindowExpires(_ path: Path) throws {
        let t = try Self.table()
        // 0.6 s after the last stroke is more than 500 ms: `up` is its own root binding again.
        #expect(try Self.run("ctrl+b@0 up@0.1 up@0.7", path, table: t) == ["pending", "resize(\"up\")", "lineUp"])
        // Exactly the window still repeats ("more than" is strict, as for sequence timeouts).
        #expect(try Self.run("ctrl+b@0 up@0.25 up@0.75", path, table: t) == ["pending", "resize(\"up\")", "resize(\"up\")"])
    }

    @Test(arguments: Path.allCases)
    func anotherKeyEndsRepeatModeAndIsDispatchedNormally(_ path: Path) throws {
        let t = try Self.table()
        // `o` is no repeatable binding: repeat mode ends and `o` is dispatched from idle
        // (unbound there), and the next `up` is the root binding.
        #expect(try Self.run("ctrl+b up o up", path, table: t) == ["pending", "resize(\"up\")", "unhandled", "lineUp"])
        // `ctrl+b` itself starts a new sequence from idle.
        #expect(try Self.run("ctrl+b up ctrl+b o", path, table: t) == ["pending", "resize(\"up\")", "pending", "nextPane"])
        // A stroke that would continue a longer sequence under the prefix does not repeat:
        // from idle, `x` is unbound.
        #expect(try Self.run("ctrl+b up x", path, table: t) == ["pending", "resize(\"up\")", "unhandled"])
        // A non-repeatable binding of the prefix does not start repeat mode.
        #expect(try Self.run("ctrl+b o up", path, table: t) == ["pending", "nextPane", "lineUp"])
    }

    @Test(arguments: Path.allCases)
    func theConditionIsEvaluatedOnEveryRepeat(_ path: Path) throws {
        let t = try Self.table()
        // `zoomed` becomes true at 0.3 s: the next `left` no longer repeats (its binding is
        // not live), so repeat mode ends and `left` is dispatched from idle (unbound).
        #expect(try Self.run("ctrl+b@0 left@0.1 left@0.2 left@0.3 up@0.4", path, table: t, setZoomedAt: 0.3)
            == ["pending", "resize(\"left\")", "resize(\"left\")", "unhandled", "lineUp"])
    }

    @Test(arguments: Path.allCases)
    func aFartherRoleRepeatsThroughTheChain(_ path: Path) throws {
        let t = try Self.table()
        #expect(try Self.run("ctrl+w@0 right@0.1 right@1.0 right@2.1", path, table: t)
            == ["pending", "resize(\"right\")", "resize(\"right\")", "unhandled"])
    }

    @Test func stateAndContinuationsInRepeatMode() throws {
        let t = try Self.table()
        let pane = TestResponder("pane", roles: ["Pane"], next: TestResponder("window", roles: ["Window"]))
        let d = Dispatcher(table: t)
        let ctx = ContextState(table: t)
        #expect(!d.isRepeating && d.repeating == nil && d.repeatDeadline == nil)
        _ = d.dispatch(press("ctrl+b", at: 1), firstResponder: pane, context: ctx)
        _ = d.dispatch(press("down", at: 2), firstResponder: pane, context: ctx)
        #expect(d.isRepeating && !d.isPending)
        #expect(d.repeating?.plainText == "Ctrl+B")
        #expect(abs((d.repeatDeadline ?? 0) - 2.8) < 1e-9)
        // The overlay's hints: the strokes that repeat now, with their titles.
        let next = d.pendingContinuations(firstResponder: pane, context: ctx)
        #expect(next.map(\.plainText) == ["Up", "Down", "Left"])
        #expect(next.map(\.title) == ["Grow Up", "Grow Down", nil])
        // The app may end repeat mode (focus moved); cancelPending also does.
        d.endRepeat()
        #expect(!d.isRepeating)
        #expect(d.dispatch(press("up", at: 2.1), firstResponder: pane, context: ctx).performedAction?.name == "lineUp")
        _ = d.dispatch(press("ctrl+b", at: 3), firstResponder: pane, context: ctx)
        _ = d.dispatch(press("up", at: 3), firstResponder: pane, context: ctx)
        if case .some = d.cancelPending() { Issue.record("nothing was pending") }
        #expect(!d.isRepeating)
    }

    @Test func aSequenceTimeoutDoesNotCutRepeatMode() throws {
        let t = try Self.table()
        let pane = TestResponder("pane", roles: ["Pane"])
        let d = Dispatcher(table: t)
        d.sequenceTimeout = 0.1
        let ctx = ContextState(table: t)
        _ = d.dispatch(press("ctrl+b", at: 0), firstResponder: pane, context: ctx)
        // The sequence timeout applies between ctrl+b and up; the repeat window after.
        #expect(d.dispatch(press("up", at: 0.05), firstResponder: pane, context: ctx).performedAction?.description == "resize(\"up\")")
        #expect(d.dispatch(press("up", at: 0.45), firstResponder: pane, context: ctx).performedAction?.description == "resize(\"up\")")
    }

    @Test func hotReloadEndsRepeatMode() throws {
        let t = try Self.table()
        let reference = TableReference(t)
        let pane = TestResponder("pane", roles: ["Pane"])
        let d = Dispatcher(reference: reference)
        let ctx = ContextState(table: t)
        _ = d.dispatch(press("ctrl+b"), firstResponder: pane, context: ctx)
        _ = d.dispatch(press("up"), firstResponder: pane, context: ctx)
        #expect(d.isRepeating)
        reference.replace(with: try Self.table())
        #expect(d.dispatch(press("up"), firstResponder: pane, context: ctx).performedAction?.name == "lineUp")
    }

    @Test func repeatModeLastsOverManyRepeats() throws {
        let t = try Self.table()
        let pane = TestResponder("pane", roles: ["Pane"])
        let chain = ChainSnapshot(table: t, firstResponder: pane)
        let d = Dispatcher(table: t)
        let ctx = ContextState(table: t)
        _ = d.decide(press("ctrl+b"), chain: chain, context: ctx)
        _ = d.decide(press("up"), chain: chain, context: ctx)
        let up = press("up")
        // Every repeat is a perform and leaves the dispatcher repeating (timestamps all 0:
        // an app that gives none never leaves repeat mode by time, as with Emacs' default).
        for _ in 0..<1000 {
            guard case .perform = d.decide(up, chain: chain, context: ctx) else { Issue.record("no repeat"); return }
        }
        #expect(d.isRepeating)
    }

    @Test func tableCarriesTheAttribute() throws {
        let t = try Self.table()
        let repeats = (0..<t.bindingCount).map { t.repeatMilliseconds(binding: $0) }
        #expect(repeats == [500, 800, 500, nil, nil, nil, 1000])
        #expect(t.binding(1).repeatMilliseconds == 800)
        #expect(t.repeatMilliseconds(binding: 99) == nil)
        let keymap = try #require(compile([("tmux.bind", Self.source)]))
        #expect(Keymap(table: t) == keymap)
    }

    @Test func explainSaysTheLaterStrokesRepeat() throws {
        let t = try Self.table()
        let pane = TestResponder("pane", roles: ["Pane"])
        let d = Dispatcher(table: t)
        let ctx = ContextState(table: t)
        let e = d.explain(seq("ctrl+b up up down"), firstResponder: pane, context: ctx)
        guard case .performed(let b, _, _) = e.outcome else { Issue.record("\(e.outcome)"); return }
        #expect(b == 1)
        #expect(e.repeated == Explanation.Repeat(first: 0, prefixLength: 2, prefix: seq("ctrl+b"), windows: [500, 500]))
        #expect(e.entries.map(\.binding.index) == [1])
        // A stroke that does not repeat: the sequence is never reached as such.
        let broken = d.explain(seq("ctrl+b up o"), firstResponder: pane, context: ctx)
        guard case .blockedAtPrefix(2, 0) = broken.outcome else { Issue.record("\(broken.outcome)"); return }
        #expect(broken.repeated == nil)
        // Without repeats nothing changes.
        #expect(d.explain(seq("ctrl+b up"), firstResponder: pane, context: ctx).repeated == nil)
    }

    @Test func loaderChecksRepeatFlagsAndRejectsOlderVersions() throws {
        let keymap = try #require(compile([("tmux.bind", Self.source)]))
        let good = Emitter.emit(keymap)
        let table = try BindingTable(bytes: good)
        func u32(_ b: [UInt8], _ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(b[at + $1]) << (8 * UInt32($1)) } }
        func patched(_ at: Int, _ value: UInt32) -> [UInt8] {
            var b = good
            for k in 0..<4 { b[at + k] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(k))) }
            TableChecksum.seal(&b)
            return b
        }
        let entry = TableFormat.headerSize + TableFormat.Section.attributes.rawValue * TableFormat.directoryEntrySize
        let flagsAt = Int(u32(good, entry + 4)) + table.bindingAttributes(1) * TableFormat.Section.attributes.recordSize + 12
        #expect(u32(good, flagsAt) == TableFormat.attributeRepeat | 800 << 16)
        // The flag without a window, a window without the flag, a window over a minute, an
        // unknown bit: each is rejected at the record.
        for bad: UInt32 in [TableFormat.attributeRepeat, 800 << 16, TableFormat.attributeRepeat | 60_001 << 16, 4 | TableFormat.attributeRepeat | 800 << 16] {
            #expect(throws: TableError.invalidValue(section: "ATTR", record: table.bindingAttributes(1), field: "flags", value: UInt64(bad))) {
                _ = try BindingTable(bytes: patched(flagsAt, bad))
            }
        }
        #expect((try? BindingTable(bytes: patched(flagsAt, TableFormat.attributeRepeat | 60_000 << 16))) != nil)
        // A version 4 table (before repeatable bindings) is refused with a clear message.
        do {
            _ = try BindingTable(bytes: patched(8, 4))
            Issue.record("a version 4 table loaded")
        } catch {
            #expect(error == .unsupportedVersion(found: 4))
            #expect(error.description == "table format version 4 is older than the version 10 this runtime reads (version 5 added repeatable bindings (@repeat), version 6 added the SRCO section (what later layers overrode), version 7 added the dispatch index (DKEY, DNOD, DGRP, DCAN, DTST), version 8 added @noRemapping and @noMirroring (ATTR and ITEM flags), version 9 added a four-lane checksum, version 10 added @timeout (ATTR flag bit 4)); recompile the keymap with this version's bindc")
        }
    }
}
