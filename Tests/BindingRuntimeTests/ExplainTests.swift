import Testing
import BindingLang
@testable import BindingRuntime

@Test func explainsWinnerAndLosers() throws {
    var k = shadowKeymap()
    k.bindings[0].location = loc(3, 5)
    k.bindings[1].location = loc(7, 5)
    // A second Inner binding of cmd+k after the first, and one gated off.
    k.contexts.append(ContextVariable(name: "mode", type: .enumeration(["a", "b"])))
    k.bindings.append(Binding(sequence: seq("cmd+k"), role: 0, action: 4, condition: .and(.flag(0), .and(.enumEquals(1, 1), .constant(true)))))
    let table = try load(k)
    let outer = TestResponder("outer", roles: ["Outer"])
    let inner = TestResponder("inner", roles: ["Inner"], next: outer, performs: [])
    let d = Dispatcher(table: table)
    let e = d.explain(seq("cmd+k"), firstResponder: inner, context: ContextState(table: table))
    // Inner's binding has no performer here except... nobody in the chain performs `inner`
    // but outer performs everything: outer performs it.
    guard case .performed(let b, let performer, let depth) = e.outcome else { Issue.record("\(e.outcome)"); return }
    #expect(b == 1 && performer === outer && depth == 1)
    #expect(e.chosen?.location == TableLocation(path: "Editor.bind", line: 7, column: 5))
    let verdicts = Dictionary(uniqueKeysWithValues: e.entries.map { ($0.binding.index, $0.verdict) })
    #expect(verdicts[1] == .chosen)
    // Its own condition is false: that, not the earlier binding, is why it loses.
    #expect(verdicts[6] == .conditionFalse(condition: "flag && mode == b && true", falseParts: ["flag", "mode == b"]))
    #expect(verdicts[0] == .nearerRoleWon(binding: 1))
    #expect(verdicts[3] == .nearerRoleWon(binding: 1))   // the menu binding
    #expect(verdicts[2] == .roleNotInChain)              // Extra
    #expect(e.entries.map(\.binding.index) == [1, 6, 0, 3, 2])
}

@Test func explainsFalseConjunctsAndNoPerformer() throws {
    let table = try load(editorKeymap())
    let (first, _) = editorChain(performs: ["text": [], "editor": [], "window": [], "app": []])
    let d = Dispatcher(table: table)
    var ctx = ContextState(table: table)
    try ctx.set("readOnly", true)
    var e = d.explain(seq("cmd+b"), firstResponder: first, context: ctx)
    guard case .nothing = e.outcome else { Issue.record("\(e.outcome)"); return }
    #expect(e.entries.first?.verdict == .conditionFalse(condition: "mode == insert && !readOnly", falseParts: ["mode == insert", "!readOnly"]))
    try ctx.set("mode", case: "insert")
    e = d.explain(seq("cmd+b"), firstResponder: first, context: ctx)
    #expect(e.entries.first?.verdict == .conditionFalse(condition: "mode == insert && !readOnly", falseParts: ["!readOnly"]))
    try ctx.set("readOnly", false)
    e = d.explain(seq("cmd+b"), firstResponder: first, context: ctx)
    #expect(e.entries.first?.verdict == .noPerformer)
    e = d.explain(seq("cmd+r"), firstResponder: first, context: ctx)
    #expect(e.entries.first?.verdict == .conditionFalse(condition: "lang == \"swift\"", falseParts: ["lang == \"swift\""]))
}

@Test func explainsSequencesAndPrefixes() throws {
    var k = sequenceKeymap()
    k.bindings.append(Binding(sequence: seq("ctrl+k"), role: 0, action: 3, title: "Text K"))
    let table = try load(k)
    let (text, editor, _) = sequenceChain()
    let d = Dispatcher(table: table)
    let ctx = ContextState(table: table)
    // From the editor: ctrl+k is pending; ctrl+k ctrl+c performs.
    guard case .pending = d.explain(seq("ctrl+k"), firstResponder: editor, context: ctx).outcome else { Issue.record("pending"); return }
    let e = d.explain(seq("ctrl+k"), firstResponder: editor, context: ctx)
    #expect(e.entries.map(\.verdict) == [.nearerRoleWon(binding: nil), .roleNotInChain])
    guard case .performed(0, _, _) = d.explain(seq("ctrl+k ctrl+c"), firstResponder: editor, context: ctx).outcome else { Issue.record("performed"); return }
    // From the text view: ctrl+k alone performs Text K, so ctrl+k ctrl+c is never reached.
    let blocked = d.explain(seq("ctrl+k ctrl+c"), firstResponder: text, context: ctx)
    guard case .blockedAtPrefix(1, 5) = blocked.outcome else { Issue.record("\(blocked.outcome)"); return }
    #expect(blocked.entries.map(\.verdict) == [.notReached])
    #expect(!d.isPending)
    guard case .nothing = d.explain(seq("cmd+z"), firstResponder: text, context: ctx).outcome else { Issue.record("nothing"); return }
}

/// Issue 10, defect 2: explain answers exactly as dispatch does for a pending prefix followed
/// by a stroke that continues nothing (escape included), for continuations nobody can
/// perform, and for a binding whose own condition is false after another was chosen.
@Test func explainAgreesWithDispatchOnCancellation() throws {
    let table = try load(sequenceKeymap())
    let (_, editor, _) = sequenceChain()
    let ctx = ContextState(table: table)
    for keys in ["ctrl+k ctrl+x", "ctrl+k escape", "ctrl+k escape ctrl+c"] {
        let e = Dispatcher(table: table).explain(seq(keys), firstResponder: editor, context: ctx)
        guard case .cancelled(1) = e.outcome else { Issue.record("\(keys): \(e.outcome)"); continue }
        let d = Dispatcher(table: table)
        _ = d.dispatch(KeyEvent(seq(keys)[0]), firstResponder: editor, context: ctx)
        guard case .cancelled = d.dispatch(KeyEvent(seq(keys)[1]), firstResponder: editor, context: ctx) else {
            Issue.record("dispatch of \(keys)"); continue
        }
    }
    // Nobody can perform the continuation: ctrl+k is pending (its longer binding is live),
    // then ctrl+c is cancelled, not "nothing".
    let refusing = TestResponder("editor", roles: ["Editor"], performs: [])
    let e = Dispatcher(table: table).explain(seq("ctrl+k ctrl+c"), firstResponder: refusing, context: ctx)
    guard case .cancelled(1) = e.outcome else { Issue.record("\(e.outcome)"); return }
    #expect(e.entries.map(\.verdict) == [.noPerformer])
}

@Test func ownFalseConditionIsNotLostToAnEarlierBinding() throws {
    var k = shadowKeymap()
    k.contexts.append(ContextVariable(name: "mode", type: .enumeration(["a", "b"])))
    // A second Inner binding of cmd+k, gated off by its own condition (mode == b; mode is a).
    k.bindings.append(Binding(sequence: seq("cmd+k"), role: 0, action: 4, condition: .enumEquals(1, 1)))
    let table = try load(k)
    let outer = TestResponder("outer", roles: ["Outer"])
    let inner = TestResponder("inner", roles: ["Inner"], next: outer)
    let e = Dispatcher(table: table).explain(seq("cmd+k"), firstResponder: inner, context: ContextState(table: table))
    let gated = try #require(e.entries.first { $0.binding.index == k.bindings.count - 1 })
    guard case .conditionFalse = gated.verdict else { Issue.record("\(gated.verdict)"); return }
}
