import Foundation
import Testing

/// `bindc check --fix` and `--fix --dry-run`.
@Suite struct CheckFixTests {
    static let broken = "context on: Bol\nresponder Editor\nin Editor {\n  cmd+shft+k -> serch when on\n  cmd+j -> nope\n}\naction search\n"
    static let fixed = "context on: Bool\nresponder Editor\nin Editor {\n  cmd+shift+k -> search when on\n  cmd+j -> nope\n}\naction search\n"

    @Test func fixRewritesTheFileAndReportsEachChange() throws {
        let bindc = try BindcRunner()
        let path = try bindc.write("app.bind", Self.broken)
        let r = try bindc.run(["check", "--fix", "app.bind"])
        #expect(r.stdout == """
            app.bind:1:13: fixed: replaced 'Bol' with 'Bool'
            app.bind:4:7: fixed: replaced 'shft' with 'shift'
            app.bind:4:17: fixed: replaced 'serch' with 'search'

            """)
        // What is left (no certain fix) is reported, and decides the status.
        #expect(r.stderr.hasPrefix("app.bind:5:12: error: unknown action 'nope'\n"))
        #expect(r.status == 1)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.fixed)
        // Nothing left to fix: the file is not touched.
        let again = try bindc.run(["check", "--fix", "app.bind"])
        #expect(again.stdout == "")
    }

    @Test func dryRunPrintsADiffAndWritesNothing() throws {
        let bindc = try BindcRunner()
        let path = try bindc.write("app.bind", Self.broken)
        let r = try bindc.run(["check", "--fix", "--dry-run", "app.bind"])
        #expect(r.stdout == """
            --- a/app.bind
            +++ b/app.bind
            @@ -1,7 +1,7 @@
            -context on: Bol
            +context on: Bool
             responder Editor
             in Editor {
            -  cmd+shft+k -> serch when on
            +  cmd+shift+k -> search when on
               cmd+j -> nope
             }
             action search

            """)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.broken)
        #expect(r.status == 1)
    }

    @Test func aCleanFileIsLeftAlone() throws {
        let bindc = try BindcRunner()
        try bindc.write("ok.bind", Self.fixed.replacingOccurrences(of: "  cmd+j -> nope\n", with: ""))
        let r = try bindc.run(["check", "--fix", "ok.bind"])
        #expect(r.status == 0 && r.stdout == "" && r.stderr == "")
    }

    @Test func usageMistakes() throws {
        let bindc = try BindcRunner()
        #expect(try bindc.run(["check", "--dry-run", "a.bind"]).stderr.hasPrefix("error: '--dry-run' needs '--fix'\n"))
        let stdin = try bindc.run(["check", "--fix", "-"], stdin: Self.broken)
        #expect(stdin.status == 2)
        let dry = try bindc.run(["check", "--fix", "--dry-run", "-"], stdin: Self.broken)
        #expect(dry.stdout.hasPrefix("--- a/-\n+++ b/-\n@@ -1,7 +1,7 @@\n-context on: Bol\n+context on: Bool\n"))
    }
}
