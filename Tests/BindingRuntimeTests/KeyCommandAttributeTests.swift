import Testing
@testable import BindingLang
@testable import BindingRuntime

/// `@priority`, `@noRemapping` and `@noMirroring` travel through the table to an app that
/// builds its `UIKeyCommand`s and menu items at run time from the runtime's lists, not from the
/// generated Swift (Grammar.md §4.8, Docs/TableFormat.md `ATTR` and `ITEM` flags).
struct KeyCommandAttributeTests {
    static let source = """
        keymap "Attributes"
        responder Editor
        action escape
        action back
        action forward
        action search
        action save
        in Editor {
          @noRemapping ctrl+"["        -> escape  "Escape"
          @priority @noMirroring cmd+left -> back "Back"
          @priority cmd+right          -> forward "Forward"
          cmd+f                        -> search  "Find"
        }
        menu "File" {
          @noRemapping "Save" cmd+"["  -> save
          @noMirroring "Forward" cmd+"]" -> forward
          "Find Again" cmd+g           -> search
        }
        """

    static func table(strip: Bool) throws -> BindingTable {
        try BindingTable(bytes: Emitter.emit(try #require(compile([("Attributes.bind", source)])), strip: strip))
    }

    @Test(arguments: [false, true])
    func theTableAnswersPerBinding(strip: Bool) throws {
        let table = try Self.table(strip: strip)
        // Bindings in declaration order: the four role bindings, then the three key equivalents.
        let titles = (0..<table.bindingCount).map { table.binding($0).title }
        #expect(titles == ["Escape", "Back", "Forward", "Find", "Save", "Forward", "Find Again"])
        #expect((0..<7).map { table.wantsPriorityOverSystemBehavior(binding: $0) } == [false, true, true, false, false, false, false])
        #expect((0..<7).map { table.allowsAutomaticLocalization(binding: $0) } == [false, true, true, true, false, true, true])
        #expect((0..<7).map { table.allowsAutomaticMirroring(binding: $0) } == [false, false, true, true, false, false, true])
        #expect((0..<7).map { table.binding($0).allowsAutomaticMirroring } == [false, false, true, true, false, false, true])
        #expect(table.allowsAutomaticLocalization(binding: 7) && table.allowsAutomaticMirroring(binding: -1))
        guard case .item(let save) = table.mainMenus[0].entries[0], case .item(let again) = table.mainMenus[0].entries[2] else {
            Issue.record("unexpected menu"); return
        }
        #expect(!save.allowsAutomaticLocalization && !save.allowsAutomaticMirroring)
        #expect(again.allowsAutomaticLocalization && again.allowsAutomaticMirroring)
    }

    @Test func theOverlayAndTheMenusCarryThem() throws {
        let table = try Self.table(strip: true)
        let editor = TestResponder("editor", roles: ["Editor"])
        let dispatcher = Dispatcher(table: table)
        let context = ContextState(table: table)
        let overlay = dispatcher.discoverableCommands(firstResponder: editor, context: context)
        #expect(overlay.map(\.title) == ["Escape", "Back", "Forward", "Find", "Save", "Forward", "Find Again"])
        #expect(overlay.map(\.wantsPriorityOverSystemBehavior) == [false, true, true, false, false, false, false])
        #expect(overlay.map(\.allowsAutomaticLocalization) == [false, true, true, true, false, true, true])
        #expect(overlay.map(\.allowsAutomaticMirroring) == [false, false, true, true, false, false, true])
        let localized = dispatcher.discoverableCommands(firstResponder: editor, context: context) { $0.uppercased() }
        #expect(localized.map(\.title)[0] == "ESCAPE")
        #expect(localized.map(\.allowsAutomaticMirroring) == overlay.map(\.allowsAutomaticMirroring))
        let items = dispatcher.mainMenus(firstResponder: editor, context: context)[0].entries.compactMap { entry -> MenuItemState? in
            if case .item(let item) = entry { return item } else { return nil }
        }
        #expect(items.map(\.title) == ["Save", "Forward", "Find Again"])
        #expect(items.map(\.allowsAutomaticLocalization) == [false, true, true])
        #expect(items.map(\.allowsAutomaticMirroring) == [false, false, true])
    }
}
