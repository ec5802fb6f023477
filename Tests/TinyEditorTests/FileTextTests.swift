@testable import BindingLang
import Foundation
import Testing
@testable import TinyEditor

/// Issue 10, defect 11: saving keeps every byte the user did not edit.
struct FileTextTests {
    static func roundTrip(_ bytes: [UInt8]) -> [UInt8] {
        let model = EditorModel(bytes: bytes)
        return model.savedBytes
    }

    @Test(arguments: [
        "a\nb\n", "a\r\nb\r\n", "a\r\nb\nc\r\n", "no final newline", "a\r\nb", "", "\n", "\r\n", "\n\n\n",
        "\ttabs\tkept\t\n", "lone\rcarriage\r\n", "x\n\r\n\ny",
    ])
    func unchangedTextIsWrittenByteForByte(text: String) {
        #expect(Self.roundTrip(Array(text.utf8)) == Array(text.utf8))
    }

    @Test func invalidUTF8SurvivesInLinesNotEdited() {
        let bytes: [UInt8] = Array("ok\r\n".utf8) + [0xFF, 0xC0, 0x41] + Array("\r\nlast".utf8)
        #expect(Self.roundTrip(bytes) == bytes)
        // Edit the first line only: the invalid bytes of the second stay.
        let model = EditorModel(bytes: bytes)
        model.buffer.insert("!")
        #expect(model.savedBytes == Array("!ok\r\n".utf8) + [0xFF, 0xC0, 0x41] + Array("\r\nlast".utf8))
    }

    @Test func addedLinesGetTheUsualEnding() {
        let model = EditorModel(bytes: Array("a\r\nb\r\nc\n".utf8))
        model.buffer.openLine(below: true)
        model.buffer.insert("new")
        #expect(model.savedBytes == Array("a\r\nnew\r\nb\r\nc\n".utf8))
    }

    @Test(arguments: ["a\rb\rc\r", "a\rb", "mixed\r\nends\rhere\n", "\r", "\r\r\n\n\r"])
    func loneCarriageReturnsEndLinesAndSurvive(text: String) {
        #expect(Self.roundTrip(Array(text.utf8)) == Array(text.utf8))
        #expect(Buffer(text: "a\rb\r\nc").lineCount == 3)
    }

    /// Edits keep the endings around them: a split line keeps its ending on both halves'
    /// outer sides, typed lines get the file's usual ending, a joined line the second line's.
    @Test func editsKeepNeighbouringEndings() {
        let model = EditorModel(bytes: Array("one\rtwo\r\nthree\rfour".utf8))
        model.buffer.setCursor(Position(line: 1, column: 3))
        model.buffer.insert("\nx")
        #expect(model.savedBytes == Array("one\rtwo\r\nx\r\nthree\rfour".utf8))
        #expect(model.buffer.undo() == true)
        #expect(model.savedBytes == Array("one\rtwo\r\nthree\rfour".utf8))
        model.buffer.setCursor(Position(line: 2, column: 0))
        #expect(model.buffer.joinLines() == true)
        #expect(model.savedBytes == Array("one\rtwo\r\nthree four".utf8))
        model.buffer.setCursor(Position(line: 2, column: 0))
        model.buffer.deleteLine()
        #expect(model.savedBytes == Array("one\rtwo".utf8))
    }

    /// Undo and redo put back the lines as read, so their bytes (invalid UTF-8 too) return.
    @Test func undoRestoresTheBytesAsRead() {
        let bytes: [UInt8] = [0xFE, 0x41, 0x0D, 0x0A, 0x42, 0xFF, 0x0A]
        let model = EditorModel(bytes: bytes)
        model.buffer.selectAll()
        model.buffer.insert("replaced")
        #expect(model.savedBytes == Array("replaced\n".utf8))
        #expect(model.buffer.undo() == true)
        #expect(model.savedBytes == bytes)
        #expect(model.buffer.redo() == true)
        #expect(model.buffer.undo() == true)
        #expect(model.savedBytes == bytes)
        // Typing and deleting it again leaves the line as read.
        model.buffer.setCursor(Position(line: 1, column: 1))
        model.buffer.insert("z", typing: true)
        #expect(model.buffer.deleteBackward() == true)
        #expect(model.savedBytes == bytes)
        // Indenting and outdenting too.
        model.buffer.indent()
        model.buffer.outdent()
        #expect(model.savedBytes == bytes)
    }

    /// Opening decodes only the cursor's line; moving decodes the lines the cursor visits;
    /// search skips lines without the term's bytes, finding the same matches.
    @Test func onlyVisitedLinesAreDecoded() {
        let text = (0..<2_000).map { "line \($0) \($0 % 97 == 0 ? "needle" : "hay")" }.joined(separator: "\n")
        var buffer = Buffer(text: text)
        #expect(buffer.lines.storage.filter { $0.characters != nil }.count == 1)
        buffer.move(.down)
        buffer.move(.down)
        #expect(buffer.lines.storage.filter { $0.characters != nil }.count == 3)
        #expect(buffer.find("needle") == Position(line: 97, column: 8))
        #expect(buffer.find("needle", forward: false) == Position(line: 0, column: 7))
        buffer.setCursor(Position(line: 1000, column: 0))
        #expect(buffer.find("needle", forward: false) == Position(line: 970, column: 9))
        #expect(buffer.find("needle") == Position(line: 1067, column: 10))
        #expect(buffer.find("néé") == nil)
        #expect(buffer.lines.storage.filter { $0.characters != nil }.count == 4)
        #expect(buffer.line(1940) == "line 1940 needle")
        #expect(buffer.bytes == Array(text.utf8))
    }

    /// Scripted mode saves only with `--write`, and then keeps the bytes not edited.
    @Test func scriptedSaveNeedsWrite() throws {
        let dir = NSTemporaryDirectory() + "tiny-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/f.txt"
        let original: [UInt8] = Array("first\r\n".utf8) + [0xC3, 0x28] + Array("\rlast".utf8)
        try Data(original).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)
        var options = try Options.parse(["--keys", "text:\"X\" primary+s", path])
        _ = try EditorApp.runScript(options, script: options.keys ?? "")
        #expect(FileManager.default.contents(atPath: path) == Data(original))
        options.write = true
        let result = try EditorApp.runScript(options, script: options.keys ?? "")
        #expect(result.report.contains("wrote 3 lines"))
        #expect(FileManager.default.contents(atPath: path) == Data(Array("Xfirst\r\n".utf8) + [0xC3, 0x28] + Array("\rlast".utf8)))
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o640)
    }

    /// A full disk (or any failure) no longer truncates the file: saves go through AtomicFile.
    @Test func failedSaveKeepsTheFile() throws {
        let dir = NSTemporaryDirectory() + "tiny-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/f.txt"
        let original = Data("one\r\ntwo".utf8)
        try original.write(to: URL(fileURLWithPath: path))
        chmod(dir, 0o500)  // no new files in the directory: the temporary file cannot be made
        defer { chmod(dir, 0o700) }
        let error = EditorApp.writeFile(path, Array("changed".utf8))
        if getuid() != 0 { #expect(error != nil) }
        chmod(dir, 0o700)
        if getuid() != 0 { #expect(FileManager.default.contents(atPath: path) == original) }
        #expect(EditorApp.writeFile(path, Array("changed".utf8)) == nil)
        #expect(FileManager.default.contents(atPath: path) == Data("changed".utf8))
    }
}

/// Issue 16: a save that fails at any step of the atomic write (injected) keeps the file's
/// bytes, its mode and the link to it, reports the failure, and leaves no temporary file; the
/// same save then succeeds through the link.
struct SaveFailureTests {
    @Test(arguments: AtomicFile.Step.allCases)
    func failedSaveAtEveryStepKeepsTheFile(step: AtomicFile.Step) throws {
        let fm = FileManager.default
        let dir = NSTemporaryDirectory() + "tiny-\(UUID().uuidString)"
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: dir) }
        let original: [UInt8] = Array("first\r\n".utf8) + [0xC3, 0x28] + Array("\rlast".utf8)
        try Data(original).write(to: URL(fileURLWithPath: dir + "/f.txt"))
        chmod(dir + "/f.txt", 0o600)
        try fm.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "f.txt")
        var options = try Options.parse(["--keys", "text:\"X\" primary+s", dir + "/link"])
        options.write = true
        let result = try AtomicFile.$injectedFailure.withValue(step) {
            try EditorApp.runScript(options, script: options.keys ?? "")
        }
        #expect(result.report.contains("cannot write \(dir)/link: input/output error"), "\(result.report)")
        #expect(fm.contents(atPath: dir + "/f.txt") == Data(original))
        var info = stat()
        #expect(stat(dir + "/f.txt", &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try fm.destinationOfSymbolicLink(atPath: dir + "/link") == "f.txt")
        #expect(try fm.contentsOfDirectory(atPath: dir).sorted() == ["f.txt", "link"])
        let saved = try EditorApp.runScript(options, script: options.keys ?? "")
        #expect(saved.report.contains("wrote 3 lines"))
        #expect(fm.contents(atPath: dir + "/f.txt") == Data([UInt8(ascii: "X")] + original))
        #expect(stat(dir + "/f.txt", &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try fm.contentsOfDirectory(atPath: dir).sorted() == ["f.txt", "link"])
    }
}

/// Issue 10, defect 11's smaller parts: script comments and the cursor on wide characters.
struct EditorDetailTests {
    @Test func hashStartsACommentMidLine() throws {
        #expect(try Script.parse("j j # down twice\n# whole line\nk") == Script.parse("j j\nk"))
        #expect(try Script.parse("text:\"a # b\" \"#\"").count == 2)
    }

    @Test func cursorColumnCountsWideCharactersAsTwoCells() {
        var buffer = Buffer(text: "日本x")
        buffer.setCursor(Position(line: 0, column: 2))
        var screen = Screen()
        let frame = screen.render(
            ScreenContent(buffer: buffer, fileName: "f", dirty: false, keymapName: "Vim", modeLabel: "NORMAL",
                          appKeys: "", message: "", pendingHint: nil, overlay: nil),
            rows: 6, columns: 40)
        // Row 1, column 5: two wide characters take cells 1–4.
        #expect(frame.hasSuffix("\u{1B}[1;5H\u{1B}[?25h"))
    }
}
