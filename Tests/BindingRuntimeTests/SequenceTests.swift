import Testing
import BindingLang
@testable import BindingRuntime

/// Editor: `ctrl+k ctrl+c` comment, `ctrl+k ctrl+u` uncomment (titled, group "Code"),
/// `ctrl+k ctrl+k ctrl+x` a three-stroke one; Window: `ctrl+k` alone (farther role);
/// TextView: `ctrl+x` performs cut, live only when `busy` is false.
func sequenceKeymap() -> Keymap {
    var k = Keymap()
    k.contexts = [ContextVariable(name: "busy", type: .bool), ContextVariable(name: "deep", type: .bool)]
    k.roles = ["TextView", "Editor", "Window"]
    k.actions = [Action(name: "comment"), Action(name: "uncomment"), Action(name: "killLine"), Action(name: "windowK"), Action(name: "cut", isStandard: true)]
    k.groups = ["Code"]
    k.bindings = [
        Binding(sequence: seq("ctrl+k ctrl+c"), role: 1, action: 0, title: "Comment", group: 0),
        Binding(sequence: seq("ctrl+k ctrl+u"), role: 1, action: 1, title: "Uncomment"),
        Binding(sequence: seq("ctrl+k ctrl+k ctrl+x"), role: 1, action: 2, title: "Kill", condition: .flag(1)),
        Binding(sequence: seq("ctrl+k"), role: 2, action: 3, title: "Window K"),
        Binding(sequence: seq("ctrl+x"), role: 0, action: 4, title: "Cut", condition: .not(.flag(0))),
    ]
    return k
}

func sequenceChain() -> (TestResponder, TestResponder, TestResponder) {
    let window = TestResponder("window", roles: ["Window"])
    let editor = TestResponder("editor", roles: ["Editor"], next: window)
    let text = TestResponder("text", roles: ["TextView"], next: editor)
    return (text, editor, window)
}

@Test func twoStrokeSequenceCompletes() throws {
    let table = try load(sequenceKeymap())
    let (text, _, _) = sequenceChain()
    let d = Dispatcher(table: table)
    let ctx = ContextState(table: table)
    let r1 = d.dispatch(press("ctrl+k"), firstResponder: text, context: ctx)
    guard case .pending(let p) = r1 else { Issue.record("\(r1)"); return }
    #expect(p.strokes == [chord("ctrl+k")])
    #expect(p.glyphs == "⌃K" && p.plainText == "Ctrl+K")
    #expect(d.isPending)
    let r2 = d.dispatch(press("ctrl+c"), firstResponder: text, context: ctx)
    #expect(r2.performedAction?.name == "comment")
    #expect(!d.isPending)
    // Editor's pending sequence shadows Window's single-stroke ctrl+k (nearer role).
    #expect(d.dispatch(press("ctrl+k"), firstResponder: text, context: ctx).isPending)
}

@Test func farRoleSingleStrokeWhenNearerHasNoSequence() throws {
    let table = try load(sequenceKeymap())
    let (_, _, window) = sequenceChain()
    let d = Dispatcher(table: table)
    #expect(d.dispatch(press("ctrl+k"), firstResponder: window, context: ContextState(table: table)).performedAction?.name == "windowK")
}

@Test func nonContinuingStrokeCancels() throws {
    let table = try load(sequenceKeymap())
    let (text, _, _) = sequenceChain()
    let d = Dispatcher(table: table)
    let ctx = ContextState(table: table)
    _ = d.dispatch(press("ctrl+k"), firstResponder: text, context: ctx)
    // ctrl+x alone would cut, but while pending it continues nothing: cancelled, consumed.
    let r = d.dispatch(press("ctrl+x"), firstResponder: text, context: ctx)
    guard case .cancelled(.noContinuation(let c)) = r else { Issue.record("\(r)"); return }
    #expect(c == chord("ctrl+x"))
    #expect(!d.isPending)
    #expect(text.performed.isEmpty)
    // Escape has no special meaning: it cancels because it continues nothing.
    _ = d.dispatch(press("ctrl+k"), firstResponder: text, context: ctx)
    #expect(d.dispatch(press("escape"), firstResponder: text, context: ctx).isCancelled)
    // Idle again: ctrl+x cuts.
    #expect(d.dispatch(press("ctrl+x"), firstResponder: text, context: ctx).performedAction?.name == "cut")
}

@Test func gatedLongerSequence() throws {
    let table = try load(sequenceKeymap())
    let (text, _, _) = sequenceChain()
    let d = Dispatcher(table: table)
    var ctx = ContextState(table: table)
    _ = d.dispatch(press("ctrl+k"), firstResponder: text, context: ctx)
    // ctrl+k ctrl+k continues only `Kill`, live only when `deep`.
    #expect(d.dispatch(press("ctrl+k"), firstResponder: text, context: ctx).isCancelled)
    try ctx.set("deep", true)
    _ = d.dispatch(press("ctrl+k"), firstResponder: text, context: ctx)
    #expect(d.dispatch(press("ctrl+k"), firstResponder: text, context: ctx).isPending)
    #expect(d.dispatch(press("ctrl+x"), firstResponder: text, context: ctx).performedAction?.name == "killLine")
}

@Test func cancelPendingByTheApp() throws {
    let table = try load(sequenceKeymap())
    let (text, _, _) = sequenceChain()
    let d = Dispatcher(table: table)
    let ctx = ContextState(table: table)
    #expect(d.cancelPending() == nil)
    _ = d.dispatch(press("ctrl+k"), firstResponder: text, context: ctx)
    guard case .cancelled(.requested)? = d.cancelPending() else { Issue.record("not cancelled"); return }
    #expect(!d.isPending)
    // The next stroke is dispatched from idle.
    #expect(d.dispatch(press("ctrl+c"), firstResponder: text, context: ctx).isUnhandled)
}

@Test func sequenceTimeout() throws {
    let table = try load(sequenceKeymap())
    let (text, _, _) = sequenceChain()
    let d = Dispatcher(table: table)
    d.sequenceTimeout = 1.0
    let ctx = ContextState(table: table)
    _ = d.dispatch(press("ctrl+k", at: 10), firstResponder: text, context: ctx)
    // Within the timeout: completes.
    #expect(d.dispatch(press("ctrl+c", at: 10.9), firstResponder: text, context: ctx).performedAction?.name == "comment")
    _ = d.dispatch(press("ctrl+k", at: 20), firstResponder: text, context: ctx)
    // Too late: the sequence is cancelled and ctrl+c dispatched from idle (unbound alone).
    #expect(d.dispatch(press("ctrl+c", at: 21.5), firstResponder: text, context: ctx).isUnhandled)
    // Too late, and the stroke works alone: it performs from idle.
    _ = d.dispatch(press("ctrl+k", at: 30), firstResponder: text, context: ctx)
    #expect(d.dispatch(press("ctrl+x", at: 32), firstResponder: text, context: ctx).performedAction?.name == "cut")
    // No timeout: waits forever.
    d.sequenceTimeout = nil
    _ = d.dispatch(press("ctrl+k", at: 40), firstResponder: text, context: ctx)
    #expect(d.dispatch(press("ctrl+u", at: 4000), firstResponder: text, context: ctx).performedAction?.name == "uncomment")
}

@Test func continuationsWhilePending() throws {
    let table = try load(sequenceKeymap())
    let (text, _, _) = sequenceChain()
    let d = Dispatcher(table: table)
    var ctx = ContextState(table: table)
    #expect(d.pendingContinuations(firstResponder: text, context: ctx).isEmpty)
    _ = d.dispatch(press("ctrl+k"), firstResponder: text, context: ctx)
    // Ungrouped first (Uncomment), then group Code (Comment); Kill's prefix is not live.
    var next = d.pendingContinuations(firstResponder: text, context: ctx)
    #expect(next.map(\.plainText) == ["Ctrl+U", "Ctrl+C"])
    #expect(next.map(\.title) == ["Uncomment", "Comment"])
    #expect(next.map(\.glyphs) == ["⌃U", "⌃C"])
    #expect(next[1].group == "Code")
    #expect(next[0].action?.name == "uncomment")
    try ctx.set("deep", true)
    next = d.pendingContinuations(firstResponder: text, context: ctx)
    #expect(next.map(\.plainText) == ["Ctrl+U", "Ctrl+K", "Ctrl+C"])
    #expect(next[1].title == nil && next[1].action == nil)
}
