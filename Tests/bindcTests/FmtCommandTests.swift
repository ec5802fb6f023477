import Foundation
import Testing

/// `bindc fmt` on the built binary, including idempotence on every example keymap.
@Suite struct FmtCommandTests {
    let bindc: BindcRunner
    init() throws { bindc = try BindcRunner() }

    static let messy = """
        keymap   "M"
        responder   Editor,App
        action go( Int )
        // keeps comments
        in Editor{
        cmd+1->go(1)   "One"
            option+command+f -> find
        }

        """

    @Test(arguments: Fixtures.exampleFiles.map(\.path))
    func formattingIsIdempotent(_ path: String) throws {
        let once = try bindc.run(["fmt", path])
        #expect(once.status == 0, "\(once.stderr)")
        let twice = try bindc.run(["fmt", "-"], stdin: once.stdout)
        #expect(twice.status == 0)
        #expect(twice.stdout == once.stdout)
        try bindc.write("formatted.bind", once.stdout)
        #expect(try bindc.run(["fmt", "--check", "formatted.bind"]).status == 0)
    }

    /// The examples are in canonical layout (issue 10, defect 13; `.ci/run` checks it too).
    @Test(arguments: Fixtures.exampleFiles.map(\.path))
    func examplesAreCanonical(_ path: String) throws {
        let r = try bindc.run(["fmt", "--check", path])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// Every example, layered files over their base (`IDE-user.bind` over `IDE.bind`).
    static var exampleLayers: [[String]] {
        let paths = Fixtures.exampleFiles.map(\.path)
        return paths.map { path in
            guard path.hasSuffix("-user.bind") else { return [path] }
            let base = String(path.dropLast("-user.bind".count)) + ".bind"
            return paths.contains(base) ? [base, path] : [path]
        }
    }

    @Test(arguments: exampleLayers)
    func formattingPreservesMeaning(_ layers: [String]) throws {
        // Format the last layer; the table of the layers must not change by one byte.
        let last = try #require(layers.last)
        let formatted = try bindc.run(["fmt", last])
        #expect(formatted.status == 0, "\(formatted.stderr)")
        // The last layer names its bases (`layer over`): copies of them sit beside the
        // formatted file so its paths resolve the same way.
        for base in layers.dropLast() {
            try bindc.write((base as NSString).lastPathComponent, String(contentsOfFile: base, encoding: .utf8))
        }
        try bindc.write("formatted.bind", formatted.stdout)
        let a = try bindc.run(["compile", "--strip", last, "-o", "a.bindtable"])
        let b = try bindc.run(["compile", "--strip", "formatted.bind", "-o", "b.bindtable"])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(bindc.read("a.bindtable") == bindc.read("b.bindtable"))
    }

    @Test func checkReportsUnformattedFiles() throws {
        try bindc.write("messy.bind", FmtCommandTests.messy)
        let r = try bindc.run(["fmt", "--check", "messy.bind"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "messy.bind: error: not formatted\n")
        #expect(bindc.read("messy.bind") == Array(FmtCommandTests.messy.utf8))
    }

    @Test func inPlaceRewritesThenCheckPasses() throws {
        try bindc.write("messy.bind", FmtCommandTests.messy)
        let printed = try bindc.run(["fmt", "messy.bind"]).stdout
        let r = try bindc.run(["fmt", "--in-place", "messy.bind"])
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
        let rewritten = String(decoding: try #require(bindc.read("messy.bind")), as: UTF8.self)
        #expect(rewritten == printed)
        #expect(rewritten.contains("// keeps comments"))
        #expect(try bindc.run(["fmt", "--check", "messy.bind"]).status == 0)
    }

    @Test func syntaxErrorsExitOneAndLeaveTheFile() throws {
        try bindc.write("broken.bind", "in Editor {\n  cmd+k -> \n")
        let r = try bindc.run(["fmt", "--in-place", "broken.bind"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("broken.bind:"))
        #expect(bindc.read("broken.bind") == Array("in Editor {\n  cmd+k -> \n".utf8))
    }

    @Test func conflictingOptionsAreUsageErrors() throws {
        try bindc.write("a.bind", "")
        #expect(try bindc.run(["fmt", "--check", "--in-place", "a.bind"]).status == 2)
        #expect(try bindc.run(["fmt", "--in-place", "-"]).status == 2)
    }
}

extension FmtCommandTests {
    @Test func jsonIsOneDocumentForAllFiles() throws {
        try bindc.write("messy.bind", FmtCommandTests.messy)
        try bindc.write("broken.bind", "in Editor {\n  cmd+k -> \n")
        let r = try bindc.run(["fmt", "--check", "--diagnostics-format", "json", "messy.bind", "broken.bind", "missing.bind"])
        #expect(r.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stderr.utf8)) as? [String: Any])
        let list = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(list.contains { $0["file"] as? String == "broken.bind" && $0["line"] as? Int != nil })
        #expect(list.contains { $0["file"] as? String == "messy.bind" && $0["message"] as? String == "not formatted" })
        #expect(list.contains { ($0["message"] as? String)?.hasPrefix("cannot read 'missing.bind'") == true })
    }
}

/// Issue 10, defect 12: the tool's small mismatches.
@Suite struct ToolMismatchTests {
    let bindc: BindcRunner
    init() throws { bindc = try BindcRunner() }

    /// Several files without --in-place or --check would print run together: a usage error.
    @Test func fmtOfSeveralFilesNeedsInPlaceOrCheck() throws {
        try bindc.write("a.bind", "responder R\n")
        try bindc.write("b.bind", "action a\n")
        let r = try bindc.run(["fmt", "a.bind", "b.bind"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("error: fmt prints one file; give several files with --in-place or --check\n"))
        #expect(try bindc.run(["fmt", "--check", "a.bind", "b.bind"]).status == 0)
        #expect(try bindc.run(["fmt", "a.bind"]).stdout == "responder R\n")
    }

    /// `bindc --help` says exit 1 also means "not formatted" under fmt --check.
    @Test func helpNamesFmtCheckUnderExitOne() throws {
        let r = try bindc.run(["--help"])
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("  1 ") })
        #expect(line.contains("fmt --check"))
    }

    /// `--platform` with a compiled table: the table's platform is used, and a different
    /// request is a warning that says so.
    @Test func platformOfATableIsTheTables() throws {
        try bindc.write("p.bind", "responder R\naction a\nin R {\n  primary+k -> a\n}\n")
        #expect(try bindc.run(["compile", "p.bind", "-o", "p.bindtable"]).status == 0)
        let other = try bindc.run(["explain", "p.bindtable", "--platform", "other", "--keys", "cmd+k"])
        #expect(other.status == 0)
        #expect(other.stdout.contains("cmd+k: performed a on R"))
        #expect(other.stderr == "warning: --platform other is ignored: the table was compiled for macOS, and 'primary' is resolved in it\n")
        let same = try bindc.run(["explain", "p.bindtable", "--platform", "apple", "--keys", "cmd+k"])
        #expect(same.stderr.isEmpty)
        let help = try bindc.run(["explain", "--help"])
        #expect(help.stdout.contains("a table keeps its own"))
    }
}
