import BindingLang
import BindingRuntime
import Testing

// The code of README.md's "Embedding the runtime" section, run as a test: if the API it shows
// changes, this stops compiling.

/// A view controller that plays the `Editor` role and can select tabs.
final class EditorController: Responder {
    var responderRoles: [String] { roles }
    private let roles = ["Editor"]
    var nextResponder: Responder? = nil
    var selectedTab = 0

    func canPerform(_ action: ActionInvocation) -> Bool { action.is("selectTab") }

    func perform(_ action: ActionInvocation) {
        if case .int(let tab) = action.argument { selectedTab = Int(tab) }
    }
}

/// A text view in front of the controller; it performs nothing itself.
final class TextViewResponder: Responder {
    var responderRoles: [String] { roles }
    private let roles = ["TextView"]
    let nextResponder: Responder?
    init(next: Responder) { nextResponder = next }
    func canPerform(_ action: ActionInvocation) -> Bool { false }
    func perform(_ action: ActionInvocation) {}
}

@Test func readmeEmbeddingExampleWorks() throws {
    // Compile (an app ships the table `bindc compile` wrote; here it is compiled in place).
    let source = """
        context loggedIn: Bool
        responder TextView, Editor
        action selectTab(Int)
        in Editor {
          cmd+1 -> selectTab(1) "Types"
          cmd+2 -> selectTab(2) "Protocols"
        }
        in Editor when loggedIn {
          cmd+3 -> selectTab(3) "Account"
        }
        """
    var sources = SourceManager()
    sources.add(SourceFile(path: "editor.bind", text: source))
    let bytes = try #require(Compilation(sources: sources, platform: .apple).table(strip: false))

    // README: load, set context, dispatch.
    let table = try BindingTable(bytes: bytes)
    let dispatcher = Dispatcher(table: table)
    var context = ContextState(table: table)
    try context.set("loggedIn", false)

    let editor = EditorController()
    let textView = TextViewResponder(next: editor)

    let chain = ChainSnapshot(table: table, firstResponder: textView)
    let press = KeyEvent(key: Key(character: "2"), modifiers: .command)
    switch dispatcher.dispatch(press, chain: chain, context: context) {
    case .performed(let action, let responder):
        #expect(action.name == "selectTab")
        #expect(responder === editor)
    default:
        Issue.record("cmd+2 should select a tab")
    }
    #expect(editor.selectedTab == 2)

    // Gated off while logged out, and left out of the overlay.
    let cmd3 = KeyEvent(key: Key(character: "3"), modifiers: .command)
    #expect(dispatcher.dispatch(cmd3, firstResponder: textView, context: context).isUnhandled)
    let overlay = dispatcher.discoverableCommands(firstResponder: textView, context: context)
    #expect(overlay.map(\.title) == ["Types", "Protocols"])
    #expect(overlay.map(\.glyphs) == ["⌘1", "⌘2"])

    try context.set("loggedIn", true)
    #expect(dispatcher.dispatch(cmd3, firstResponder: textView, context: context).performedAction?.name == "selectTab")
    #expect(editor.selectedTab == 3)

    // Unknown names are an error at the API, not a silent false.
    #expect(throws: ContextStateError.self) { try context.set("logedIn", true) }
}
