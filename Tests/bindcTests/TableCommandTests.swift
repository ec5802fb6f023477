import Foundation
import Testing

/// `bindc compile` and `bindc dump`, and the commands that take a table instead of sources.
@Suite struct TableCommandTests {
    let bindc: BindcRunner
    static let magic: [UInt8] = [0x89, 0x42, 0x4B, 0x54, 0x0D, 0x0A, 0x1A, 0x0A]

    init() throws {
        bindc = try BindcRunner()
        try bindc.write("editor.bind", Fixtures.editor)
    }

    private func compile(_ extra: [String] = [], to name: String = "editor.bindtable") throws -> [UInt8] {
        let r = try bindc.run(["compile", "editor.bind", "-o", name] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.isEmpty && r.stderr.isEmpty)
        return try #require(bindc.read(name))
    }

    @Test func compileWritesATable() throws {
        let table = try compile()
        #expect(table.starts(with: TableCommandTests.magic))
        // Compiling is deterministic.
        #expect(try compile(to: "again.bindtable") == table)
    }

    @Test func failedCompileLeavesExistingOutputByteIdentical() throws {
        let good = try compile()
        try bindc.write("bad.bind", Fixtures.broken)
        let r = try bindc.run(["compile", "bad.bind", "-o", "editor.bindtable"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("error: unknown action 'fo'"))
        #expect(bindc.read("editor.bindtable") == good)
        // No temporary file is left behind either.
        let names = try FileManager.default.contentsOfDirectory(atPath: bindc.directory.path).sorted()
        #expect(names == ["bad.bind", "editor.bind", "editor.bindtable"])
    }

    @Test func failedCompileCreatesNoOutput() throws {
        try bindc.write("bad.bind", Fixtures.broken)
        #expect(try bindc.run(["compile", "bad.bind", "-o", "new.bindtable"]).status == 1)
        #expect(bindc.read("new.bindtable") == nil)
    }

    @Test func unwritableOutputIsAnError() throws {
        let r = try bindc.run(["compile", "editor.bind", "-o", "no/such/dir/out.bindtable"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("error: cannot write 'no/such/dir/out.bindtable': no such file or directory"))
    }

    @Test func compileFromStandardInput() throws {
        let r = try bindc.run(["compile", "-", "-o", "stdin.bindtable"], stdin: Fixtures.editor)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(bindc.read("stdin.bindtable")?.starts(with: TableCommandTests.magic) == true)
    }

    @Test func tablesThroughStandardStreams() throws {
        let table = try compile()
        let out = try bindc.run(["compile", "editor.bind", "-o", "-"])
        #expect(out.status == 0)
        #expect(out.stdoutBytes == table)
        let fromStdin = try bindc.run(["dump", "-"], stdinBytes: table)
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        #expect(fromStdin.stdout == (try bindc.run(["dump", "editor.bindtable"])).stdout)
        let explain = try bindc.run(["explain", "-", "--keys", "cmd+1"], stdinBytes: table)
        #expect(explain.stdout.contains("cmd+1: performed selectTab(1) on TextView"))
    }

    @Test func stripLeavesOutLocations() throws {
        let full = try compile()
        let stripped = try compile(["--strip"], to: "stripped.bindtable")
        #expect(stripped.count < full.count)
        let dump = try bindc.run(["dump", "stripped.bindtable"])
        #expect(dump.status == 0)
        #expect(!dump.stdout.contains("editor.bind:"))
        #expect(try bindc.run(["dump", "editor.bindtable"]).stdout.contains("editor.bind:16:5"))
    }

    @Test func platformDecidesPrimary() throws {
        // On Linux `cmd+1` is Super+1, which GNOME Shell and Plasma's task manager take (a
        // warning; the table is written).
        let linux = try bindc.run(["compile", "editor.bind", "-o", "other.bindtable", "--platform", "other"])
        #expect(linux.status == 0 && linux.stderr.contains("'cmd+1' is reserved by GNOME and KDE Plasma on Linux"), "\(linux.stderr)")
        let dump = try bindc.run(["dump", "other.bindtable"])
        #expect(dump.stdout.hasPrefix("keymap \"Editor\" for linux\n"))
        #expect(dump.stdout.contains("TextView  ctrl+b "))
        _ = try compile()
        #expect(try bindc.run(["dump", "editor.bindtable"]).stdout.contains("TextView  cmd+b "))
    }

    @Test func dumpListsEverything() throws {
        _ = try compile()
        let r = try bindc.run(["dump", "editor.bindtable"])
        #expect(r.status == 0, "\(r.stderr)")
        let out = r.stdout
        #expect(out.hasPrefix("keymap \"Editor\" for macOS\n"))
        #expect(out.contains("  context mode: normal | insert | visual\n"))
        #expect(out.contains("responder TextView, Editor, Window, App\n"))
        #expect(out.contains("  ROLE      KEYS           ACTION           TITLE"))
        #expect(out.contains("\"Types\""))
        #expect(out.contains("mode == insert && !readOnly"))
        #expect(out.contains("menu edit {\n  \"Copy\" -> copy\n  \"Define\" -> define when !readOnly\n}\n"))
        #expect(out.contains("menu \"File\" {\n  \"New Tab\" cmd+t -> selectTab(1)\n}\n"))
        #expect(out.contains("shortcut \"com.example.editor.search\" {\n  title \"Search\"\n"))
    }

    @Test func dumpJSON() throws {
        _ = try compile()
        let r = try bindc.run(["dump", "--json", "editor.bindtable"])
        #expect(r.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "Editor")
        let bindings = try #require(object["bindings"] as? [[String: Any]])
        let comment = try #require(bindings.first { $0["action"] as? String == "commentLine" })
        #expect(comment["keys"] as? String == "ctrl+k ctrl+c")
        #expect(comment["role"] as? String == "Editor")
        #expect(comment["title"] as? String == "Comment Line")
        #expect((comment["location"] as? [String: Any])?["line"] as? Int == 20)
    }

    @Test func dumpRejectsCorruptTables() throws {
        var table = try compile()
        table[table.count / 2] ^= 0xFF
        try bindc.write("corrupt.bindtable", bytes: table)
        let r = try bindc.run(["dump", "corrupt.bindtable"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("error: 'corrupt.bindtable' is not a valid binding table: "))
        try bindc.write("short.bindtable", bytes: Array(table.prefix(20)))
        #expect(try bindc.run(["dump", "short.bindtable"]).status == 1)
        try bindc.write("empty.bindtable", bytes: [])
        #expect(try bindc.run(["dump", "empty.bindtable"]).status == 1)
    }

    @Test func dumpOfASourceFileCompilesItFirst() throws {
        _ = try compile()
        let r = try bindc.run(["dump", "editor.bind"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == (try bindc.run(["dump", "editor.bindtable"])).stdout)
        try bindc.write("bad.bind", Fixtures.broken)
        let bad = try bindc.run(["dump", "bad.bind"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("error: unknown action 'fo'"))
    }

    @Test func tablesWorkWhereSourcesDo() throws {
        _ = try compile()
        for command in [["plist"], ["swift"], ["explain", "--keys", "ctrl+k ctrl+c"], ["explain", "--set", "loggedIn=true"]] {
            let fromSource = try bindc.run([command[0], "editor.bind"] + command.dropFirst())
            let fromTable = try bindc.run([command[0], "editor.bindtable"] + command.dropFirst())
            #expect(fromTable.status == 0, "\(command): \(fromTable.stderr)")
            #expect(fromTable.stdout == fromSource.stdout, "\(command)")
        }
        let mixed = try bindc.run(["plist", "editor.bind", "editor.bindtable"])
        #expect(mixed.status == 1)
        #expect(mixed.stderr.contains("cannot be layered"))
    }

    @Test func layeredExamplesCompile() throws {
        let files = Fixtures.exampleFiles
        guard let user = files.first(where: { $0.lastPathComponent == "IDE-user.bind" }) else { return }
        let r = try bindc.run(["compile", user.path, "-o", "ide.bindtable"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try bindc.run(["dump", "ide.bindtable"]).status == 0)
    }
}
