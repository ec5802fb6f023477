import Foundation
import Testing

/// `bindc check`, and the diagnostics conventions every command shares.
@Suite struct CheckCommandTests {
    let bindc: BindcRunner
    init() throws { bindc = try BindcRunner() }

    @Test func validFileExitsZeroSilently() throws {
        try bindc.write("editor.bind", Fixtures.editor)
        let r = try bindc.run(["check", "editor.bind"])
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty && r.stderr.isEmpty)
    }

    @Test func errorsExitOneWithLocatedDiagnostics() throws {
        try bindc.write("bad.bind", Fixtures.broken)
        let r = try bindc.run(["check", "bad.bind"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("bad.bind:3:4: error: unknown responder role 'Editor'\n"))
        #expect(r.stderr.contains("bad.bind:4:12: error: unknown action 'fo'; did you mean 'foo'?\n  cmd+k -> fo \"Foo\"\n           ^~\n"))
    }

    @Test func warningsAloneExitZero() throws {
        try bindc.write("warn.bind", Fixtures.warningOnly)
        let r = try bindc.run(["check", "warn.bind"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("warn.bind:3:17: warning: "))
    }

    @Test func standardInputIsDash() throws {
        let r = try bindc.run(["check", "-"], stdin: Fixtures.broken)
        #expect(r.status == 1)
        #expect(r.stderr.contains("<stdin>:4:12: error: unknown action 'fo'"))
        let ok = try bindc.run(["check", "-"], stdin: Fixtures.editor)
        #expect(ok.status == 0)
    }

    @Test func unreadableFileIsAnInputError() throws {
        let r = try bindc.run(["check", "missing.bind"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: cannot read 'missing.bind': no such file or directory\n")
        let d = try bindc.run(["check", "."])
        #expect(d.status == 1)
        #expect(d.stderr.contains("cannot read '.': is a directory"))
    }

    @Test func noColourWhenStderrIsNotATerminal() throws {
        try bindc.write("bad.bind", Fixtures.broken)
        let r = try bindc.run(["check", "bad.bind"])
        #expect(!r.stderr.contains("\u{1B}["))
    }

    /// Runs bindc under `script`, which gives it a pseudo-terminal, when `script` exists.
    private func runOnTerminal(_ command: String, noColor: Bool, term: String = "xterm-256color") throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
              let exe = BindcRunner.executable else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "\(exe.path) \(command)", "/dev/null"]
        process.currentDirectoryURL = bindc.directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = noColor ? "1" : nil
        env["TERM"] = term
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func colourOnATerminalUnlessNoColor() throws {
        try bindc.write("bad.bind", Fixtures.broken)
        guard let coloured = try runOnTerminal("check bad.bind", noColor: false),
              let plain = try runOnTerminal("check bad.bind", noColor: true) else { return }
        #expect(coloured.contains("\u{1B}["))
        #expect(plain.contains("error: unknown action 'fo'"))
        #expect(!plain.contains("\u{1B}["))
        // `TERM=dumb` is no colour terminal; a usage mistake's `error:` is coloured as a
        // diagnostic's is.
        let dumb = try #require(try runOnTerminal("check bad.bind", noColor: false, term: "dumb"))
        #expect(dumb.contains("error: unknown action 'fo'") && !dumb.contains("\u{1B}["))
        let usage = try #require(try runOnTerminal("chek bad.bind", noColor: false))
        #expect(usage.contains("\u{1B}[1;31merror:\u{1B}[0m unknown command 'chek'"), "\(usage)")
        let plainUsage = try #require(try runOnTerminal("chek bad.bind", noColor: true))
        #expect(plainUsage.contains("error: unknown command 'chek'") && !plainUsage.contains("\u{1B}["))
    }

    @Test func jsonDiagnostics() throws {
        try bindc.write("bad.bind", Fixtures.broken)
        let r = try bindc.run(["check", "--diagnostics-format", "json", "bad.bind"])
        #expect(r.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stderr.utf8)) as? [String: Any])
        #expect(object["errorCount"] as? Int == 2)
        let list = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(list.count == 2)
        #expect(list[1]["message"] as? String == "unknown action 'fo'; did you mean 'foo'?")
        #expect(list[1]["file"] as? String == "bad.bind")
        #expect(list[1]["line"] as? Int == 4 && list[1]["column"] as? Int == 12)
        let fix = try #require((list[1]["fixIts"] as? [[String: Any]])?.first)
        #expect(fix["replacement"] as? String == "foo")
    }

    @Test func jsonForInputErrorsToo() throws {
        let r = try bindc.run(["check", "--diagnostics-format=json", "missing.bind"])
        #expect(r.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stderr.utf8)) as? [String: Any])
        #expect(object["errorCount"] as? Int == 1)
    }

    @Test func examplesCheckInLayeringOrder() throws {
        let files = Fixtures.exampleFiles
        let byName = Dictionary(files.map { ($0.lastPathComponent, $0.path) }, uniquingKeysWith: { a, _ in a })
        for file in files where !file.lastPathComponent.contains("-") {
            let r = try bindc.run(["check", file.path])
            #expect(r.status == 0, "\(file.lastPathComponent): \(r.stderr)")
        }
        if let base = byName["IDE.bind"], let user = byName["IDE-user.bind"] {
            // The user file names its base: it checks alone, and giving the base too is a
            // clear error at the directive.
            let r = try bindc.run(["check", user])
            #expect(r.status == 0, "\(r.stderr)")
            let twice = try bindc.run(["check", base, user])
            #expect(twice.status == 1)
            #expect(twice.stderr.contains("IDE-user.bind:11:12: error: '\(base)' is layered over here but was also given on its own"))
        }
    }
}
