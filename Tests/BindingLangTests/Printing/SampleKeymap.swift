import BindingLang
import BindingRuntime

/// A hand-built checked keymap shaped like Grammar.md's example, for the tool tests.
enum SampleKeymap {
    static func chord(_ text: String) -> Chord {
        guard case .success(let c) = Chord.parse(text, platform: .apple) else { return Chord(key: .escape) }
        return c
    }

    static let keymap: Keymap = {
        let contexts = [
            ContextVariable(name: "loggedIn", type: .bool),
            ContextVariable(name: "readOnly", type: .bool),
            ContextVariable(name: "mode", type: .enumeration(["normal", "insert", "visual"])),
            ContextVariable(name: "language", type: .string),
        ]
        let actions = [
            Action(name: "selectTab", argument: .int),
            Action(name: "search"),
            Action(name: "commentLine"),
            Action(name: "open", argument: .string),
            Action(name: "default", argument: .bool),
            Action(name: "copy", isStandard: true),
            Action(name: "toggleBoldface", isStandard: true),
        ]
        let loc = SourceLocation(path: "editor.bind", line: 21, column: 5)
        let bindings = [
            Binding(sequence: [chord("cmd+1")], role: 1, action: 0, argument: .int(1), title: "Types", group: 0, location: loc),
            Binding(sequence: [chord("cmd+alt+f")], role: 1, action: 1, title: "Find…"),
            Binding(sequence: [chord("ctrl+k"), chord("ctrl+c")], role: 1, action: 2, title: "Comment Line"),
            Binding(
                sequence: [chord("cmd+b")], role: 0, action: 6, title: "Bold",
                condition: .and(.enumEquals(2, 1), .not(.flag(1)))),
            Binding(
                sequence: [chord("cmd+o")], role: 1, action: 3, argument: .string("a \"b\"\\"), title: nil,
                condition: .or(.enumEquals(2, 0), .enumEquals(2, 2))),
            Binding(sequence: [chord("up")], role: 1, action: 4, argument: .bool(true)),
            Binding(sequence: [chord("cmd+t")], role: nil, action: 0, argument: .int(1), title: "New Tab", group: 1),
        ]
        return Keymap(
            name: "Editor", platform: .apple, contexts: contexts,
            roles: ["TextView", "Editor", "Window", "App"], actions: actions, groups: ["Tabs", "File"],
            bindings: bindings,
            editMenu: [
                EditMenuItem(title: "Copy", action: 5),
                EditMenuItem(title: "Define & <Look up>", action: 1, condition: .not(.flag(1))),
            ],
            mainMenus: [
                Menu(title: "File", entries: [
                    .item(MenuItem(title: "New Tab", action: 0, argument: .int(1), keyEquivalent: chord("cmd+t"))),
                    .separator,
                    .submenu(Menu(title: "Recent", entries: [.item(MenuItem(title: "Search", action: 1))])),
                ])
            ],
            quickActions: [
                QuickAction(
                    type: "com.example.editor.search", title: "Search", subtitle: "Find in <all> files",
                    iconType: "search",
                    userInfo: [
                        UserInfoEntry(key: "source", value: .string("home")),
                        UserInfoEntry(key: "depth", value: .int(2)),
                        UserInfoEntry(key: "ratio", value: .double(0.5)),
                        UserInfoEntry(key: "pinned", value: .bool(true)),
                        UserInfoEntry(key: "nested key", value: .dictionary([UserInfoEntry(key: "off", value: .bool(false))])),
                    ]),
                QuickAction(type: "com.example.editor.new", title: "New", iconFile: "NewIcon"),
            ])
    }()
}
