import Foundation
import Testing

/// Grammar.md §9 end to end: what a later layer overrode travels from the layering through the
/// model into the table's source map (`SRCO`), and `bindc dump` and `bindc explain` say it, on
/// the `.bind` files (a file with `layer over` brings its base) and on the compiled table.
@Suite struct LayerProvenanceTests {
    let bindc: BindcRunner

    static let base = """
        context readOnly: Bool
        context mode: normal | insert
        responder Editor
        action save
        action peek
        in Editor {
          cmd+s -> save "Save"
          cmd+p -> peek when mode == normal
          cmd+j -> save
        }

        """
    static let user = """
        layer over "base.bind"
        in Editor {
          cmd+s -> peek "Peek" when readOnly
          unbind cmd+j when mode == insert
        }

        """

    init() throws {
        bindc = try BindcRunner()
        try bindc.write("base.bind", LayerProvenanceTests.base)
        try bindc.write("user.bind", LayerProvenanceTests.user)
    }

    static let overriddenLines = """

        overridden by later layers (2):
          Editor cmd+s (base.bind:7:3)
            overridden where readOnly by user.bind:3:3
          Editor cmd+j (base.bind:9:3)
            unbound where mode == insert by user.bind:4:10

        """

    @Test func dumpOfTheSourcesSaysWhatTheLayerOverrode() throws {
        let r = try bindc.run(["dump", "user.bind"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(LayerProvenanceTests.overriddenLines), "\(r.stdout)")
        // The WHEN column is the effective condition.
        #expect(r.stdout.contains("!readOnly"))
        #expect(r.stdout.contains("mode != insert") || r.stdout.contains("!(mode == insert)"), "\(r.stdout)")
    }

    @Test func theTableCarriesItAndAStrippedTableDoesNot() throws {
        let c = try bindc.run(["compile", "user.bind", "-o", "user.bindtable"])
        #expect(c.status == 0, "\(c.stderr)")
        let dump = try bindc.run(["dump", "user.bindtable"])
        #expect(dump.stdout.contains(LayerProvenanceTests.overriddenLines), "\(dump.stdout)")
        let json = try bindc.run(["dump", "--json", "user.bindtable"])
        #expect(json.stdout.contains(#""overriddenBy""#))
        #expect(json.stdout.contains(#""kind":"unbind""#) || json.stdout.contains(#""kind": "unbind""#), "\(json.stdout)")
        #expect(try bindc.run(["compile", "user.bind", "--strip", "-o", "stripped.bindtable"]).status == 0)
        let stripped = try bindc.run(["dump", "stripped.bindtable"])
        #expect(stripped.status == 0)
        #expect(!stripped.stdout.contains("overridden by later layers"))
    }

    /// Grammar.md §9 shows `dump` and `explain` output for its layering example: both are real.
    @Test func grammarShowsRealOutput() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Grammar.md")
        let grammar = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(grammar.range(of: "// file: base.bind\ncontext readOnly"))
        let example = String(grammar[start.lowerBound...].prefix { $0 != "`" })
        for part in example.components(separatedBy: "// file: ").dropFirst() {
            let name = String(part.prefix { $0 != "\n" })
            try bindc.write("g-" + name, String(part.dropFirst(name.count + 1)).replacingOccurrences(of: "\"base.bind\"", with: "\"g-base.bind\""))
        }
        let shown = try #require(grammar.range(of: "`bindc dump user.bind` ends with\n\n"))
        let lines = grammar[shown.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("    ") }.map { $0.dropFirst(4) + "\n" }
        let dump = try bindc.run(["dump", "g-user.bind"])
        let expected = lines.joined().replacingOccurrences(of: "base.bind", with: "g-base.bind").replacingOccurrences(of: "user.bind", with: "g-user.bind")
        #expect(lines.count == 3 && dump.stdout.hasSuffix(expected), "\(dump.stdout)")
        let explain = try bindc.run(["explain", "g-user.bind", "--chain", "Editor", "--set", "readOnly=true", "--keys", "cmd+s"])
        #expect(explain.stdout.contains("its condition is false: `!readOnly` (readOnly is true); a later layer's binding overrides it here: g-user.bind:3:3 (where `readOnly`)"))
        #expect(grammar.contains("its condition is false: `!readOnly` (readOnly is true); a later layer's binding\noverrides it here: user.bind:3:3 (where `readOnly`)"))
    }

    @Test(arguments: ["user.bind", "user.bindtable"])
    func explainSaysWhichLayerTookThePressOver(input: String) throws {
        #expect(try bindc.run(["compile", "user.bind", "-o", "user.bindtable"]).status == 0)
        let r = try bindc.run(["explain", input, "--chain", "Editor", "--set", "readOnly=true", "--keys", "cmd+s"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("a later layer's binding overrides it here: user.bind:3:3 (where `readOnly`)"), "\(r.stdout)")
        // Where the later binding does not hold, nothing is said about it.
        let off = try bindc.run(["explain", input, "--chain", "Editor", "--set", "readOnly=false", "--keys", "cmd+s"])
        #expect(!off.stdout.contains("later layer"), "\(off.stdout)")
        let unbound = try bindc.run(["explain", input, "--chain", "Editor", "--set", "mode=insert", "--keys", "cmd+j", "--json"])
        #expect(unbound.stdout.contains("a later layer unbinds it here: user.bind:4:10 (where `mode == insert`)"), "\(unbound.stdout)")
        #expect(unbound.stdout.contains(#""overriddenHere""#))
    }

    /// A base's warnings are shown when it is checked, not under every layer over it: a note
    /// counts them; errors in a base still show.
    @Test func aBasesWarningsAreCountedNotRepeated() throws {
        // cmd+tab and cmd+space are macOS's: one warning in the base, one in the layer.
        try bindc.write("wbase.bind", "responder Editor\naction quit\naction save\nin Editor {\n  cmd+tab -> quit\n}\n")
        try bindc.write("wuser.bind", "layer over \"wbase.bind\"\nin Editor {\n  cmd+space -> save\n}\n")
        let layer = try bindc.run(["check", "wuser.bind"])
        #expect(layer.status == 0, "\(layer.stderr)")
        #expect(layer.stderr.contains("wuser.bind:3:3: warning: 'cmd+space' is reserved"), "\(layer.stderr)")
        #expect(!layer.stderr.contains("wbase.bind:5"), "\(layer.stderr)")
        #expect(layer.stderr.contains("wbase.bind: note: 1 warning not shown (a base the keymap layers over; 'bindc check wbase.bind' shows it)"), "\(layer.stderr)")
        #expect(layer.stderr.hasSuffix("1 warning generated\n"), "\(layer.stderr)")
        let json = try bindc.run(["check", "wuser.bind", "--diagnostics-format", "json"])
        #expect(json.stderr.contains("\"warningCount\" : 1") || json.stderr.contains("\"warningCount\": 1"), "\(json.stderr)")
        let base = try bindc.run(["check", "wbase.bind"])
        #expect(base.stderr.contains("wbase.bind:5:3: warning: 'cmd+tab' is reserved"), "\(base.stderr)")
        // An error in a base is shown under the layer.
        try bindc.write("wbase.bind", "responder Editor\naction quit\naction save\nin Editor {\n  cmd+tab -> quitt\n}\n")
        let broken = try bindc.run(["check", "wuser.bind"])
        #expect(broken.status == 1 && broken.stderr.contains("wbase.bind:5:14: error"), "\(broken.stderr)")
    }
}
