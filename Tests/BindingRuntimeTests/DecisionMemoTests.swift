import BindingLang
import Testing
@testable import BindingRuntime

// A snapshot with cached capabilities remembers what strokes decided (DecisionMemo): every
// press must still decide exactly what the live chain decides, whatever changed in between.
@Suite("Decision memo")
struct DecisionMemoTests {
    static let source = """
        context editing: Bool
        context mode: normal | insert
        context lang: String
        responder Text, Window
        action copyPlain
        action copyInsert
        action copySwift
        action comment
        action close
        action down
        in Text {
          ctrl+c -> copyPlain when !editing && mode == normal
          ctrl+c -> copyInsert when mode == insert
          ctrl+c -> copySwift when editing && mode == normal && lang == "swift"
          ctrl+k ctrl+c -> comment
          ctrl+d -> down
          ctrl+j -> comment
        }
        in Window {
          ctrl+w -> close when !editing || (is Window && inside Window)
        }
        """

    static func table(_ source: String = source) throws -> BindingTable {
        let keymap = try #require(compile([("memo.bind", source)]))
        return try BindingTable(bytes: Emitter.emit(keymap))
    }

    /// What a decision or a live dispatch did, as one word.
    static func word(_ d: Decision, _ dispatcher: Dispatcher) -> String {
        switch d {
        case .perform(let b, _, let p): "\(dispatcher.invocation(of: b)?.description ?? "?")@\(p)"
        case .pending: "pending"
        case .cancelled: "cancelled"
        case .unhandled: "unhandled"
        case .performHeld(let b, _, let p): "held \(dispatcher.invocation(of: b)?.description ?? "?")@\(p)"
        }
    }

    static func word(_ r: DispatchResult, _ chain: [TestResponder]) -> String {
        switch r {
        case .performed(let a, let responder): "\(a.description)@\(chain.firstIndex { $0 === responder } ?? -1)"
        case .pending: "pending"
        case .cancelled: "cancelled"
        case .unhandled: "unhandled"
        case .performedHeld(let run):
            "held \(run.action.description)@\(chain.firstIndex { $0 === run.responder } ?? -1) " + word(run.then.result, chain)
        }
    }

    /// Presses `strokes` with the context `set` gives before each (nil: unchanged), through
    /// the live chain and through `decide` over one remembering snapshot, and expects the
    /// same word each time; returns the words.
    @discardableResult
    static func agree(_ table: BindingTable, _ strokes: [(KeyEvent, ((inout ContextState) throws -> Void)?)],
                      chain: [TestResponder], snapshot: ChainSnapshot? = nil) throws -> [String] {
        let live = Dispatcher(table: table), deciding = Dispatcher(table: table)
        let kept = snapshot ?? ChainSnapshot(table: table, firstResponder: chain[0], capabilities: .cachedUntilInvalidated)
        var context = ContextState(table: table)
        var words: [String] = []
        for (n, (event, set)) in strokes.enumerated() {
            try set?(&context)
            let expected = word(live.dispatch(event, firstResponder: chain[0], context: context), chain)
            let actual = word(deciding.decide(event, chain: kept, context: context), deciding)
            #expect(actual == expected, "stroke \(n) \(event.chord.sourceText)")
            words.append(actual)
        }
        return words
    }

    static func chain() -> [TestResponder] {
        let window = TestResponder("window", roles: ["Window"])
        let text = TestResponder("text", roles: ["Text"], next: window)
        return [text, window]
    }

    @Test func aChangedContextIsDecidedAgain() throws {
        let t = try Self.table()
        let c = press("ctrl+c")
        let words = try Self.agree(t, [
            (c, nil), (c, nil),
            (c, { try $0.set("mode", case: "insert") }), (c, nil),
            (c, { try $0.set("mode", case: "normal") }),
            (c, { try $0.set("editing", true) }),
            (c, { try $0.set("lang", string: "swift") }), (c, nil),
            (c, { try $0.set("lang", string: "rust") }),
            (c, { try $0.set("lang", string: "swift") }),
            (c, { try $0.set("editing", false) }), (c, nil),
        ], chain: Self.chain())
        #expect(words == ["copyPlain@0", "copyPlain@0", "copyInsert@0", "copyInsert@0", "copyPlain@0", "unhandled",
                          "copySwift@0", "copySwift@0", "unhandled", "copySwift@0", "copyPlain@0", "copyPlain@0"])
    }

    @Test func aStrokeWhileASequenceIsPendingIsKeptApartFromTheSameStrokeAlone() throws {
        let t = try Self.table()
        let words = try Self.agree(t, ["ctrl+c", "ctrl+k", "ctrl+c", "ctrl+c", "ctrl+k", "ctrl+d", "ctrl+k", "ctrl+c", "ctrl+d"]
            .map { (press($0), nil) }, chain: Self.chain())
        #expect(words == ["copyPlain@0", "pending", "comment@0", "copyPlain@0", "pending", "cancelled", "pending", "comment@0", "down@0"])
    }

    @Test func chainPredicatesAreTheSnapshots() throws {
        let t = try Self.table()
        // `is Window && inside Window` is false on this chain; the interpreter decides it.
        let w = press("ctrl+w")
        let words = try Self.agree(t, [(w, nil), (w, { try $0.set("editing", true) }), (w, nil), (w, { try $0.set("editing", false) })],
                                   chain: Self.chain())
        #expect(words == ["close@0", "unhandled", "unhandled", "close@0"])
    }

    @Test func invalidatedCapabilitiesAreAskedAgain() throws {
        let t = try Self.table()
        let chain = Self.chain()
        let snapshot = ChainSnapshot(table: t, firstResponder: chain[0], capabilities: .cachedUntilInvalidated)
        let d = Dispatcher(table: t), context = ContextState(table: t)
        #expect(Self.word(d.decide(press("ctrl+d"), chain: snapshot, context: context), d) == "down@0")
        chain[0].performs = ["copyPlain"]
        #expect(Self.word(d.decide(press("ctrl+d"), chain: snapshot, context: context), d) == "down@0", "kept until invalidated")
        snapshot.invalidateCapabilities()
        #expect(Self.word(d.decide(press("ctrl+d"), chain: snapshot, context: context), d) == "down@1")
        chain[1].performs = []
        snapshot.invalidateCapabilities()
        #expect(Self.word(d.decide(press("ctrl+d"), chain: snapshot, context: context), d) == "unhandled")
    }

    /// A responder that invalidates the snapshot's capabilities while it is asked (the
    /// decision under way must not be kept as current).
    final class Fickle: Responder {
        var responderRoles = ["Text"]
        var nextResponder: Responder?
        weak var snapshot: ChainSnapshot?
        var answer = true
        func canPerform(_ action: ActionInvocation) -> Bool {
            let a = answer
            answer.toggle()
            snapshot?.invalidateCapabilities()
            return a
        }
        func perform(_ action: ActionInvocation) {}
    }

    @Test func capabilitiesInvalidatedWhileAskedAreAskedAgain() throws {
        let t = try Self.table()
        let window = TestResponder("window", roles: ["Window"])
        let fickle = Fickle()
        fickle.nextResponder = window
        let snapshot = ChainSnapshot(table: t, firstResponder: fickle, capabilities: .cachedUntilInvalidated)
        fickle.snapshot = snapshot
        let d = Dispatcher(table: t), context = ContextState(table: t)
        // Each press asks again (the answer was invalidated while it was given), so the
        // performer alternates between the fickle responder and the window.
        let words = (0..<4).map { _ in Self.word(d.decide(press("ctrl+d"), chain: snapshot, context: context), d) }
        #expect(words == ["down@0", "down@1", "down@0", "down@1"])
    }

    @Test func aReloadedTableIsNeverReadThroughOldEntries() throws {
        let t1 = try Self.table()
        let t2 = try Self.table(Self.source.replacingOccurrences(of: "ctrl+d -> down", with: "ctrl+d -> close"))
        let reference = TableReference(t1)
        let d = Dispatcher(reference: reference)
        let chain = Self.chain()
        let snapshot = ChainSnapshot(table: t1, firstResponder: chain[0], capabilities: .cachedUntilInvalidated)
        #expect(Self.word(d.decide(press("ctrl+d"), chain: snapshot, context: ContextState(table: t1)), d) == "down@0")
        #expect(Self.word(d.decide(press("ctrl+d"), chain: snapshot, context: ContextState(table: t1)), d) == "down@0")
        reference.replace(with: t2)
        #expect(Self.word(d.decide(press("ctrl+d"), chain: snapshot, context: ContextState(table: t1)), d) == "close@0")
        #expect(Self.word(d.decide(press("ctrl+d"), chain: snapshot, context: ContextState(table: t2)), d) == "close@0")
        reference.replace(with: t1)
        #expect(Self.word(d.decide(press("ctrl+d"), chain: snapshot, context: ContextState(table: t2)), d) == "down@0")
    }

    @Test func everyNameOfAPressIsPartOfWhatIsRemembered() throws {
        let t = try Self.table()
        // The same chord (`ctrl+с`, Cyrillic) typed on two keys: its US fallback differs.
        let onC = KeyEvent(physicalKey: try #require(PhysicalKey(code: "KeyC")), characters: "с", modifiers: .control)
        let onD = KeyEvent(physicalKey: try #require(PhysicalKey(code: "KeyD")), characters: "с", modifiers: .control)
        #expect(onC.chord == onD.chord)
        let plain = KeyEvent(chord("ctrl+с"))
        let words = try Self.agree(t, [(onC, nil), (onD, nil), (plain, nil), (onC, nil), (onD, nil), (plain, nil)], chain: Self.chain())
        #expect(words == ["copyPlain@0", "down@0", "unhandled", "copyPlain@0", "down@0", "unhandled"])
        // The same chord on the same key, on a layout said to be Latin or not: only the US
        // fallback (`ctrl+j`) differs.
        let keyJ = try #require(PhysicalKey(code: "KeyJ"))
        let hebrew = KeyEvent(physicalKey: keyJ, characters: "ח", modifiers: .control, latinLayout: false)
        let latin = KeyEvent(physicalKey: keyJ, characters: "ח", modifiers: .control, latinLayout: true)
        #expect(hebrew.chord == latin.chord && hebrew.keyPosition == latin.keyPosition && hebrew.fallback != latin.fallback)
        let more = try Self.agree(t, [(hebrew, nil), (latin, nil), (hebrew, nil), (latin, nil)], chain: Self.chain())
        #expect(more == ["comment@0", "unhandled", "comment@0", "unhandled"])
    }

    /// More distinct strokes than the memo has sets (1,050 chords, a third of them prefixes
    /// whose `ctrl+x` is a stroke of its own, against 1,024 sets of two slots), gated by a flag
    /// that flips now and then: slots are shared and replaced, and every press still agrees
    /// with the live chain.
    @Test func manyStrokesShareSlots() throws {
        var k = Keymap()
        k.roles = ["Text", "Window"]
        k.contexts = [ContextVariable(name: "on", type: .bool)]
        k.actions = [Action(name: "a"), Action(name: "b")]
        let keys = "abcdefghijklmnopqrstuvwxyz0123456789".map(String.init) + (1...24).map { "f\($0)" }
            + ["up", "down", "left", "right", "home", "end", "pageUp", "pageDown", "tab", "space", "return", "escape",
               "delete", "forwardDelete", "insert"]
        let plain = ["ctrl", "alt", "cmd", "ctrl+alt", "ctrl+cmd", "alt+cmd", "ctrl+alt+cmd"]
        let mods = plain + plain.map { "shift+" + $0 }
        var chords: [String] = []
        for m in mods { for key in keys { chords.append("\(m)+\(key)") } }
        #expect(chords.count + chords.count / 3 > DecisionMemo.slotCount / 2)
        for (i, c) in chords.enumerated() {
            k.bindings.append(i % 3 == 0 ? Binding(sequence: seq(c), role: 0, action: 0, condition: .flag(0))
                : i % 3 == 1 ? Binding(sequence: seq(c), role: 0, action: 1, condition: .not(.flag(0)))
                : Binding(sequence: seq("\(c) ctrl+x"), role: 0, action: 0))
        }
        let t = try load(k)
        var x: UInt64 = 15
        func next(_ n: Int) -> Int {
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(x >> 33) % n
        }
        var strokes: [(KeyEvent, ((inout ContextState) throws -> Void)?)] = []
        for n in 0..<6_000 {
            let flip: ((inout ContextState) throws -> Void)? = n % 1_400 == 1_399 ? { try $0.set("on", !(try $0.bool("on"))) } : nil
            strokes.append((press(next(20) == 0 ? "ctrl+x" : chords[next(chords.count)]), flip))
        }
        let words = try Self.agree(t, strokes, chain: Self.chain())
        #expect(Set(words).isSuperset(of: ["a@0", "b@0", "pending", "unhandled"]))
    }
}
