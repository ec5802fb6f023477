@testable import BindingLang
import Foundation
import Testing

@Suite struct AtomicFileTests {
    let dir: String
    init() throws {
        dir = NSTemporaryDirectory() + "atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    @Test func createsAndReplaces() throws {
        let path = dir + "/out.bin"
        try AtomicFile.write([1, 2, 3], to: path)
        #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 3]))
        try AtomicFile.write("hé", to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("hé".utf8))
        // Nothing but the file is left in the directory.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.bin"])
    }

    @Test func keepsPermissionsOfTheFileItReplaces() throws {
        let path = dir + "/script"
        try AtomicFile.write("a", to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o751], ofItemAtPath: path)
        try AtomicFile.write("b", to: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o751)
    }

    @Test func writesThroughSymbolicLinks() throws {
        try AtomicFile.write("old", to: dir + "/target")
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir + "/target")
        try AtomicFile.write("new", to: dir + "/link")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link") == dir + "/target")
        #expect(FileManager.default.contents(atPath: dir + "/target") == Data("new".utf8))
    }

    @Test func failureLeavesNothingBehind() throws {
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write([1], to: dir + "/missing/out") }
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write([1], to: dir + "/sub") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/sub").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["sub"])
    }

    /// Several files are written together: when one cannot be, none is, and no temporary
    /// file is left.
    @Test func severalFilesAreWrittenTogetherOrNotAtAll() throws {
        let fm = FileManager.default
        try AtomicFile.write("old", to: dir + "/a")
        try fm.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
        for failing in [dir + "/missing/b", dir + "/sub"] {
            #expect(throws: AtomicFile.WriteError.self) {
                try AtomicFile.write(all: [(dir + "/a", Array("new".utf8)), (dir + "/c", [1]), (failing, [2])])
            }
            #expect(fm.contents(atPath: dir + "/a") == Data("old".utf8))
            #expect(try fm.contentsOfDirectory(atPath: dir).sorted() == ["a", "sub"])
            #expect(try fm.contentsOfDirectory(atPath: dir + "/sub").isEmpty)
        }
        for step in AtomicFile.Step.allCases {
            #expect(throws: AtomicFile.WriteError.self, "\(step)") {
                try AtomicFile.write(all: [(dir + "/a", Array("new".utf8)), (dir + "/c", [1])], failing: step)
            }
            #expect(fm.contents(atPath: dir + "/a") == Data("old".utf8), "\(step)")
            #expect(try fm.contentsOfDirectory(atPath: dir).sorted() == ["a", "sub"], "\(step)")
        }
        try AtomicFile.write(all: [(dir + "/a", Array("new".utf8)), (dir + "/c", [1])])
        #expect(fm.contents(atPath: dir + "/a") == Data("new".utf8))
        #expect(fm.contents(atPath: dir + "/c") == Data([1]))
    }

    @Test func errorsAreWordedLowerCase() {
        do {
            try AtomicFile.write([1], to: dir + "/missing/out")
        } catch {
            #expect(error.description == "cannot write '\(dir)/missing/out': no such file or directory")
        }
    }

    /// Issue 16: `compile -o` onto a dangling link or a loop replaced the link with a file.
    @Test func danglingLinksAndLoopsAreErrors() throws {
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir + "/dangling", withDestinationPath: "nowhere")
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write([1], to: dir + "/dangling") }
        #expect(try fm.destinationOfSymbolicLink(atPath: dir + "/dangling") == "nowhere")
        #expect(!fm.fileExists(atPath: dir + "/nowhere"))
        try fm.createSymbolicLink(atPath: dir + "/loopA", withDestinationPath: "loopB")
        try fm.createSymbolicLink(atPath: dir + "/loopB", withDestinationPath: "loopA")
        do {
            try AtomicFile.write([1], to: dir + "/loopA")
            Issue.record("wrote through a loop")
        } catch {
            #expect(error.reason.contains("too many levels of symbolic links"))
        }
        #expect(try fm.destinationOfSymbolicLink(atPath: dir + "/loopA") == "loopB")
        // A chain of relative links reaches the file at its end.
        try AtomicFile.write("old", to: dir + "/file")
        try fm.createSymbolicLink(atPath: dir + "/one", withDestinationPath: "two")
        try fm.createSymbolicLink(atPath: dir + "/two", withDestinationPath: "file")
        try AtomicFile.write("new", to: dir + "/one")
        #expect(fm.contents(atPath: dir + "/file") == Data("new".utf8))
        #expect(try fm.destinationOfSymbolicLink(atPath: dir + "/one") == "two")
    }

    /// A failure injected at every step leaves the original bytes, mode and no temporary file.
    @Test(arguments: AtomicFile.Step.allCases)
    func failureAtEveryStepKeepsTheOriginal(step: AtomicFile.Step) throws {
        let fm = FileManager.default
        let path = dir + "/keep"
        let original: [UInt8] = Array("original bytes\r\n".utf8) + [0xFF, 0x00]
        try AtomicFile.write(original, to: path)
        try fm.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        try fm.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "keep")
        #expect(throws: AtomicFile.WriteError.self) {
            try AtomicFile.write(Array(repeating: 7, count: 100_000), to: dir + "/link", failing: step)
        }
        #expect(fm.contents(atPath: path) == Data(original))
        #expect(try fm.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
        #expect(try fm.contentsOfDirectory(atPath: dir).sorted() == ["keep", "link"])
        // And with no failure the same write succeeds.
        try AtomicFile.write(Array(repeating: 7, count: 100_000), to: dir + "/link")
        #expect(fm.contents(atPath: path)?.count == 100_000)
        #expect(try fm.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
    }

    /// Every file a product or example writes goes through `AtomicFile` (issue 16): no other
    /// source under Sources/ or Examples/ opens a file for writing. (WriterFailureTests and
    /// SaveFailureTests inject a failure into each writer through AtomicFile's hook.)
    @Test func noOtherWritePathInTheProducts() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let patterns = [
            #"fopen\([^)]*"[wa+]"#, #"\.write\(to: *[^&\s]"#, #"write\(toFile:"#, #"createFile\(atPath:"#,
            #"FileHandle\(forWriting"#, #"FileHandle\(forUpdating"#, #"O_WRONLY"#, #"O_RDWR"#, #"O_CREAT"#, #"\bcreat\("#,
        ].map { try! Regex($0) }
        var offenders: [String] = []
        for folder in ["Sources", "Examples", "Plugins"] {
            // Hidden folders (an example's `.build`, holding SwiftPM's generated test runner) are not our code.
            let base = root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            else { continue }
            for case let url as URL in files where url.pathExtension == "swift" {
                let file = String(url.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1))
                let path = folder + "/" + file
                if path == "Sources/BindingLang/Files/AtomicFile.swift" { continue }
                let text = try String(contentsOfFile: root.appendingPathComponent(path).path, encoding: .utf8)
                for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    if patterns.contains(where: { line.contains($0) }) { offenders.append("\(path):\(n + 1): \(line)") }
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
