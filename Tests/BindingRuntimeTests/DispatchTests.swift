import Testing
import BindingLang
@testable import BindingRuntime

@Test func seedSelectTabAndSearch() throws {
    let table = try load(editorKeymap())
    let (first, chain) = editorChain()
    let d = Dispatcher(table: table)
    let ctx = ContextState(table: table)
    for n in 1...4 {
        let r = d.dispatch(press("cmd+\(n)"), firstResponder: first, context: ctx)
        #expect(r.performedAction?.description == "selectTab(\(n))")
        #expect(r.performedAction?.argument == .int(Int64(n)))
    }
    let r = d.dispatch(press("option+command+f"), firstResponder: first, context: ctx)
    guard case .performed(let action, let responder) = r else { Issue.record("not performed: \(r)"); return }
    #expect(action.is("search"))
    #expect(!action.is("find"))
    // The first responder of the chain that can perform it: the text view.
    #expect(responder === first)
    #expect(chain[0].performed == ["selectTab(1)", "selectTab(2)", "selectTab(3)", "selectTab(4)", "search"])
    #expect(d.dispatch(press("cmd+z"), firstResponder: first, context: ctx).isUnhandled)
}

@Test func loggedInGatesProfile() throws {
    let table = try load(editorKeymap())
    let (first, _) = editorChain()
    let d = Dispatcher(table: table)
    var ctx = ContextState(table: table)
    #expect(d.dispatch(press("cmd+shift+p"), firstResponder: first, context: ctx).isUnhandled)
    try ctx.set("loggedIn", true)
    #expect(d.dispatch(press("cmd+shift+p"), firstResponder: first, context: ctx).performedAction?.name == "showProfile")
}

@Test func rolesNotInTheChainDoNothing() throws {
    let table = try load(editorKeymap())
    // A chain with no Editor: Editor's bindings are not live.
    let window = TestResponder("window", roles: ["Window"])
    let d = Dispatcher(table: table)
    #expect(d.dispatch(press("cmd+1"), firstResponder: window, context: ContextState(table: table)).isUnhandled)
    // Menu bindings are live in any chain.
    #expect(d.dispatch(press("cmd+t"), firstResponder: window, context: ContextState(table: table)).performedAction?.description == "selectTab(1)")
}

/// Two roles bind the same chord: the nearer responder's role wins; its roles in its order.
func shadowKeymap() -> Keymap {
    var k = Keymap()
    k.contexts = [ContextVariable(name: "flag", type: .bool)]
    k.roles = ["Inner", "Outer", "Extra"]
    k.actions = [Action(name: "inner"), Action(name: "outer"), Action(name: "extra"), Action(name: "menu"), Action(name: "other")]
    k.bindings = [
        Binding(sequence: seq("cmd+k"), role: 1, action: 1, title: "Outer K"),
        Binding(sequence: seq("cmd+k"), role: 0, action: 0, title: "Inner K"),
        Binding(sequence: seq("cmd+k"), role: 2, action: 2, title: "Extra K"),
        Binding(sequence: seq("cmd+k"), role: nil, action: 3, title: "Menu K"),
        Binding(sequence: seq("cmd+j"), role: 0, action: 4, title: "Inner J off", condition: .flag(0)),
        Binding(sequence: seq("cmd+j"), role: 0, action: 0, title: "Inner J on", condition: .not(.flag(0))),
    ]
    return k
}

@Test func nearestRoleWins() throws {
    let table = try load(shadowKeymap())
    let outer = TestResponder("outer", roles: ["Outer"])
    let inner = TestResponder("inner", roles: ["Inner"], next: outer)
    let d = Dispatcher(table: table)
    let ctx = ContextState(table: table)
    #expect(d.dispatch(press("cmd+k"), firstResponder: inner, context: ctx).performedAction?.name == "inner")
    #expect(d.dispatch(press("cmd+k"), firstResponder: outer, context: ctx).performedAction?.name == "outer")
    // Roles of one responder are tried in the order it gives them.
    let both = TestResponder("both", roles: ["Extra", "Inner"])
    #expect(d.dispatch(press("cmd+k"), firstResponder: both, context: ctx).performedAction?.name == "extra")
    both.responderRoles = ["Inner", "Extra"]
    #expect(d.dispatch(press("cmd+k"), firstResponder: both, context: ctx).performedAction?.name == "inner")
    // Undeclared role names are ignored; menu bindings come last.
    let stranger = TestResponder("stranger", roles: ["Nobody"])
    #expect(d.dispatch(press("cmd+k"), firstResponder: stranger, context: ctx).performedAction?.name == "menu")
}

@Test func performerSearchGoesUpTheChain() throws {
    let table = try load(shadowKeymap())
    // The inner responder's role binds cmd+k, but only the outer responder implements it.
    let outer = TestResponder("outer", roles: ["Outer"], performs: ["inner"])
    let inner = TestResponder("inner", roles: ["Inner"], next: outer, performs: [])
    let d = Dispatcher(table: table)
    let r = d.dispatch(press("cmd+k"), firstResponder: inner, context: ContextState(table: table))
    guard case .performed(let a, let responder) = r else { Issue.record("\(r)"); return }
    #expect(a.name == "inner")
    #expect(responder === outer)
    #expect(outer.performed == ["inner"] && inner.performed.isEmpty)
}

@Test func unperformableBindingIsSkipped() throws {
    let table = try load(shadowKeymap())
    // Nobody can perform `inner`: the Inner binding is skipped and Outer's is chosen.
    let outer = TestResponder("outer", roles: ["Outer"], performs: ["outer", "menu"])
    let inner = TestResponder("inner", roles: ["Inner"], next: outer, performs: [])
    let d = Dispatcher(table: table)
    let ctx = ContextState(table: table)
    #expect(d.dispatch(press("cmd+k"), firstResponder: inner, context: ctx).performedAction?.name == "outer")
    // Nobody performs outer either: the menu binding.
    outer.performs = ["menu"]
    #expect(d.dispatch(press("cmd+k"), firstResponder: inner, context: ctx).performedAction?.name == "menu")
    // Nobody performs anything: unhandled.
    outer.performs = []
    #expect(d.dispatch(press("cmd+k"), firstResponder: inner, context: ctx).isUnhandled)
}

@Test func firstLiveBindingOfARoleInDeclarationOrder() throws {
    let table = try load(shadowKeymap())
    let inner = TestResponder("inner", roles: ["Inner"])
    let d = Dispatcher(table: table)
    var ctx = ContextState(table: table)
    #expect(d.dispatch(press("cmd+j"), firstResponder: inner, context: ctx).performedAction?.name == "inner")
    try ctx.set("flag", true)
    #expect(d.dispatch(press("cmd+j"), firstResponder: inner, context: ctx).performedAction?.name == "other")
}

// MARK: - Conditions

func conditionKeymap(_ conditions: [Condition]) -> Keymap {
    var k = Keymap()
    k.contexts = [
        ContextVariable(name: "a", type: .bool), ContextVariable(name: "b", type: .bool),
        ContextVariable(name: "mode", type: .enumeration(["normal", "insert", "visual"])),
        ContextVariable(name: "lang", type: .string),
    ]
    k.roles = ["R"]
    k.actions = [Action(name: "go", argument: .int)]
    for (i, c) in conditions.enumerated() {
        k.bindings.append(Binding(sequence: [Chord(key: Key(character: Unicode.Scalar(UInt8(0x61 + i))), modifiers: .command)],
                                  role: 0, action: 0, argument: .int(Int64(i)), condition: c))
    }
    return k
}

@Test(arguments: [
    // (condition, a, b, mode, lang, expected)
    (Condition.constant(true), false, false, 0, "", true),
    (.constant(false), true, true, 0, "", false),
    (.flag(0), true, false, 0, "", true),
    (.flag(0), false, false, 0, "", false),
    (.not(.flag(0)), false, false, 0, "", true),
    (.and(.flag(0), .flag(1)), true, false, 0, "", false),
    (.and(.flag(0), .flag(1)), true, true, 0, "", true),
    (.or(.flag(0), .flag(1)), false, true, 0, "", true),
    (.or(.flag(0), .flag(1)), false, false, 0, "", false),
    (.enumEquals(2, 1), false, false, 1, "", true),
    (.enumEquals(2, 1), false, false, 2, "", false),
    (.not(.enumEquals(2, 0)), false, false, 2, "", true),                       // mode != normal
    (.or(.enumEquals(2, 1), .enumEquals(2, 2)), false, false, 2, "", true),     // mode in (insert, visual)
    (.not(.or(.enumEquals(2, 1), .enumEquals(2, 2))), false, false, 0, "", true), // not in
    (.stringEquals(3, "swift"), false, false, 0, "swift", true),
    (.stringEquals(3, "swift"), false, false, 0, "rust", false),
    (.stringEquals(3, ""), false, false, 0, "", true),
    (.not(.stringEquals(3, "swift")), false, false, 0, "go", true),
    (.or(.and(.flag(0), .not(.flag(1))), .and(.enumEquals(2, 1), .stringEquals(3, "c"))), false, true, 1, "c", true),
    (.or(.and(.flag(0), .not(.flag(1))), .and(.enumEquals(2, 1), .stringEquals(3, "c"))), true, true, 1, "d", false),
])
func conditionGating(_ c: Condition, a: Bool, b: Bool, mode: Int, lang: String, expected: Bool) throws {
    let table = try load(conditionKeymap([c]))
    var ctx = ContextState(table: table)
    try ctx.set("a", a)
    try ctx.set("b", b)
    try ctx.set("mode", case: ["normal", "insert", "visual"][mode])
    try ctx.set("lang", string: lang)
    let r = Dispatcher(table: table).dispatch(press("cmd+a"), firstResponder: TestResponder("r", roles: ["R"]), context: ctx)
    #expect((r.performedAction != nil) == expected)
}

@Test func contextStateRejectsBadNamesTypesAndCases() throws {
    let table = try load(editorKeymap())
    var ctx = ContextState(table: table)
    #expect(throws: ContextStateError.unknownName("logedIn", suggestion: "loggedIn")) { try ctx.set("logedIn", true) }
    #expect(throws: ContextStateError.wrongType(name: "mode", expected: "enumeration")) { try ctx.set("mode", true) }
    #expect(throws: ContextStateError.wrongType(name: "loggedIn", expected: "Bool")) { try ctx.set("loggedIn", string: "x") }
    #expect(throws: ContextStateError.unknownCase(name: "mode", case: "replace", cases: ["normal", "insert", "visual"])) {
        try ctx.set("mode", case: "replace")
    }
    #expect(try ctx.enumCase("mode") == "normal")
    try ctx.set("mode", case: "visual")
    #expect(try ctx.enumCase("mode") == "visual")
    #expect(try ctx.bool("loggedIn") == false)
    try ctx.set("lang", string: "swift")
    #expect(try ctx.string("lang") == "swift")
}

/// The live walk visits at most `Dispatcher.maxChainLength` responders, the first included,
/// both for rule 2's roles and for the performer: a role played by the last responder of the
/// cut is reached, one played just beyond it is not, and a performer beyond it is not found.
@Test(arguments: [Dispatcher.maxChainLength, Dispatcher.maxChainLength + 1])
func theLiveWalkStopsAtTheChainLimit(length: Int) throws {
    var k = Keymap()
    k.roles = ["Near", "Far"]
    k.actions = [Action(name: "far"), Action(name: "near")]
    k.bindings = [Binding(sequence: seq("cmd+a"), role: 1, action: 0), Binding(sequence: seq("cmd+b"), role: 0, action: 1)]
    let table = try load(k)
    var last = TestResponder("far", roles: ["Far"])
    let far = last
    for i in 1..<length { last = TestResponder("near \(i)", roles: ["Near"], next: last, performs: []) }
    let d = Dispatcher(table: table), context = ContextState(table: table)
    let reached = d.dispatch(press("cmd+a"), firstResponder: last, context: context)
    // cmd+b is played by the first responder, but only the far one can perform it.
    let performed = d.dispatch(press("cmd+b"), firstResponder: last, context: context)
    if length <= Dispatcher.maxChainLength {
        #expect(reached.performedAction?.name == "far")
        #expect(performed.performedAction?.name == "near")
        #expect(far.performed == ["far", "near"])
    } else {
        #expect(reached.isUnhandled)
        #expect(performed.isUnhandled)
        #expect(far.performed == [])
    }
}
