import BindingLang
import BindingRuntime
import Testing

// The code of README.md's "Embedding the runtime" section, run as a test: if the API it shows
// changes, this stops compiling. (bindcTests' ReadmeEmbeddingBlockTests type-checks the
// README's block itself, as written.)

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

/// The README's text view in front of the controller: it performs nothing itself, types
/// what no binding takes and shows the keys that continue a pending sequence.
final class TextViewResponder: Responder {
    var responderRoles: [String] { roles }
    private let roles = ["TextView"]
    let nextResponder: Responder?
    private(set) var typed: [Chord] = []
    private(set) var hint = ""
    init(next: Responder) { nextResponder = next }
    func canPerform(_ action: ActionInvocation) -> Bool { false }
    func perform(_ action: ActionInvocation) {}
    func insertText(_ press: KeyEvent) { typed.append(press.chord) }
    func showHint(_ pending: String, _ next: [SequenceContinuation]) {
        hint = ([pending] + next.map { $0.glyphs + " " + ($0.title ?? "…") }).joined(separator: "  ")
    }
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
        in TextView {
          @timeout ctrl+k -> selectTab(0)
          ctrl+k ctrl+1 -> selectTab(1) "First Tab"
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

    let loggedIn = try context.variable("loggedIn", Bool.self)
    let editor = EditorController()
    let textView = TextViewResponder(next: editor)

    let chain = ChainSnapshot(table: table, firstResponder: textView)
    /// The README's `handle(_:of:)`, recording what it printed.
    var printed: [String] = []
    func handle(_ result: DispatchResult, of press: KeyEvent) {
        switch result {
        case .performed(let action, let responder): printed.append("\(action.name) by \(responder === editor ? "editor" : "?")")
        case .pending(let sequence): textView.showHint(sequence.glyphs, dispatcher.pendingContinuations(chain: chain, context: context))
        case .cancelled: textView.showHint("", [])
        case .unhandled: textView.insertText(press)
        case .performedHeld(let run):
            printed.append(run.action.name)
            handle(run.then.result, of: press)
        }
    }
    let press = KeyEvent(key: Key(character: "2"), modifiers: .command)
    handle(dispatcher.dispatch(press, chain: chain, context: context), of: press)
    #expect(printed == ["selectTab by editor"])
    #expect(editor.selectedTab == 2)

    // Gated off while logged out, and left out of the overlay: typed instead.
    let cmd3 = KeyEvent(key: Key(character: "3"), modifiers: .command)
    handle(dispatcher.dispatch(cmd3, chain: chain, context: context), of: cmd3)
    #expect(textView.typed == [cmd3.chord])
    let overlay = dispatcher.discoverableCommands(chain: chain, context: context)
    #expect(overlay.map(\.title) == ["Types", "Protocols", "First Tab"])
    #expect(overlay.map(\.glyphs) == ["⌘1", "⌘2", "⌃K ⌃1"])

    // Logging in from a closure: no try.
    let logIn = { context.set(loggedIn, true) }
    logIn()
    #expect(dispatcher.dispatch(cmd3, firstResponder: textView, context: context).performedAction?.name == "selectTab")
    #expect(editor.selectedTab == 3)

    // A sequence shows its hint; a held `@timeout` binding the next press runs is reported.
    let ctrlK = KeyEvent(key: Key(character: "k"), modifiers: .control)
    handle(dispatcher.dispatch(ctrlK, chain: chain, context: context), of: ctrlK)
    #expect(textView.hint == "⌃K  ⌃1 First Tab")
    handle(dispatcher.dispatch(press, chain: chain, context: context), of: press)
    #expect(printed == ["selectTab by editor", "selectTab", "selectTab by editor"])
    #expect(editor.selectedTab == 2)

    // Unknown names are an error at the API, not a silent false.
    #expect(throws: ContextStateError.self) { try context.set("logedIn", true) }
}
