import BindingLang
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

    @Test func errorsAreWordedLowerCase() {
        do {
            try AtomicFile.write([1], to: dir + "/missing/out")
        } catch {
            #expect(error.description == "cannot write '\(dir)/missing/out': no such file or directory")
        }
    }
}
