import Foundation
import Testing

/// `bindc explain` on the built binary.
@Suite struct ExplainCommandTests {
    let bindc: BindcRunner
    init() throws {
        bindc = try BindcRunner()
        try bindc.write("editor.bind", Fixtures.editor)
    }

    @Test func chosenBindingPerformerAndLosers() throws {
        let r = try bindc.run([
            "explain", "editor.bind", "--chain", "TextView,Editor,Window,App", "--keys", "ctrl+k ctrl+c",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("ctrl+k ctrl+c: performed commentLine on TextView\n"))
        #expect(r.stdout.contains("  chosen  in Editor  ctrl+k ctrl+c -> commentLine \"Comment Line\"  (editor.bind:20:3)\n"))
        #expect(r.stdout.contains("  lost    in Window  ctrl+k ctrl+c -> search \"Search Window\"  (editor.bind:33:3)\n          a nearer role was chosen: Editor at editor.bind:20:3\n"))
    }

    /// A responder playing several roles (`Editor+VimControl`, one Zed element): `is`
    /// conditions of an imported keymap can hold, and a refusal of one role is the responder's.
    @Test func aResponderPlaysTheRolesJoinedByPlus() throws {
        try bindc.write("vim.bind", """
            responder Editor, VimControl, Pane
            action a
            action b
            in Editor {
              ctrl+h -> a when !is VimControl
              ctrl+h -> b when is VimControl
            }
            """)
        let both = try bindc.run(["explain", "vim.bind", "--chain", "Editor+VimControl, Pane", "--keys", "ctrl+h"])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.stdout.hasPrefix("chain: Editor+VimControl > Pane\n"), "\(both.stdout)")
        #expect(both.stdout.contains("ctrl+h: performed b on Editor+VimControl\n"), "\(both.stdout)")
        let alone = try bindc.run(["explain", "vim.bind", "--chain", "Editor,Pane", "--keys", "ctrl+h"])
        #expect(alone.stdout.contains("ctrl+h: performed a on Editor\n"), "\(alone.stdout)")
        let refused = try bindc.run(["explain", "vim.bind", "--chain", "Editor+VimControl", "--cannot-perform", "VimControl:b", "--keys", "ctrl+h"])
        #expect(!refused.stdout.contains("performed b"), "\(refused.stdout)")
        let unknown = try bindc.run(["explain", "vim.bind", "--chain", "Editor+VimControll", "--keys", "ctrl+h"])
        #expect(unknown.status == 2 && unknown.stderr.contains("VimControl"), "\(unknown.stderr)")
    }

    @Test func conditionPartThatIsFalse() throws {
        let r = try bindc.run([
            "explain", "editor.bind", "--set", "mode=insert", "--set", "readOnly=true", "--keys", "cmd+b",
        ])
        #expect(r.status == 0)
        #expect(r.stdout.contains("context: loggedIn = false, readOnly = true, mode = insert\n"))
        #expect(r.stdout.contains("cmd+b: unhandled"))
        #expect(r.stdout.contains("its condition is false: `!readOnly` (readOnly is true)"))
    }

    /// A keymap with hundreds of contexts (an imported editor keymap) gets a readable state
    /// line: the values set, and how many others keep their initial values.
    @Test func manyContextsListOnlyTheValuesSet() throws {
        let names = (0..<40).map { "flag\($0)" }
        let source = "keymap \"Big\"\n" + names.map { "context \($0): Bool\n" }.joined()
            + "context lang: String\nresponder Editor\naction save\nin Editor {\n  cmd+s -> save when flag3 && lang == \"swift\"\n}\n"
        try bindc.write("big.bind", source)
        let set = try bindc.run(["explain", "big.bind", "--set", "flag3=true", "--set", "lang=swift", "--keys", "cmd+s"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.hasPrefix("chain: Editor\ncontext: flag3 = true, lang = \"swift\"; the other 39 at their initial values (false, \"\", each enumeration's first case)\n"), "\(set.stdout)")
        #expect(set.stdout.contains("cmd+s: performed save on Editor"))
        let none = try bindc.run(["explain", "big.bind", "--keys", "cmd+s"])
        #expect(none.stdout.hasPrefix("chain: Editor\ncontext: all 41 at their initial values (false, \"\", each enumeration's first case)\n"), "\(none.stdout)")
        // Beside a false condition part, the value is still named.
        #expect(none.stdout.contains("(flag3 is false"), "\(none.stdout)")
    }

    @Test func pendingListsTheNextStrokes() throws {
        let r = try bindc.run(["explain", "editor.bind", "--keys", "ctrl+k"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("ctrl+k: pending: "))
        #expect(r.stdout.contains("  next strokes:\n    ctrl+c  ⌃C  -> commentLine \"Comment Line\"\n"))
    }

    @Test func prefixThatAlreadyDecides() throws {
        let r = try bindc.run(["explain", "editor.bind", "--keys", "cmd+1 ctrl+c"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("cmd+1 ctrl+c: never reached: 'cmd+1' already performs selectTab(1)"))
        // The JSON names that binding as the text does: its action, argument and place.
        let json = try bindc.run(["explain", "editor.bind", "--json", "--keys", "cmd+1 ctrl+c"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let outcome = try #require((object["explanation"] as? [String: Any])?["outcome"] as? [String: Any])
        #expect(outcome["kind"] as? String == "blockedAtPrefix" && outcome["prefix"] as? String == "cmd+1")
        #expect(outcome["action"] as? String == "selectTab" && outcome["argument"] as? Int == 1)
        #expect((outcome["location"] as? [String: Any])?["path"] as? String == "editor.bind")
    }

    /// Each stroke is the press it makes on a keyboard (`--layout`, default US), named as the
    /// dispatcher names it: Ctrl+Shift+] is `ctrl+"}"`, and `h` reaches a `KeyH` binding.
    @Test func strokesArePressesOnAKeyboard() throws {
        try bindc.write("press.bind", """
            responder Editor
            action nextTab
            action left
            in Editor {
              ctrl+"}" -> nextTab
              KeyH -> left
            }
            """)
        for keys in [#"ctrl+shift+"]""#, "ctrl+shift+BracketRight"] {
            let r = try bindc.run(["explain", "press.bind", "--keys", keys])
            #expect(r.stdout.contains(#"ctrl+"}": performed nextTab on Editor"#), "\(keys): \(r.stdout)")
        }
        #expect(try bindc.run(["explain", "press.bind", "--keys", "h"]).stdout.contains("KeyH: performed left on Editor"))
        #expect(try bindc.run(["explain", "press.bind", "--keys", "h", "--layout", "ru"]).stdout.contains("KeyH: performed left on Editor"))
        let unknown = try bindc.run(["explain", "press.bind", "--keys", "h", "--layout", "dee"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown layout 'dee'; did you mean 'de'?"))
        // One keyboard: the groups `layouts` takes are neither offered nor suggested.
        #expect(!unknown.stderr.contains("or all, macos"), "\(unknown.stderr)")
        #expect(try bindc.run(["explain", "press.bind", "--keys", "h", "--layout", "al"]).stderr.contains("did you mean 'all'") == false)
        let group = try bindc.run(["explain", "press.bind", "--keys", "h", "--layout", "macos"])
        #expect(group.status == 2 && group.stderr.contains("--layout takes one layout id, not 'macos'"))
    }

    /// A dead key is pressed as `bindc layouts` presses it and named by its accent (Grammar.md
    /// §5): on a German keyboard `ctrl+"^"` is not the US `` ` `` key's binding; and a stroke no
    /// key of the layout types is said to be so, not explained as some other press.
    @Test func deadKeysAndUntypableStrokesOnALayout() throws {
        try bindc.write("dead.bind", """
            responder E
            action caret
            action terminal
            in E {
              ctrl+"^" -> caret
              ctrl+"`" -> terminal
              ctrl+"$" -> terminal
            }
            """)
        for layout in ["de", "de-win", "de-mac"] {
            let caret = try bindc.run(["explain", "dead.bind", "--layout", layout, "--keys", #"ctrl+"^""#])
            #expect(caret.stdout.contains(#"ctrl+"^": performed caret on E"#), "\(layout): \(caret.stdout)")
            let grave = try bindc.run(["explain", "dead.bind", "--layout", layout, "--keys", #"ctrl+"`""#])
            #expect(grave.stdout.contains(#"ctrl+"`": performed terminal on E"#), "\(layout): \(grave.stdout)")
        }
        let ru = try bindc.run(["explain", "dead.bind", "--layout", "ru", "--keys", #"ctrl+"$""#])
        #expect(ru.status == 2 && ru.stdout.isEmpty)
        #expect(ru.stderr.contains(#"invalid --keys 'ctrl+"$"': 'ctrl+"$"' cannot be pressed on layout 'ru' (Russian): no key types '$'"#), "\(ru.stderr)")
        let fr = try bindc.run(["explain", "dead.bind", "--layout", "fr", "--keys", "ctrl+shift+1"])
        #expect(fr.status == 2 && fr.stderr.contains("no key types '1' without Shift, so Shift cannot be added to it"))
    }

    @Test func roleNotInChain() throws {
        let r = try bindc.run(["explain", "editor.bind", "--chain", "Window,App", "--keys", "ctrl+k ctrl+c"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("performed search on Window\n"))
        #expect(r.stdout.contains("in Editor  ctrl+k ctrl+c -> commentLine \"Comment Line\"  (editor.bind:20:3)\n          no responder in the chain plays Editor\n"))
    }

    @Test func jsonForTools() throws {
        let r = try bindc.run([
            "explain", "editor.bind", "--json", "--set", "mode=insert", "--set", "readOnly=true", "--keys", "cmd+b",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect((object["context"] as? [String: Any])?["readOnly"] as? Bool == true)
        #expect((object["context"] as? [String: Any])?["mode"] as? String == "insert")
        let explanation = try #require(object["explanation"] as? [String: Any])
        #expect((explanation["outcome"] as? [String: Any])?["kind"] as? String == "unhandled")
        let binding = try #require((explanation["bindings"] as? [[String: Any]])?.first)
        #expect(binding["verdict"] as? String == "conditionFalse")
        let partLists = try #require(explanation["falsePartLists"] as? [[String]])
        #expect((binding["falseParts"] as? Int).map { partLists[$0] } == ["!readOnly"])
        let conditions = try #require(explanation["conditions"] as? [String])
        #expect((binding["condition"] as? Int).map { conditions[$0] } == "mode == insert && !readOnly")
        #expect(binding["action"] as? String == "toggleBoldface")

        let list = try bindc.run(["explain", "editor.bind", "--json", "--chain", "Editor"])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
        let titles = (listed["discoverability"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
        #expect(titles == ["Find…", "Comment Line", "Types", "Protocols", "New Tab"])
    }

    @Test func nobodyCanPerform() throws {
        let r = try bindc.run(["explain", "editor.bind", "--cannot-perform", "search", "--keys", "cmd+alt+f"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("no responder in the chain can perform search"))
    }

    @Test func discoverabilityWithoutKeys() throws {
        let r = try bindc.run(["explain", "editor.bind", "--set", "loggedIn=true", "--chain", "Editor"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("discoverability (6):\n"))
        #expect(r.stdout.contains("  GROUP  TITLE         KEYS   TEXT           ACTION\n"))
        #expect(r.stdout.contains("Profile       ⇧⌘P    Shift+Cmd+P    showProfile\n"))
        #expect(!r.stdout.contains("Bold"))
    }

    @Test func badStateIsAUsageErrorWithDidYouMean() throws {
        let a = try bindc.run(["explain", "editor.bind", "--set", "mode=insrt"])
        #expect(a.status == 2)
        #expect(a.stderr.contains("'mode' has no case 'insrt' (cases: normal, insert, visual); did you mean 'insert'?"))
        let b = try bindc.run(["explain", "editor.bind", "--set", "logedIn=true"])
        #expect(b.status == 2)
        #expect(b.stderr.contains("unknown context variable 'logedIn'; did you mean 'loggedIn'?"))
        let c = try bindc.run(["explain", "editor.bind", "--set", "loggedIn=yes"])
        #expect(c.status == 2)
        #expect(c.stderr.contains("'loggedIn' is a Bool; expected true or false"))
        let d = try bindc.run(["explain", "editor.bind", "--chain", "TextView,Edtor"])
        #expect(d.status == 2)
        #expect(d.stderr.contains("unknown role 'Edtor'; did you mean 'Editor'?"))
        let e = try bindc.run(["explain", "editor.bind", "--keys", "ctrl+kk"])
        #expect(e.status == 2)
        #expect(e.stderr.contains("invalid --keys 'ctrl+kk'"))
    }

    /// `--set platform=…` points to `--platform`: the built-in `platform` is the platform
    /// compiled for, not a context variable (Grammar.md §4.7).
    @Test func settingThePlatformPointsToThePlatformOption() throws {
        let r = try bindc.run(["explain", "editor.bind", "--set", "platform=linux", "--keys", "cmd+k"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("invalid --set 'platform=linux': 'platform' is not a context variable but the platform compiled for;"
            + " choose it with --platform (macos, ipados, windows or linux)"), "\(r.stderr)")
        #expect(!r.stderr.contains("unknown context variable"))
    }

    /// Issue 10, defect 4: `--keys` reads strokes with the language's parser, so quoted keys
    /// (as explain itself prints them) are accepted.
    @Test func quotedKeys() throws {
        try bindc.write("quoted.bind", "responder R\naction a\nin R {\n  \"[\" -> a\n  cmd+\"*\" -> a\n  \"]\" m -> a\n}\n")
        for keys in ["\"[\"", "cmd+\"*\"", "\"]\" m", "cmd+*"] {
            let r = try bindc.run(["explain", "quoted.bind", "--keys", keys])
            #expect(r.status == 0, "\(keys): \(r.stderr)")
            #expect(r.stdout.contains(": performed a on R\n"), "\(keys): \(r.stdout)")
        }
        let bad = try bindc.run(["explain", "quoted.bind", "--keys", "cmd+\"ab\""])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("invalid --keys 'cmd+\"ab\"': a quoted key must be exactly one character"), "\(bad.stderr)")
    }

    @Test func sourceErrorsExitOne() throws {
        try bindc.write("bad.bind", Fixtures.broken)
        let r = try bindc.run(["explain", "bad.bind", "--keys", "cmd+k"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("error: unknown action 'fo'"))
    }
}
