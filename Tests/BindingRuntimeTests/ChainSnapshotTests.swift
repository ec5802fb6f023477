import Testing
import BindingLang
@testable import BindingRuntime

// Dispatch through a ChainSnapshot: the same answers as through a first responder, cached
// capabilities that hold until invalidated, decide-then-perform, and hot reload.
@Suite("Chain snapshots")
struct ChainSnapshotTests {
    /// TextView → Editor → App over the Grammar.md example keymap.
    func chain(editorPerforms: Set<String>? = nil) -> TestResponder {
        let app = TestResponder("app", roles: ["App"])
        let editor = TestResponder("editor", roles: ["Editor"], next: app, performs: editorPerforms)
        return TestResponder("text", roles: ["TextView"], next: editor, performs: [])
    }

    @Test func sameAnswersAsTheFirstResponderPath() throws {
        let table = try load(editorKeymap())
        let first = chain(editorPerforms: ["selectTab", "commentLine"])
        let snapshot = ChainSnapshot(table: table, firstResponder: first)
        var context = ContextState(table: table)
        try context.set("loggedIn", true)
        let strokes = ["cmd+1", "cmd+alt+f", "ctrl+k", "ctrl+c", "ctrl+k", "ctrl+x", "cmd+shift+p", "cmd+t", "z", "escape"]
        let viaChain = Dispatcher(table: table), viaSnapshot = Dispatcher(table: table)
        for stroke in strokes {
            let a = viaChain.dispatch(press(stroke), firstResponder: first, context: context)
            let b = viaSnapshot.dispatch(press(stroke), chain: snapshot, context: context)
            #expect(String(describing: a) == String(describing: b), "\(stroke)")
        }
    }

    /// A keymap with something for every listing: titles in and out of groups, chain
    /// predicates, a sequence, a repeatable binding, the edit menu and a main menu.
    static let listingSource = """
        context readOnly: Bool
        responder TextView, Editor, Window, Pane
        action commentLine
        action selectTab(Int)
        action focusPane
        action resize(String)
        action save
        in TextView when !readOnly {
          cmd+f -> find "Find"
        }
        in Editor {
          ctrl+k ctrl+c -> commentLine "Comment Line"
          group "Tabs" {
            cmd+1 -> selectTab(1) "First Tab"
            cmd+2 -> selectTab(2) "Second Tab" when inside Pane
          }
          @repeat ctrl+b up -> resize("up") "Grow"
        }
        in Window {
          cmd+p -> focusPane "Focus Pane" when is Pane
        }
        menu edit {
          "Copy" -> copy
          "Cut" -> cut when !readOnly
        }
        menu "File" {
          "Save" cmd+s -> save
        }
        """

    /// The overlay, continuation and menu queries over a snapshot answer as over its first
    /// responder, and for the chain as the snapshot holds it.
    @Test func listingsOverASnapshotAreTheFirstResponders() throws {
        let table = try #require(compile([("listing.bind", Self.listingSource)]).map { try BindingTable(bytes: Emitter.emit($0)) })
        let window = TestResponder("window", roles: ["Window", "Pane"])
        let editor = TestResponder("editor", roles: ["Editor"], next: window)
        let text = TestResponder("text", roles: ["TextView"], next: editor, performs: ["find", "cut"])
        let d = Dispatcher(table: table)
        var context = ContextState(table: table)
        let german = try #require(KeyboardLayout.named("de"))
        func expectSameListings(_ when: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            let snapshot = ChainSnapshot(table: table, firstResponder: text)
            #expect(d.discoverableCommands(chain: snapshot, context: context) == d.discoverableCommands(firstResponder: text, context: context),
                    "overlay, \(when)", sourceLocation: sourceLocation)
            #expect(d.discoverableCommands(chain: snapshot, context: context, layout: german, localize: { $0.uppercased() })
                == d.discoverableCommands(firstResponder: text, context: context, layout: german, localize: { $0.uppercased() }),
                    "localized overlay, \(when)", sourceLocation: sourceLocation)
            #expect(d.pendingContinuations(chain: snapshot, context: context, layout: german)
                == d.pendingContinuations(firstResponder: text, context: context, layout: german), "continuations, \(when)", sourceLocation: sourceLocation)
            #expect(d.editMenu(chain: snapshot, context: context) == d.editMenu(firstResponder: text, context: context),
                    "edit menu, \(when)", sourceLocation: sourceLocation)
            #expect(d.mainMenus(chain: snapshot, context: context, layout: german) == d.mainMenus(firstResponder: text, context: context, layout: german),
                    "main menus, \(when)", sourceLocation: sourceLocation)
        }
        #expect(d.discoverableCommands(firstResponder: text, context: context).map(\.title)
            == ["Find", "Comment Line", "Grow", "Focus Pane", "First Tab", "Second Tab", "Save"])
        expectSameListings("idle")
        try context.set("readOnly", true)
        expectSameListings("read-only")
        _ = d.dispatch(press("ctrl+k"), firstResponder: text, context: context)
        #expect(!d.pendingContinuations(firstResponder: text, context: context).isEmpty)
        expectSameListings("pending")
        d.cancelPending()
        _ = d.dispatch(press("ctrl+b"), firstResponder: text, context: context)
        _ = d.dispatch(press("up"), firstResponder: text, context: context)
        #expect(d.isRepeating)
        expectSameListings("repeating")
        d.endRepeat()
        window.performs = ["save"]
        expectSameListings("the window performing only save")

        // The snapshot answers for the chain it holds, as dispatching through it does: a
        // responder that changes its roles afterwards is not seen until a new snapshot.
        let snapshot = ChainSnapshot(table: table, firstResponder: text)
        let before = d.discoverableCommands(firstResponder: text, context: context)
        window.responderRoles = ["Window"]
        #expect(d.discoverableCommands(firstResponder: text, context: context) != before)
        #expect(d.discoverableCommands(chain: snapshot, context: context) == before)
        expectSameListings("the window no longer a pane")

        // A snapshot of no responder lists nothing a responder performs.
        let empty = ChainSnapshot(table: table, firstResponder: nil)
        #expect(d.discoverableCommands(chain: empty, context: context).isEmpty)
        #expect(d.editMenu(chain: empty, context: context).isEmpty)
    }

    @Test func decideReturnsPlainValuesAndPerformsNothing() throws {
        let table = try load(editorKeymap())
        let first = chain()
        let snapshot = ChainSnapshot(table: table, firstResponder: first)
        let d = Dispatcher(table: table)
        let decision = d.decide(press("cmd+2"), chain: snapshot, context: ContextState(table: table))
        guard case .perform(let binding, let action, let performer) = decision else {
            Issue.record("expected a binding to perform, got \(decision)")
            return
        }
        #expect(table.actionName(action) == "selectTab")
        #expect(performer == 1)   // the text view performs nothing; the editor does
        #expect(d.invocation(of: binding)?.description == "selectTab(2)")
        #expect((snapshot.responders[1] as? TestResponder)?.performed == [])
        #expect(d.decide(press("ctrl+k"), chain: snapshot, context: ContextState(table: table)) == .pending)
        #expect(d.isPending)
        #expect(d.decide(press("ctrl+x"), chain: snapshot, context: ContextState(table: table)) == .cancelled(.noContinuation(chord("ctrl+x"))))
        #expect(d.decide(press("q"), chain: snapshot, context: ContextState(table: table)) == .unhandled)
        #expect(d.invocation(of: -1) == nil)
        #expect(d.invocation(of: table.bindingCount) == nil)
    }

    @Test func cachedCapabilitiesHoldUntilInvalidated() throws {
        let table = try load(editorKeymap())
        let first = chain(editorPerforms: ["selectTab"])
        let editor = try #require(first.nextResponder as? TestResponder)
        let exact = ChainSnapshot(table: table, firstResponder: first)
        let cached = ChainSnapshot(table: table, firstResponder: first, capabilities: .cachedUntilInvalidated)
        let d = Dispatcher(table: table), context = ContextState(table: table)
        #expect(d.decide(press("cmd+1"), chain: cached, context: context) == d.decide(press("cmd+1"), chain: exact, context: context))
        editor.performs = []   // the editor can no longer select tabs; the app still can
        guard case .perform(_, _, let stale) = d.decide(press("cmd+1"), chain: cached, context: context),
              case .perform(_, _, let fresh) = d.decide(press("cmd+1"), chain: exact, context: context) else {
            Issue.record("cmd+1 should be performed")
            return
        }
        #expect(stale == 1 && fresh == 2, "the cache keeps the answer it was given until invalidated")
        cached.invalidateCapabilities()
        guard case .perform(_, _, let after) = d.decide(press("cmd+1"), chain: cached, context: context) else {
            Issue.record("cmd+1 should be performed")
            return
        }
        #expect(after == 2)
    }

    /// With more than 63 roles, roles share mask bits (role 3 and role 66 both set bit 3), so
    /// the snapshot decides by rank over the node's groups: the same answers as the live chain.
    @Test(arguments: [8, 70])
    func manyRolesDecideLikeTheLiveChain(roleCount: Int) throws {
        var k = Keymap()
        k.roles = (0..<roleCount).map { "R\($0)" }
        k.contexts = [ContextVariable(name: "on", type: .bool)]
        k.actions = [Action(name: "low"), Action(name: "high"), Action(name: "menu")]
        let high = roleCount - 4
        k.bindings = [
            Binding(sequence: seq("cmd+a"), role: 3, action: 0, condition: .flag(0)),
            Binding(sequence: seq("cmd+a"), role: high, action: 1),
            Binding(sequence: seq("cmd+a"), role: nil, action: 2),
            Binding(sequence: seq("cmd+b"), role: 3, action: 0),
            Binding(sequence: seq("cmd+b"), role: high, action: 1, condition: .not(.flag(0))),
        ]
        let table = try load(k)
        for roles in [["R\(high)"], ["R3"], ["R\(high)", "R3"], ["R3", "R\(high)"], ["R1"]] {
            let outer = TestResponder("outer", roles: Array(roles.dropFirst()))
            let first = TestResponder("first", roles: Array(roles.prefix(1)), next: outer)
            for on in [false, true] {
                var context = ContextState(table: table)
                try context.set("on", on)
                let snapshot = ChainSnapshot(table: table, firstResponder: first, capabilities: .cachedUntilInvalidated)
                for stroke in ["cmd+a", "cmd+b"] {
                    let live = Dispatcher(table: table).dispatch(press(stroke), firstResponder: first, context: context)
                    let viaSnapshot = Dispatcher(table: table).dispatch(press(stroke), chain: snapshot, context: context)
                    #expect(String(describing: live) == String(describing: viaSnapshot), "\(roleCount) roles, chain \(roles), on \(on), \(stroke)")
                }
            }
        }
    }

    @Test func aSnapshotOfAnOlderTableIsResolvedAgain() throws {
        var one = Keymap()
        one.roles = ["A", "B"]
        one.actions = [Action(name: "one")]
        one.bindings = [Binding(sequence: seq("cmd+a"), role: 1, action: 0)]
        var two = Keymap()
        two.roles = ["B", "C"]
        two.actions = [Action(name: "x"), Action(name: "two")]
        two.bindings = [Binding(sequence: seq("cmd+a"), role: 0, action: 1), Binding(sequence: seq("cmd+b"), role: 1, action: 0)]
        let (t1, t2) = (try load(one), try load(two))
        let reference = TableReference(t1)
        let d = Dispatcher(reference: reference)
        let responder = TestResponder("r", roles: ["B"])
        let snapshot = ChainSnapshot(table: t1, firstResponder: responder, capabilities: .cachedUntilInvalidated)
        #expect(d.dispatch(press("cmd+a"), chain: snapshot, context: ContextState(table: t1)).performedAction?.name == "one")
        reference.replace(with: t2)
        // Role B is index 1 in the old table and 0 in the new one; cached performers are per
        // invocation of the old table: both must be resolved again, not misread.
        #expect(d.dispatch(press("cmd+a"), chain: snapshot, context: ContextState(table: t1)).performedAction?.name == "two")
        #expect(snapshot.table === t2)
        #expect(d.dispatch(press("cmd+b"), chain: snapshot, context: ContextState(table: t2)).isUnhandled)
    }

    /// A press reaches the snapshot's responders unretained (`ResponderSlot`): the snapshot
    /// alone must keep them alive, through a `canPerform` that cuts every other reference to
    /// the next responder, and a result must keep its performer after the snapshot is gone.
    @Test(arguments: [ChainSnapshot.CapabilityPolicy.exact, .cachedUntilInvalidated])
    func theSnapshotAloneKeepsItsRespondersAlive(policy: ChainSnapshot.CapabilityPolicy) throws {
        let table = try load(editorKeymap())
        weak var weakEditor: TestResponder?
        var snapshot: ChainSnapshot? = {
            let editor = TestResponder("editor", roles: ["Editor"], performs: ["selectTab"])
            weakEditor = editor
            let text = CuttingResponder(roles: ["TextView"], next: editor)
            return ChainSnapshot(table: table, firstResponder: text, capabilities: policy)
        }()
        #expect(weakEditor != nil, "the snapshot holds the editor")
        let d = Dispatcher(table: table)
        // Asked first, the text view drops its link to the editor: only the snapshot holds it.
        var result: DispatchResult? = d.dispatch(press("cmd+1"), chain: try #require(snapshot), context: ContextState(table: table))
        do {
            guard case .performed(let action, let performer)? = result else {
                Issue.record("cmd+1 should be performed, got \(String(describing: result))")
                return
            }
            #expect(action.description == "selectTab(1)")
            #expect((performer as? TestResponder)?.performed == ["selectTab(1)"])
        }
        #expect(((snapshot?.responders.first as? CuttingResponder)?.nextResponder) == nil)
        snapshot = nil
        #expect(weakEditor?.label == "editor", "the result keeps its performer")
        result = nil
        #expect(weakEditor == nil, "nothing else keeps it")
    }

    @Test func aChainThatLoopsIsCut() throws {
        let table = try load(editorKeymap())
        let a = TestResponder("a", roles: ["TextView"], performs: [])
        let b = TestResponder("b", roles: ["Editor"], next: a)
        a.nextResponder = b
        let snapshot = ChainSnapshot(table: table, firstResponder: a)
        #expect(snapshot.responders.count == Dispatcher.maxChainLength)
        #expect(Dispatcher(table: table).dispatch(press("cmd+1"), chain: snapshot, context: ContextState(table: table)).performedAction?.name == "selectTab")
        a.nextResponder = nil   // break the cycle so both are freed
    }

    @Test func layoutAwareEventsMatchAsThroughTheFirstResponder() throws {
        let table = try layoutTable()
        let viaChain = Dispatcher(table: table), viaSnapshot = Dispatcher(table: table)
        let editor = TestResponder("editor", roles: ["Editor"])
        let snapshot = ChainSnapshot(table: table, firstResponder: editor)
        let state = ContextState(table: table)
        let presses: [(String, String, Modifiers)] = [
            ("KeyC", "с", .control), ("Semicolon", "ö", .control), ("KeyH", "d", .control),
            ("KeyG", "g", []), ("KeyJ", "n", []), ("Quote", "ä", .control), ("KeyG", "g", []), ("KeyX", "x", []),
        ]
        for (code, characters, modifiers) in presses {
            let event = KeyEvent(physicalKey: try #require(PhysicalKey(code: code)), characters: characters, modifiers: modifiers)
            let a = viaChain.dispatch(event, firstResponder: editor, context: state)
            let b = viaSnapshot.dispatch(event, chain: snapshot, context: state)
            #expect(String(describing: a) == String(describing: b), "\(code) \(characters)")
        }
        #expect(editor.performed == ["copy2", "copy2", "oe", "oe", "left", "left", "down", "down"])
    }
}

/// A responder that performs nothing and, when asked, drops its link outwards.
private final class CuttingResponder: Responder {
    let responderRoles: [String]
    var nextResponder: (any Responder)?

    init(roles: [String], next: (any Responder)?) {
        responderRoles = roles
        nextResponder = next
    }

    func canPerform(_ action: ActionInvocation) -> Bool {
        nextResponder = nil
        return false
    }

    func perform(_ action: ActionInvocation) {}
}
