import BindingLang
import BindingLanguageServer
import Testing

@Suite struct DocumentSymbolTests {
    @Test func outlineOfBlocksGroupsMenusAndShortcuts() {
        var h = ServerHarness()
        h.open(sample)
        let symbols = h.result("textDocument/documentSymbol", ServerHarness.document()).arrayValue ?? []
        func outline(_ s: [JSONValue], _ depth: Int = 0) -> [String] {
            s.flatMap { item -> [String] in
                let line = String(repeating: "  ", count: depth) + (item["name"]?.stringValue ?? "?")
                    + (item["detail"]?.stringValue.map { " (\($0))" } ?? "")
                return [line] + outline(item["children"]?.arrayValue ?? [], depth + 1)
            }
        }
        #expect(outline(symbols) == [
            "mode (normal | insert)", "loggedIn (Bool)", "Editor (responder role)", "App (responder role)",
            "search", "selectTab ((Int))",
            "in Editor", "  Tabs (group)", "    cmd+1 (-> selectTab(1) \"One\")", "  cmd+k (-> search)",
            "in App (when loggedIn)", "  cmd+k (-> copy)",
            "File (menu)", "  Find (cmd+f -> search)",
            "com.x.search (shortcut)", "  title", "  icon",
        ])
        #expect(symbols[6]["range"] == range(5, 0, 10, 1))
        #expect(symbols[6]["selectionRange"] == range(5, 3, 5, 9))
        #expect(symbols[6]["kind"]?.intValue == 3)
    }
}

@Suite struct FormattingTests {
    @Test func formattingIsExactlyBindcFmt() throws {
        let text = "responder   Editor\nin Editor{\ncmd+k->copy\n   option+command+f -> find \"Find\"\n}\n"
        var h = ServerHarness()
        h.open(text)
        let edits = h.result("textDocument/formatting", ServerHarness.document()
            .appending("options", .object([("tabSize", .int(2)), ("insertSpaces", .bool(true))])))
        guard case .success(let formatted) = Formatter.format(SourceFile(path: "a", text: text), file: FileID(0)) else {
            Issue.record("sample does not format")
            return
        }
        #expect(edits == .array([TextEdit(range: Range(json: range(0, 0, 5, 0))!, newText: formatted).json]))
        #expect(formatted == "responder Editor\nin Editor {\n  cmd+k     -> copy\n  alt+cmd+f -> find \"Find\"\n}\n")
        // Formatted text needs no edit.
        var formattedHarness = ServerHarness()
        formattedHarness.open(formatted)
        #expect(formattedHarness.result("textDocument/formatting", ServerHarness.document()) == .array([]))
    }

    @Test func aFileWithSyntaxErrorsIsNotFormatted() {
        var h = ServerHarness()
        h.open("responder Editor\nin Editor {\n  cmd+k -> \n}\n")
        let error = h.request("textDocument/formatting", ServerHarness.document())["error"]
        #expect(error?["code"]?.intValue == -32803)
        #expect(error?["message"]?.stringValue?.hasPrefix("cannot format a file with syntax errors (line 3: expected") == true)
    }
}

@Suite struct CodeActionTests {
    @Test func everyFixItBecomesAQuickFix() {
        var h = ServerHarness()
        h.open("context on: Bol\nresponder Editor\nin Editor {\n  cmd+shft+k -> serch\n}\naction search\n")
        let params: JSONValue = .object([
            ("textDocument", .object([("uri", .string(ServerHarness.uri))])), ("range", range(0, 0, 5, 0)),
            ("context", .object([("diagnostics", .array([]))])),
        ])
        let actions = h.result("textDocument/codeAction", params).arrayValue ?? []
        #expect(actions.map { $0["title"]?.stringValue } == [
            "Replace 'Bol' with 'Bool'", "Replace 'shft' with 'shift'", "Replace 'serch' with 'search'",
        ])
        #expect(actions[2]["edit"] == WorkspaceEdit.single(ServerHarness.uri, range(3, 16, 3, 21), "search"))
        #expect(actions[2]["kind"] == .string("quickfix"))
        #expect(actions[2]["diagnostics"]?.arrayValue?.first?["message"] == .string("unknown action 'serch'; did you mean 'search'?"))
        // Only the fixes of diagnostics touching the requested range.
        let narrow = h.result("textDocument/codeAction", .object([
            ("textDocument", .object([("uri", .string(ServerHarness.uri))])), ("range", range(3, 7, 3, 7)),
        ]))
        #expect(narrow.arrayValue?.map { $0["title"]?.stringValue } == ["Replace 'shft' with 'shift'"])
    }
}

@Suite struct SemanticTokenTests {
    /// A block comment over several lines is one token per line, none counting the line end
    /// (`\r\n`, `\r` or `\n`).
    @Test(arguments: ["\r\n", "\r", "\n"])
    func blockCommentPiecesStopAtTheLineEnd(_ end: String) {
        var h = ServerHarness()
        h.open("/* ab" + end + "cd" + end + "ef */" + end + "responder Editor" + end)
        let data = h.result("textDocument/semanticTokens/full", ServerHarness.document())["data"]?.arrayValue?.compactMap(\.intValue) ?? []
        #expect(Array(data.prefix(15)) == [0, 0, 5, 7, 0, 1, 0, 2, 7, 0, 1, 0, 5, 7, 0], "\(data)")
    }

    @Test func tokensAreClassifiedByMeaning() {
        var h = ServerHarness()
        h.open("context on: Bool // c\nresponder R\nin R {\n  cmd+é -> copy when !on\n}\n")
        let data = h.result("textDocument/semanticTokens/full", ServerHarness.document())["data"]?.arrayValue?.compactMap(\.intValue) ?? []
        // (line delta, start delta, length, type, modifiers); types: 0 keyword, 1 variable,
        // 2 class, 3 function, 7 comment, 8 operator, 9 event (a chord part).
        #expect(data == [
            0, 0, 7, 0, 0,  // context
            0, 8, 2, 1, 1,  // on (declaration)
            0, 4, 4, 0, 0,  // Bool
            0, 5, 4, 7, 0,  // // c
            1, 0, 9, 0, 0,  // responder
            0, 10, 1, 2, 1,  // R (declaration)
            1, 0, 2, 0, 0,  // in
            0, 3, 1, 2, 0,  // R
            1, 2, 3, 9, 0,  // cmd
            0, 4, 1, 9, 0,  // é: one UTF-16 unit
            0, 2, 2, 8, 0,  // ->
            0, 3, 4, 3, 0,  // copy
            0, 5, 4, 0, 0,  // when
            0, 5, 1, 8, 0,  // !
            0, 1, 2, 1, 0,  // on
        ])
    }
}

extension WorkspaceEdit {
    /// One edit as JSON, for comparisons.
    static func single(_ uri: String, _ range: JSONValue, _ text: String) -> JSONValue {
        var edit = WorkspaceEdit()
        edit.add(TextEdit(range: Range(json: range)!, newText: text), to: uri)
        return edit.json
    }
}
