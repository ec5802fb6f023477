// Zed's real stack imported as a chain: its defaults, a base keymap (`vim.json`) layered over
// them, and the user's `keymap.json` over both (`bindc import zed keymap.json --over
// default.json --over vim.json`). Each base is written as its own import over the ones before
// it, the user's layer declares only what neither declares, and the three compile together and
// dispatch as Zed, where the latest binding wins across all three files.
@testable import BindingLang
import BindingRuntime
import Testing

@Suite struct ZedBaseChainTests {
    private static let defaults = Importer.Input(path: "default.json", bytes: Array("""
        [
          { "context": "Workspace", "bindings": { "ctrl-b": "workspace::ToggleLeftDock" } },
          { "context": "Editor", "bindings": { "ctrl-b": "editor::Bold", "ctrl-d": "editor::Duplicate" } }
        ]
        """.utf8))
    private static let vim = Importer.Input(path: "vim.json", bytes: Array("""
        [
          { "context": "Editor && vim_mode == normal",
            "bindings": { "ctrl-d": "vim::ScrollDown", "g g": "vim::StartOfDocument", "g d": "editor::GoToDefinition" } },
          { "context": "Editor && vim_mode == insert", "bindings": { "escape": "vim::NormalBefore" } }
        ]
        """.utf8))
    private static let user = Importer.Input(path: "keymap.json", bytes: Array("""
        [
          { "context": "Editor && vim_mode == normal", "bindings": { "g d": null, "ctrl-d": null, "g r": "editor::Rename" } },
          { "context": "Workspace", "bindings": { "ctrl-b": "workspace::ToggleRightDock" } }
        ]
        """.utf8))

    @Test func aUserKeymapLayersOverZedsDefaultsAndABaseKeymap() throws {
        let result = Importer.run(Self.user, format: .zed, over: [Self.defaults, Self.vim], platform: .linux, writingBase: true)
        #expect(result.diagnostics.isEmpty)
        let source = try #require(result.source)
        #expect(source.contains("layer over \"vim.bind\"\n"))
        // vim.bind declares vim's actions and contexts; the user's layer only its own.
        #expect(!source.contains("action vim__ScrollDown"))
        #expect(source.contains("action editor__Rename"))
        #expect(source.contains("unbind ctrl+d"))
        // The bases are what importing each over the ones before writes.
        #expect(result.baseSources.map(\.name) == ["default.bind", "vim.bind"])
        #expect(result.baseSources[0].source == Importer.run(Self.defaults, format: .zed, platform: .linux).source)
        #expect(result.baseSources[1].source == Importer.run(Self.vim, format: .zed, over: Self.defaults, platform: .linux).source)
        #expect(try #require(result.baseSources[1].source).contains("layer over \"default.bind\"\n"))

        let compilation = try #require(Importer.compileOutput(result, platform: .linux))
        #expect(compilation.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        let table = try BindingTable(bytes: try #require(compilation.table(strip: false)))
        let workspace = ZedDisablingTests.Element(["Workspace"])
        let editor = ZedDisablingTests.Element(["Editor"], next: workspace)
        var normal = ContextState(table: table)
        try normal.set("vim_mode", string: "normal")
        var insert = ContextState(table: table)
        try insert.set("vim_mode", string: "insert")
        let dispatcher = Dispatcher(table: table)
        func press(_ keys: String, _ context: ContextState, at first: ZedDisablingTests.Element = editor) throws -> DispatchResult {
            var last = DispatchResult.unhandled
            for chord in keys.split(separator: " ") {
                last = dispatcher.dispatch(KeyEvent(try Chord.parse(String(chord), platform: .linux).get()), firstResponder: first, context: context)
            }
            return last
        }
        // The user's null takes ctrl+d from vim and from the defaults where it holds, only there.
        #expect(try press("ctrl+d", normal).isUnhandled)
        _ = try press("ctrl+d", insert)
        // vim's `g g` stays, its `g d` is gone, the user's `g r` is added.
        _ = try press("g g", normal)
        #expect(try !press("g d", normal).isPending)
        _ = try press("g r", normal)
        // The Editor's own ctrl+b is deeper than the user's Workspace one.
        _ = try press("ctrl+b", normal)
        _ = try press("ctrl+b", normal, at: workspace)
        #expect(editor.performed == ["editor__Duplicate", "vim__StartOfDocument", "editor__Rename", "editor__Bold"])
        #expect(workspace.performed == ["workspace__ToggleRightDock"])
    }

    /// The user's layer is made over what the two base files hold together, not only over
    /// what Zed's merged list means: the defaults' import copies KeystrokeInput's `escape
    /// escape escape` into ProjectPanel (its `escape` waits for it), vim.bind takes that away
    /// only where its `not_editing` binding is live, and the user's `escape` (`!editing`) must
    /// take the copy away where it is live, or it is a prefix conflict (a real user's keymap).
    @Test func aLayerMeetsTheCopiesTheBaseFilesHold() throws {
        let defaults = Importer.Input(path: "default.json", bytes: Array("""
            [{ "context": "ProjectPanel", "bindings": { "escape": "project_panel::Cancel" } },
             { "context": "KeystrokeInput", "bindings": { "escape escape escape": "keystroke_input::StopRecording" } }]
            """.utf8))
        let vim = Importer.Input(path: "vim.json", bytes: Array(#"[{ "context": "ProjectPanel && not_editing", "bindings": { "escape": "vim::ToggleProjectPanelFocus" } }]"#.utf8))
        let user = Importer.Input(path: "keymap.json", bytes: Array(#"[{ "context": "ProjectPanel && !editing", "bindings": { "escape": "project_panel::Toggle" } }]"#.utf8))
        let result = Importer.run(user, format: .zed, over: [defaults, vim], writingBase: true)
        let compilation = try #require(Importer.compileOutput(result, platform: .apple))
        #expect(compilation.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
    }

    /// A base binding that a longer layer binding continues is held (`@timeout`) also when
    /// the layer binds the same keys elsewhere (`shift-d` in visual mode): only where that
    /// binding of the layer is live does it, not the base's, decide (a real user's keymap).
    @Test func aBaseBindingIsHeldBesideTheLayersOwnBindingOfItsKeys() throws {
        let defaults = Importer.Input(path: "default.json", bytes: Array(#"[{ "context": "Editor", "bindings": { "ctrl-s": "workspace::Save" } }]"#.utf8))
        let vim = Importer.Input(path: "vim.json", bytes: Array(#"[{ "context": "Editor && vim_mode == normal", "bindings": { "shift-d": "vim::DeleteToEndOfLine" } }]"#.utf8))
        let user = Importer.Input(path: "keymap.json", bytes: Array("""
            [{ "context": "Editor && vim_mode == normal", "bindings": { "shift-d shift-d": "editor::DeleteLine" } },
             { "context": "Editor && vim_mode == visual", "bindings": { "shift-d": "editor::Delete" } }]
            """.utf8))
        let result = Importer.run(user, format: .zed, over: [defaults, vim], writingBase: true)
        #expect(try #require(result.source).contains("@timeout shift+d -> vim__DeleteToEndOfLine"), "\(result.source ?? "")")
        #expect(result.report?.approximations[LaterWins.zedShorterOnTimeout] == nil)
        let compilation = try #require(Importer.compileOutput(result, platform: .apple))
        #expect(compilation.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
    }

    /// Zed's unbind of one action is a filter: unbinding vim's `ctrl-f` (VimControl) lets the
    /// defaults' Editor `ctrl-f` match again, as it did before vim.json. The layer binds it
    /// again where vim's was live (a real user's keymap: search was dead in normal mode).
    @Test func anUnbindLetsTheEarlierBindingOfTheKeysMatchAgain() throws {
        let defaults = Importer.Input(path: "default.json", bytes: Array(#"[{ "context": "Editor", "bindings": { "ctrl-f": "buffer_search::Deploy" } }]"#.utf8))
        let vim = Importer.Input(path: "vim.json", bytes: Array(#"[{ "context": "VimControl && !menu", "bindings": { "ctrl-f": "vim::PageDown" } }]"#.utf8))
        let user = Importer.Input(path: "keymap.json", bytes: Array(#"[{ "context": "VimControl && !menu", "unbind": { "ctrl-f": "vim::PageDown" } }]"#.utf8))
        let result = Importer.run(user, format: .zed, over: [defaults, vim], platform: .linux, writingBase: true)
        let source = try #require(result.source)
        #expect(source.contains("  // the earlier binding Zed runs again where 'unbind vim::PageDown' of line 1 removed the later one\n  ctrl+f -> buffer_search__Deploy when is VimControl"), "\(source)")
        let compilation = try #require(Importer.compileOutput(result, platform: .linux))
        #expect(compilation.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        let table = try BindingTable(bytes: try #require(compilation.table(strip: false)))
        let editor = ZedDisablingTests.Element(["Editor", "VimControl"])
        _ = Dispatcher(table: table).dispatch(KeyEvent(try Chord.parse("ctrl+f", platform: .linux).get()), firstResponder: editor, context: ContextState(table: table))
        #expect(editor.performed == ["buffer_search__Deploy"])
    }

    /// A Vim user's keymap layered over the defaults alone gets a note saying where Zed puts
    /// vim.json; over the chain, or without Vim, it does not.
    @Test func aVimKeymapOverTheDefaultsAloneIsToldAboutVimJSON() {
        let alone = Importer.run(Self.user, format: .zed, over: [Self.defaults], platform: .linux)
        #expect(alone.source != nil)
        #expect(alone.diagnostics.map(\.severity) == [.note])
        #expect(alone.diagnostics.first?.message.hasSuffix("import it over that too: --over default.json --over vim.json") == true)
        #expect(alone.diagnostics.first?.range.start == 17)  // the first section's context string
        #expect(Importer.run(Self.user, format: .zed, over: [Self.defaults, Self.vim], platform: .linux).diagnostics.isEmpty)
        let plain = Importer.Input(path: "keymap.json", bytes: Array(#"[{ "context": "Workspace", "bindings": { "ctrl-p": "file_finder::Toggle" } }]"#.utf8))
        #expect(Importer.run(plain, format: .zed, over: [Self.defaults], platform: .linux).diagnostics.isEmpty)
    }

    /// A binding without an element ranks at the focused one, yet Zed lets a later binding of
    /// an element further out decide whether to wait, as for any other element's: the user's
    /// Dock `ctrl-k` runs at once over the defaults' `ctrl-k ctrl-o` where focus is inside the
    /// Dock, and the defaults' `ctrl-w` waits for the user's Dock `ctrl-w x` there, running
    /// when the next stroke does not continue it (a real user's keymap waited and cancelled).
    @Test func aLayerBindingOfAnOuterElementDecidesOverTheDefaultsWithoutAnElement() throws {
        let defaults = Importer.Input(path: "default.json", bytes: Array("""
            [{ "bindings": { "ctrl-k ctrl-o": "workspace::Open", "ctrl-w": "pane::CloseActiveItem" } }]
            """.utf8))
        let user = Importer.Input(path: "keymap.json", bytes: Array("""
            [{ "context": "Dock", "bindings": { "ctrl-k": "workspace::ActivatePaneUp", "ctrl-w x": "dock::Close" } }]
            """.utf8))
        let result = Importer.run(user, format: .zed, over: [defaults], platform: .linux, writingBase: true)
        let source = try #require(result.source)
        #expect(source.contains("unbind ctrl+k ctrl+o when inside Dock // the layer's 'ctrl+k' of Dock decides first in Zed, line 1"), "\(source)")
        let compilation = try #require(Importer.compileOutput(result, platform: .linux))
        #expect(compilation.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        let table = try BindingTable(bytes: try #require(compilation.table(strip: false)))
        let dock = ZedDisablingTests.Element(["Dock"])
        let panel = ZedDisablingTests.Element(["ProjectPanel"], next: dock)
        let dispatcher = Dispatcher(table: table)
        func press(_ chord: String, at first: ZedDisablingTests.Element = panel) throws -> DispatchResult {
            dispatcher.dispatch(KeyEvent(try Chord.parse(chord, platform: .linux).get()), firstResponder: first, context: ContextState(table: table))
        }
        #expect(try !press("ctrl+k").isPending)
        #expect(try press("ctrl+w").isPending)
        _ = try press("x")
        #expect(try press("ctrl+w").isPending)
        _ = try press("y")
        // Outside the Dock the defaults keep their keys.
        let pane = ZedDisablingTests.Element(["Pane"])
        #expect(try press("ctrl+k", at: pane).isPending)
        _ = try press("ctrl+o", at: pane)
        #expect(try !press("ctrl+w", at: pane).isPending)
        #expect(panel.performed == ["workspace__ActivatePaneUp", "dock__Close", "pane__CloseActiveItem"])
        #expect(pane.performed == ["workspace__Open", "pane__CloseActiveItem"])
    }

    @Test func vscodeStacksOnlyExtensionsOverItsDefaults() {
        let json = Importer.Input(path: "keybindings.json", bytes: Array("[]".utf8))
        let result = Importer.run(json, format: .vscode, over: [json, json])
        #expect(result.source == nil)
        #expect(result.diagnostics.map(\.message) == [
            "VS Code layers a keybindings.json over its defaults and its extensions' package.json only: this is neither an extension nor the first --over"])
    }
}
