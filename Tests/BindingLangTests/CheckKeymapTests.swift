import BindingRuntime
import Testing
@testable import BindingLang

/// Whole sources checked into the exact expected ``Keymap``.
struct CheckKeymapTests {
    static let seedsExample = """
        keymap "Editor"

        context loggedIn: Bool
        context readOnly: Bool
        context mode: normal | insert | visual

        responder TextView, Editor, Window, App

        action selectTab(Int)
        action search
        action commentLine
        action showProfile

        in Editor {
          group "Tabs" {
            cmd+1 -> selectTab(1)  "Types"
            cmd+2 -> selectTab(2)  "Protocols"
            cmd+3 -> selectTab(3)  "Functions"
            cmd+4 -> selectTab(4)  "Operators"
          }
          cmd+alt+f      -> search       "Find…"
          ctrl+k ctrl+c  -> commentLine  "Comment Line"
          escape         -> cancelOperation
        }

        in Editor when loggedIn {
          cmd+shift+p -> showProfile "Profile"
        }

        in TextView when mode == insert && !readOnly {
          primary+b -> toggleBoldface "Bold"
        }

        menu edit {
          "Copy"   -> copy
          "Define" -> define  when !readOnly
        }

        menu "File" {
          "New Tab" cmd+t -> selectTab(1)
        }

        shortcut "com.example.editor.search" {
          title    "Search"
          subtitle "Find in all files"
          icon     search
          userInfo { source: "home", depth: 2, nested: { ok: true, ratio: 0.5 } }
        }
        """

    static func chord(_ text: String) -> Chord {
        (try? Chord.parse(text, platform: .apple).get()) ?? Chord(key: Key(character: "?"))
    }

    static func at(_ line: Int, _ column: Int) -> BindingLang.SourceLocation {
        BindingLang.SourceLocation(path: "editor.bind", line: line, column: column)
    }

    @Test func seedsExampleGivesTheExpectedKeymap() throws {
        let (keymap, diagnostics, _) = checkSource(Self.seedsExample, path: "editor.bind")
        #expect(diagnostics == [])
        let k = try #require(keymap)
        let c = Self.chord
        // Actions: declared, then the standard ones used in StandardActions.all order.
        let expected = Keymap(
            name: "Editor", platform: .apple,
            contexts: [
                ContextVariable(name: "loggedIn", type: .bool), ContextVariable(name: "readOnly", type: .bool),
                ContextVariable(name: "mode", type: .enumeration(["normal", "insert", "visual"])),
            ],
            roles: ["TextView", "Editor", "Window", "App"],
            actions: [
                Action(name: "selectTab", argument: .int), Action(name: "search"), Action(name: "commentLine"),
                Action(name: "showProfile"), Action(name: "copy", isStandard: true),
                Action(name: "toggleBoldface", isStandard: true), Action(name: "define", isStandard: true),
                Action(name: "cancelOperation", isStandard: true),
            ],
            groups: ["Tabs", "File"],
            bindings: [
                Binding(sequence: [c("cmd+1")], role: 1, action: 0, argument: .int(1), title: "Types", group: 0, location: Self.at(16, 5)),
                Binding(sequence: [c("cmd+2")], role: 1, action: 0, argument: .int(2), title: "Protocols", group: 0, location: Self.at(17, 5)),
                Binding(sequence: [c("cmd+3")], role: 1, action: 0, argument: .int(3), title: "Functions", group: 0, location: Self.at(18, 5)),
                Binding(sequence: [c("cmd+4")], role: 1, action: 0, argument: .int(4), title: "Operators", group: 0, location: Self.at(19, 5)),
                Binding(sequence: [c("cmd+alt+f")], role: 1, action: 1, title: "Find…", location: Self.at(21, 3)),
                Binding(sequence: [c("ctrl+k"), c("ctrl+c")], role: 1, action: 2, title: "Comment Line", location: Self.at(22, 3)),
                Binding(sequence: [c("escape")], role: 1, action: 7, location: Self.at(23, 3)),
                Binding(sequence: [c("cmd+shift+p")], role: 1, action: 3, title: "Profile", condition: .flag(0), location: Self.at(27, 3)),
                Binding(sequence: [c("cmd+b")], role: 0, action: 5, title: "Bold",
                        condition: .and(.enumEquals(2, 1), .not(.flag(1))), location: Self.at(31, 3)),
                Binding(sequence: [c("cmd+t")], role: nil, action: 0, argument: .int(1), title: "New Tab", group: 1, location: Self.at(40, 13)),
            ],
            editMenu: [
                EditMenuItem(title: "Copy", action: 4),
                EditMenuItem(title: "Define", action: 6, condition: .not(.flag(1))),
            ],
            mainMenus: [Menu(title: "File", entries: [.item(MenuItem(title: "New Tab", action: 0, argument: .int(1), keyEquivalent: c("cmd+t")))])],
            quickActions: [
                QuickAction(type: "com.example.editor.search", title: "Search", subtitle: "Find in all files", iconType: "search",
                            userInfo: [
                                UserInfoEntry(key: "source", value: .string("home")), UserInfoEntry(key: "depth", value: .int(2)),
                                UserInfoEntry(key: "nested", value: .dictionary([
                                    UserInfoEntry(key: "ok", value: .bool(true)), UserInfoEntry(key: "ratio", value: .double(0.5)),
                                ])),
                            ]),
            ])
        #expect(k.name == expected.name)
        #expect(k.contexts == expected.contexts)
        #expect(k.roles == expected.roles)
        #expect(k.actions == expected.actions)
        #expect(k.groups == expected.groups)
        for (a, b) in zip(k.bindings, expected.bindings) { #expect(a == b) }
        #expect(k.bindings.count == expected.bindings.count)
        #expect(k.editMenu == expected.editMenu)
        #expect(k.mainMenus == expected.mainMenus)
        #expect(k.quickActions == expected.quickActions)
        #expect(k == expected)
    }

    @Test func loggedInCommandsAreGated() throws {
        let (keymap, _, _) = checkSource(Self.seedsExample)
        let k = try #require(keymap)
        let gated = k.bindings.filter { $0.condition == .flag(0) }.map(\.title)
        #expect(gated == ["Profile"])
    }

    @Test func primaryResolvesPerPlatform() throws {
        let (keymap, _, _) = checkSource(Self.seedsExample, platform: .other)
        let k = try #require(keymap)
        #expect(k.platform == .other)
        #expect(k.bindings.first { $0.title == "Bold" }?.sequence == [Chord(key: Key(character: "b"), modifiers: .control)])
    }

    @Test func spellingAndOrderOfModifiersDoNotMatter() throws {
        let (keymap, diagnostics, _) = checkSource("""
            responder R
            action a
            action b
            in R {
              option+command+f -> a
            }
            in R when false {
              ⌘+⌥+f -> b
            }
            """)
        #expect(diagnostics.map(\.message) == ["condition is never true; no binding of this block can be chosen"])
        let k = try #require(keymap)
        #expect(k.bindings.map(\.sequence) == [[Self.chord("cmd+alt+f")], [Self.chord("alt+cmd+f")]])
    }
}
