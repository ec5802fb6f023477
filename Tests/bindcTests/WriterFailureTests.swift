import Foundation
import Testing

/// Issue 16, "no lost bytes": every command that writes a file goes through the one atomic
/// write path, and a failure at any of its steps (injected with `BINDKIT_INJECT_WRITE_FAILURE`)
/// leaves the file it would replace as it was: bytes, mode and the symbolic link to it. The
/// build plugin's outputs are `compile -o` and `swift -o` with the arguments it passes.
@Suite struct WriterFailureTests {
    /// The steps of `AtomicFile`'s write, by the names the environment variable takes.
    static let steps = ["resolve", "createTemporary", "setMode", "setOwner", "writeBytes", "flush", "closeFile", "rename"]

    static let keymap = """
        keymap "App"
        responder Editor
        action search
        action save
        in Editor {
          cmd+f -> search "Find"
          cmd+s -> save "Save"
        }
        shortcut "com.example.search" { title "Search" }

        """
    /// `keymap` with one more titled binding, so a merged string catalog changes.
    static let keymap2 = keymap.replacingOccurrences(of: "  cmd+s -> save \"Save\"\n", with: "  cmd+s -> save \"Save\"\n  cmd+shift+s -> save \"Save All\"\n")

    /// One command that writes `target` (a name in the test's directory), and how to set it up.
    struct Writer: CustomStringConvertible, Sendable {
        var name: String
        /// Files to create first (name, text).
        var files: [(String, String)]
        /// The command; `TARGET` stands for the path it writes (a symbolic link to the file).
        var arguments: [String]
        /// The file it replaces, with what is in it before.
        var target: String
        var original: String
        /// Whether the target is also what the command reads (fmt --in-place, check --fix).
        var inPlace: Bool
        var description: String { name }
    }

    static let writers: [Writer] = [
        Writer(name: "compile -o", files: [("app.bind", keymap)], arguments: ["compile", "app.bind", "-o", "TARGET"],
               target: "App.bindtable", original: "an older table\r\n\u{0}\u{1}", inPlace: false),
        Writer(name: "swift -o", files: [("app.bind", keymap)], arguments: ["swift", "app.bind", "-o", "TARGET"],
               target: "Keymap.swift", original: "// older generated Swift\n", inPlace: false),
        Writer(name: "plist -o", files: [("app.bind", keymap)], arguments: ["plist", "app.bind", "-o", "TARGET"],
               target: "Info.plist", original: "<plist>older</plist>\n", inPlace: false),
        Writer(name: "import -o",
               files: [("keys.json", #"[{ "key": "cmd+k", "command": "a", "when": "x" }]"#)],
               arguments: ["import", "vscode", "keys.json", "-o", "TARGET"],
               target: "imported.bind", original: "// an older import\n", inPlace: false),
        Writer(name: "strings -o", files: [("app.bind", keymap2)], arguments: ["strings", "app.bind", "-o", "TARGET"],
               target: "Keymap.xcstrings", original: "", inPlace: false),
        Writer(name: "fmt --in-place", files: [], arguments: ["fmt", "--in-place", "TARGET"],
               target: "messy.bind", original: "responder   Editor\naction a\nin Editor{\ncmd+k->a\n}\n", inPlace: true),
        Writer(name: "check --fix", files: [], arguments: ["check", "--fix", "TARGET"],
               target: "broken.bind", original: "context on: Bol\nresponder Editor\naction search\nin Editor {\n  cmd+k -> serch when on\n}\n",
               inPlace: true),
    ]

    /// A directory with the writer's inputs, its target holding `original` with mode 0600, and
    /// `link` pointing at the target (the command is given the link).
    static func setUp(_ w: Writer) throws -> (BindcRunner, original: [UInt8]) {
        let bindc = try BindcRunner()
        for (name, text) in w.files { try bindc.write(name, text) }
        var original = Array(w.original.utf8)
        if w.name == "strings -o" {
            // An existing catalog (strings merges into it): the one for the shorter keymap.
            try bindc.write("first.bind", keymap)
            let first = try bindc.run(["strings", "first.bind", "-o", w.target])
            #expect(first.status == 0, "\(first.stderr)")
            original = try #require(bindc.read(w.target))
        } else {
            try bindc.write(w.target, bytes: original)
        }
        #expect(chmod(bindc.path(w.target), 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: bindc.path("link"), withDestinationPath: w.target)
        return (bindc, original)
    }

    static func arguments(_ w: Writer, target: String) -> [String] { w.arguments.map { $0 == "TARGET" ? target : $0 } }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    /// A failure at each step: exit 1, the error names the path given, and the file, its mode,
    /// the link and the directory's contents are as before. Then, with no failure, the write
    /// goes through the link, and the file keeps mode 0600 (and, when the test may give files
    /// away, its owner).
    /// A device cannot be replaced, only written to: `-o /dev/null` discards the table and
    /// leaves the device in place (renaming over it, as for a file, put a plain file at
    /// `/dev/null` when run as root).
    @Test func writingToADeviceWritesIntoIt() throws {
        let bindc = try BindcRunner()
        defer { bindc.cleanUp() }
        _ = try bindc.write("app.bind", Self.keymap)
        let r = try bindc.run(["compile", "app.bind", "-o", "/dev/null"])
        #expect(r.status == 0, "\(r.stderr)")
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }

    /// `bindc strings` writes two catalogs: when either cannot be merged or written, neither
    /// is. Its `-o` catalog was replaced before the `--info-plist` one failed (an existing
    /// file that is not a catalog, a missing directory, a directory).
    @Test func aFailingStringsRunWritesNeitherCatalog() throws {
        let bindc = try BindcRunner()
        defer { bindc.cleanUp() }
        try bindc.write("first.bind", Self.keymap)
        try bindc.write("app.bind", Self.keymap2)
        #expect(try bindc.run(["strings", "first.bind", "-o", "Keymap.xcstrings"]).status == 0)
        let original = try #require(bindc.read("Keymap.xcstrings"))
        try bindc.write("notes.txt", "not json\n")
        let fm = FileManager.default
        try fm.createDirectory(atPath: bindc.path("dir"), withIntermediateDirectories: false)
        func listing() throws -> [String] {
            try fm.contentsOfDirectory(atPath: bindc.directory.path).sorted() + fm.contentsOfDirectory(atPath: bindc.path("dir")).sorted()
        }
        let before = try listing()
        let cases = [
            ("notes.txt", "error: cannot merge with 'notes.txt': not JSON"),
            ("missing/InfoPlist.xcstrings", "error: cannot write 'missing/InfoPlist.xcstrings': no such file or directory"),
            ("dir", "error: cannot write 'dir': is a directory"),
        ]
        for (infoPlist, message) in cases {
            let r = try bindc.run(["strings", "app.bind", "-o", "Keymap.xcstrings", "--info-plist", infoPlist])
            #expect(r.status == 1, "\(infoPlist)")
            #expect(r.stderr.contains(message), "\(infoPlist): \(r.stderr)")
            #expect(bindc.read("Keymap.xcstrings") == original, "\(infoPlist)")
            #expect(bindc.read("notes.txt") == Array("not json\n".utf8))
            #expect(try listing() == before, "\(infoPlist)")
        }
        // The other way round: the keymap's catalog fails, the quick actions' is not written.
        let r = try bindc.run(["strings", "app.bind", "-o", "dir", "--info-plist", "InfoPlist.xcstrings"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("error: cannot write 'dir': is a directory"), "\(r.stderr)")
        #expect(try listing() == before)
        // Both written when both can be.
        let ok = try bindc.run(["strings", "app.bind", "-o", "Keymap.xcstrings", "--info-plist", "InfoPlist.xcstrings"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(bindc.read("Keymap.xcstrings") != original && bindc.read("InfoPlist.xcstrings") != nil)
    }

    @Test(arguments: WriterFailureTests.writers)
    func failureAtEveryStepKeepsTheFile(writer w: Writer) throws {
        let (bindc, original) = try Self.setUp(w)
        let fm = FileManager.default
        let before = try fm.contentsOfDirectory(atPath: bindc.directory.path).sorted()
        for step in Self.steps {
            let r = try bindc.run(Self.arguments(w, target: "link"), environment: ["BINDKIT_INJECT_WRITE_FAILURE": step])
            #expect(r.status == 1, "\(w) at \(step): \(r.stderr)")
            #expect(r.stderr.contains("cannot write 'link': input/output error"), "\(w) at \(step): \(r.stderr)")
            #expect(bindc.read(w.target) == original, "\(w) at \(step)")
            #expect(Self.mode(bindc.path(w.target)) == 0o600, "\(w) at \(step)")
            #expect(try fm.destinationOfSymbolicLink(atPath: bindc.path("link")) == w.target)
            #expect(try fm.contentsOfDirectory(atPath: bindc.directory.path).sorted() == before, "\(w) at \(step)")
        }
        let giveAway = getuid() == 0
        if giveAway { #expect(chown(bindc.path(w.target), 4242, 4242) == 0) }
        let r = try bindc.run(Self.arguments(w, target: "link"))
        #expect(r.status == 0, "\(w): \(r.stderr)")
        #expect(!r.stderr.contains("cannot write"), "\(w): \(r.stderr)")
        let written = try #require(bindc.read(w.target))
        #expect(written != original, "\(w) wrote nothing")
        #expect(Self.mode(bindc.path(w.target)) == 0o600, "\(w)")
        #expect(try fm.destinationOfSymbolicLink(atPath: bindc.path("link")) == w.target)
        #expect(try fm.contentsOfDirectory(atPath: bindc.directory.path).sorted() == before, "\(w)")
        if giveAway {
            var info = stat()
            #expect(stat(bindc.path(w.target), &info) == 0 && info.st_uid == 4242 && info.st_gid == 4242, "\(w)")
        }
    }

    /// Through a chain of links the file at the end is replaced and the links stay; a dangling
    /// link or a loop is an error that creates and replaces nothing; in a read-only directory
    /// (when the test is not privileged) the write fails and the file is kept.
    @Test(arguments: WriterFailureTests.writers)
    func symbolicLinksAndReadOnlyDirectories(writer w: Writer) throws {
        let (bindc, original) = try Self.setUp(w)
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: bindc.path("chain"), withDestinationPath: "link")
        let chained = try bindc.run(Self.arguments(w, target: "chain"))
        #expect(!chained.stderr.contains("cannot write"), "\(w): \(chained.stderr)")
        #expect(bindc.read(w.target) != original, "\(w) did not write through the chain")
        #expect(try fm.destinationOfSymbolicLink(atPath: bindc.path("chain")) == "link")
        #expect(Self.mode(bindc.path(w.target)) == 0o600)

        if !w.inPlace {
            // (An in-place writer cannot read its input through these, and says so first.)
            try fm.createSymbolicLink(atPath: bindc.path("dangling"), withDestinationPath: "nowhere.out")
            let dangling = try bindc.run(Self.arguments(w, target: "dangling"))
            #expect(dangling.status == 1)
            #expect(dangling.stderr.contains("cannot write 'dangling': dangling symbolic link to"), "\(w): \(dangling.stderr)")
            #expect(!fm.fileExists(atPath: bindc.path("nowhere.out")))
            #expect(try fm.destinationOfSymbolicLink(atPath: bindc.path("dangling")) == "nowhere.out")
            try fm.createSymbolicLink(atPath: bindc.path("loopA"), withDestinationPath: "loopB")
            try fm.createSymbolicLink(atPath: bindc.path("loopB"), withDestinationPath: "loopA")
            let loop = try bindc.run(Self.arguments(w, target: "loopA"))
            #expect(loop.status == 1)
            #expect(loop.stderr.contains("cannot write 'loopA': too many levels of symbolic links"), "\(w): \(loop.stderr)")
            #expect(try fm.destinationOfSymbolicLink(atPath: bindc.path("loopA")) == "loopB")
        }

        guard getuid() != 0 else { return }  // a privileged process writes in a read-only directory
        if w.inPlace { try bindc.write(w.target, bytes: original) }  // something to format or fix again
        let kept = try #require(bindc.read(w.target))
        // The inputs stay readable and writable; no new file (the temporary one) can be made.
        #expect(chmod(bindc.directory.path, 0o500) == 0)
        defer { chmod(bindc.directory.path, 0o700) }
        let readOnly = try bindc.run(Self.arguments(w, target: "link"))
        #expect(readOnly.status == 1, "\(w): \(readOnly.stderr)")
        #expect(readOnly.stderr.contains("cannot write 'link': permission denied"), "\(w): \(readOnly.stderr)")
        #expect(bindc.read(w.target) == kept)
    }
}
