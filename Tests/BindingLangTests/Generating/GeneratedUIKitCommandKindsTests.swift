import BindingLang
import BindingRuntime
import Foundation
import Testing

/// UIKit's `validate(_:)` sees the key commands of `uiKeyCommands` and the main-menu commands of
/// `uiCommand` alike, and both carry a number in `propertyList`: a chord's code, a menu
/// command's index. The generated file keeps them apart, `chordCode(for:)` reading only key
/// commands and `menuCommand(for:)` only menu commands; run against the UIKit stub
/// (``GeneratedSwiftBehaviourTests``).
@Suite struct GeneratedUIKitCommandKindsTests {
    /// A keymap with more main-menu commands (120) than the codes of the chords `a` (97) and
    /// `space` (32), so that either code is a menu index too.
    static var source: String {
        let items = (0..<120).map { "  \"Item \($0)\" -> open" }.joined(separator: "\n")
        return """
            keymap "Kinds"
            responder Editor
            action open
            action save
            in Editor {
              a -> save
              space -> open
            }
            menu "File" {
              "Save" cmd+s -> save
            \(items)
            }
            """
    }

    @Test func keyCommandsAndMenuCommandsAreNotTakenForEachOther() throws {
        let output = try GeneratedSwiftBehaviourTests().run(.uiKit, source: Self.source, main: """
            @MainActor func commands(_ element: UIMenuElement) -> [UICommand] {
                (element as? UIMenu).map { $0.children.flatMap(commands) } ?? [element as! UICommand]
            }
            @MainActor func describe(_ command: UICommand) -> String {
                let code = EditKeymap.chordCode(for: command).map { String($0) } ?? "nil"
                return "\\(command.title.isEmpty ? "-" : command.title): \\(code) \\(EditKeymap.menuCommand(for: command)?.title ?? "nil")"
            }
            @MainActor func run() {
                let keys = EditKeymap.uiKeyCommands(action: Selector("handleKey:"), pending: false)
                print(keys.map(describe).joined(separator: ", "))
                let menu = EditKeymap.mainMenus.flatMap { commands(EditKeymap.uiMenu($0, action: Selector("performMenuCommand:"))) }
                print(menu.count, (menu.prefix(2) + menu.suffix(1)).map(describe).joined(separator: ", "))
                print(menu.indices.allSatisfy { EditKeymap.menuCommand(for: menu[$0])?.index == $0 && EditKeymap.chordCode(for: menu[$0]) == nil })
                let others: [Any?] = [nil, 97, 32, "97", ["Other.chordCode": 97], ["Other.menuCommand": 1]]
                print(others.map { list in
                    let command = UICommand(title: "", image: nil, action: Selector("x:"), propertyList: list, alternates: [],
                                            discoverabilityTitle: nil, attributes: [], state: .off)
                    return describe(command)
                }.joined(separator: ", "))
            }
            """)
        let code = { (text: String) in String(try Chord.parse(text, platform: .macOS).get().code) }
        #expect(output == """
            -: \(try code("a")) nil, -: \(try code("space")) nil, Save: \(try code("cmd+s")) nil
            121 Save: nil Save, Item 0: nil Item 0, Item 119: nil Item 119
            true
            -: nil nil, -: nil nil, -: nil nil, -: nil nil, -: nil nil, -: nil nil

            """)
    }
}
