// Zed puts several names on one element (vim mode adds `VimControl` to the editor's key
// context) and ranks the bindings of all of them at that element's depth, where the latest
// binding of related keys decides whether to wait (gpui's `Keymap::bindings_for_input`). A
// responder lists its roles in the order the app gives, and the dispatcher decides at the
// first role with a live binding of the keys (Grammar.md §5), so an import must dispatch as
// Zed whichever of those names a responder lists first: vim's `space` (VimControl) under a
// user's `space r` (Editor) waits, runs on `space x` before the `x` and on a timeout.
@testable import BindingLang
import BindingRuntime
import Testing

@Suite struct ZedSameElementTests {
    typealias Element = ZedDisablingTests.Element

    /// The orders a responder may list the editor's names in: the README's and `bindc
    /// explain`'s help (Editor first), and the other.
    static let orders: [[String]] = [["Editor", "VimControl"], ["VimControl", "Editor"]]

    /// The shorter binding's context and the longer one's: vim's `space` in VimControl under
    /// the user's Editor `space r`, and the other way round.
    static let contexts: [(shorter: String, longer: String)] = [
        ("VimControl && !menu", "Editor && vim_mode == normal"),
        ("Editor && vim_mode == normal", "VimControl && !menu"),
    ]

    private static func input(_ path: String, _ json: String) -> Importer.Input {
        Importer.Input(path: path, bytes: Array(json.utf8))
    }

    /// vim's `space` and `x` (`x` shows the stroke after a held `space` dispatched on its own).
    private static func vimSection(_ context: String) -> String {
        #"{ "context": "\#(context)", "bindings": { "space": "vim::WrappingRight", "x": "vim::DeleteRight" } }"#
    }

    private static func userSection(_ context: String) -> String {
        #"{ "context": "\#(context)", "bindings": { "space r": "editor::Rename" } }"#
    }

    /// Both sections in one file, vim's first (as min2.json).
    private static func oneFile(_ shorter: String, _ longer: String) -> Importer.Input {
        input("keymap.json", "[\(vimSection(shorter)), \(userSection(longer))]")
    }

    private static let defaults = #"[{ "context": "Editor", "bindings": { "ctrl-s": "workspace::Save" } }]"#

    /// In vim's normal mode, at an editor playing `roles` inside a workspace: `space` then `x`,
    /// `space r`, and `space` then the timeout. Zed performs vim's `space` then `x`, the
    /// rename, and vim's `space`.
    private static func performed(_ result: Importer.Result, roles: [String]) throws -> [String] {
        let (editor, dispatcher, press) = try session(result, roles: roles, mode: "normal")
        #expect(try press("space").isPending)
        _ = try press("x")
        #expect(try press("space").isPending)
        _ = try press("r")
        #expect(try press("space").isPending)
        _ = dispatcher.timeOut(firstResponder: editor)
        return editor.performed
    }

    /// The import compiled (without errors) for Linux, and an editor playing `roles` inside a
    /// workspace in vim mode `mode`: the editor, its dispatcher, and a press of a chord.
    private static func session(_ result: Importer.Result, roles: [String], mode: String) throws
        -> (editor: Element, dispatcher: Dispatcher, press: (String) throws -> DispatchResult) {
        let compilation = try #require(Importer.compileOutput(result, platform: .linux))
        #expect(compilation.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        let table = try BindingTable(bytes: try #require(compilation.table(strip: false)))
        var state = ContextState(table: table)
        try state.set("vim_mode", string: mode)
        let editor = Element(roles, next: Element(["Workspace"]))
        let dispatcher = Dispatcher(table: table)
        let context = state
        return (editor, dispatcher, { chord in
            dispatcher.dispatch(KeyEvent(try Chord.parse(chord, platform: .linux).get()), firstResponder: editor, context: context)
        })
    }

    private static let zed = ["vim__WrappingRight", "vim__DeleteRight", "editor__Rename", "vim__WrappingRight"]

    /// The pair in one file is held, not narrowed (it is one element, not another).
    @Test(arguments: contexts.indices, orders)
    func aLongerBindingOfAnotherNameOfTheElementHoldsTheShorterOne(pair: Int, roles: [String]) throws {
        let (shorter, longer) = Self.contexts[pair]
        let result = Importer.run(Self.oneFile(shorter, longer), format: .zed, platform: .linux)
        #expect(result.report?.approximations[LaterWins.zedShorterOnTimeout] == nil)
        #expect(try Self.performed(result, roles: roles) == Self.zed)
    }

    /// The user's layer over vim.json over the defaults (as min1.json over Zed's vim.json).
    @Test(arguments: contexts.indices, orders)
    func aLayersLongerBindingOfAnotherNameOfTheElementHoldsTheBasesShorterOne(pair: Int, roles: [String]) throws {
        let (shorter, longer) = Self.contexts[pair]
        let result = Importer.run(
            Self.input("keymap.json", "[\(Self.userSection(longer))]"), format: .zed,
            over: [Self.input("default.json", Self.defaults), Self.input("vim.json", "[\(Self.vimSection(shorter))]")],
            platform: .linux, writingBase: true)
        #expect(result.report?.approximations[LaterWins.zedShorterOnTimeout] == nil)
        #expect(try Self.performed(result, roles: roles) == Self.zed)
    }

    /// The copies say which element they stand for: the same one, not one further out.
    @Test func theCopiesSayTheyAreForTheSameElement() throws {
        let input = Self.oneFile("VimControl && !menu", "Editor && vim_mode == normal")
        let source = try #require(Importer.run(input, format: .zed, platform: .linux).source)
        #expect(source.contains("""
            in Editor {
              // line 1, VimControl's (the same Zed element), held here too: 'space' waits whichever role comes first
              @timeout space -> vim__WrappingRight when is VimControl && !is menu_ && !inside menu_ && vim_mode == "normal"
            }
            """), "\(source)")
        #expect(source.contains("""
              // line 1, Editor's (the same Zed element), so that 'space' here waits for it as in Zed
              space r -> editor__Rename when is Editor && vim_mode == "normal"
            """), "\(source)")
        #expect(!source.contains("the outer Editor's"))
    }
    /// A user's `space space` (VimControl) over vim's `space` in VimControl (normal mode) and
    /// in Editor (helix mode, as Zed's vim.json has it): the copy that holds the Editor one
    /// stands only where that one is live. Made wherever the user's binding is, it made Editor
    /// wait with nothing held in normal mode, ahead of VimControl's held `space` (a timeout and
    /// `space x` cancelled there with Editor listed first: two real users' files, `space
    /// space` and `b b`).
    @Test(arguments: orders)
    func aCopyHoldingAnotherNamesBindingStandsOnlyWhereThatOneIsLive(roles: [String]) throws {
        let vim = #"[{ "context": "VimControl && !menu", "bindings": { "space": "vim::WrappingRight", "x": "vim::DeleteRight" } }, "#
            + #"{ "context": "Editor && vim_mode == helix_normal", "bindings": { "space": "vim::HelixThing" } }]"#
        let user = #"[{ "context": "VimControl && !menu", "bindings": { "space space": "file_finder::Toggle" } }]"#
        let result = Importer.run(Self.input("keymap.json", user), format: .zed,
                                  over: [Self.input("default.json", Self.defaults), Self.input("vim.json", vim)],
                                  platform: .linux, writingBase: true)
        for (mode, held) in [("normal", "vim__WrappingRight"), ("helix_normal", "vim__HelixThing")] {
            let (editor, dispatcher, press) = try Self.session(result, roles: roles, mode: mode)
            #expect(try press("space").isPending)
            _ = try press("space")
            #expect(try press("space").isPending)
            _ = dispatcher.timeOut(firstResponder: editor)
            #expect(try press("space").isPending)
            _ = try press("x")
            #expect(editor.performed == ["file_finder__Toggle", held, held, "vim__DeleteRight"], "\(mode) \(roles)")
        }
    }

    /// A user's VimControl `space r`, then a later Editor `space` (an action or null), over
    /// vim's VimControl `space`: Zed ranks the later Editor `space` first at the editor's
    /// depth and `space r` is earlier than it, so `space` runs editor::Foo at once (or, under
    /// the null, runs nothing and waits for `space r`). vim's `space`, bound again `@timeout`
    /// to wait for `space r`, stood where the responder also plays Editor: with VimControl
    /// listed first it ran vim's `space` instead.
    @Test(arguments: ["\"editor::Foo\"", "null"], orders)
    func aHeldBaseBindingIsNotBoundAgainWhereAnotherNamesLaterBindingTakesItsKeys(later: String, roles: [String]) throws {
        let user = #"[{ "context": "VimControl && !menu", "bindings": { "space r": "editor::Rename" } }, "#
            + #"{ "context": "Editor", "bindings": { "space": \#(later) } }]"#
        // (vim.json's helix `space` gives the import its vim_mode.)
        let vim = "[\(Self.vimSection("VimControl && !menu")), "
            + #"{ "context": "Editor && vim_mode == helix_normal", "bindings": { "space": "vim::HelixThing" } }]"#
        let result = Importer.run(Self.input("keymap.json", user), format: .zed,
                                  over: [Self.input("default.json", Self.defaults), Self.input("vim.json", vim)],
                                  platform: .linux, writingBase: true)
        let (editor, dispatcher, press) = try Self.session(result, roles: roles, mode: "normal")
        if later == "null" {
            #expect(try press("space").isPending)
            _ = dispatcher.timeOut(firstResponder: editor)
            #expect(try press("space").isPending)
            #expect(try press("x").isCancelled)
            #expect(try press("space").isPending)
            _ = try press("r")
            #expect(editor.performed == ["editor__Rename"], "\(roles)")
        } else {
            #expect(try press("space").performedAction != nil)
            _ = try press("x")
            #expect(try press("space").performedAction != nil)
            #expect(try press("r").isUnhandled)
            #expect(editor.performed == ["editor__Foo", "vim__DeleteRight", "editor__Foo"], "\(roles)")
        }
    }
}
