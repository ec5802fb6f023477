// The importer on small inputs: the JSONC reader and its positions, shape errors, later-wins
// rewriting, disabling entries, layers (the example Zed and VS Code layers compile over the
// corpus defaults), and the README's example.
@testable import BindingLang
import BindingRuntime
import Testing

private func run(_ text: String, _ format: ImportFormat, path: String = "keys.json", over base: Importer.Input? = nil) -> Importer.Result {
    Importer.run(Importer.Input(path: path, bytes: Array(text.utf8)), format: format, over: base)
}

private func rendered(_ result: Importer.Result) -> String {
    DiagnosticRenderer(colored: false).render(result.diagnostics, sources: result.sources)
}

@Suite struct JSONCParserTests {
    /// VS Code's reader passes over a missing `,` between items or members and a missing `]`
    /// or `}` at the end of the file and keeps every entry; strict mode (Zed, bindkit.json)
    /// does not.
    @Test func lenientModeReadsWhatVSCodeReads() throws {
        let text = "[\n  { \"key\": \"a\" \"command\": \"x\" }\n  { \"key\": \"b\", \"command\": \"y\" },\n  { \"key\": \"c\""
        let (doc, recovered) = try JSONCParser.parse(Array(text.utf8), lenient: true).get()
        guard case .array(let items) = doc.value else { Issue.record("not an array"); return }
        #expect(items.count == 3)
        #expect(items[0]["command"]?.string == "x" && items[2]["key"]?.string == "c")
        #expect(recovered.map(\.message) == ["missing ',' before this", "missing ',' before this",
                                             "missing '}' at the end of the file", "missing ']' at the end of the file"])
        #expect(throws: Never.self) { _ = try JSONCParser.parse(Array("[1 2]".utf8), lenient: true).get() }
        #expect(JSONCParser.parse(Array(text.utf8)).map { _ in 0 } == .failure(JSONCError(message: "expected ',' or '}' in object, found '\"'", offset: 17)))
        // Other mistakes still end it.
        #expect((try? JSONCParser.parse(Array("[1 }".utf8), lenient: true).get()) == nil)
        // A VS Code import reads them with warnings and converts every entry.
        let imported = run(text, .vscode)
        #expect(imported.report?.entries == 3)
        #expect(imported.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(imported.diagnostics.filter { $0.message.hasSuffix(", read as VS Code reads it") }.count == 4)
    }

    @Test func readsCommentsTrailingCommasAndPositions() throws {
        let text = "// c\n[ { \"a\": 1, /* x */ \"b\": [true, null, \"s\\u00e9\",], }, ]"
        let doc = try JSONCParser.parse(Array(text.utf8)).get()
        guard case .array(let items) = doc.value, case .object(let members) = items[0].value else {
            Issue.record("not an array of objects")
            return
        }
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members[0].value.value == .number("1"))
        #expect(members[0].keyRange == 9..<12)
        #expect(items[0]["b"]?.compactText == "[true,null,\"sé\"]")
    }

    @Test(arguments: [
        ("[1 2]", "expected ',' or ']' in array, found '2'", 3),
        ("{\"a\" 1}", "expected ':' after the member name, found '1'", 5),
        ("[\"abc", "unterminated string", 1),
        ("[01]", "malformed number", 1),
        ("[1] x", "unexpected text after the document", 4),
        ("[tru]", "expected a value, found 't'", 1),
        ("/* open", "unterminated comment", 0),
        ("[\"\\q\"]", "invalid escape '\\q' in string", 2),
        ("", "expected a value, found the end of the file", 0),
    ])
    func reportsTheFirstMistakeWhereItIs(text: String, message: String, offset: Int) {
        #expect(JSONCParser.parse(Array(text.utf8)) == .failure(JSONCError(message: message, offset: offset)))
    }

    /// An action or context named like a keyword gets a `_` (every word of `Keywords.all`:
    /// `for` was missing, and `"command": "for"` wrote `action for`, which reads as a keymap's
    /// `for` in some places).
    @Test func namesLikeKeywordsAreEscaped() throws {
        for word in Keywords.all {
            let result = run(#"[{ "key": "ctrl+a", "command": "\#(word)" }]"#, .vscode)
            let source = try #require(result.source, "\(word)")
            #expect(source.contains("action \(word)_ // VS Code's \(word)\n"), "\(word): \(source)")
        }
    }

    @Test func depthIsLimitedWithoutTrapping() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(JSONCParser.parse(Array(deep.utf8)) == .failure(JSONCError(message: "nested too deeply", offset: JSONCParser.maxDepth)))
    }

    @Test func everyTruncationOfTheExamplesIsAnErrorOrAValueNeverATrap() throws {
        for name in ["keybindings.json", "vim-like.json"] {
            let bytes = try InputFile.read(CorpusLocation.repositoryRoot + "/Examples/Import/" + name)
            for n in 0..<bytes.count {
                let result = Importer.run(Importer.Input(path: name, bytes: Array(bytes[0..<n])), format: name.hasPrefix("vim") ? .zed : .vscode)
                #expect(result.source != nil || result.hasErrors)
            }
        }
    }
}

@Suite struct ImporterTests {
    @Test func malformedInputIsAPositionedError() {
        let result = run("[\n  { \"key\": \"cmd+k\" \"command\": \"x\" }\n]\n", .zed)
        #expect(result.source == nil)
        #expect(rendered(result).hasPrefix("keys.json:2:20: error: expected ',' or '}' in object, found '\"'\n"))
        // VS Code reads past a missing ',' (with a warning), not past a stray character.
        let vscode = run("[\n  { \"key\": \"cmd+k\", \"command\": \"x\" ]\n]\n", .vscode)
        #expect(vscode.source == nil)
        #expect(rendered(vscode).hasPrefix("keys.json:2:36: error: expected ',' or '}' in object, found ']'\n"))
    }

    @Test func wrongShapesAndUnknownKeysAreErrorsWithSuggestions() throws {
        // VS Code reads each entry on its own: one it binds nothing for is left out with a
        // warning, and the rest are converted (users keep `{ "group": … }` separators).
        let vscode = run("""
            [{ "key": "cmd+k", "comand": "x" }, { "key": 3, "command": "y" }, 7, { "group": "Navigation" },
             { "key": "ctrl+h", "command": "left", "when": true }, { "key": "ctrl+j", "command": "down" }]
            """, .vscode)
        let leftOut = "; the entry is left out, as VS Code binds nothing for it"
        #expect(vscode.diagnostics.map { "\($0.severity) \($0.message)" } == [
            "warning keybinding has no \"command\"" + leftOut,
            "warning unknown key 'comand' in a keybinding, ignored as VS Code ignores it; did you mean 'command'?",
            "warning \"key\" must be a string, not a number" + leftOut,
            "warning a keybinding is an object with \"key\" and \"command\", not a number" + leftOut,
            "warning keybinding has no \"key\"" + leftOut,
            "warning keybinding has no \"command\"" + leftOut,
            "warning unknown key 'group' in a keybinding, ignored as VS Code ignores it",
            "warning \"when\" must be a string, not a Boolean; ignored as VS Code ignores it, so the entry applies everywhere",
        ])
        let converted = try #require(vscode.source)
        #expect(converted.contains("ctrl+h -> left\n") && converted.contains("ctrl+j -> down\n"))
        // They are entries the report counts and the output places, as every other left out.
        #expect(vscode.report?.entries == 6)
        #expect(vscode.report?.leftOut == [
            "not a keybinding VS Code binds: no \"command\" string": 1, "not a keybinding VS Code binds: no \"key\" string": 1,
            "not a keybinding VS Code binds: a number, not an object": 1, "not a keybinding VS Code binds: no \"key\" or \"command\" string": 1,
        ])
        #expect(converted.contains("// left out: \"cmd+k\" -> \"\" (line 1): not a keybinding VS Code binds: no \"command\" string\n"))
        #expect(converted.contains("// left out: the item of line 1: not a keybinding VS Code binds: a number, not an object\n"))
        // Members VS Code does not read (a `title`) are ignored, as VS Code does.
        let titled = run(#"[{ "key": "ctrl+n", "command": "foo.bar", "title": "New" }]"#, .vscode)
        #expect(titled.diagnostics.map { "\($0.severity) \($0.message)" } == ["warning unknown key 'title' in a keybinding, ignored as VS Code ignores it"])
        #expect(titled.source?.contains("ctrl+n -> foo_bar") == true)
        // One warning per unknown name, at its first use, counting the rest; no did-you-mean
        // for a member the entry already has ('comment' is not a misspelt 'command' there).
        let commentMembers = run(#"[{ "comment": "a", "key": "ctrl+1", "command": "x" }, { "comment": "b", "key": "ctrl+2", "command": "y" }]"#, .vscode)
        #expect(commentMembers.diagnostics.map { "\($0.severity) \($0.message)" } == [
            "warning unknown key 'comment' in a keybinding (in 2 entries; this is the first), ignored as VS Code ignores it"])
        let zed = run("[{ \"context\": 1, \"bindings\": { \"a\": 2 } }, { \"bindigs\": {} }]", .zed)
        #expect(zed.diagnostics.map(\.message) == [
            "\"context\" must be a string, not a number",
            "an action is a name, null, or [name, argument], not a number",
            "unknown key 'bindigs' in a keymap section, ignored as Zed ignores it; did you mean 'bindings'?",
        ])
        #expect(zed.diagnostics.last?.severity == .warning)
        // Zed lists a section's unknown members and loads the section (`_comment`).
        let commented = run(#"[{ "context": "Editor", "_comment": "mine", "bindings": { "ctrl-s": "workspace::Save" } }]"#, .zed)
        #expect(commented.diagnostics.map { "\($0.severity) \($0.message)" } == ["warning unknown key '_comment' in a keymap section, ignored as Zed ignores it"])
        #expect(commented.source?.contains("ctrl+s -> workspace__Save") == true)
        #expect(run("{}", .zed).diagnostics.map(\.message) == ["a Zed keymap is an array of sections, not an object"])
    }

    /// VS Code writes Windows virtual keys (`oem_plus`) only for keys recorded on another
    /// layout than US: read as the US character, and counted.
    @Test func windowsVirtualKeysAreCounted() throws {
        let result = run(#"[{ "key": "ctrl+oem_plus", "command": "a" }, { "key": "ctrl+oem_102", "command": "b" }]"#, .vscode)
        #expect(try #require(result.source).contains(#"ctrl+"=" -> a"#))
        #expect(try #require(result.report).approximations[VSCodeConverter.windowsVirtualKeys] == 1)
    }

    /// A later, longer Zed sequence continues an earlier shorter one, which Zed still runs
    /// when the sequence is not continued (20 of 40 real Zed files have such pairs, `space`
    /// against a user's `space e` leader keys): in one element the shorter becomes a
    /// `@timeout` binding, which waits as Zed does; a base file's binding is bound again in
    /// the layer as one.
    @Test func aLaterLongerZedSequenceMakesTheShorterWait() throws {
        let alone = run("""
            [{ "context": "Terminal", "bindings": { "ctrl-b": ["terminal::SendKeystroke", "ctrl-b"] } },
             { "context": "Terminal", "bindings": { "ctrl-b l": "workspace::ToggleRightDock" } }]
            """, .zed)
        #expect(try #require(alone.report).approximations[LaterWins.zedShorterOnTimeout] == nil)
        #expect(try #require(alone.source).contains(#"@timeout ctrl+b -> terminal__SendKeystroke("ctrl-b")"#))
        // The output compiles without a diagnostic: the pair is no prefix conflict.
        #expect(try #require(Importer.compileOutput(alone, baseSource: nil, platform: .apple)).diagnostics.isEmpty)
        let base = Importer.Input(path: "default.json", bytes: Array(#"[{ "context": "ProjectPanel", "bindings": { "space": "project_panel::Open" } }]"#.utf8))
        let layer = run(#"[{ "context": "ProjectPanel", "bindings": { "space e": "workspace::ToggleLeftDock" } }]"#, .zed, over: base)
        // Over a base file's binding: the layer takes it away and binds it again as `@timeout`.
        let source = try #require(layer.source)
        #expect(source.contains("unbind space // bound again below to wait for the layer's 'space e'"), "\(source)")
        #expect(source.contains("  // the base's binding, waiting for the longer one of line 1\n  @timeout space -> project_panel__Open\n"), "\(source)")
        #expect(try #require(layer.report).approximations[LaterWins.zedShorterOnTimeout] == nil)
        let baseSource = try #require(Importer.run(base, format: .zed).source)
        let compiled = try #require(Importer.compileOutput(layer, baseSource: baseSource, platform: .apple))
        #expect(compiled.diagnostics.isEmpty, "\(compiled.diagnostics.map(\.message))")
        // The other way round, Zed drops the earlier, longer sequence too: nothing to count.
        let shorterLater = run(#"[{ "bindings": { "space e": "a::B" } }, { "bindings": { "space": "c::D" } }]"#, .zed)
        #expect(try #require(shorterLater.report).approximations[LaterWins.zedShorterOnTimeout] == nil)
    }

    /// Zed sets `vim_mode` and `vim_operator` on the editor's element only: a context without an
    /// element that asks for them is matched at the editor, not everywhere; on another element
    /// `!=` always holds and `==` never does (21 of 43 real Zed files of round 5).
    @Test func zedVimKeysAreTheEditors() throws {
        let result = run("""
            [{ "context": "ProjectPanel", "bindings": { "space": "project_panel::Open" } },
             { "context": "vim_mode == normal && !menu", "bindings": { "space d": "editor::Delete" } },
             { "context": "Pane && vim_mode != insert", "bindings": { "cmd-w": "pane::CloseActiveItem" } },
             { "context": "Workspace && vim_mode == normal", "bindings": { "ctrl-e": "a::B" } },
             { "context": "vim_mode != insert", "bindings": { "ctrl-t": "a::C" } },
             { "context": "VimControl && vim_operator == none", "bindings": { "g x": "a::D" } }]
            """, .zed)
        let source = try #require(result.source)
        #expect(source.contains("in Editor {\n  // line 2\n  space d -> editor__Delete when vim_mode == \"normal\" && !is menu_ && !inside menu_\n"))
        // The panel's own `space` gives way only in an editor inside the panel (its rename field).
        #expect(source.contains("in ProjectPanel {\n  // line 1\n  space -> project_panel__Open when !(inside Editor && vim_mode == \"normal\" && !is menu_ && !inside menu_)\n}"))
        #expect(source.contains("in Pane {\n  // line 3\n  cmd+w -> pane__CloseActiveItem\n}"))
        #expect(source.contains("// left out: \"ctrl-e\" -> a::B (line 4): never holds in Zed: vim_mode and vim_operator are set only on the editor's element"))
        #expect(source.contains("ctrl+t -> a__C when vim_mode != \"insert\""))
        #expect(source.contains("g x -> a__D when vim_operator == \"none\""))
        let report = try #require(result.report)
        #expect(report.approximations[ZedConverter.negatedEditorKey] == 1)
        let compiled = try #require(Importer.compileOutput(result, baseSource: nil, platform: .apple))
        #expect(!compiled.hasErrors)
    }

    /// An earlier binding a later, longer one of an outer element continues (the git panel's
    /// `ctrl-g ctrl-g` over the editor's `ctrl-g`): Zed waits and runs the editor's when the
    /// sequence is not continued; the output copies the longer one into the editor's role
    /// where the panel is further out, and the editor's binding waits for it.
    @Test func zedOuterLongerBindingsAreWaitedFor() throws {
        let result = run("""
            [{ "context": "Editor", "bindings": { "ctrl-g": "go_to_line::Toggle", "ctrl-g ctrl-g": "editor::Own" } },
             { "context": "GitPanel", "bindings": { "ctrl-g ctrl-g": "git::Fetch", "ctrl-g up": "git::Push" } }]
            """, .zed)
        let source = try #require(result.source)
        #expect(source.contains("@timeout ctrl+g -> go_to_line__Toggle\n"))
        #expect(source.contains("  // line 2, the outer GitPanel's, so that 'ctrl+g' here waits for it as in Zed\n  ctrl+g up -> git__Push when inside GitPanel\n"))
        // The editor's own `ctrl-g ctrl-g` is nearer: no copy of the panel's.
        #expect(!source.contains("ctrl+g ctrl+g -> git__Fetch when inside GitPanel"))
        let compiled = try #require(Importer.compileOutput(result, baseSource: nil, platform: .apple))
        #expect(!compiled.hasErrors && compiled.diagnostics.isEmpty, "\(compiled.diagnostics.map(\.message))")
        // In the panel's commit editor: ctrl+g waits, then runs Go to Line when `x` continues
        // nothing (and `x` is pressed on its own); ctrl+g up is the panel's.
        let table = try BindingTable(bytes: try #require(compiled.table(strip: false)))
        let panel = ZedElement(["GitPanel"], next: nil, performs: ["git__Push", "git__Fetch"])
        let editor = ZedElement(["Editor"], next: panel, performs: ["go_to_line__Toggle", "editor__Own"])
        let dispatcher = Dispatcher(table: table)
        let state = ContextState(table: table)
        func press(_ chord: String) -> DispatchResult {
            dispatcher.dispatch(KeyEvent(try! Chord.parse(chord, platform: .macOS).get()), firstResponder: editor, context: state)
        }
        if case .pending = press("ctrl+g") {} else { Issue.record("ctrl+g should wait") }
        _ = press("x")
        #expect(editor.performed == ["go_to_line__Toggle"])
        _ = press("ctrl+g"); _ = press("up")
        #expect(panel.performed == ["git__Push"])
        #expect(try #require(result.report).approximations[LaterWins.zedShorterOnTimeoutInner] == 1)
    }

    /// A later, shorter entry takes the keys only where it is the last live entry of them and
    /// their continuations: where a still later chord is live, VS Code (and Zed) wait there,
    /// and the earlier chord completes (VS Code's macOS defaults: `cmd+k` in the terminal).
    @Test func aLaterPrefixGivesWayToAStillLaterChord() throws {
        let json = """
            [{ "key": "ctrl+k ctrl+x", "command": "a", "when": "x" },
             { "key": "ctrl+k", "command": "b", "when": "y" },
             { "key": "ctrl+k ctrl+p", "command": "c", "when": "z" }]
            """
        let vscode = try #require(run(json, .vscode).source)
        #expect(vscode.contains("ctrl+k ctrl+x -> a when x && !(y && !z)\n"))
        #expect(vscode.contains("ctrl+k -> b when y && !z\n"))
        let zed = try #require(run("""
            [{ "context": "Editor", "bindings": { "ctrl-k ctrl-x": "a::A" } },
             { "context": "Editor && y", "bindings": { "ctrl-k": "b::B" } },
             { "context": "Editor && z", "bindings": { "ctrl-k ctrl-p": "c::C" } }]
            """, .zed).source)
        #expect(zed.contains("ctrl+k ctrl+x -> a__A when !(y && !z)\n"))
    }

    /// `A > B > C` is `(A > B) > C` in Zed: the ancestors in that order, which `inside A &&
    /// inside B` does not keep (counted).
    @Test func zedChainsOfThreeAreCounted() throws {
        let result = run(#"[{ "context": "Workspace > Pane > Editor", "bindings": { "ctrl-q": "a::B" } }, { "context": "Pane > Editor", "bindings": { "ctrl-r": "a::C" } }]"#, .zed)
        #expect(try #require(result.source).contains("ctrl+q -> a__B when inside Workspace && inside Pane"))
        #expect(try #require(result.report).approximations[ZedConverter.chainOfThree] == 1)
    }

    /// Zed's `os` is the platform Zed runs on: the built-in `platform`, which `--platform`
    /// folds (real files write `os == macos && Editor`); an empty context is no context, as
    /// Zed's `KeymapFile::load` reads it.
    @Test func zedOsIsThePlatformAndAnEmptyContextIsNone() throws {
        let result = run("""
            [{ "context": "os == linux && Pane", "bindings": { "ctrl-1": ["pane::ActivateItem", 0] } },
             { "context": "Editor && os != macos", "bindings": { "ctrl-2": "a::B" } },
             { "context": "os == freebsd", "bindings": { "ctrl-3": "a::C" } },
             { "context": "", "bindings": { "ctrl-w": "pane::CloseActiveItem" } }]
            """, .zed)
        let source = try #require(result.source)
        #expect(source.contains("ctrl+1 -> pane__ActivateItem(0) when platform == linux"))
        #expect(source.contains("ctrl+2 -> a__B when platform != macOS"))
        #expect(!source.contains("context os"))
        #expect(!source.contains("ctrl+3 ->"))
        #expect(source.contains("in Global {\n  // line 4\n  ctrl+w -> pane__CloseActiveItem\n}"))
        // An `os` .bind does not know never holds: left out, saying so.
        #expect(try #require(result.report).leftOut == ["its context never holds in Zed": 1])
        #expect(source.contains("// left out: \"ctrl-3\" -> a::C (line 3): its context never holds in Zed"))
        let compiled = try #require(Importer.compileOutput(result, baseSource: nil, platform: .apple))
        #expect(compiled.diagnostics.isEmpty)
    }

    /// A removed default gives the keys back to earlier defaults of its prefixes and
    /// continuations too (VS Code's last live entry decides again): Zen mode's `escape escape`
    /// under a removed `escape`.
    @Test func vscodeRemovalsGiveBackPrefixRelatedDefaults() throws {
        let base = Importer.Input(path: "defaults.json", bytes: Array("""
            [{ "key": "ctrl+k ctrl+x", "command": "a", "when": "x" }, { "key": "ctrl+k", "command": "b", "when": "y" },
             { "key": "ctrl+j", "command": "c", "when": "x" }, { "key": "ctrl+j ctrl+p", "command": "d", "when": "y" }]
            """.utf8))
        let layer = run("""
            [{ "key": "ctrl+k", "command": "-b", "when": "y" }, { "key": "ctrl+j ctrl+p", "command": "-d", "when": "y" }]
            """, .vscode, over: base)
        let source = try #require(layer.source)
        #expect(source.contains("  // the default VS Code runs again where '-b' of line 1 removed the later one\n  ctrl+k ctrl+x -> a when x && y\n"))
        #expect(source.contains("  // the default VS Code runs again where '-d' of line 1 removed the later one\n  ctrl+j -> c when x && y\n"))
        let baseSource = try #require(Importer.run(base, format: .vscode).source)
        let compiled = try #require(Importer.compileOutput(layer, baseSource: baseSource, platform: .apple))
        #expect(!compiled.hasErrors)
    }

    /// A layer's `baseSource` (what `import --report` compiles the layer over) is exactly what
    /// importing the base alone writes, for both editors and a platform.
    @Test(.enabled(if: CorpusLocation.exists)) func aLayersBaseSourceIsTheBasesOwnImport() throws {
        let cases: [(String, ImportFormat, String)] = [
            ("vscode/linux.keybindings.raw.json", .vscode, #"[{ "key": "ctrl+k ctrl+j", "command": "-editor.unfoldAll" }, { "key": "ctrl+q", "command": "x", "when": "editorFocus" }]"#),
            ("zed/default-linux.json", .zed, #"[{ "context": "Editor", "bindings": { "ctrl+k ctrl+j": null, "ctrl+q": "x::Y" } }]"#),
        ]
        for (path, format, user) in cases {
            let base = Importer.Input(path: path, bytes: try CorpusLocation.bytes(path))
            let layer = Importer.run(Importer.Input(path: "user.json", bytes: Array(user.utf8)), format: format, over: base,
                                     platform: .linux, writingBase: true)
            let alone = Importer.run(base, format: format, platform: .linux)
            #expect(try #require(layer.baseSource) == alone.source, "\(path)")
            #expect(Importer.run(Importer.Input(path: "user.json", bytes: Array(user.utf8)), format: format, over: base).baseSource == nil)
        }
    }

    /// A default given back by a removal is narrowed by every binding VS Code would let decide
    /// at its keys: the layer's own chords continuing it and later defaults continuing it, also
    /// ones after the removed default (round 6: two layers did not compile).
    @Test func vscodeGivenBackDefaultsYieldToLaterChords() throws {
        let base = Importer.Input(path: "defaults.json", bytes: Array("""
            [{ "key": "ctrl+k", "command": "b", "when": "y" },
             { "key": "ctrl+k v", "command": "c", "when": "x" },
             { "key": "ctrl+k ctrl+p", "command": "d", "when": "z" }]
            """.utf8))
        let baseSource = try #require(Importer.run(base, format: .vscode).source)
        let plain = run(#"[{ "key": "ctrl+k v", "command": "-c", "when": "x" }]"#, .vscode, over: base)
        #expect(try #require(plain.source).contains("  ctrl+k -> b when y && x && !z\n"), "\(plain.source ?? "")")
        let chord = run(#"[{ "key": "ctrl+k v", "command": "-c", "when": "x" }, { "key": "ctrl+k ctrl+e", "command": "e" }]"#, .vscode, over: base)
        #expect(try #require(chord.source).contains("ctrl+k -> b") == false, "\(chord.source ?? "")")
        for layer in [plain, chord] {
            let compiled = try #require(Importer.compileOutput(layer, baseSource: baseSource, platform: .linux))
            #expect(!compiled.hasErrors, "\(compiled.diagnostics.map(\.message))")
        }
    }

    /// VS Code: a user's chord (`ctrl+k ctrl+x`, no `when`) is the last entry of `ctrl+k`, so
    /// VS Code waits at `ctrl+k` even in the terminal, whose later default `ctrl+k` (clear) had
    /// taken the default chords there; in chord mode every matching chord runs again. The layer
    /// binds those defaults again where its chord is live (round 6, six macOS layers).
    @Test func vscodeLayerChordsGiveTheDefaultChordsOfTheirStrokeBack() throws {
        let base = Importer.Input(path: "defaults.json", bytes: Array("""
            [{ "key": "ctrl+k ctrl+s", "command": "keys" },
             { "key": "ctrl+k ctrl+w", "command": "closeAll", "when": "editorFocus" },
             { "key": "ctrl+k", "command": "clear", "when": "terminalFocus" }]
            """.utf8))
        let baseSource = try #require(Importer.run(base, format: .vscode).source)
        let layer = run(#"[{ "key": "ctrl+k ctrl+x", "command": "mine" }, { "key": "ctrl+k ctrl+w", "command": "-closeAll" }]"#, .vscode, over: base)
        let source = try #require(layer.source)
        #expect(source.contains("  // the default VS Code runs again where the layer's 'ctrl+k ctrl+x' of line 1 makes 'ctrl+k' wait for a chord\n  ctrl+k ctrl+s -> keys\n"), "\(source)")
        #expect(!source.contains("ctrl+k ctrl+w -> closeAll"), "removed defaults stay removed")
        let compilation = try #require(Importer.compileOutput(layer, baseSource: baseSource, platform: .linux))
        #expect(compilation.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        let table = try BindingTable(bytes: try #require(compilation.table(strip: false)))
        var terminal = ContextState(table: table)
        try terminal.set("terminalFocus", true)
        let dispatcher = Dispatcher(table: table)
        let first = LoneResponder(roles: ["Workbench"])
        func press(_ chord: String) throws -> DispatchResult {
            dispatcher.dispatch(KeyEvent(try Chord.parse(chord, platform: .linux).get()), firstResponder: first, context: terminal)
        }
        #expect(try press("ctrl+k").isPending)
        #expect(try press("ctrl+s").performedAction?.name == "keys")
        #expect(try press("ctrl+k").isPending)
        #expect(try press("ctrl+x").performedAction?.name == "mine")

        // A layer `ctrl+k` narrowed by the layer's later chord takes the default chords only
        // where it is still live: where the chord holds, VS Code waits and they run.
        let narrowed = run("""
            [{ "key": "ctrl+k", "command": "prev", "when": "suggestWidgetVisible" },
             { "key": "ctrl+k ctrl+j", "command": "max", "when": "editorTextFocus" }]
            """, .vscode, over: base)
        #expect(try #require(narrowed.source).contains("unbind ctrl+k ctrl+s when suggestWidgetVisible && !editorTextFocus"))
        let narrowedCompilation = try #require(Importer.compileOutput(narrowed, baseSource: baseSource, platform: .linux))
        let both = try BindingTable(bytes: try #require(narrowedCompilation.table(strip: false)))
        var typing = ContextState(table: both)
        try typing.set("suggestWidgetVisible", true)
        try typing.set("editorTextFocus", true)
        let d = Dispatcher(table: both)
        #expect(d.dispatch(KeyEvent(try Chord.parse("ctrl+k", platform: .linux).get()), firstResponder: first, context: typing).isPending)
        #expect(d.dispatch(KeyEvent(try Chord.parse("ctrl+s", platform: .linux).get()), firstResponder: first, context: typing).performedAction?.name == "keys")
    }

    /// Zed across layers, as within one file: a base binding that a layer's longer binding of
    /// an outer element continues waits for it (copied into its role), and a base binding
    /// that a layer's shorter one of an outer element is a prefix of is not reached there
    /// (round 6: users' `ctrl-w h` and `space` leader chords were dead in inner elements).
    @Test func zedLayersLetTheLatestBindingDecideAcrossElements() throws {
        let base = Importer.Input(path: "base.json", bytes: Array("""
            [{ "context": "Pane", "bindings": { "ctrl-w": "pane::CloseActiveItem" } },
             { "context": "Editor", "bindings": { "ctrl-k ctrl-d": "editor::SelectNext" } }]
            """.utf8))
        let baseSource = try #require(Importer.run(base, format: .zed).source)
        let layer = run("""
            [{ "context": "Workspace", "bindings": { "ctrl-w shift-o": "workspace::CloseAllDocks", "ctrl-k": "workspace::ActivatePaneUp" } }]
            """, .zed, over: base)
        let source = try #require(layer.source)
        #expect(source.contains("unbind ctrl+w when inside Workspace // bound again below to wait for the layer's 'ctrl+w shift+o' of Workspace, line 1"), "\(source)")
        #expect(source.contains("@timeout ctrl+w -> pane__CloseActiveItem when inside Workspace"), "\(source)")
        #expect(source.contains("ctrl+w shift+o -> workspace__CloseAllDocks when inside Workspace"), "\(source)")
        #expect(source.contains("unbind ctrl+k ctrl+d when inside Workspace // the layer's 'ctrl+k' of Workspace decides first in Zed"), "\(source)")
        let compiled = try #require(Importer.compileOutput(layer, baseSource: baseSource, platform: .linux))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics.map(\.message))")
    }

    /// A removed default whose given-back defaults would pass the per-press limit is counted,
    /// and the layer's `unbind` of its keys says so, so the count is located in the output.
    @Test func vscodeDefaultsThatDoNotComeBackAreLocated() throws {
        let long = (1...160).map { "a\($0)" }.joined(separator: " && ")
        let other = (1...120).map { "b\($0)" }.joined(separator: " && ")
        let base = Importer.Input(path: "defaults.json", bytes: Array("""
            [{ "key": "ctrl+j", "command": "one", "when": "\(long)" },
             { "key": "ctrl+j", "command": "two", "when": "\(other)" },
             { "key": "ctrl+j", "command": "three" }]
            """.utf8))
        let layer = run(#"[{ "key": "ctrl+j", "command": "-three" }]"#, .vscode, over: base)
        #expect(try #require(layer.report).approximations[LaterWins.vscodeHiddenDefaults] == 1)
        #expect(try #require(layer.source).contains(
            "  unbind ctrl+j // '-three' removes it; the defaults it overrode do not come back where it was live (VS Code runs them again), line 1\n"))
    }

    /// A VS Code removal of a default the base's import left out (always overridden by a later
    /// default): said so, not "no default binding"; removing that later default counts the
    /// defaults VS Code gives the keys back to, the left-out one too.
    @Test func vscodeRemovalsMeetDefaultsTheBaseLeftOut() throws {
        let base = Importer.Input(path: "defaults.json", bytes: Array("""
            [{ "key": "ctrl+pagedown", "command": "quickInput.pageNext", "when": "inQuickInput" },
             { "key": "ctrl+pagedown", "command": "workbench.action.nextEditor" },
             { "key": "shift+alt+h", "command": "editor.showCallHierarchy" },
             { "key": "shift+alt+h", "command": "references-view.showCallHierarchy" }]
            """.utf8))
        let layer = run("""
            [{ "key": "ctrl+pagedown", "command": "-workbench.action.nextEditor" },
             { "key": "shift+alt+h", "command": "-editor.showCallHierarchy" }]
            """, .vscode, over: base)
        // The removed default's keys go back to the one it overrode, as in VS Code.
        #expect(try #require(layer.report).approximations[LaterWins.vscodeHiddenDefaults] == nil)
        #expect(try #require(layer.source).contains(
            "  // the default VS Code runs again where '-workbench.action.nextEditor' of line 1 removed the later one\n  ctrl+pageDown -> quickInput_pageNext when inQuickInput\n"))
        #expect(try #require(layer.source).contains(
            "// removes nothing: \"shift+alt+h\" -> -editor.showCallHierarchy (line 2): the default binding of these keys to this command is always overridden by a later default"))
        // A removal of a command no default binds (an extension's): said so, and counted.
        let unknown = run(#"[{ "key": "ctrl+q", "command": "-gitlens.showQuickCommitFileDetails" }]"#, .vscode, over: base)
        #expect(try #require(unknown.source).contains(
            "// removes nothing: \"ctrl+q\" -> -gitlens.showQuickCommitFileDetails (line 1): no default binding runs this command (an extension's, or one these defaults no longer bind)"))
        let report = try #require(unknown.report)
        #expect(report.removingNothing == 1)
        #expect(report.text.contains("  disabling entries that remove nothing (the '// removes nothing' comments): 1\n"))
        #expect(try #require(layer.report).removingNothing == 1)
    }

    /// VS Code's `!` takes a key, `true`, `false` or a parenthesised expression: `!key =~ /x/`,
    /// `!key == v`, `!!key` fail to parse there, so VS Code ignores the `when` (left out,
    /// saying so); its browser constants are false in the desktop app and `isMacNative` is
    /// `isMac`.
    /// `key != ` with nothing after it: VS Code's parser compares with the empty string
    /// (`Parser._value`), and reads on after it.
    @Test func vscodeEmptyComparisonValueIsTheEmptyString() throws {
        let result = run(#"""
            [{ "key": "ctrl+q", "command": "x", "when": "editorLangId != " },
             { "key": "ctrl+r", "command": "y", "when": "editorLangId == && editorFocus" },
             { "key": "ctrl+t", "command": "z", "when": "(editorLangId ==) || a" }]
            """#, .vscode)
        let source = try #require(result.source)
        #expect(source.contains("ctrl+q -> x when editorLangId != \"\"\n"))
        #expect(source.contains("ctrl+r -> y when editorLangId == \"\" && editorFocus\n"))
        #expect(source.contains("ctrl+t -> z when editorLangId == \"\" || a\n"))
        #expect(try #require(result.report).leftOut.isEmpty)
        // Zed has no such rule.
        let zed = run(#"[{ "context": "Editor && mode == ", "bindings": { "ctrl-q": "x" } }]"#, .zed)
        #expect(try #require(zed.report).leftOut.count == 1)
    }

    /// VS Code's constants in a layer over defaults that use them too: the platform and
    /// `false`, as alone, so that a removal written with the default's `when` removes it.
    @Test func vscodeConstantsInALayerAreConstants() throws {
        let base = Importer.Input(path: "defaults.json", bytes: Array("""
            [{ "key": "cmd+o", "command": "open", "when": "isMacNative && ws" },
             { "key": "cmd+p", "command": "web", "when": "isWeb" }]
            """.utf8))
        let layer = run("""
            [{ "key": "cmd+o", "command": "-open", "when": "isMacNative && ws" },
             { "key": "ctrl+alt+o", "command": "x", "when": "isMacNative && e" },
             { "key": "ctrl+alt+p", "command": "y", "when": "isLinux == true" }]
            """, .vscode, over: base)
        let source = try #require(layer.source)
        #expect(!source.contains("context isMacNative") && !source.contains("context isLinux"))
        #expect(source.contains("unbind cmd+o when platform == macOS && ws"))
        #expect(source.contains("ctrl+alt+o -> x when platform == macOS && e"))
        #expect(source.contains("ctrl+alt+p -> y when platform == linux"))
    }

    @Test func vscodeNegationAndConstantsReadAsVSCodeDoes() throws {
        for when in ["!a =~ /x/", "!a == b", "!!a", "c && !a in b"] {
            let result = run(#"[{ "key": "ctrl+q", "command": "x", "when": "\#(when)" }]"#, .vscode)
            #expect(try #require(result.report).leftOut.keys.contains { $0.hasPrefix("unparsable condition (VS Code ignores") }, "\(when)")
        }
        let result = run(#"""
            [{ "key": "ctrl+q", "command": "x", "when": "!(a == b) && isMacNative" },
             { "key": "ctrl+r", "command": "y", "when": "!isWeb && !isChrome" },
             { "key": "ctrl+t", "command": "z", "when": "isWeb" }]
            """#, .vscode)
        let source = try #require(result.source)
        #expect(source.contains(#"ctrl+q -> x when a != "b" && platform == macOS"#), "\(source)")
        #expect(source.contains("ctrl+r -> y\n"), "\(source)")
        #expect(!source.contains("isWeb"))
        #expect(try #require(result.report).leftOut["'when' is always false"] == 1)
    }

    /// An entry whose `when` contradicts itself (Awesome Emacs Keymap's generator wrote
    /// `(findInputFocussed || replaceInputFocussed) && … && !findInputFocussed &&
    /// !replaceInputFocussed`) never runs in VS Code: it is left out, not written as a binding
    /// `bindc check` warns is never true.
    @Test func aWhenThatNeverHoldsIsLeftOut() throws {
        let result = run(#"""
            [{ "key": "cmd+c", "command": "toggleFindCaseSensitive", "when": "(findInputFocussed || replaceInputFocussed) && m && !findInputFocussed && !replaceInputFocussed" },
             { "key": "cmd+d", "command": "y", "when": "(findInputFocussed || replaceInputFocussed) && !findInputFocussed" }]
            """#, .vscode)
        let source = try #require(result.source)
        #expect(!source.contains("cmd+c ->"), "\(source)")
        #expect(source.contains("cmd+d -> y when"), "\(source)")
        #expect(try #require(result.report).leftOut["'when' can never hold"] == 1)
        let compiled = try #require(Importer.compileOutput(result, platform: .apple))
        #expect(compiled.diagnostics.isEmpty, "\(compiled.diagnostics.map(\.message))")
    }

    /// A command whose action name is more than its `.` → `_` (or `::` → `__`) spelling is
    /// declared with a comment naming the command, so a user can find it: characters other
    /// than `.` replaced, a keyword's `_`, a clash's `_2`.
    @Test func mangledActionNamesNameTheirCommand() throws {
        let result = run(#"""
            [{ "key": "ctrl+6", "command": "vim.use<C-^>" },
             { "key": "ctrl+7", "command": "vim.use<C-&>" },
             { "key": "ctrl+8", "command": "vim_use_C___" },
             { "key": "ctrl+9", "command": "in" },
             { "key": "ctrl+0", "command": "9lives" },
             { "key": "ctrl+1", "command": "editor.action.commentLine" },
             { "key": "ctrl+2", "command": "undo" },
             { "key": "ctrl+3", "command": "vim.ctrl\u0001" }]
            """#, .vscode)
        let source = try #require(result.source)
        let declarations = source.split(separator: "\n").filter { $0.hasPrefix("action ") }.map(String.init)
        let expected = [
            "action vim_use_C___  // VS Code's vim.use<C-^>",
            "action vim_use_C____2  // VS Code's vim.use<C-&>",
            "action vim_use_C____3  // VS Code's vim_use_C___",
            "action in_  // VS Code's in",
            "action _9lives  // VS Code's 9lives",
            "action editor_action_commentLine",
            #"action vim_ctrl_  // VS Code's "vim.ctrl\u{1}""#,
        ]
        // (The writer's columns are aligned; spaces collapsed here.)
        #expect(declarations.map { $0.split(separator: " ").joined(separator: " ") } == expected.map { $0.replacing("  //", with: " //") })
        #expect(!source.contains("action undo"))
        // Zed's `::` → `__` alone is plain too.
        let zed = try #require(run(#"[{ "bindings": { "a": "editor::Cancel", "b": "editor::Move-Up" } }]"#, .zed).source)
        #expect(zed.contains("action editor__Cancel\n") || zed.hasSuffix("action editor__Cancel"))
        #expect(zed.split(separator: "\n").contains { $0.hasPrefix("action editor__Move_Up") && $0.hasSuffix("// Zed's editor::Move-Up") })
    }

    /// Roles and contexts whose identifiers hide their foreign names (a keyword's `_`, a
    /// character replaced) are named in a comment: the roles after the `responder` line, a
    /// context at its declaration. Plain names get none.
    @Test func mangledRoleAndContextNamesNameTheirOriginal() throws {
        let zed = try #require(run(#"""
            [{ "context": "menu && my-flag", "bindings": { "a": "editor::Cancel" } },
             { "context": "Editor && mode == full", "bindings": { "b": "editor::Cancel" } }]
            """#, .zed).source)
        let lines = zed.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.contains("// Zed's names: menu_ is menu"))
        #expect(lines.contains("context my_flag: Bool // Zed's my-flag"))
        #expect(lines.contains("context mode: String"))
        #expect(!lines.contains { $0.contains("Editor is") })
        let vscode = try #require(run(#"[{ "key": "ctrl+1", "command": "a", "when": "reference-list.hasResult && config.x.y" }]"#, .vscode).source)
        let vlines = vscode.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(vlines.contains("context reference_list_hasResult: Bool // VS Code's reference-list.hasResult"))
        #expect(vlines.contains("context config_x_y: Bool"))
    }

    /// Zed reads `> < " ~ ?` as name characters (vim operators): `vim_operator == >` compares
    /// with `>`, and `Pane>Editor` without spaces is one name, not `Pane > Editor`.
    @Test func zedVimOperatorCharactersAreNames() throws {
        let result = run("""
            [{ "context": "vim_operator == >", "bindings": { ">": "vim::CurrentLine" } },
             { "context": "Editor && vim_operator == < && !menu", "bindings": { "<": "vim::CurrentLine" } },
             { "context": "vim_operator == \\"", "bindings": { "a": "vim::CurrentLine" } },
             { "context": "Pane>Editor", "bindings": { "d": "vim::CurrentLine" } },
             { "context": "Pane > Editor", "bindings": { "e": "vim::CurrentLine" } }]
            """, .zed)
        let source = try #require(result.source)
        #expect(try #require(result.report).leftOut.isEmpty)
        #expect(source.contains(#"">" -> vim__CurrentLine when vim_operator == ">""#))
        #expect(source.contains(#""<" -> vim__CurrentLine when vim_operator == "<" && !is menu_ && !inside menu_"#))
        #expect(source.contains(#"a -> vim__CurrentLine when vim_operator == "\"""#))
        #expect(source.contains("in Pane_Editor {\n  // line 4\n  d -> vim__CurrentLine\n}"))
        #expect(source.contains("in Editor {\n  // line 5\n  e -> vim__CurrentLine when inside Pane\n"))
    }

    /// A layer writes no `unbind` that an earlier one of the same keys and role already covers
    /// (`bindc check` would warn that it has nothing to unbind): one real file had 162.
    @Test func aLayerWritesNoUnbindAnEarlierOneCovers() throws {
        let base = Importer.Input(path: "default.json", bytes: Array(#"[{ "context": "Editor", "bindings": { "escape": "editor::Cancel" } }]"#.utf8))
        let layer = run("""
            [{ "bindings": { "escape": "a::A" } },
             { "context": "vim_mode == normal", "bindings": { "escape": "a::B" } }]
            """, .zed, over: base)
        let source = try #require(layer.source)
        #expect(source.components(separatedBy: "unbind escape").count - 1 == 1, "\(source)")
        let baseSource = try #require(Importer.run(base, format: .zed).source)
        let compiled = try #require(Importer.compileOutput(layer, baseSource: baseSource, platform: .apple))
        #expect(compiled.diagnostics.isEmpty, "\(compiled.diagnostics.map(\.message))")
        // An unbind that covers one base binding may still be needed by another of the keys
        // (a real file kept a prefix conflict when it was skipped for both).
        let vsBase = Importer.Input(path: "defaults.json", bytes: Array(#"[{ "key": "ctrl+k ctrl+c", "command": "a", "when": "x" }, { "key": "ctrl+k ctrl+c", "command": "b", "when": "y" }]"#.utf8))
        let vsLayer = run(#"[{ "key": "ctrl+k ctrl+c", "command": "-a", "when": "x" }, { "key": "ctrl+k", "command": "c" }]"#, .vscode, over: vsBase)
        #expect(try #require(vsLayer.source).contains("unbind ctrl+k ctrl+c // prefix conflict with the layer's 'ctrl+k', line 1"))
        let vsBaseSource = try #require(Importer.run(vsBase, format: .vscode).source)
        let vsCompiled = try #require(Importer.compileOutput(vsLayer, baseSource: vsBaseSource, platform: .apple))
        #expect(vsCompiled.diagnostics.isEmpty, "\(vsCompiled.diagnostics.map(\.message))")
    }

    @Test func theLaterEntryWinsWhereTheyOverlap() throws {
        let result = run("""
            [
              { "key": "cmd+k", "command": "a", "when": "x" },
              { "key": "cmd+k", "command": "b", "when": "x && y" },
              { "key": "cmd+k", "command": "c", "when": "z == 'q'" },
              { "key": "cmd+k", "command": "d", "when": "z == 'r'" },
              { "key": "cmd+j", "command": "e" },
              { "key": "cmd+j", "command": "f" },
              { "key": "cmd+l", "command": "g" },
              { "key": "cmd+l cmd+m", "command": "h", "when": "y" },
            ]
            """, .vscode)
        let source = try #require(result.source)
        #expect(source.contains("// line 2\n  cmd+k -> a when x && !y && z != \"q\" && z != \"r\"\n"))
        #expect(source.contains("// line 4\n  cmd+k -> c when z == \"q\"\n"))
        #expect(source.contains("// always overridden: \"cmd+j\" -> e (line 6) by line 7"))
        #expect(source.contains("// line 8\n  cmd+l -> g when !y\n"))
        #expect(source.contains("// line 9\n  cmd+l cmd+m -> h when y\n"))
        let compilation = try #require(Importer.compileOutput(result, baseSource: nil, platform: .apple))
        #expect(compilation.diagnostics.isEmpty)
        #expect(result.report?.overridden == 1)
        #expect(result.report?.rewritten == 3)
    }

    @Test func disablingEntriesNarrowOrRemoveWhatTheyDisable() throws {
        // VS Code: a `-command` removes only default bindings (`handleRemovals` keeps every
        // rule that is not a default), so within one file it removes nothing, and the user's
        // own binding it stands next to is kept (what VS Code's shortcut editor writes).
        let vscode = try #require(run("""
            [{ "key": "ctrl+s", "command": "save", "when": "!isInDiffEditor" }, { "key": "ctrl+s", "command": "-save" },
             { "key": "alt+1", "command": "focus" }, { "key": "alt+1", "command": "", "when": "terminalFocus" }]
            """, .vscode).source)
        #expect(vscode.contains("ctrl+s -> save when !isInDiffEditor"))
        #expect(vscode.contains("// removes nothing here: \"ctrl+s\" -> -save (line 1): a removal removes VS Code's default bindings, not this file's (import it with --over the defaults)"))
        // An empty command takes the keys where its `when` holds and runs nothing.
        #expect(vscode.contains("alt+1 -> focus when !terminalFocus"))
        #expect(vscode.contains("// disables earlier bindings: \"alt+1\" -> \"\" (line 2)"))
        // Over a base (the defaults): the removal's chords begin the default's, its `when`
        // is the default's in any order, no key removes every binding of the command.
        let base = Importer.Input(path: "defaults.json", bytes: Array("""
            [{ "key": "ctrl+s", "command": "save" }, { "key": "ctrl+k ctrl+c", "command": "comment", "when": "editorTextFocus && !editorReadonly" },
             { "key": "ctrl+shift+i", "command": "format", "when": "a" }, { "key": "alt+f", "command": "format" },
             { "key": "alt+1", "command": "focus" }, { "key": "ctrl+j", "command": "other" }]
            """.utf8))
        let layered = try #require(run("""
            [{ "key": "ctrl+s", "command": "save", "when": "!isInDiffEditor" }, { "key": "ctrl+s", "command": "-save" },
             { "key": "ctrl+k", "command": "-comment", "when": "!editorReadonly && editorTextFocus" },
             { "key": "", "command": "-format" }, { "key": "alt+1", "command": "", "when": "terminalFocus" },
             { "key": "ctrl+j", "command": "-comment" }]
            """, .vscode, over: base).source)
        #expect(layered.contains("unbind ctrl+s // '-save' removes it, line 1"))
        #expect(layered.contains("unbind ctrl+k ctrl+c when editorTextFocus && !editorReadonly // '-comment' removes it, line 2"))
        #expect(layered.contains("unbind ctrl+shift+i when a // '-format' removes it, line 3"))
        #expect(layered.contains("unbind alt+f // '-format' removes it, line 3"))
        #expect(layered.contains("unbind alt+1 when terminalFocus // an entry without a command takes the keys, line 3"))
        #expect(layered.contains("// removes nothing: \"ctrl+j\" -> -comment (line 4): no default binding of these keys runs this command"))
        // A default of the keys runs the command under another `when`: VS Code removes nothing.
        let otherWhen = try #require(run(#"[{ "key": "ctrl+shift+i", "command": "-format", "when": "b" }]"#, .vscode, over: base).source)
        #expect(otherWhen.contains("// removes nothing: \"ctrl+shift+i\" -> -format (line 1): the default binding of these keys to this command has another 'when'"))
        #expect(layered.contains("ctrl+s -> save when !isInDiffEditor"))
        // A removal takes only its default: the key's other defaults stay, and one it overrode
        // does not come back (counted).
        let shared = Importer.Input(path: "defaults.json", bytes: Array("""
            [{ "key": "ctrl+w", "command": "closeGroup", "when": "groupEmpty" }, { "key": "ctrl+w", "command": "closeEditor" },
             { "key": "ctrl+w", "command": "killTerminal", "when": "terminalFocus" }]
            """.utf8))
        let removal = run(#"[{ "key": "ctrl+w", "command": "-closeEditor" }, { "command": "-killTerminal" }]"#, .vscode, over: shared)
        let text = try #require(removal.source)
        #expect(text.contains("unbind ctrl+w when !terminalFocus // '-closeEditor' removes it, line 1"))
        #expect(text.contains("unbind ctrl+w when terminalFocus // '-killTerminal' removes it, line 1"))
        // Both removals give the key back to a default, as VS Code does: closeGroup (left out
        // of the base's import, always overridden by closeEditor) where closeEditor was live,
        // and closeEditor where killTerminal was, unless the layer removes it too (it does:
        // only closeGroup comes back, and the user's own later binding wins over it).
        #expect(try #require(removal.report).approximations[LaterWins.vscodeHiddenDefaults] == nil)
        #expect(text.contains("ctrl+w -> closeGroup when groupEmpty && !terminalFocus\n"), "\(text)")
        #expect(!text.contains("-> closeEditor"))
        let baseSource = try #require(Importer.run(shared, format: .vscode).source)
        let compiled = try #require(Importer.compileOutput(removal, baseSource: baseSource, platform: .apple))
        #expect(compiled.diagnostics.isEmpty, "\(compiled.diagnostics.map(\.message))")
        // A removal written twice gives the keys back once.
        let twice = try #require(run(#"[{ "key": "ctrl+w", "command": "-closeEditor" }, { "key": "ctrl+w", "command": "-closeEditor" }]"#,
                                     .vscode, over: shared).source)
        #expect(twice.components(separatedBy: "-> closeGroup").count == 2, "\(twice)")
        // The user's own binding of the keys wins over a default given back.
        let rebound = try #require(run(#"[{ "key": "ctrl+w", "command": "-closeEditor" }, { "key": "ctrl+w", "command": "mine", "when": "groupEmpty" }]"#,
                                       .vscode, over: shared).source)
        #expect(!rebound.contains("-> closeGroup"), "\(rebound)")
        let zed = try #require(run("""
            [{ "context": "Editor", "bindings": { "cmd-k": "a" } },
             { "context": "Editor && x", "bindings": { "cmd-k": null } }]
            """, .zed).source)
        #expect(zed.contains("// line 1\n  cmd+k -> a when !x\n"))
        #expect(zed.contains("// disables earlier bindings: \"cmd-k\" -> null (line 2)"))
    }

    @Test func zedRolesGlobalAndUnsupportedContexts() throws {
        let result = run("""
            [
              { "bindings": { "ctrl-a": "global::A" } },
              { "context": "Editor && mode == full", "bindings": { "ctrl-a": "editor::A", "fn-f": "editor::F" } },
              { "context": "Pane > Editor", "bindings": { "ctrl-b": "editor::B" } },
              { "context": "Workspace || Pane", "bindings": { "ctrl-c": ["pane::C", 2] } },
              { "bindings": { "ctrl-a": "global::Later" } }
            ]
            """, .zed)
        let source = try #require(result.source)
        // The later binding without a context ranks at the focused element, so it overrides
        // the Editor's `ctrl-a` everywhere; `Pane > Editor` becomes `inside Pane`.
        #expect(source.contains("responder Editor, Pane, Workspace, Global\naction editor__B\naction pane__C(Int)\naction global__Later\n"))
        #expect(source.contains("// always overridden: \"ctrl-a\" -> global::A (line 2) by line 6"))
        #expect(source.contains("// always overridden: \"ctrl-a\" -> editor::A (line 3) by line 6"))
        #expect(source.contains("// left out: \"fn-f\" -> editor::F (line 3): 'fn' modifier"))
        #expect(source.contains("in Editor {\n  // line 4\n  ctrl+b -> editor__B when inside Pane\n}"))
        #expect(source.contains("in Workspace {\n  // line 5\n  ctrl+c -> pane__C(2)\n}"))
        #expect(source.contains("in Pane {\n  // line 5\n  ctrl+c -> pane__C(2)\n}"))
        #expect(source.contains("in Global {\n  // line 6\n  ctrl+a -> global__Later\n}"))
        #expect(result.report?.leftOut == ["'fn' modifier": 1])
        // Zed's key for `;` is `;`: `semicolon` is a name no press produces.
        let spelled = run(#"[{ "bindings": { "ctrl-semicolon": "a::B", "ctrl-;": "a::C" } }]"#, .zed)
        #expect(spelled.report?.leftOut == ["Zed reads 'semicolon' as a key of that name, which no press produces (its key is ';')": 1])
        #expect(try #require(spelled.source).contains("ctrl+\";\" -> a__C"))
    }

    @Test func chainPredicatesWhenTheLanguageHasThem() throws {
        let result = Importer.run(Importer.Input(path: "k.json", bytes: Array("""
            [{ "context": "Pane > Editor && !menu", "bindings": { "ctrl-b": "editor::B" } },
             { "context": "Editor && menu", "bindings": { "ctrl-b": "editor::M" } },
             { "context": "Pane > Editor && !showing", "bindings": { "ctrl-c": "editor::C" } },
             { "context": "Editor && !(menu || Terminal)", "bindings": { "ctrl-d": "editor::D" } },
             { "context": "!(Editor && Terminal)", "bindings": { "ctrl-e": "editor::E" } }]
            """.utf8)), format: .zed, language: .full)
        let source = try #require(result.source)
        // Zed's `!` on the inner side of `>` looks only below the parent; the output looks
        // further out too (counted).
        #expect(source.contains("// line 1\n  ctrl+b -> editor__B when inside Pane && !is menu_ && !inside menu_\n"), "\(source)")
        let report = try #require(result.report)
        #expect(report.approximations[ZedConverter.negatedBelowParent] == 1)
        let twoOnTheParentSide = try #require(run(#"[{ "context": "Pane && ProjectPanel > Editor", "bindings": { "ctrl-x": "a::B" } }]"#, .zed).report)
        #expect(twoOnTheParentSide.approximations[ZedConverter.twoElementsOnTheParentSide] == 1)
        #expect(source.contains("// line 2\n  ctrl+b -> editor__M when is menu_\n"))
        #expect(source.contains("// line 3\n  ctrl+c -> editor__C when inside Pane && !showing\n"))
        // Zed's `!X`: no element of the path is an X, neither the anchor nor one further out.
        #expect(source.contains("ctrl+d -> editor__D when !is menu_ && !inside menu_ && !is Terminal && !inside Terminal\n"), "\(source)")
        #expect(source.contains("// left out: \"ctrl-e\" -> editor::E (line 5): '!' over two element names on one element"))
    }

    @Test func mixedArgumentKindsAreJSONTextThatTellsThemApart() throws {
        let source = try #require(run("""
            [{ "key": "ctrl+a", "command": "open", "args": "x" }, { "key": "ctrl+b", "command": "open" },
             { "key": "ctrl+c", "command": "open", "args": "" }, { "key": "ctrl+d", "command": "open", "args": { "a": 1 } },
             { "key": "ctrl+e", "command": "plain", "args": "y" }, { "key": "ctrl+f", "command": "plain", "args": "z" }]
            """, .vscode).source)
        // No argument, an empty string and a string are three texts; an object is its JSON.
        #expect(source.contains(#"ctrl+a -> open("\"x\"")"#))
        #expect(source.contains(#"ctrl+b -> open("")"#))
        #expect(source.contains(#"ctrl+c -> open("\"\"")"#))
        #expect(source.contains(#"ctrl+d -> open("{\"a\":1}")"#))
        // Strings only: the string itself.
        #expect(source.contains(#"ctrl+e -> plain("y")"#))
    }

    @Test func vscodesPlatformKeysAreTheBuiltInPlatform() throws {
        let result = run("""
            [{ "key": "meta+w", "command": "close", "when": "isLinux && editorFocus" }, { "key": "ctrl+w", "command": "other", "when": "!isMac" },
             { "key": "f1", "command": "help", "when": "isWindows || isLinux" }]
            """, .vscode)
        let source = try #require(result.source)
        #expect(source.contains("cmd+w -> close when platform == linux && editorFocus"))
        #expect(source.contains("ctrl+w -> other when platform != macOS"))
        #expect(source.contains("f1 -> help when platform == windows || platform == linux"))
        #expect(!source.contains("context isLinux") && !source.contains("context isMac"))
        // Compiled for macOS none holds; for Linux all three do.
        for (platform, count) in [(Platform.macOS, 0), (.linux, 3)] {
            let compilation = try #require(Importer.compileOutput(result, baseSource: nil, platform: platform))
            #expect(compilation.diagnostics.filter { $0.severity == .error }.isEmpty)
            #expect(compilation.keymap?.bindings.count == count)
        }
    }

    @Test func aLayersArgumentTheBaseDoesNotTakeGetsAnActionThatSaysWhy() throws {
        let base = Importer.Input(path: "default.json", bytes: Array("""
            [{ "context": "Editor", "bindings": { "ctrl-f": "search::Deploy", "ctrl-1": ["pane::ActivateItem", 0], "escape": "editor::Cancel" } }]
            """.utf8))
        let result = run("""
            [{ "context": "Editor", "bindings": {
              "f r": ["search::Deploy", { "replace": true }], "ctrl-9": "pane::ActivateItem", "ctrl-c": ["editor::Cancel", {}] } }]
            """, .zed, over: base)
        let source = try #require(result.source)
        #expect(source.contains("action search__Deploy_2(String) // search::Deploy with an argument; the base declares search__Deploy with no argument"))
        #expect(source.contains("action pane__ActivateItem_2     // pane::ActivateItem with no argument; the base declares pane__ActivateItem with an argument of type Int"))
        // `{}` is the action's defaults: the base's action.
        #expect(source.contains("ctrl+c -> editor__Cancel\n"))
        #expect(try #require(result.report).approximations[Importer.alternateAction] == 2)
    }
}

@Suite("Importing layers", .enabled(if: CorpusLocation.exists, "../shared/corpus is not next to the repository"))
struct ImportLayerTests {
    static func layer(_ path: String, over base: String, _ format: ImportFormat) throws -> (Importer.Result, Compilation) {
        let input = Importer.Input(path: path, bytes: try InputFile.read(CorpusLocation.repositoryRoot + "/" + path))
        let baseInput = Importer.Input(path: base, bytes: try CorpusLocation.bytes(base))
        let result = Importer.run(input, format: format, over: baseInput)
        let baseSource = try #require(Importer.run(baseInput, format: format).source)
        let compilation = try #require(Importer.compileOutput(result, baseSource: baseSource, platform: .apple))
        return (result, compilation)
    }

    @Test func aVimLikeZedLayerCompilesOverTheDefault() throws {
        let (result, compilation) = try Self.layer("Examples/Import/vim-like.json", over: "zed/default-macos.json", .zed)
        let source = try #require(result.source)
        #expect(compilation.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        #expect(source.hasPrefix("// Imported from Examples/Import/vim-like.json (Zed) by `bindc import`.\n"))
        #expect(source.contains("layer over \"default-macos.bind\"\n"))
        #expect(source.contains("unbind ctrl+w when vim_mode == \"normal\" // null disables it, line 15"))
        // Zed's `ctrl-k` (kill to line end) waits for the user's `ctrl-k ctrl-x`, as in Zed.
        #expect(source.contains("unbind ctrl+k when vim_mode == \"normal\" // bound again below to wait for the layer's 'ctrl+k ctrl+x', line 13"))
        #expect(source.contains("  @timeout ctrl+k -> editor__KillRingCut when vim_mode == \"normal\"\n"))
        // Only what the base does not declare.
        #expect(source.contains("context vim_mode: String"))
        #expect(!source.contains("responder"))
        #expect(!source.contains("action editor__Cancel"))
        let keymap = try #require(compilation.keymap)
        #expect(keymap.bindings.count > 700)
    }

    @Test func aVSCodeUserFileCompilesOverTheDefaults() throws {
        let user = """
            [
              { "key": "cmd+s", "command": "workbench.action.files.saveAll", "when": "editorTextFocus" },
              { "key": "cmd+l", "command": "workbench.action.gotoLine" },
              { "key": "cmd+k cmd+w", "command": "-workbench.action.closeAllEditors" },
              { "key": "cmd+k", "command": "workbench.action.showCommands", "when": "!inputFocus" }
            ]
            """
        let baseInput = Importer.Input(path: "vscode/macos.keybindings.raw.json", bytes: try CorpusLocation.bytes("vscode/macos.keybindings.raw.json"))
        let result = Importer.run(Importer.Input(path: "keybindings.json", bytes: Array(user.utf8)), format: .vscode, over: baseInput)
        let source = try #require(result.source)
        #expect(source.contains("layer over \"macos.keybindings.raw.bind\""))
        // Only where that default is live: the terminal's and the REPL's cmd+k cmd+w stay, except
        // where a later cmd+k chord makes VS Code wait at cmd+k even there (a file editor).
        #expect(source.contains("unbind cmd+k cmd+w when !((terminalFocus && !accessibilityModeEnabled && (terminalHasBeenCreated || terminalProcessSupported)"))
        #expect(source.contains(#"!(focusedView == "workbench.panel.repl.view" && !(editorTextFocus && !operationInProgress && resourceScheme == "file")"#))
        #expect(source.contains(#"resourceScheme == "git")) // '-workbench.action.closeAllEditors' removes it, line 4"#))
        #expect(source.contains("unbind cmd+k cmd+c when !inputFocus // prefix conflict with the layer's 'cmd+k', line 5"))
        #expect(source.contains("action workbench_action_files_saveAll\n"))  // the base does not bind it
        #expect(!source.contains("action workbench_action_gotoLine"))  // the base declares it
        let baseSource = try #require(Importer.run(baseInput, format: .vscode).source)
        let compilation = try #require(Importer.compileOutput(result, baseSource: baseSource, platform: .apple))
        #expect(compilation.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
    }
}

extension ImportLayerTests {
    /// A key written by scan code (`cmd+[Equal]`) is the key of the character it types on a US
    /// keyboard (`cmd+=`), which VS Code resolves by the layout: a later scan-code entry takes
    /// the keys of an earlier character one (7 of 66 real user files write scan codes; a
    /// default `cmd+=` used to keep the key, since a press tries the character first). A later
    /// character entry wins by itself; removals and empty commands by scan code meet the
    /// character's defaults. Each is counted, as other layouts differ.
    @Test func aScanCodeKeyTakesTheKeysOfTheCharacterItTypesOnAUSKeyboard() throws {
        let alone = run("""
            [{ "key": "cmd+=", "command": "zoomIn" }, { "key": "cmd+[Equal]", "command": "mine", "when": "editorFocus" },
             { "key": "cmd+[KeyV]", "command": "pasteMine" }, { "key": "cmd+v", "command": "paste" }]
            """, .vscode)
        let source = try #require(alone.source)
        #expect(source.contains(#"cmd+"=" -> zoomIn when !editorFocus"#))
        #expect(source.contains("cmd+KeyV -> pasteMine\n"))  // the later character wins by itself
        #expect(try #require(alone.report).approximations[LaterWins.vscodeScanCodeOverCharacter] == 1)
        let compilation = try #require(Importer.compileOutput(alone, baseSource: nil, platform: .apple))
        #expect(compilation.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        let table = try BindingTable(bytes: try #require(compilation.table(strip: false)))
        var context = ContextState(table: table)
        try context.set("editorFocus", true)
        let usEqual = KeyEvent(physicalKey: try #require(PhysicalKey(code: "Equal")), characters: "=", modifiers: .command)
        let usV = KeyEvent(physicalKey: try #require(PhysicalKey(code: "KeyV")), characters: "v", modifiers: .command)
        func performed(_ event: KeyEvent, _ context: ContextState) -> String? {
            let result = Dispatcher(table: table).dispatch(event, firstResponder: LoneResponder(roles: ["Workbench"]), context: context)
            guard case .performed(let action, _) = result else { return nil }
            return action.name
        }
        #expect(performed(usEqual, context) == "mine")
        #expect(performed(usEqual, ContextState(table: table)) == "zoomIn")
        #expect(performed(usV, context) == "paste")

        let base = Importer.Input(path: "defaults.json", bytes: Array("""
            [{ "key": "cmd+=", "command": "zoomIn" }, { "key": "shift+cmd+[", "command": "previousEditor" },
             { "key": "cmd+-", "command": "zoomOut" }, { "key": "cmd+k cmd+;", "command": "other" }]
            """.utf8))
        let layer = run("""
            [{ "key": "cmd+[Equal]", "command": "mine" }, { "key": "shift+cmd+[BracketLeft]", "command": "-previousEditor" },
             { "key": "cmd+[Minus]", "command": "", "when": "terminalFocus" }, { "key": "cmd+k cmd+[Semicolon]", "command": "mine" }]
            """, .vscode, over: base)
        let layered = try #require(layer.source)
        #expect(layered.contains(#"unbind cmd+"=" // the layer's 'cmd+Equal' is its key on a US keyboard, line 1"#))
        #expect(layered.contains(#"unbind shift+cmd+"[" // '-previousEditor' removes it, line 1"#))
        #expect(layered.contains(#"unbind cmd+"-" when terminalFocus // an entry without a command takes the keys, line 2"#))
        #expect(layered.contains(#"unbind cmd+k cmd+";" // the layer's 'cmd+k cmd+Semicolon' is its key on a US keyboard, line 2"#))
        #expect(try #require(layer.report).approximations[LaterWins.vscodeScanCodeOverCharacter] == 4)
    }

    /// A Linux user's keybindings.json over VS Code's Linux defaults: `escape escape` (the base
    /// binds `escape` in the same role under long conditions, so the layer unbinds it where
    /// its own binding holds) and a binding of keys the base binds (`ctrl+enter`). Every
    /// narrowed base condition contradicts the layer's by one conjunct at its end; the checker
    /// used to report 77 pairs as too complex and then run out of its budget.
    @Test func aLinuxUserFileWithEscapeEscapeCompilesOverTheDefaults() throws {
        let user = """
            [
              { "key": "ctrl+enter", "command": "workbench.action.terminal.runSelectedText", "when": "editorTextFocus && editorLangId == 'python'" },
              { "key": "ctrl+shift+down", "command": "-editor.action.copyLinesDownAction", "when": "editorTextFocus && !editorReadonly" },
              { "key": "escape escape", "command": "workbench.action.exitZenMode", "when": "inZenMode" }
            ]
            """
        let base = "vscode/linux.keybindings.raw.json"
        let baseInput = Importer.Input(path: base, bytes: try CorpusLocation.bytes(base))
        let result = Importer.run(Importer.Input(path: "keybindings.json", bytes: Array(user.utf8)), format: .vscode, over: baseInput,
                                  platform: .linux)
        let source = try #require(result.source)
        #expect(source.contains("unbind escape when inZenMode // prefix conflict with the layer's 'escape escape', line 4"))
        // The Linux defaults bind copyLinesDownAction to ctrl+shift+alt+down (macOS's is
        // shift+alt+down): this removal matches nothing there.
        #expect(source.contains("// removes nothing: \"ctrl+shift+down\" -> -editor.action.copyLinesDownAction (line 3)"))
        let baseSource = try #require(Importer.run(baseInput, format: .vscode, platform: .linux).source)
        let compilation = try #require(Importer.compileOutput(result, baseSource: baseSource, platform: .linux))
        #expect(compilation.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
    }
}

@Suite struct ImportReadmeTests {
    /// `Examples/Import/keybindings.bind` is `bindc import`'s output for the JSON beside it, and
    /// the README shows both and the report exactly.
    @Test func theExampleIsCurrent() throws {
        let root = CorpusLocation.repositoryRoot
        let path = "Examples/Import/keybindings.json"
        let result = Importer.run(Importer.Input(path: path, bytes: try InputFile.read(root + "/" + path)), format: .vscode)
        let source = try #require(result.source)
        let checkedIn = String(decoding: try InputFile.read(root + "/Examples/Import/keybindings.bind"), as: UTF8.self)
        #expect(source == checkedIn)
        var report = try #require(result.report)
        report.conflicts = try #require(Importer.compileOutput(result, baseSource: nil, platform: .apple)).diagnostics.count
        let readme = String(decoding: try InputFile.read(root + "/README.md"), as: UTF8.self)
        #expect(readme.contains("```\n" + source + "```\n"))
        #expect(readme.contains("--report\n" + report.text + "```\n"))
    }
}

/// Key names of both editors that the language names too, whatever their spelling.
@Suite struct ForeignKeyNameTests {
    @Test(arguments: [
        ("find", "-", "find"), ("shift-find", "-", "shift+find"), ("copy", "-", "copy"), ("undo", "-", "undo"),
        ("back", "-", "back"), ("menu", "-", "contextMenu"), ("ctrl+contextmenu", "+", "ctrl+contextMenu"),
        ("browserback", "+", "back"), ("alt+browserforward", "+", "alt+forward"), ("pausebreak", "+", "pause"),
        ("audiovolumeup", "+", "volumeUp"), ("mediatracknext", "+", "mediaNext"), ("printscreen", "+", "printScreen"),
        ("backspace", "+", "backspace"), ("delete", "+", "forwardDelete"), ("f13", "+", "f13"),
        ("ctrl+[IntlBackslash]", "+", "ctrl+IntlBackslash"), ("shift+[KeyA]", "+", "shift+KeyA"),
        ("[BracketLeft]", "+", "BracketLeft"), ("ctrl+[ArrowUp]", "+", "ctrl+up"),
        ("ctrl+[SEMICOLON]", "+", "ctrl+Semicolon"), ("ctrl+[keyi]", "+", "ctrl+KeyI"), ("[ENTER]", "+", "return"),
        ("[numpadenter]", "+", "numpad+enter"),
        // VS Code also ends a modifier with `-`; `-` as the key stays the key.
        ("shift-f7", "+", "shift+f7"), ("ctrl-alt-k", "+", "ctrl+alt+k"), ("ctrl+-", "+", "ctrl+\"-\""), ("ctrl--", "+", "ctrl+\"-\""),
        // VS Code's virtual-key names: the US character, or the position of a key with none.
        ("ctrl+oem_3", "+", "ctrl+\"`\""), ("ctrl+shift+OEM_1", "+", "ctrl+shift+\";\""), ("alt+oem_5", "+", "alt+\"\\\\\""),
        ("oem_plus", "+", "\"=\""), ("ctrl+oem_102", "+", "ctrl+IntlBackslash"), ("abnt_c1", "+", "IntlRo"),
        // Scan codes of keys that are not writing keys: the keys VS Code's names give.
        ("ctrl+[F5]", "+", "ctrl+f5"), ("[Numpad1]", "+", "numpad+1"), ("shift+[NumpadAdd]", "+", "shift+numpad+\"+\""),
        ("[NumpadEnter]", "+", "numpad+enter"), ("[ContextMenu]", "+", "contextMenu"), ("[AudioVolumeUp]", "+", "volumeUp"),
        ("[MediaPlayPause]", "+", "mediaPlayPause"), ("alt+[BrowserBack]", "+", "alt+back"), ("[PrintScreen]", "+", "printScreen"),
        // Zed: `secondary` is cmd on macOS and ctrl elsewhere, a capital letter is Shift and
        // the letter; VS Code's letters are case-insensitive.
        ("secondary-s", "-", "primary+s"), ("secondary-shift-p", "-", "shift+primary+p"), ("G", "-", "shift+g"),
        ("ctrl-K", "-", "ctrl+shift+k"), ("shift-G", "-", "shift+g"), ("ctrl+K", "+", "ctrl+k"),
    ])
    func namedKeys(foreign: String, separator: String, expected: String) throws {
        #expect(try ForeignKey.chord(foreign, separator: Character(separator)) == expected)
    }

    @Test func keysWithoutANameAreLeftOutWithTheReason() {
        for key in ["new", "open", "save", "capslock", "[F25]", "[NumLock]", "[Nope]", "oem_8", "secondary-cmd-x", "secondary-ctrl-x"] {
            #expect(throws: UnsupportedCondition.self) { try ForeignKey.chord(key, separator: "-") }
        }
        do {
            _ = try ForeignKey.chord("ctrl+[NumLock]", separator: "+")
        } catch {
            #expect(error.reason == "scan code without a key in the language ('[NumLock]')")
        }
        do {
            _ = try ForeignKey.chord("save", separator: "-")
        } catch {
            #expect(error.reason == "hardware key 'save' (the language has no name for it)")
        }
        do {
            _ = try ForeignKey.chord("shift", separator: "-")
            Issue.record("a lone shift converted")
        } catch {
            #expect(error.reason == "a modifier pressed alone ('shift'): not a key, so not a key command (Grammar.md §4.3)")
        }
    }

    /// A section with no bindings counts nothing: the report lists no approximation of 0
    /// (Zed's commented template has such sections).
    @Test func anEmptySectionReportsNoApproximation() throws {
        let result = run(#"[{ "context": "Editor && !VimWaiting", "bindings": {} }]"#, .zed)
        let report = try #require(result.report)
        #expect(!report.text.contains("approximated"), "\(report.text)")
        #expect(report.approximations.isEmpty)
    }

    @Test func strokesWrittenWithoutTheirSpaceGetADidYouMean() {
        #expect(throws: UnsupportedCondition(reason: "key without a name in the language (']t'); did you mean '] t', one stroke each?")) {
            try ForeignKey.chord("]t", separator: "-")
        }
        // With a modifier, or longer, it is just a key without a name.
        #expect(throws: UnsupportedCondition(reason: "key without a name in the language ('xy')")) {
            try ForeignKey.chord("ctrl-xy", separator: "-")
        }
        // A keyboard's application key (Zed names X11's XF86New `new` on Linux) is no pair of
        // strokes.
        #expect(throws: UnsupportedCondition(reason: "hardware key 'new' (the language has no name for it)")) {
            try ForeignKey.chord("new", separator: "-")
        }
        // The key as written, not lower-cased.
        #expect(throws: UnsupportedCondition(reason: "key without a name in the language ('gD'); did you mean 'g D', one stroke each?")) {
            try ForeignKey.chord("gD", separator: "-")
        }
    }
}

/// A Zed element as a responder: its roles, its parent, and the actions it performs.
private final class ZedElement: Responder {
    let responderRoles: [String]
    let nextResponder: Responder?
    let performs: Set<String>
    var performed: [String] = []
    init(_ roles: [String], next: Responder?, performs: Set<String>) {
        responderRoles = roles
        nextResponder = next
        self.performs = performs
    }
    func canPerform(_ action: ActionInvocation) -> Bool { performs.contains(action.name) }
    func perform(_ action: ActionInvocation) { performed.append(action.name) }
}
