import BindingRuntime
import DemoKeys
import Testing

/// A responder playing the generated `Editor` role that records what it performs as typed
/// actions.
final class Editor: Responder {
    let responderRoles = [DemoKeymap.Role.Editor.rawValue]
    var nextResponder: Responder? { nil }
    var performed: [DemoKeymap.Action] = []

    func canPerform(_ action: ActionInvocation) -> Bool { DemoKeys.action(action) != nil }
    func perform(_ action: ActionInvocation) {
        if let typed = DemoKeys.action(action) { performed.append(typed) }
    }
}

/// The table the plugin bundled loads from `Bundle.module`, and pressing each key command the
/// plugin's generated Swift lists performs the typed action it names.
@Test func bundledTableDispatchesTheGeneratedKeyCommands() throws {
    let table = try DemoKeys.loadTable()
    let dispatcher = Dispatcher(table: table)
    let context = ContextState(table: table)
    for command in DemoKeymap.keyCommands {
        let editor = Editor()
        var last: DispatchResult?
        for stroke in command.strokes {
            let chord = try #require(Chord(code: stroke.code))
            last = dispatcher.dispatch(KeyEvent(chord), firstResponder: editor, context: context)
        }
        guard case .performed = try #require(last) else {
            Issue.record("\(command.strokes.map(\.glyphs)) did not perform: \(String(describing: last))")
            continue
        }
        #expect(editor.performed == [command.action])
    }
    #expect(DemoKeymap.keyCommands.map(\.action) == [.selectTab(1), .selectTab(2), .commentLine, .newDocument])
    #expect(DemoKeymap.ShortcutType(rawValue: "com.example.demo.new") == .new)
    #expect(DemoKeymap.mainMenus.map(\.title) == ["File"])
}
