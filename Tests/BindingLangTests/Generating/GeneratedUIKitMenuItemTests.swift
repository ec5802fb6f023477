import BindingLang
import Foundation
import Testing

/// The deprecated `editMenuItems(selector:)` gives `UIMenuController` only the items it does
/// not show itself: it has its own Cut, Copy, Paste, Delete, Select, Select All and Bold, Italic,
/// Underline for a responder that can perform them, so the keymap's items of those standard
/// actions are left out; the app's actions and the other standard actions (`undo`, `find`) stay,
/// in declared order. Run against the UIKit stub (``GeneratedSwiftBehaviourTests``).
@Suite struct GeneratedUIKitMenuItemTests {
    static let source = """
        keymap "Items"
        responder Editor
        action upper
        menu edit {
          "Cut" -> cut
          "Copy" -> copy
          "Uppercase" -> upper
          "Paste" -> paste
          "Undo" -> undo
          "Delete" -> delete
          "Select" -> select
          "Select All" -> selectAll
          "Bold" -> toggleBoldface
          "Italic" -> toggleItalics
          "Underline" -> toggleUnderline
          "Find" -> find
        }
        """

    @Test func menuControllerItemsLeaveOutItsOwn() throws {
        let output = try GeneratedSwiftBehaviourTests().run(.uiKit, source: Self.source, main: """
            @available(iOS, deprecated: 16.0)
            @MainActor func items() -> [UIMenuItem] {
                EditKeymap.editMenuItems { Selector("perform_\\($0.name):") }
            }
            @MainActor func run() {
                print(items().map { "\\($0.title) \\(NSStringFromSelector($0.action))" })
                print(EditKeymap.editMenuActions(perform: { _ in }).count)
            }
            """)
        #expect(output == """
            ["Uppercase perform_upper:", "Undo perform_undo:", "Find perform_find:"]
            12

            """)
    }
}
