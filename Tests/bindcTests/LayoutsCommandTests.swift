import Foundation
import Testing

/// `bindc layouts` and `bindc check --layouts`.
@Suite struct LayoutsCommandTests {
    let bindc: BindcRunner
    init() throws { bindc = try BindcRunner() }

    static let keymap = """
        responder Editor
        action indent
        action outdent
        action left
        action copyLine
        in Editor {
          cmd+"]" -> indent
          cmd+1 -> outdent
          ctrl+KeyH -> left
          ctrl+h -> copyLine
          ctrl+c -> copyLine
        }

        """

    @Test func reportsEachLayout() throws {
        try bindc.write("k.bind", Self.keymap)
        let r = try bindc.run(["layouts", "k.bind", "--layout", "de-mac,fr,ru"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("de-mac (German, Apple; vscode de.darwin.ts): 2 problems\n"))
        #expect(r.stdout.contains("  k.bind:7:3: on de-mac: 'cmd+\"]\"' needs Option for ']': press alt+cmd+Digit6\n"))
        #expect(r.stdout.contains("  k.bind:8:3: on fr: 'cmd+1' needs Shift for '1': press shift+cmd+Digit1\n"))
        #expect(r.stdout.contains("  k.bind:10:3: on fr: 'ctrl+h' presses the same keys as 'ctrl+KeyH' in role 'Editor': ctrl+KeyH (other binding at k.bind:9:3)\n"))
        #expect(r.stdout.contains("ru (Russian; xkeyboard-config symbols/ru): 1 problem\n"))
        #expect(r.stdout.contains("  note: 3 bindings are typed through the US-character fallback (--json lists them)\n"))
        #expect(r.stdout.hasSuffix("problems on 3 of 3 layouts\n"))
    }

    /// A character that needs Shift and is on a dead key (German '`') is one line and one
    /// problem, in the report and in `check --layouts`; `--json` keeps both findings.
    @Test func shiftAndDeadKeyAreOneProblem() throws {
        try bindc.write("d.bind", "responder Editor\naction tick\nin Editor {\n  ctrl+\"`\" -> tick\n}\n")
        let r = try bindc.run(["layouts", "d.bind", "--layout", "de"])
        #expect(r.stdout == """
            de (German; xkeyboard-config symbols/de): 1 problem
              d.bind:4:3: on de: 'ctrl+"`"' needs Shift for '`', typed with a dead key: press ctrl+shift+Equal
            1 problem on 1 of 1 layout

            """)
        let check = try bindc.run(["check", "d.bind", "--layouts", "de"])
        #expect(check.stderr.components(separatedBy: "warning:").count == 2, "\(check.stderr)")
        #expect(check.stderr.contains("on de: 'ctrl+\"`\"' needs Shift for '`', typed with a dead key: press ctrl+shift+Equal"))
        let json = try bindc.run(["layouts", "d.bind", "--layout", "de", "--json"])
        #expect(json.stdout.contains("\"kind\": \"needsShift\"") && json.stdout.contains("\"kind\": \"deadKey\""), "\(json.stdout)")
    }

    @Test func json() throws {
        try bindc.write("k.bind", Self.keymap)
        let r = try bindc.run(["layouts", "k.bind", "--layout", "ru", "--json"])
        #expect(r.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let layouts = try #require(object?["layouts"] as? [[String: Any]])
        #expect(layouts.first?["id"] as? String == "ru")
        let findings = try #require(layouts.first?["findings"] as? [[String: Any]])
        let fallback = try #require(findings.first { $0["binding"] as? String == "ctrl+c" })
        #expect(fallback["kind"] as? String == "usFallback")
        #expect(fallback["keys"] as? String == "ctrl+KeyC")
        #expect(fallback["location"] as? String == "k.bind:11:3")
    }

    /// A keymap for one platform is checked on that platform's layouts unless told otherwise;
    /// one that names none on all of them; a platform name selects its layouts.
    @Test func defaultLayoutsAreThePlatformsOwn() throws {
        try bindc.write("k.bind", Self.keymap)
        try bindc.write("mac.bind", "keymap \"K\" for macOS\n" + Self.keymap)
        func ids(_ arguments: [String]) throws -> [String] {
            let r = try bindc.run(["layouts"] + arguments + ["--json"])
            #expect(r.status == 0, "\(r.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            return (object?["layouts"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
        let all = try ids(["k.bind"])
        #expect(all.count > 60 && all.contains("de") && all.contains("de-mac") && all.contains("de-win"))
        let mac = try ids(["mac.bind"])
        #expect(mac.contains("de-mac") && mac.allSatisfy { $0.hasSuffix("-mac") })
        #expect(try ids(["k.bind", "--platform", "windows"]).allSatisfy { $0.hasSuffix("-win") })
        #expect(try ids(["mac.bind", "--all"]) == all)
        #expect(try ids(["k.bind", "--layout", "linux"]).contains("fr"))
        #expect(try ids(["k.bind", "--layout", "de,macos"]) == ["de"] + mac)
        let check = try bindc.run(["check", "k.bind", "--layouts", "macos"])
        #expect(check.stderr.contains("on de-mac: "))
        #expect(!check.stderr.contains("on de: "))
        // A table records the platform it was compiled for: its layouts, not all 64, and
        // --platform (ignored, with a warning) does not change them.
        #expect(try bindc.run(["compile", "k.bind", "--platform", "windows", "-o", "win.bindtable"]).status == 0)
        let windows = try ids(["win.bindtable"])
        #expect(!windows.isEmpty && windows.count < 30 && windows.allSatisfy { $0.hasSuffix("-win") }, "\(windows)")
        let asked = try bindc.run(["layouts", "win.bindtable", "--platform", "linux", "--json"])
        #expect(asked.stderr.contains("--platform linux is ignored: the table was compiled for windows"))
        #expect(try ids(["win.bindtable", "--platform", "linux"]) == windows)
        #expect(try ids(["win.bindtable", "--all"]) == all)
    }

    @Test func badLayoutsAreUsageErrors() throws {
        try bindc.write("k.bind", Self.keymap)
        let r = try bindc.run(["layouts", "k.bind", "--layout", "dee"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("error: unknown layout 'dee'; did you mean 'de'?"))
        #expect(try bindc.run(["layouts", "k.bind", "--layout", "de", "--all"]).status == 2)
        // An empty item is an error, as an empty list is; a group name differently cased is
        // suggested.
        for list in ["macos,", "de,,fr", ",de", ""] {
            let r = try bindc.run(["layouts", "k.bind", "--layout", list])
            #expect(r.status == 2 && r.stdout.isEmpty, "'\(list)'")
            if !list.isEmpty { #expect(r.stderr.hasPrefix("error: empty layout id in '\(list)': remove the extra comma"), "\(r.stderr)") }
        }
        #expect(try bindc.run(["check", "k.bind", "--layouts", "de,"]).status == 2)
        #expect(try bindc.run(["layouts", "k.bind", "--layout", "ALL"]).stderr.hasPrefix("error: unknown layout 'ALL'; did you mean 'all'?"))
        #expect(try bindc.run(["check", "k.bind", "--layouts-strict"]).status == 2)
    }

    @Test func checkWithLayoutsWarnsOrFails() throws {
        try bindc.write("k.bind", Self.keymap)
        let plain = try bindc.run(["check", "k.bind"])
        #expect(plain.status == 0 && plain.stderr.isEmpty)
        let warned = try bindc.run(["check", "k.bind", "--layouts", "de"])
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("k.bind:7:3: warning: on de: 'cmd+\"]\"' needs AltGr for ']': press cmd+altGr+Digit9\n"))
        #expect(warned.stderr.contains("k.bind:10:3: warning: on de: 'ctrl+h' presses the same keys as 'ctrl+KeyH' in role 'Editor': ctrl+KeyH\n"))
        #expect(warned.stderr.contains("k.bind:9:3: note: 'ctrl+KeyH' is bound here\n"))
        let strict = try bindc.run(["check", "k.bind", "--layouts", "de", "--layouts-strict"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("k.bind:7:3: error: on de: "))
    }
}
