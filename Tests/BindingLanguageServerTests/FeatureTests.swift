import BindingLang
import BindingRuntime
import BindingLanguageServer
import Testing

/// The sample every feature test opens. Lines (0-based):
let sample = """
    context mode: normal | insert
    context loggedIn: Bool
    responder Editor, App
    action search
    action selectTab(Int)
    in Editor {
      group "Tabs" {
        cmd+1 -> selectTab(1) "One"
      }
      cmd+k -> search when mode == insert
    }
    in App when loggedIn {
      cmd+k -> copy
    }
    menu "File" {
      "Find" cmd+f -> search
    }
    shortcut "com.x.search" {
      title "Search"
      icon search
    }

    """

@Suite struct NavigationTests {
    @Test func definitionOfAContextARoleAnActionAndACase() {
        var h = ServerHarness()
        h.open(sample)
        func definition(_ l: Int, _ c: Int) -> [JSONValue] {
            h.result("textDocument/definition", ServerHarness.at(l, c)).arrayValue ?? []
        }
        #expect(definition(9, 24) == [Location(uri: ServerHarness.uri, range: Range(json: range(0, 8, 0, 12))!).json])
        #expect(definition(11, 4).first?["range"] == range(2, 18, 2, 21))  // App
        #expect(definition(9, 12).first?["range"] == range(3, 7, 3, 13))  // search
        #expect(definition(9, 32).first?["range"] == range(0, 23, 0, 29))  // insert
        #expect(definition(12, 12) == [])  // copy: a standard action has no declaration
        #expect(definition(6, 10) == [])  // inside a string
    }

    @Test func referencesWithAndWithoutTheDeclaration() {
        var h = ServerHarness()
        h.open(sample)
        let all = h.result("textDocument/references", .object([
            ("textDocument", .object([("uri", .string(ServerHarness.uri))])),
            ("position", Position(line: 3, character: 9).json),
            ("context", .object([("includeDeclaration", .bool(true))])),
        ]))
        #expect(all.arrayValue?.map { $0["range"] } == [range(3, 7, 3, 13), range(9, 11, 9, 17), range(15, 18, 15, 24)])
        let uses = h.result("textDocument/references", .object([
            ("textDocument", .object([("uri", .string(ServerHarness.uri))])),
            ("position", Position(line: 15, character: 20).json),
            ("context", .object([("includeDeclaration", .bool(false))])),
        ]))
        #expect(uses.arrayValue?.map { $0["range"] } == [range(9, 11, 9, 17), range(15, 18, 15, 24)])
    }

    @Test func renameEditsEveryOccurrence() {
        var h = ServerHarness()
        h.open(sample)
        let prepared = h.result("textDocument/prepareRename", ServerHarness.at(1, 10))
        #expect(prepared == .object([("range", range(1, 8, 1, 16)), ("placeholder", .string("loggedIn"))]))
        var params = ServerHarness.at(11, 14)
        params = params.appending("newName", .string("signedIn"))
        let edit = h.result("textDocument/rename", params)
        #expect(edit == .object([("changes", .object([(ServerHarness.uri, .array([
            TextEdit(range: Range(json: range(1, 8, 1, 16))!, newText: "signedIn").json,
            TextEdit(range: Range(json: range(11, 12, 11, 20))!, newText: "signedIn").json,
        ]))]))]))
    }

    @Test func renameRefusesStandardActionsBadNamesAndClashes() {
        var h = ServerHarness()
        h.open(sample)
        #expect(h.request("textDocument/prepareRename", ServerHarness.at(12, 12))["error"]?["message"]
            == .string("'copy' is a standard action and cannot be renamed"))
        #expect(h.request("textDocument/rename", ServerHarness.at(3, 8).appending("newName", .string("1x")))["error"]?["message"]
            == .string("'1x' is not a valid name"))
        #expect(h.request("textDocument/rename", ServerHarness.at(3, 8).appending("newName", .string("selectTab")))["error"]?["message"]
            == .string("action 'selectTab' already exists"))
    }
}

@Suite struct HoverTests {
    func hover(_ h: inout ServerHarness, _ l: Int, _ c: Int) -> String? {
        h.result("textDocument/hover", ServerHarness.at(l, c))["contents"]?["value"]?.stringValue
    }

    @Test func anAttributeSaysWhatItAsksFor() {
        var h = ServerHarness()
        h.open("responder Editor\naction a\nin Editor {\n  @priority @noRemapping ctrl+\"[\" -> a\n}\n")
        #expect(hover(&h, 3, 15)?.hasPrefix("attribute `@noRemapping`: the system keeps this shortcut as written on every keyboard layout") == true)
        #expect(h.result("textDocument/hover", ServerHarness.at(3, 13))["range"] == range(3, 12, 3, 24))
        #expect(hover(&h, 3, 2)?.hasPrefix("attribute `@priority`: the key goes to this command before") == true)
    }

    @Test func aChordListsEveryBindingOfItsSequence() {
        var h = ServerHarness()
        h.open(sample)
        #expect(hover(&h, 9, 3) == """
            **⌘K**  Cmd+K

            2 bindings of this sequence:

            - in `Editor`: `search` when `mode == insert` (line 10) — live
            - in `App`: `copy` when `loggedIn` (line 13) — live
            """)
        #expect(h.result("textDocument/hover", ServerHarness.at(9, 3))["range"] == range(9, 2, 9, 7))
        #expect(hover(&h, 15, 10)?.hasPrefix("**⌘F**  Cmd+F\n\n1 binding of this sequence:\n\n- menu item \"Find\": `search`") == true)
    }

    @Test func aBindingThatCanNeverBeChosenSaysSo() {
        var h = ServerHarness()
        h.open("context a: Bool\nresponder R\nin R {\n  cmd+k -> copy when a && !a\n}\n")
        #expect(hover(&h, 3, 2)?.hasSuffix("— never chosen: its condition is never true") == true)
    }

    @Test func anActionCountsEveryMenuItemAsAUse() {
        var h = ServerHarness()
        h.open("""
            responder Editor
            action search
            in Editor {
              cmd+k -> search
            }
            menu "Edit" {
              "Find" cmd+f -> search
              "Find Again" -> search
            }
            menu edit {
              "Search" -> search
            }

            """)
        #expect(hover(&h, 1, 9) == """
            action `search`

            declared at line 2

            4 uses:

            - `cmd+k` in `Editor` (line 4)
            - `cmd+f` menu item "Find" (line 7)
            - menu item "Find Again" (line 8)
            - edit menu item "Search" (line 11)
            """)
    }

    @Test func namesDescribeThemselves() {
        var h = ServerHarness()
        h.open(sample)
        #expect(hover(&h, 9, 23) == "context `mode`: `normal | insert`\n\ndeclared at line 1")
        #expect(hover(&h, 5, 4) == "responder role `Editor`\n\ndeclared at line 3\n\n2 bindings")
        #expect(hover(&h, 7, 15) == """
            action `selectTab(Int)`

            declared at line 5

            1 use:

            - `cmd+1` in `Editor` (line 8)
            """)
        #expect(hover(&h, 12, 12)?.hasPrefix("action `copy`\n\nstandard action (predeclared, no argument)\n\n1 use:") == true)
        #expect(hover(&h, 9, 32) == "case `insert` of context `mode`\n\ndeclared at line 1")
        #expect(h.result("textDocument/hover", ServerHarness.at(19, 0)) == .null)
    }

    /// A declaration's comments (the `//` lines right above it and one after it on its line)
    /// are its documentation on hover; a blank line, another declaration's trailing comment
    /// and a block comment are not.
    @Test func namesShowTheCommentsOfTheirDeclaration() {
        var h = ServerHarness()
        h.open("""
            context unrelated: Bool // about unrelated

            // Whether the document is dark.
            //   Follows the system.
            context dark: Bool // set by the app
            context plain: Bool
            /* block */
            responder Editor
            // runs the formatter
            action format
            in Editor {
              cmd+k -> format when dark && plain
            }
            """)
        #expect(hover(&h, 11, 23) == "context `dark`: `Bool`\n\ndeclared at line 5\n\nWhether the document is dark.\n\nFollows the system.\n\nset by the app")
        #expect(hover(&h, 11, 31) == "context `plain`: `Bool`\n\ndeclared at line 6")
        #expect(hover(&h, 11, 12)?.hasPrefix("action `format`\n\ndeclared at line 10\n\nruns the formatter\n\n1 use:") == true)
        #expect(hover(&h, 10, 5) == "responder role `Editor`\n\ndeclared at line 8\n\n1 binding")
    }
}

@Suite struct CompletionTests {
    /// Opens `text` with the cursor at `‸` and returns the completion labels there.
    func complete(_ text: String) -> [String] {
        let parts = text.split(separator: "‸", maxSplits: 1, omittingEmptySubsequences: false)
        let before = String(parts[0]), full = before + String(parts[1])
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        var h = ServerHarness()
        h.open(full)
        return labels(h.result("textDocument/completion", ServerHarness.at(lines.count - 1, lines.last!.utf16.count)))
    }

    let head = "context mode: normal | insert\ncontext on: Bool\nresponder Editor, App\naction search\n"

    @Test func declarationKeywordsAtTheStartOfATopLevelLine() {
        #expect(complete(head + "‸") == ["layer", "keymap", "context", "responder", "action", "in", "menu", "shortcut"])
        #expect(complete(head + "res‸") == ["layer", "keymap", "context", "responder", "action", "in", "menu", "shortcut"])
    }

    @Test func rolesAfterIn() {
        #expect(complete(head + "in ‸") == ["Editor", "App"])
        #expect(complete(head + "in Ed‸") == ["Editor", "App"])
        #expect(complete(head + "in Editor ‸") == ["when"])
    }

    @Test func actionsAfterTheArrowWithArgumentTypes() throws {
        var h = ServerHarness()
        h.open(head + "action tab(Int)\nin Editor {\n  cmd+k -> \n}\n")
        let items = h.result("textDocument/completion", ServerHarness.at(6, 11))["items"]?.arrayValue ?? []
        #expect(items.prefix(3) == [
            CompletionItem("search", .function, detail: "action").json,
            CompletionItem("tab", .function, detail: "action(Int)").json,
            CompletionItem("cut", .function, detail: "standard action").json,
        ])
        #expect(items.count == 2 + StandardActions.all.count)
    }

    @Test func contextsInConditionsAndCasesAfterComparisons() {
        let operands = ["mode", "on", "platform", "is", "inside"]
        #expect(complete(head + "in Editor when ‸") == operands)
        #expect(complete(head + "in Editor {\n  cmd+k -> search when on && ‸\n}") == operands)
        #expect(complete(head + "in Editor {\n  cmd+k -> search when mode == ‸\n}") == ["normal", "insert"])
        #expect(complete(head + "in Editor {\n  cmd+k -> search when mode != ins‸\n}") == ["normal", "insert"])
        #expect(complete(head + "in Editor {\n  cmd+k -> search when mode in (normal, ‸\n}") == ["normal", "insert"])
        #expect(complete(head + "in Editor {\n  cmd+k -> search when on == ‸\n}") == ["true", "false"])
        #expect(complete(head + "in Editor {\n  cmd+k -> search ‸\n}") == ["when"])
    }

    @Test func theBuiltInPlatformItsNamesAndRolesAfterIsAndInside() {
        let platforms = ["macOS", "iPadOS", "windows", "linux"]
        #expect(complete(head + "in Editor {\n  cmd+k -> search when platform == ‸\n}") == platforms)
        #expect(complete(head + "in Editor {\n  cmd+k -> search when platform != mac‸\n}") == platforms)
        #expect(complete(head + "in Editor {\n  cmd+k -> search when platform in (linux, ‸\n}") == platforms)
        #expect(complete(head + "in Editor {\n  cmd+k -> search when is ‸\n}") == ["Editor", "App"])
        #expect(complete(head + "in Editor {\n  cmd+k -> search when on && !inside ‸\n}") == ["Editor", "App"])
        #expect(complete(head + "in Editor when (inside ‸") == ["Editor", "App"])
        #expect(complete(head + "in Editor {\n  cmd+k -> search when (‸\n}") == ["mode", "on", "platform", "is", "inside"])
    }

    @Test func modifiersAndKeysInChords() {
        let parts = complete(head + "in Editor {\n  cmd+‸\n}")
        #expect(parts.prefix(7) == ["ctrl", "alt", "shift", "cmd", "capsLock", "numpad", "primary"])
        #expect(parts.contains("escape") && parts.contains("f12") && parts.contains("bracketLeft") && parts.contains("k"))
        let lineStart = complete(head + "in Editor {\n  ‸\n}")
        #expect(lineStart.prefix(3) == ["group", "unbind", "ctrl"])
    }

    @Test func typesFieldsIconsAndMenus() {
        #expect(complete("context x: ‸") == ["Bool", "String"])
        #expect(complete("action x(‸") == ["Int", "String", "Bool"])
        #expect(complete("menu ‸") == ["edit"])
        #expect(complete("layer ‸") == ["over"])
        #expect(complete("keymap \"K\" ‸") == ["for"])
        let allowances = ["untypable", "needsAltGr", "needsShift", "deadKey", "collision", "ctrlAltIsAltGr"] + KeyboardLayout.all.map(\.id)
        let block = "responder Editor\naction go\nin Editor {\n  "
        #expect(complete(block + "@allowLayouts(‸\n}") == allowances)
        #expect(complete(block + "@allowLayouts(needsAltGr, ‸\n}") == allowances)
        #expect(complete(block + "@allowLayouts(de, fr-m‸\n}") == allowances)
        #expect(complete(block + "@allowLayouts(de) ctrl+‸\n}").contains("shift"))
        #expect(complete("keymap \"K\" for ‸") == ["macOS", "iPadOS", "windows", "linux"])
        #expect(complete("keymap \"K\" for li‸") == ["macOS", "iPadOS", "windows", "linux"])
        #expect(complete("keymap \"K\" for linux, ‸") == ["macOS", "iPadOS", "windows", "linux"])
        #expect(complete("shortcut \"t\" {\n  ‸\n}") == ["title", "subtitle", "icon", "iconFile", "userInfo"])
        #expect(complete("shortcut \"t\" {\n  icon ‸\n}") == QuickActionIcons.all)
        #expect(complete("menu \"File\" {\n  ‸\n}") == ["menu", "separator"])
    }

    /// A layout id holds `-`, which clients do not count as a word character: each item of
    /// `@allowLayouts(…)` replaces the whole id typed so far (accepting `fr-mac` after `fr-`
    /// gave `fr-fr-mac`).
    @Test func layoutIDsReplaceTheWholeIDTyped() throws {
        let block = "responder Editor\naction go\nin Editor {\n  "
        for (typed, start) in [("@allowLayouts(de, fr-", 20), ("@allowLayouts(ch-de-w", 16), ("@allowLayouts(", 16), ("@allowLayouts(de,fr-m", 19)] {
            var h = ServerHarness()
            h.open(block + typed + ") cmd+k -> go\n}\n")
            let end = 2 + typed.utf16.count
            let items = h.result("textDocument/completion", ServerHarness.at(3, end))["items"]?.arrayValue ?? []
            let item = try #require(items.first { $0["label"] == .string("fr-mac") })
            #expect(item["textEdit"] == TextEdit(
                range: Range(start: Position(line: 3, character: start), end: Position(line: 3, character: end)), newText: "fr-mac").json)
            #expect(items.allSatisfy { $0["textEdit"]?["range"] == item["textEdit"]?["range"] })
        }
    }

    /// The edit menu holds items only (Grammar.md §7.1): no `menu` or `separator` offered in
    /// it, as they are in other menus.
    @Test func theEditMenuOffersNoSeparatorOrSubmenu() {
        #expect(complete("menu edit {\n  ‸\n}") == [])
        #expect(complete("menu edit {\n  \"Copy\" -> copy\n  ‸\n}") == [])
        #expect(complete("menu edit { \"Copy\" -> copy }\nmenu \"File\" {\n  ‸\n}") == ["menu", "separator"])
        #expect(complete("menu \"File\" {\n  menu \"Recent\" {\n    ‸\n  }\n}") == ["menu", "separator"])
    }

    /// Newlines are white space before a body's `{` (Grammar.md §1): a `menu`, `shortcut`,
    /// `group` or block whose brace starts the next line holds what it holds on one line.
    @Test func aBraceOnItsOwnLineOpensTheSameBody() {
        #expect(complete("menu \"File\"\n{\n  ‸\n}") == ["menu", "separator"])
        #expect(complete("menu edit\n{\n  ‸\n}") == [])
        #expect(complete("menu\n  \"File\"\n\n{\n  ‸\n}") == ["menu", "separator"])
        #expect(complete("menu \"File\" {\n  menu \"Recent\"\n  {\n    ‸\n  }\n}") == ["menu", "separator"])
        #expect(complete("shortcut \"com.x.y\"\n{\n  ‸\n}") == ["title", "subtitle", "icon", "iconFile", "userInfo"])
        #expect(complete("shortcut \"com.x.y\"\n{\n  userInfo\n  {\n    ‸\n  }\n}") == [])
        #expect(complete(head + "in Editor when on ||\n  !on\n{\n  ‸\n}").contains("unbind"))
        #expect(complete(head + "in Editor {\n  group \"G\"\n  {\n    ‸\n  }\n}").contains("unbind"))
        #expect(complete(head + "menu \"File\" { \"Find\" -> search }\nin Editor\n{\n  ‸\n}").contains("unbind"))
    }

    @Test func attributesAfterTheAt() {
        let all = ["priority", "allowReserved", "repeat", "timeout", "allowLayouts", "noRemapping", "noMirroring"]
        #expect(complete(head + "in Editor {\n  @‸\n}") == all)
        #expect(complete(head + "in Editor {\n  @noR‸ cmd+k -> search\n}") == all)
        #expect(complete(head + "in Editor {\n  @priority @‸\n}") == all)
    }

    @Test func nothingInsideStringsAndComments() {
        #expect(complete(head + "in Editor {\n  cmd+k -> search \"Fi‸nd\"\n}") == [])
        #expect(complete(head + "// a comm‸ent\n") == [])
    }
}
