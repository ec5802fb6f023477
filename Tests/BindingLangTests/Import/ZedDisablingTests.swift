// Zed's ways of turning keys off, and its platform modifier, imported end to end: a section's
// `unbind` object and `["zed::Unbind", action]` (only the bindings to that action), `null` and
// `zed::NoAction` (every binding of the keys), a disabling entry of an element against a binding
// without one, and `secondary` once the platform is known.
@testable import BindingLang
import BindingRuntime
import Testing

@Suite struct ZedDisablingTests {
    private func run(_ json: String, over base: String? = nil, platform: Platform? = nil) -> Importer.Result {
        Importer.run(
            Importer.Input(path: "keymap.json", bytes: Array(json.utf8)), format: .zed,
            over: base.map { Importer.Input(path: "default.json", bytes: Array($0.utf8)) }, platform: platform)
    }

    /// The output compiled (over the base's import, for a layer) into a table.
    private func table(_ result: Importer.Result, base: String? = nil, platform: Platform) throws -> BindingTable {
        let baseSource = try base.map { try #require(run($0, platform: platform).source) }
        let compilation = try #require(Importer.compileOutput(result, baseSource: baseSource, platform: platform))
        #expect(compilation.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        return try BindingTable(bytes: try #require(compilation.table(strip: false)))
    }

    /// One responder playing `roles` (then `Global`, as every Zed element does), in front of
    /// `next`; it performs every action and records it.
    final class Element: Responder {
        let roles: [String]
        let next: Element?
        var performed: [String] = []
        init(_ roles: [String], next: Element? = nil) { self.roles = roles; self.next = next }
        var nextResponder: Responder? { next }
        var responderRoles: [String] { roles + ["Global"] }
        func canPerform(_ action: ActionInvocation) -> Bool { true }
        func perform(_ action: ActionInvocation) { performed.append(action.name) }
    }

    private func press(_ chord: String, _ table: BindingTable, at first: Element, platform: Platform = .linux) throws -> DispatchResult {
        Dispatcher(table: table).dispatch(
            KeyEvent(try Chord.parse(chord, platform: platform).get()), firstResponder: first, context: ContextState(table: table))
    }

    private static let base = """
        [
          { "bindings": { "ctrl-enter": "menu::SecondaryConfirm" } },
          { "context": "Workspace", "bindings": { "ctrl-shift-n": "workspace::NewWindow", "ctrl-b": "workspace::ToggleLeftDock" } },
          { "context": "Editor", "bindings": { "ctrl-b": "editor::Bold", "ctrl-d": "editor::Duplicate" } }
        ]
        """

    /// A layer's `null` of a base binding's keys beside its own longer binding: Zed waits for
    /// the longer one and, on the timeout, runs nothing (the null ended the search for the
    /// keys); the base binding is not bound again to wait (it was, as `@timeout`, and ran).
    @Test func aLayersNullStillEndsTheSearchWhereItsLongerBindingWaits() throws {
        let base = #"[{ "context": "Editor", "bindings": { "ctrl-x": "editor::Cut" } }]"#
        let result = run(#"[{ "context": "Editor", "bindings": { "ctrl-x": null, "ctrl-x ctrl-o": "editor::ShowCompletions" } }]"#,
                         over: base, platform: .linux)
        let source = try #require(result.source)
        #expect(!source.contains("@timeout"), "\(source)")
        let table = try table(result, base: base, platform: .linux)
        let editor = Element(["Editor"])
        let dispatcher = Dispatcher(table: table)
        let pressed = dispatcher.dispatch(KeyEvent(try Chord.parse("ctrl+x", platform: .linux).get()), firstResponder: editor,
                                          context: ContextState(table: table))
        #expect(pressed.isPending)
        _ = dispatcher.timeOut(firstResponder: editor)
        #expect(editor.performed == [])
    }

    /// A null of an element against a binding of an element further out (emacs.json's
    /// Terminal nulls over Workspace's keys): Zed disables it there, the output cannot, and
    /// the entry's comment says so rather than "removes nothing".
    @Test func aNullAgainstAnElementFurtherOutSaysItIsNotApplied() throws {
        let result = run(#"[{ "context": "Terminal", "bindings": { "ctrl-x ctrl-s": null } }]"#,
                         over: #"[{ "context": "Workspace", "bindings": { "ctrl-x ctrl-s": "workspace::Save" } }]"#, platform: .linux)
        let source = try #require(result.source)
        #expect(source.contains(#"// not applied: "ctrl-x ctrl-s" -> null (line 1): it disables a binding of these keys of an element further out"#), "\(source)")
        #expect(result.report?.removingNothing == 0)
    }

    @Test func aSectionsUnbindAndZedUnbindRemoveOnlyTheBindingsToTheirAction() throws {
        let user = """
            [
              { "context": "Workspace", "unbind": { "ctrl-shift-n": "workspace::NewWindow" } },
              { "context": "Workspace", "bindings": { "ctrl-b": ["zed::Unbind", "workspace::ToggleLeftDock"] } },
              { "context": "Editor", "bindings": { "ctrl-d": ["zed::Unbind", "editor::Other"] } }
            ]
            """
        let result = run(user, over: Self.base, platform: .linux)
        let source = try #require(result.source)
        #expect(result.diagnostics.isEmpty)
        #expect(source.contains("unbind ctrl+shift+n // 'unbind workspace::NewWindow' removes it, line 2"))
        #expect(source.contains("unbind ctrl+b // 'unbind workspace::ToggleLeftDock' removes it, line 3"))
        // The Editor's own ctrl+b runs another action, and nothing runs editor::Other.
        #expect(!source.contains("unbind ctrl+d"))
        #expect(source.contains("// removes nothing: \"ctrl-d\" -> unbind editor::Other (line 4): no earlier binding of these keys runs this action"))
        let report = try #require(result.report)
        #expect(report.disabling == 3 && report.leftOut.isEmpty)

        let t = try table(result, base: Self.base, platform: .linux)
        let workspace = Element(["Workspace"])
        let editor = Element(["Editor"], next: workspace)
        #expect(try press("ctrl+shift+n", t, at: editor).isUnhandled)
        _ = try press("ctrl+b", t, at: editor)
        _ = try press("ctrl+b", t, at: workspace)
        _ = try press("ctrl+d", t, at: editor)
        #expect(editor.performed == ["editor__Bold", "editor__Duplicate"])
        #expect(workspace.performed == [])
    }

    /// An unbind of one action, where the base binds the same keys in the same element to
    /// other actions under other contexts, removes only that action's binding (round 6, D3):
    /// the layer's `unbind` holds only where the base binding it removes is live.
    @Test func anUnbindOfOneActionKeepsTheKeysOtherActionsInTheElement() throws {
        let base = """
            [
              { "context": "Editor", "bindings": { "alt-enter": "editor::OpenSelectionsInMultibuffer" } },
              { "context": "Editor && mode == full", "bindings": { "alt-enter": "editor::ToggleCodeActions" } }
            ]
            """
        let user = #"[{ "context": "Editor", "unbind": { "alt-enter": "editor::OpenSelectionsInMultibuffer" } }]"#
        let result = run(user, over: base, platform: .linux)
        let source = try #require(result.source)
        #expect(source.contains("unbind alt+return when mode != \"full\" // 'unbind editor::OpenSelectionsInMultibuffer' removes it, line 1"), "\(source)")
        let t = try table(result, base: base, platform: .linux)
        let editor = Element(["Editor"])
        var full = ContextState(table: t)
        try full.set("mode", string: "full")
        _ = Dispatcher(table: t).dispatch(KeyEvent(try Chord.parse("alt+return", platform: .linux).get()), firstResponder: editor, context: full)
        #expect(try press("alt+return", t, at: editor).isUnhandled)
        #expect(editor.performed == ["editor__ToggleCodeActions"])
    }

    @Test func noActionIsNullAndUnbindNeedsAnAction() throws {
        let result = run("""
            [{ "bindings": { "ctrl-x": "a::A", "ctrl-y": "a::B" } },
             { "bindings": { "ctrl-x": "zed::NoAction", "ctrl-y": ["zed::NoAction"], "ctrl-z": "zed::Unbind" } }]
            """)
        let source = try #require(result.source)
        #expect(source.contains("// always overridden: \"ctrl-x\" -> a::A (line 1) by line 2"))
        #expect(source.contains("// always overridden: \"ctrl-y\" -> a::B (line 1) by line 2"))
        #expect(source.contains("// left out: \"ctrl-z\" -> zed::Unbind (line 2): 'zed::Unbind' without the name of the action to unbind"))
        #expect(!source.contains("zed__NoAction"))
        // A section's unbind of another shape is an error where it is.
        let bad = run(#"[{ "unbind": { "ctrl-a": 3 } }, { "unbind": [] }]"#)
        #expect(bad.diagnostics.map(\.message) == [
            "an unbind names the action to unbind: a name or [name, argument], not a number",
            "\"unbind\" must be an object of keystrokes to actions, not an array",
        ])
    }

    @Test func anElementsNullSilencesABindingWithoutAContextThere() throws {
        // Zed ranks the binding without a context at the focused element, the Terminal's null
        // at the Terminal: when the Terminal is focused the null is as deep and later, so
        // nothing runs; focused deeper, the binding without a context is deeper and runs.
        let user = #"[{ "context": "Terminal", "bindings": { "ctrl-enter": null } }]"#
        let result = run(user, over: Self.base, platform: .linux)
        let source = try #require(result.source)
        #expect(source.contains("in Global {\n  unbind ctrl+return when is Terminal // null disables it, line 1\n}"))
        let t = try table(result, base: Self.base, platform: .linux)
        let terminal = Element(["Terminal"])
        let search = Element(["Editor"], next: terminal)
        #expect(try press("ctrl+return", t, at: terminal).isUnhandled)
        _ = try press("ctrl+return", t, at: search)
        #expect(search.performed == ["menu__SecondaryConfirm"])

        // The same in one file: the earlier binding without a context is narrowed.
        let alone = try #require(run(#"[{ "bindings": { "ctrl-x": "a::A" } }, { "context": "Editor", "bindings": { "ctrl-x": null } }]"#).source)
        #expect(alone.contains("ctrl+x -> a__A when !is Editor"))
        #expect(alone.contains("// disables earlier bindings: \"ctrl-x\" -> null (line 1)"))
    }

    @Test func aNullOfOneElementAgainstAnothersBindingIsCountedAsApproximated() throws {
        // In Zed the Editor's null also silences the Workspace's ctrl+b (the Workspace is
        // further out); a `.bind` unbind of the Editor's role cannot say that.
        let result = run(#"[{ "context": "Editor", "bindings": { "ctrl-b": null } }]"#, over: Self.base, platform: .linux)
        let report = try #require(result.report)
        #expect(report.approximations[LaterWins.zedOuterDisable] == 1)
        #expect(try #require(result.source).contains("in Editor {\n  unbind ctrl+b // null disables it, line 1\n}"))
    }

    @Test func aLaterBindingWithoutAContextCountsTheFallBackItCannotKeep() throws {
        let result = run("""
            [{ "context": "Editor", "bindings": { "up": "editor::MoveUp" } },
             { "bindings": { "up": "menu::SelectPrevious" } }]
            """)
        let report = try #require(result.report)
        #expect(report.approximations[LaterWins.zedFallBack] == 1)
        // The same action: nothing to fall back to.
        let same = run("""
            [{ "context": "Editor", "bindings": { "up": "editor::MoveUp" } }, { "bindings": { "up": "editor::MoveUp" } }]
            """)
        #expect(try #require(same.report).approximations[LaterWins.zedFallBack] == nil)
        // Over a base file's binding too (the layer unbinds it): counted once per entry.
        let base = #"[{ "context": "Editor", "bindings": { "up": "editor::MoveUp" } }, { "context": "Pane", "bindings": { "up": "pane::Up" } }]"#
        let layer = run(#"[{ "bindings": { "up": "menu::SelectPrevious" } }]"#, over: base)
        #expect(try #require(layer.report).approximations[LaterWins.zedFallBack] == 1)
    }

    @Test func aLaterBindingWithoutAnElementThatNamesOneLeavesOtherElementsAlone() throws {
        // `!Terminal` speaks of the focused element: with a terminal focused inside the
        // workspace Zed runs the Workspace binding; elsewhere the later one, ranked deeper.
        let result = run("""
            [{ "context": "Workspace", "bindings": { "ctrl-h": "workspace::ActivatePaneLeft" } },
             { "context": "!Terminal", "bindings": { "ctrl-h": "pane::SplitLeft" } }]
            """)
        let source = try #require(result.source)
        #expect(source.contains("ctrl+h -> workspace__ActivatePaneLeft\n"))
        #expect(try #require(result.report).approximations[LaterWins.zedGlobalNamingElements] == 1)
        let t = try table(result, platform: .linux)
        let workspace = Element(["Workspace"])
        let terminal = Element(["Terminal"], next: workspace)
        let panel = Element(["ProjectPanel"], next: workspace)
        #expect(try press("ctrl+h", t, at: terminal).performedAction?.name == "workspace__ActivatePaneLeft")
        #expect(try press("ctrl+h", t, at: panel).performedAction?.name == "pane__SplitLeft")
    }

    @Test func vimControlIsANameOfTheEditorItself() throws {
        // Vim mode adds `VimControl` to the editor's own key context: the later binding wins
        // on an editor in vim's normal mode, the Editor's elsewhere.
        let result = run("""
            [{ "context": "Editor", "bindings": { "up": "editor::MoveUp", "down": "editor::MoveDown" } },
             { "context": "VimControl && !menu", "bindings": { "up": "vim::Up", "down": null } }]
            """)
        let source = try #require(result.source)
        #expect(source.contains("up -> editor__MoveUp when !(is VimControl && !is menu_ && !inside menu_)"))
        #expect(source.contains("down -> editor__MoveDown when !(is VimControl && !is menu_ && !inside menu_)"))
        let t = try table(result, platform: .linux)
        let vim = Element(["Editor", "VimControl"]), plain = Element(["Editor"])
        _ = try press("up", t, at: vim)
        _ = try press("up", t, at: plain)
        #expect(try press("down", t, at: vim).isUnhandled)
        _ = try press("down", t, at: plain)
        #expect(vim.performed == ["vim__Up"])
        #expect(plain.performed == ["editor__MoveUp", "editor__MoveDown"])
    }

    @Test func secondaryIsThePlatformsModifierOnceThePlatformIsKnown() throws {
        let json = #"[{ "context": "Editor", "bindings": { "secondary-s": "a::One", "ctrl-s": "a::Two", "secondary-cmd-k": "a::K" } }]"#
        let linux = run(json, platform: .linux)
        let source = try #require(linux.source)
        #expect(source.contains("// always overridden: \"secondary-s\" -> a::One (line 1) by line 1"))
        #expect(source.contains("ctrl+s -> a__Two"))
        #expect(source.contains("ctrl+cmd+k -> a__K"))
        _ = try table(linux, platform: .linux)
        let mac = try #require(run(json, platform: .macOS).source)
        #expect(mac.contains("cmd+s -> a__One") && mac.contains("ctrl+s -> a__Two") && mac.contains("cmd+k -> a__K"))
        // Unknown platform: `secondary-s` meets `ctrl-s` on Windows and Linux only, so it is
        // written per platform family and the later entry wins where they meet (it used to
        // stay `primary+s`, bound twice on Linux); with cmd beside it no one chord means it.
        let unknown = try #require(run(json).source)
        #expect(unknown.contains("cmd+s -> a__One when platform == macOS || platform == iPadOS"))
        #expect(!unknown.contains("primary+s"))
        _ = try table(run(json), platform: .linux)
        #expect(unknown.contains("// left out: \"secondary-cmd-k\" -> a::K (line 1): 'secondary' with 'cmd' or 'ctrl'"))
    }
}
