import Testing
import BindingLang
@testable import BindingRuntime

/// Roles A…F, each binding cmd+a to its own action `a`…`f`.
private func roleTable() throws -> BindingTable {
    var k = Keymap()
    k.roles = ["A", "B", "C", "D", "E", "F"]
    k.actions = k.roles.map { Action(name: $0.lowercased()) }
    k.bindings = k.roles.indices.map { Binding(sequence: seq("cmd+a"), role: $0, action: $0) }
    return try load(k)
}

@Test func responderChangingItsRolesIsFollowed() throws {
    let table = try roleTable()
    let d = Dispatcher(table: table)
    let ctx = ContextState(table: table)
    let r = TestResponder("r", roles: ["B"])
    #expect(d.dispatch(press("cmd+a"), firstResponder: r, context: ctx).performedAction?.name == "b")
    r.responderRoles = ["C"]
    #expect(d.dispatch(press("cmd+a"), firstResponder: r, context: ctx).performedAction?.name == "c")
    r.responderRoles[0] = "D"   // mutated in place: the cache holds the old array, so this is a copy
    #expect(d.dispatch(press("cmd+a"), firstResponder: r, context: ctx).performedAction?.name == "d")
    r.responderRoles = ["nope", "E"]
    #expect(d.dispatch(press("cmd+a"), firstResponder: r, context: ctx).performedAction?.name == "e")
    r.responderRoles = []
    #expect(d.dispatch(press("cmd+a"), firstResponder: r, context: ctx).isUnhandled)
}

@Test func longRoleListsAndManyResponders() throws {
    let table = try roleTable()
    let d = Dispatcher(table: table)
    let ctx = ContextState(table: table)
    // Longer than the cache keeps: resolved on every stroke, same answer.
    let long = TestResponder("long", roles: ["x", "y", "z", "w", "F", "A"])
    #expect(d.dispatch(press("cmd+a"), firstResponder: long, context: ctx).performedAction?.name == "f")
    // More distinct role lists than the cache holds: it starts over and stays right.
    for round in 0..<3 {
        var chain: TestResponder? = nil
        for i in 0..<100 { chain = TestResponder("\(i)", roles: [i == 0 ? "E" : "none\(i)"], next: chain) }
        guard let first = chain else { return }
        #expect(d.dispatch(press("cmd+a"), firstResponder: first, context: ctx).performedAction?.name == "e", "round \(round)")
        first.responderRoles = ["A"]
        #expect(d.dispatch(press("cmd+a"), firstResponder: first, context: ctx).performedAction?.name == "a")
    }
}

@Test func tableSwapResolvesRolesAgain() throws {
    let one = try roleTable()
    var k = Keymap()
    k.roles = ["F", "E", "D", "C", "B", "A"]   // same names, other indices
    k.actions = [Action(name: "other")]
    k.bindings = [Binding(sequence: seq("cmd+a"), role: 4, action: 0)]   // role B
    let two = try load(k)
    let reference = TableReference(one)
    let d = Dispatcher(reference: reference)
    let r = TestResponder("r", roles: ["B"])
    #expect(d.dispatch(press("cmd+a"), firstResponder: r, context: ContextState(table: one)).performedAction?.name == "b")
    reference.replace(with: two)
    #expect(d.dispatch(press("cmd+a"), firstResponder: r, context: ContextState(table: two)).performedAction?.name == "other")
    r.responderRoles = ["A"]
    #expect(d.dispatch(press("cmd+a"), firstResponder: r, context: ContextState(table: two)).isUnhandled)
}
