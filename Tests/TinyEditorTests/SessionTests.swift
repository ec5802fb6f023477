import BindingLang
import BindingRuntime
import Foundation
import Testing
@testable import TinyEditor

@Suite struct SessionTests {
    func session(_ keymap: String, text: String = "") throws -> EditorSession {
        var o = Options()
        o.keymap = keymap
        o.text = text
        let s = try EditorApp.makeSession(o)
        s.model.allowWrites = false
        return s
    }

    func press(_ s: EditorSession, _ keys: String) throws {
        for step in try Script.parse(keys) {
            if case .stroke(let c) = step { s.handle(KeyEvent(c)) }
        }
    }

    @Test func everyExampleKeymapLoadsThroughTheRuntime() throws {
        let keymaps = try EditorApp.examples.get()
        #expect(keymaps.map(\.id) == ["text", "vim", "ide"])
        #expect(keymaps.map(\.name) == ["Text Editor", "Vim", "IDE"])
        #expect(keymaps.allSatisfy { $0.warnings.isEmpty })
        #expect(keymaps[2].files.map { $0.split(separator: "/").last.map(String.init) ?? "" } == ["IDE.bind", "IDE-user.bind"])
        #expect(keymaps.allSatisfy { $0.table.platform == .other })
    }

    @Test func theEditorsOwnKeysCollideWithNoBinding() throws {
        for keymap in try EditorApp.examples.get() {
            for b in keymap.model.bindings {
                #expect(!AppKeys.all.contains(b.sequence[0]), "\(keymap.id) binds \(b.sequence[0].sourceText)")
            }
        }
    }

    @Test func everyBoundActionIsImplemented() throws {
        for keymap in try EditorApp.examples.get() {
            for b in keymap.model.bindings {
                let name = keymap.model.actions[b.action].name
                #expect(EditorActions.named(name) != nil, "\(keymap.id): \(name)")
            }
        }
    }

    @Test func pendingHintListsTheContinuations() throws {
        let s = try session("vim", text: "abc")
        #expect(s.pendingHint() == nil)
        try press(s, "d")
        let hint = try #require(s.pendingHint())
        // Rendered on the layout (US by default), as the overlay renders chords.
        #expect(hint.hasPrefix("D …"))
        #expect(hint.contains("D: Delete Line"))
        #expect(hint.contains("W: Delete Word"))
        try press(s, "escape")
        #expect(s.pendingHint() == nil)
    }

    @Test func repeatModeIndentsAgainAndShowsItsKeys() throws {
        // IDE.bind: `@repeat(800ms) ctrl+k tab -> indent`, `... ctrl+k shift+tab -> outdent`.
        let s = try session("ide", text: "abc")
        try press(s, "ctrl+k tab tab tab shift+tab")
        #expect(String(s.model.buffer.line(0)) == "        abc")
        let hint = try #require(s.pendingHint())
        #expect(hint == "Ctrl+K repeat …  Tab: Indent Line  Shift+Tab: Outdent Line")
        // The events' clock is 0 here: the hint holds until 0.8 s, then the window is over.
        #expect(s.pendingHint(now: 0.8) != nil)
        #expect(s.pendingHint(now: 0.81) == nil)
        // Another key ends repeat mode and acts as usual; tab inserts a tab again.
        try press(s, "end tab")
        #expect(s.pendingHint() == nil)
        #expect(String(s.model.buffer.line(0)) == "        abc    ")
    }

    @Test func overlayFollowsTheContext() throws {
        let s = try session("vim")
        try press(s, "f1")
        #expect(s.overlayVisible)
        let normal = s.overlayLines()
        #expect(normal.contains("Motion"))
        #expect(normal.contains { $0.hasSuffix("Delete Line") && $0.contains("D D") })
        #expect(!normal.contains { $0.hasSuffix("Normal Mode") })
        try press(s, "i")
        #expect(!s.overlayVisible)  // any other key closes it
        let insert = s.overlayLines()
        #expect(!insert.contains { $0.hasSuffix("Delete Line") })
        #expect(insert.contains { $0.hasSuffix("Normal Mode") })
    }

    @Test func contextFollowsTheModel() throws {
        let s = try session("text", text: "abc")
        #expect(try s.context.bool("hasSelection") == false)
        try press(s, "shift+right")
        #expect(try s.context.bool("hasSelection") == true)
        try press(s, "ctrl+f")
        #expect(try s.context.bool("findVisible") == true)
        #expect(s.chain.map(\.kind) == [.textView, .findBar, .editor, .window, .app])
        try press(s, "f4")
        #expect(try s.context.bool("readOnly") == true)
        let ide = try session("ide")
        try press(ide, "ctrl+backquote")
        #expect(try ide.context.enumCase("panel") == "terminal")
        #expect(try ide.context.bool("editorFocus") == false)
        #expect(ide.chain.map(\.kind) == [.panel, .window, .app])
    }

    @Test func f3SwitchesKeymapsAndResetsTheMode() throws {
        let s = try session("text")
        try press(s, "f3")
        #expect(s.keymap.id == "vim")
        #expect(s.model.modal && s.model.mode == .normal)
        try press(s, "f3 f3")
        #expect(s.keymap.id == "text")
        #expect(!s.model.modal)
    }
}

/// The built executable, run as a user would.
@Suite struct ExecutableTests {
    static let executable: URL? = {
        var candidates: [URL] = [Bundle.main.bundleURL]
        if let arg0 = CommandLine.arguments.first { candidates.append(URL(fileURLWithPath: arg0)) }
        for start in candidates {
            var dir = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let url = dir.appendingPathComponent("tiny-editor")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
                dir = dir.deletingLastPathComponent()
            }
        }
        return nil
    }()

    func run(_ arguments: [String], stdin: String) throws -> (status: Int32, out: String, err: String) {
        let exe = try #require(Self.executable, "tiny-editor was not built")
        let p = Process()
        p.executableURL = exe
        p.arguments = arguments
        p.currentDirectoryURL = FileManager.default.temporaryDirectory  // finds Examples/ from its source path
        let input = Pipe(), output = Pipe(), error = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = error
        try p.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test func keysOnStandardInput() throws {
        let r = try run(["--keymap", "vim", "--text", "one\\ntwo"], stdin: "# delete the first line\nd d\nx\n")
        #expect(r.status == 0)
        #expect(r.out == """
            keymap Vim
            pending d
            performed deleteLine by Buffer
            performed deleteCharacter by Buffer
            --- buffer (cursor 1:1, mode normal) ---
            wo

            """)
    }

    @Test func badArgumentsAreReported() throws {
        let r = try run(["--keymap", "emacs"], stdin: "")
        #expect(r.status == 2)
        #expect(r.err == "tiny-editor: error: unknown keymap 'emacs' (choose one of: text, vim, ide, or a .bind file)\nSee 'tiny-editor --help'.\n")
        let k = try run(["--keys", "ctrl+bogus"], stdin: "")
        #expect(k.status == 1)
        #expect(k.err == "tiny-editor: error: bad key 'ctrl+bogus': unknown key 'bogus'\n")
    }

    /// A `--keymap-file` that cannot be read says so once ("cannot read cannot read …"), and
    /// one that does not compile shows its diagnostics as the compiler writes them, without a
    /// second "error:" in front or blank lines between them.
    @Test func keymapFileErrorsReadAsTheCompilersOwn() throws {
        let missing = try run(["--keymap-file", "/nonexistent/x.bind", "--keys", "x"], stdin: "")
        #expect(missing.status == 1)
        #expect(missing.err == "tiny-editor: error: cannot read '/nonexistent/x.bind': no such file or directory\n", "\(missing.err)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tiny-editor-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("typo.bind").path
        try Data("keymap \"K\"\nactio a\nactio b\n".utf8).write(to: URL(fileURLWithPath: path))
        let bad = try run(["--keymap-file", path, "--keys", "x"], stdin: "")
        #expect(bad.status == 1)
        #expect(bad.err.hasPrefix("\(path):2:1: error: "), "\(bad.err)")
        #expect(!bad.err.contains("tiny-editor: error:") && !bad.err.contains("\n\n"), "\(bad.err)")
    }
}

@Suite struct KeymapLibraryTests {
    @Test func compileErrorsAreRenderedNotFatal() {
        let bad: [(String, [UInt8])] = [("bad.bind", Array("action a\nin X { q -> b }\n".utf8))]
        #expect(throws: KeymapLoadError.self) { try KeymapLibrary.compile(id: "bad", sources: bad) }
        do {
            _ = try KeymapLibrary.compile(id: "bad", sources: bad)
        } catch {
            #expect("\(error)".contains("bad.bind:2:"))
        }
    }

    @Test func unknownKeymapAndMissingDirectory() {
        #expect(throws: KeymapLoadError.self) { try KeymapLibrary.load("emacs", from: "Examples") }
        #expect(throws: KeymapLoadError.self) { try KeymapLibrary.load("vim", from: "/nonexistent") }
        #expect(throws: KeymapLoadError.self) {
            try KeymapLibrary.examplesDirectory(filePath: "/nowhere/Examples/TinyEditor/KeymapLibrary.swift", current: "/nonexistent")
        }
    }
}

@Suite struct RandomStrokeTests {
    /// A small deterministic generator (SplitMix64).
    struct Rng {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// Every stroke of every binding, plus text, arrows and the editor's own keys except quit,
    /// pressed at random: the editor never crashes and its cursor stays inside the text.
    @Test(arguments: ["text", "vim", "ide"])
    func randomStrokesKeepTheEditorConsistent(keymap: String) throws {
        var o = Options()
        o.keymap = keymap
        o.text = "func f() {\n    let x = 1\n}\n\nimport a"
        o.path = "main.swift"
        let s = try EditorApp.makeSession(o)
        s.model.allowWrites = false
        var pool = Set<Chord>()
        for b in s.keymap.model.bindings { for c in b.sequence { pool.insert(c) } }
        for ch in "ab xyz(){}" { if let e = EditorSession.event(typing: ch) { pool.insert(e.chord) } }
        pool.insert(AppKeys.overlay)
        pool.insert(AppKeys.readOnly)
        let strokes = pool.sorted { $0.code < $1.code }
        var rng = Rng(state: 42)
        for _ in 0..<1500 {
            s.handle(KeyEvent(strokes[rng.next(strokes.count)]))
            s.model.quitRequested = false
            let b = s.model.buffer
            #expect(b.cursor.line < b.lineCount && b.cursor.column <= b.line(b.cursor.line).count)
            _ = s.pendingHint()
        }
        _ = s.overlayLines()
    }
}
