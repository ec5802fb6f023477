import Dispatch
import Testing
import BindingLang
@testable import BindingRuntime

/// Two tables that disagree on everything: role order, action order, chords.
private func reloadTables() throws -> (BindingTable, BindingTable) {
    var one = Keymap()
    one.roles = ["A", "B"]
    one.actions = [Action(name: "one"), Action(name: "filler")]
    one.bindings = [Binding(sequence: seq("cmd+a"), role: 1, action: 0), Binding(sequence: seq("ctrl+k ctrl+c"), role: 1, action: 0)]
    var two = Keymap()
    two.roles = ["B", "C", "D"]
    two.actions = [Action(name: "x"), Action(name: "y"), Action(name: "two")]
    for n in 0..<50 { two.bindings.append(Binding(sequence: [Chord(key: Key(rawValue: 0x4E00 + UInt32(n)), modifiers: .command)], role: 2, action: 0)) }
    two.bindings.append(Binding(sequence: seq("cmd+a"), role: 0, action: 2))
    return (try load(one), try load(two))
}

@Test func swapWhileDispatching() throws {
    let (one, two) = try reloadTables()
    let reference = TableReference(one)
    let rounds = 4000
    let bad = DispatchQueueCounter()
    DispatchQueue.concurrentPerform(iterations: 2) { worker in
        if worker == 0 {
            for i in 0..<rounds { reference.replace(with: i % 2 == 0 ? two : one) }
        } else {
            let responder = TestResponder("r", roles: ["B"])
            let d = Dispatcher(reference: reference)
            let ctx = ContextState(table: one)
            for _ in 0..<rounds {
                let r = d.dispatch(press("cmd+a"), firstResponder: responder, context: ctx)
                let name = r.performedAction?.name
                if name != "one" && name != "two" { bad.increment() }
            }
        }
    }
    #expect(bad.value == 0)
}

@Test func swapDropsPendingSequence() throws {
    let (one, two) = try reloadTables()
    let reference = TableReference(one)
    let d = Dispatcher(reference: reference)
    let responder = TestResponder("r", roles: ["B"])
    var ctx = ContextState(table: one)
    d.sequenceTimeout = 1
    #expect(d.dispatch(press("ctrl+k"), firstResponder: responder, context: ctx).isPending)
    #expect(d.isPending && d.pendingDeadline != nil)
    reference.replace(with: two)
    // The observers of the pending state follow the reload before the next stroke (an
    // overlay or a timer driven by them showed or armed for the dropped sequence).
    #expect(!d.isPending && d.pending == nil && d.pendingDeadline == nil && d.heldBinding == nil)
    #expect(d.table === two)
    ctx.rebind(to: two)
    // The pending sequence belonged to the old table: ctrl+c is dispatched from idle.
    #expect(d.dispatch(press("ctrl+c"), firstResponder: responder, context: ctx).isUnhandled)
    #expect(d.table === two)
    #expect(d.dispatch(press("cmd+a"), firstResponder: responder, context: ctx).performedAction?.name == "two")
    // A bad reload keeps the current table.
    #expect(throws: TableError.badMagic) { try reference.reload(bytes: [0, 1, 2, 3, 4, 5, 6, 7, 8]) }
    #expect(reference.table === two)
}

@Test func contextRebindKeepsValues() throws {
    var a = editorKeymap()
    let t1 = try load(a)
    a.contexts.swapAt(0, 1)   // same names, other order
    a.contexts.append(ContextVariable(name: "extra", type: .bool))
    let t2 = try load(a)
    var ctx = ContextState(table: t1)
    try ctx.set("loggedIn", true)
    try ctx.set("mode", case: "visual")
    try ctx.set("lang", string: "swift")
    ctx.rebind(to: t2)
    #expect(try ctx.bool("loggedIn") && !ctx.bool("readOnly") && ctx.enumCase("mode") == "visual" && ctx.string("lang") == "swift")
    #expect(try ctx.bool("extra") == false)
}

/// A thread-safe counter for the concurrency test.
final class DispatchQueueCounter: @unchecked Sendable {
    private let lock = DispatchQueue(label: "counter")
    private var count = 0
    func increment() { lock.sync { count += 1 } }
    var value: Int { lock.sync { count } }
}
