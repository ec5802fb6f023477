import BindingLang
import BindingRuntime
import Foundation
import Testing
@testable import TinyEditor

/// The live try-out loop: a session over a `--keymap-file` keymap picks up edits to the file.
@Suite struct KeymapReloadTests {
    /// A fresh temporary directory.
    func temporaryDirectory() throws -> String {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("tiny-editor-reload-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Saves `text` to `path` as an editor does (atomically: a new file renamed over the old).
    func save(_ text: String, to path: String) throws {
        try AtomicFile.write(Array(text.utf8), to: path)
    }

    func keymap(_ body: String) -> String {
        """
        keymap "Try"
        responder Workbench
        context readOnly: Bool
        action toggleMinimap
        action togglePanel(String)

        in Workbench {
        \(body)
        }

        """
    }

    func session(_ path: String) throws -> EditorSession {
        var o = Options()
        o.keymapFile = path
        o.text = "abc"
        let s = try EditorApp.makeSession(o)
        s.model.allowWrites = false
        return s
    }

    func press(_ s: EditorSession, _ keys: String) throws -> [SessionEvent] {
        var out: [SessionEvent] = []
        for step in try Script.parse(keys) {
            if case .stroke(let c) = step { out.append(s.handle(KeyEvent(c))) }
        }
        return out
    }

    @Test func aSavedChangeIsSwappedInAtTheNextStroke() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/try.bind"
        try save(keymap(#"  ctrl+t -> togglePanel("problems")"#), to: path)
        let s = try session(path)
        #expect(try press(s, "ctrl+t").map(\.description) == [#"performed togglePanel("problems") by Workbench"#])
        #expect(s.pollKeymap() == nil)

        let before = s.keymap.table
        try save(keymap("  ctrl+t -> toggleMinimap\n  ctrl+k ctrl+k -> toggleMinimap"), to: path)
        #expect(s.pollKeymap() == .reloaded(file: "try.bind", warnings: 0))
        #expect(s.keymap.table !== before)
        #expect(s.reference.table === s.keymap.table)
        #expect(s.context.table === s.keymap.table)
        #expect(try press(s, "ctrl+t ctrl+k ctrl+k").map(\.description)
            == ["performed toggleMinimap by Workbench", "pending ctrl+k", "performed toggleMinimap by Workbench"])
        #expect(s.pollKeymap() == nil, "one change is reported once")
    }

    @Test func aBrokenFileKeepsTheOldTableAndShowsTheFirstError() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/try.bind"
        try save(keymap(#"  ctrl+t -> togglePanel("problems")"#), to: path)
        let s = try session(path)
        s.model.readOnly = true
        let old = s.keymap.table

        try save(keymap("  ctrl+t -> toggleMinimapp\n  ctrl+u -> nothingHere"), to: path)
        let failed = try #require(s.pollKeymap())
        guard case .failed(let first, let errors) = failed else {
            Issue.record("expected a failure, got \(failed)")
            return
        }
        #expect(first.hasPrefix(path + ":8:13: error: "), "\(first)")
        #expect(errors == 2)
        #expect(failed.status.hasPrefix("keymap not reloaded (2 errors): " + path + ":8:13: error: "))
        #expect(s.keymap.table === old)
        #expect(try press(s, "ctrl+t").map(\.description) == [#"performed togglePanel("problems") by Workbench"#])

        try save(keymap("  ctrl+t -> toggleMinimap when readOnly"), to: path)
        #expect(s.pollKeymap()?.status == "reloaded try.bind (0 warnings)")
        #expect(try press(s, "ctrl+t").map(\.description) == ["performed toggleMinimap by Workbench"])
    }

    @Test func aChangedBaseIsReloadedToo() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let base = dir + "/base.bind"
        let user = dir + "/user.bind"
        try save(keymap("  ctrl+t -> toggleMinimap"), to: base)
        try save("layer over \"base.bind\"\n\nin Workbench {\n  ctrl+u -> toggleMinimap\n}\n", to: user)
        let s = try session(user)
        #expect(try press(s, "ctrl+t").map(\.description) == ["performed toggleMinimap by Workbench"])
        try save(keymap(#"  ctrl+t -> togglePanel("terminal")"#), to: base)
        #expect(s.pollKeymap() == .reloaded(file: "user.bind", warnings: 0))
        #expect(try press(s, "ctrl+t ctrl+u").map(\.description)
            == [#"performed togglePanel("terminal") by Workbench"#, "performed toggleMinimap by Workbench"])
    }

    @Test func aReloadDropsAPendingSequence() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/try.bind"
        try save(keymap("  ctrl+k ctrl+m -> toggleMinimap"), to: path)
        let s = try session(path)
        #expect(try press(s, "ctrl+k").map(\.description) == ["pending ctrl+k"])
        try save(keymap(#"  ctrl+m -> togglePanel("output")"#), to: path)
        #expect(s.pollKeymap() == .reloaded(file: "try.bind", warnings: 0))
        #expect(s.pendingStrokes.isEmpty)
        // The old sequence's second stroke is dispatched from idle in the new table.
        #expect(try press(s, "ctrl+m").map(\.description) == [#"performed togglePanel("output") by Workbench"#])
    }

    @Test func keymapTakesAFileToo() throws {
        let o = try Options.parse(["--keymap", "my.bind"])
        #expect(o.keymapFile == "my.bind")
        #expect(o.keymap == "text")
        #expect(throws: Options.Error.self) { try Options.parse(["--keymap", "emacs"]) }
    }

    /// The command line's conventions, as bindc's: `--version`, and did-you-means for a
    /// misspelt option and keymap.
    @Test func versionAndDidYouMeans() throws {
        #expect(try Options.parse(["--version"]).version)
        #expect(throws: Options.Error(message: "unknown option '--kemap'; did you mean '--keymap'?")) { try Options.parse(["--kemap", "vim"]) }
        #expect(throws: Options.Error(message: "unknown keymap 'vimm'; did you mean 'vim'? (choose one of: text, vim, ide, or a .bind file)")) {
            try Options.parse(["--keymap", "vimm"])
        }
    }
}
