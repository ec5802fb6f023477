import Foundation
import Testing
@testable import TinyEditor

/// Issue 10, defect 11: saving keeps every byte the user did not edit.
struct FileTextTests {
    static func roundTrip(_ bytes: [UInt8]) -> [UInt8] {
        let model = EditorModel(file: FileText(bytes: bytes))
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
        let model = EditorModel(file: FileText(bytes: bytes))
        model.buffer.insert("!")
        #expect(model.savedBytes == Array("!ok\r\n".utf8) + [0xFF, 0xC0, 0x41] + Array("\r\nlast".utf8))
    }

    @Test func addedLinesGetTheUsualEnding() {
        let model = EditorModel(file: FileText(bytes: Array("a\r\nb\r\nc\n".utf8)))
        model.buffer.openLine(below: true)
        model.buffer.insert("new")
        #expect(model.savedBytes == Array("a\r\nnew\r\nb\r\nc\n".utf8))
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
