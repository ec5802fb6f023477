import BindingLang
import Testing
@testable import BindingRuntime

/// `inside Role` and `is Role` in conditions (Grammar.md §4.6): the nearest responder playing
/// a binding's role is its anchor; `inside R` asks whether a responder further out plays R,
/// `is R` whether the anchor does. Dispatch through the live chain and through a snapshot
/// agree; explain and the overlay see the same.
struct ChainPredicateTests {
    static let source = """
        responder Editor, Terminal, Pane, Dock, Workspace
        action split
        action closeDock
        action newTab
        in Editor {
          cmd+d -> split "Split" when inside Pane
          cmd+d -> closeDock "Close Dock" when inside Dock && !inside Pane
          cmd+t -> newTab when !is Terminal
          cmd+t -> find when is Terminal
        }
        menu "View" {
          "Pane Find" cmd+f -> find when inside Pane
        }
        """

    static func table() throws -> (BindingTable, Keymap) {
        let keymap = try #require(compile([("chain.bind", source)]))
        return (try load(keymap), keymap)
    }

    /// Each dispatch path's answer for one press: the action performed, or the result kind.
    static func outcomes(_ table: BindingTable, _ first: TestResponder, _ keys: String) -> [String] {
        func text(_ r: DispatchResult) -> String {
            if case .performed(let a, _) = r { return a.name }
            return "\(r)".components(separatedBy: "(").first ?? ""
        }
        let live = Dispatcher(table: table).dispatch(press(keys), firstResponder: first, context: ContextState(table: table))
        let snapshot = ChainSnapshot(table: table, firstResponder: first)
        let viaSnapshot = Dispatcher(table: table).dispatch(press(keys), chain: snapshot, context: ContextState(table: table))
        return [text(live), text(viaSnapshot)]
    }

    @Test func insideLooksFurtherOutThanTheAnchor() throws {
        let (table, _) = try Self.table()
        let workspace = TestResponder("workspace", roles: ["Workspace"])
        let pane = TestResponder("pane", roles: ["Pane"], next: workspace)
        let inPane = TestResponder("editor", roles: ["Editor"], next: pane)
        #expect(Self.outcomes(table, inPane, "cmd+d") == ["split", "split"])
        let dock = TestResponder("dock", roles: ["Dock"], next: workspace)
        let inDock = TestResponder("editor", roles: ["Editor"], next: dock)
        #expect(Self.outcomes(table, inDock, "cmd+d") == ["closeDock", "closeDock"])
        let alone = TestResponder("editor", roles: ["Editor"], next: workspace)
        #expect(Self.outcomes(table, alone, "cmd+d") == ["unhandled", "unhandled"])
        // A pane nearer than the editor does not count: it is not further out.
        let editorFirst = TestResponder("pane", roles: ["Pane"], next: TestResponder("editor", roles: ["Editor"], next: workspace))
        #expect(Self.outcomes(table, editorFirst, "cmd+d") == ["unhandled", "unhandled"])
    }

    @Test func isAsksTheSameResponder() throws {
        let (table, _) = try Self.table()
        let terminal = TestResponder("terminal", roles: ["Editor", "Terminal"])
        #expect(Self.outcomes(table, terminal, "cmd+t") == ["find", "find"])
        let editor = TestResponder("editor", roles: ["Editor"], next: TestResponder("t", roles: ["Terminal"]))
        #expect(Self.outcomes(table, editor, "cmd+t") == ["newTab", "newTab"])
    }

    @Test func menuConditionsAskTheWholeChain() throws {
        let (table, _) = try Self.table()
        let pane = TestResponder("pane", roles: ["Pane"])
        #expect(Self.outcomes(table, TestResponder("x", roles: ["Dock"], next: pane), "cmd+f") == ["find", "find"])
        #expect(Self.outcomes(table, TestResponder("x", roles: ["Dock"]), "cmd+f") == ["unhandled", "unhandled"])
        let d = Dispatcher(table: table)
        let enabled = d.mainMenus(firstResponder: pane, context: ContextState(table: table))
        guard case .item(let item)? = enabled.first?.entries.first else { Issue.record("no item"); return }
        #expect(item.isEnabled)
    }

    @Test func explainAndOverlayUseTheChain() throws {
        let (table, _) = try Self.table()
        let editor = TestResponder("editor", roles: ["Editor"], next: TestResponder("dock", roles: ["Dock"]))
        let d = Dispatcher(table: table)
        let state = ContextState(table: table)
        let e = d.explain(seq("cmd+d"), firstResponder: editor, context: state)
        guard case .performed = e.outcome else { Issue.record("expected performed, got \(e.outcome)"); return }
        #expect(e.chosen?.title == "Close Dock")
        let lost = e.entries.first { $0.binding.title == "Split" }
        guard case .conditionFalse(let condition, let parts)? = lost?.verdict else { Issue.record("no verdict"); return }
        #expect(condition == "inside Pane")
        #expect(parts == ["inside Pane"])
        #expect(d.discoverableCommands(firstResponder: editor, context: state).map(\.title) == ["Close Dock"])
    }

    @Test func conditionsRoundTripThroughTheTable() throws {
        // The table carries the chain predicates; reading it back gives the same conditions.
        let (table, keymap) = try Self.table()
        #expect(Keymap(table: table).bindings.map(\.condition) == keymap.bindings.map(\.condition))
        #expect(keymap.bindings[0].condition == .inside(2))
        #expect(keymap.bindings[2].condition == .not(.plays(1)))
    }

    @Test func validatorRejectsUnknownRoles() throws {
        var k = Keymap(roles: ["A"], actions: [Action(name: "go")])
        k.bindings = [Binding(sequence: [chord("cmd+k")], role: 0, action: 0, condition: .inside(3))]
        #expect(throws: TableError.self) { try load(k) }
    }
}
