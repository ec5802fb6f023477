import BindingLang
@testable import BindingRuntime

/// A responder for tests: plays `roles`, performs the actions named in `performs` (all when
/// nil), and records what it performed.
final class TestResponder: Responder {
    let label: String
    var responderRoles: [String]
    var nextResponder: Responder?
    var performs: Set<String>?
    var performed: [String] = []

    init(_ label: String, roles: [String], next: Responder? = nil, performs: Set<String>? = nil) {
        self.label = label
        responderRoles = roles
        nextResponder = next
        self.performs = performs
    }

    func canPerform(_ action: ActionInvocation) -> Bool { performs?.contains(action.name) ?? true }
    func perform(_ action: ActionInvocation) { performed.append(action.description) }
}

func chord(_ text: String) -> Chord {
    guard case .success(let c) = Chord.parse(text, platform: .apple) else { fatalError("bad chord \(text)") }
    return c
}

func seq(_ text: String) -> [Chord] {
    guard case .success(let s) = Chord.parseSequence(text, platform: .apple) else { fatalError("bad sequence \(text)") }
    return s
}

func press(_ text: String, at time: Double = 0) -> KeyEvent { KeyEvent(chord(text), timestamp: time) }

func load(_ keymap: Keymap, strip: Bool = false) throws -> BindingTable {
    try BindingTable(bytes: Emitter.emit(keymap, strip: strip))
}

func loc(_ line: Int, _ column: Int = 3) -> SourceLocation { SourceLocation(path: "Editor.bind", line: line, column: column) }

/// The example keymap of Grammar.md, built by hand as the checker would produce it.
/// Contexts: loggedIn 0, readOnly 1, mode 2 (normal|insert|visual), lang 3 (String).
/// Roles: TextView 0, Editor 1, Window 2, App 3.
func editorKeymap() -> Keymap {
    var k = Keymap(name: "Editor", platform: .apple)
    k.contexts = [
        ContextVariable(name: "loggedIn", type: .bool),
        ContextVariable(name: "readOnly", type: .bool),
        ContextVariable(name: "mode", type: .enumeration(["normal", "insert", "visual"])),
        ContextVariable(name: "lang", type: .string),
    ]
    k.roles = ["TextView", "Editor", "Window", "App"]
    k.actions = [
        Action(name: "selectTab", argument: .int), Action(name: "search"), Action(name: "commentLine"),
        Action(name: "showProfile"), Action(name: "runSwift"),
        Action(name: "cut", isStandard: true), Action(name: "copy", isStandard: true),
        Action(name: "toggleBoldface", isStandard: true), Action(name: "define", isStandard: true),
        Action(name: "cancelOperation", isStandard: true),
    ]
    k.groups = ["Tabs", "File"]
    let titles = ["Types", "Protocols", "Functions", "Operators"]
    for n in 1...4 {
        k.bindings.append(Binding(sequence: seq("cmd+\(n)"), role: 1, action: 0, argument: .int(Int64(n)), title: titles[n - 1], group: 0, location: loc(20 + n)))
    }
    k.bindings += [
        Binding(sequence: seq("cmd+alt+f"), role: 1, action: 1, title: "Find…", location: loc(25)),
        Binding(sequence: seq("ctrl+k ctrl+c"), role: 1, action: 2, title: "Comment Line", location: loc(26)),
        Binding(sequence: seq("escape"), role: 1, action: 9, location: loc(27)),
        Binding(sequence: seq("cmd+shift+p"), role: 1, action: 3, title: "Profile", condition: .flag(0), location: loc(31)),
        Binding(sequence: seq("cmd+b"), role: 0, action: 7, title: "Bold",
                condition: .and(.enumEquals(2, 1), .not(.flag(1))), location: loc(35)),
        Binding(sequence: seq("cmd+r"), role: 1, action: 4, title: "Run",
                condition: .stringEquals(3, "swift"), location: loc(36)),
        Binding(sequence: seq("cmd+t"), role: nil, action: 0, argument: .int(1), title: "New Tab", group: 1, location: loc(45, 13)),
    ]
    k.editMenu = [
        EditMenuItem(title: "Cut", action: 5, condition: .not(.flag(1))),
        EditMenuItem(title: "Copy", action: 6),
        EditMenuItem(title: "Define", action: 8, condition: .not(.flag(1))),
    ]
    k.mainMenus = [
        Menu(title: "File", entries: [
            .item(MenuItem(title: "New Tab", action: 0, argument: .int(1), keyEquivalent: chord("cmd+t"))),
            .separator,
            .submenu(Menu(title: "Share", entries: [.item(MenuItem(title: "Copy Link", action: 6))])),
            .item(MenuItem(title: "Profile…", action: 3, condition: .flag(0))),
        ]),
        Menu(title: "Edit", entries: [.item(MenuItem(title: "Find", action: 1))]),
    ]
    k.quickActions = [
        QuickAction(type: "com.example.editor.search", title: "Search", subtitle: "Find in all files", iconType: "search",
                    userInfo: [UserInfoEntry(key: "source", value: .string("home")), UserInfoEntry(key: "depth", value: .int(2)),
                               UserInfoEntry(key: "nested", value: .dictionary([UserInfoEntry(key: "ratio", value: .double(0.5)),
                                                                                UserInfoEntry(key: "on", value: .bool(true))]))]),
        QuickAction(type: "com.example.editor.new", title: "New", iconFile: "new-doc"),
    ]
    return k
}

/// TextView → Editor → Window → App, each performing everything unless told otherwise.
func editorChain(performs: [String: Set<String>] = [:]) -> (first: TestResponder, all: [TestResponder]) {
    let app = TestResponder("app", roles: ["App"], performs: performs["app"])
    let window = TestResponder("window", roles: ["Window"], next: app, performs: performs["window"])
    let editor = TestResponder("editor", roles: ["Editor"], next: window, performs: performs["editor"])
    let text = TestResponder("text", roles: ["TextView"], next: editor, performs: performs["text"])
    return (text, [text, editor, window, app])
}
