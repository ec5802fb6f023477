import Foundation
import Testing

/// `bindc compile|swift --config bindkit.json` (what the build plugins run), and `bindc diff`
/// with tables and with a user file that says `layer over`.
@Suite struct ConfigAndDiffCommandTests {
    let bindc: BindcRunner

    static let base = """
        keymap "App"
        responder Editor, App
        action save
        action search
        action comment
        action palette
        in Editor {
          cmd+s -> save "Save"
          cmd+f -> search "Find"
        }

        """

    init() throws {
        bindc = try BindcRunner()
        try bindc.write("Base.bind", Self.base)
        try bindc.write("User.bind", "in Editor {\n  cmd+f -> comment\n}\n")
    }

    /// `layers` orders the files given (the later one wins), `platform` and `namespace` apply,
    /// and the command line's options win over the file.
    @Test func configOrdersFilesAndSetsOptions() throws {
        try bindc.write("bindkit.json", #"{"layers": ["Base.bind", "User.bind"], "platform": "linux", "namespace": "MyKeys"}"#)
        let compiled = try bindc.run(["compile", "--config", "bindkit.json", "User.bind", "Base.bind", "-o", "k.bindtable"])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let dump = try bindc.run(["dump", "k.bindtable"])
        #expect(dump.stdout.contains("linux"), "\(dump.stdout)")
        #expect(dump.stdout.contains("comment"))
        let swift = try bindc.run(["swift", "--config", "bindkit.json", "User.bind", "Base.bind"])
        #expect(swift.status == 0, "\(swift.stderr)")
        #expect(swift.stdout.contains("public enum MyKeys {"))
        let named = try bindc.run(["swift", "--config", "bindkit.json", "--name", "Other", "User.bind", "Base.bind"])
        #expect(named.stdout.contains("public enum Other {"))
    }

    /// With `--config` and no files, the files are the configuration's `layers`, resolved
    /// beside it; a configuration without `layers` then says so.
    @Test func configWithoutFilesTakesItsLayers() throws {
        try bindc.write("bindkit.json", #"{"layers": ["Base.bind", "User.bind"], "platform": "linux"}"#)
        let compiled = try bindc.run(["compile", "--config", "bindkit.json", "-o", "k.bindtable"])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        #expect(try bindc.run(["explain", "k.bindtable", "--chain", "Editor", "--keys", "cmd+f"]).stdout.contains("performed comment"))
        #expect(try bindc.run(["check", "--config", "bindkit.json"]).status == 0)
        try bindc.write("none.json", #"{"platform": "linux"}"#)
        let none = try bindc.run(["check", "--config", "none.json"])
        #expect(none.status == 1 && none.stderr == "error: no .bind files given, and 'none.json' lists none in 'layers'\n")
        #expect(try bindc.run(["check"]).status == 2)
    }

    /// check, dump, explain and layouts read the same file: the layer order (User.bind's cmd+f
    /// wins only when it comes last) and the platform.
    @Test func checkDumpExplainAndLayoutsTakeTheConfig() throws {
        try bindc.write("bindkit.json", #"{"layers": ["Base.bind", "User.bind"], "platform": "linux"}"#)
        let check = try bindc.run(["check", "--config", "bindkit.json", "User.bind", "Base.bind"])
        #expect(check.status == 0, "\(check.stderr)")
        let dump = try bindc.run(["dump", "--config", "bindkit.json", "User.bind", "Base.bind"])
        #expect(dump.status == 0, "\(dump.stderr)")
        #expect(dump.stdout.contains("for linux"), "\(dump.stdout)")
        #expect(dump.stdout.contains("cmd+f  comment"), "\(dump.stdout)")
        let explain = try bindc.run(["explain", "--config", "bindkit.json", "User.bind", "Base.bind", "--chain", "Editor", "--keys", "cmd+f"])
        #expect(explain.status == 0, "\(explain.stderr)")
        #expect(explain.stdout.contains("comment"), "\(explain.stdout)")
        let layouts = try bindc.run(["layouts", "--config", "bindkit.json", "User.bind", "Base.bind", "--layout", "de"])
        #expect(layouts.status == 0, "\(layouts.stderr)")
        try bindc.write("bindkit.json", #"{"layers": ["Base.bind"], "platfrom": "linux"}"#)
        let wrong = try bindc.run(["check", "--config", "bindkit.json", "Base.bind"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("bindkit.json:1:27: error: unknown key 'platfrom'; did you mean 'platform'?"), "\(wrong.stderr)")
    }

    /// `keymap "Name" for linux`: compile and check default to Linux; another platform asked
    /// for is an error at the list, with nothing written.
    @Test func aKeymapsPlatformListIsTheDefault() throws {
        try bindc.write("Linux.bind", Self.base.replacingOccurrences(of: "keymap \"App\"", with: "keymap \"App\" for linux, windows"))
        let compiled = try bindc.run(["compile", "Linux.bind", "-o", "l.bindtable"])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let dump = try bindc.run(["dump", "l.bindtable"])
        #expect(dump.stdout.hasPrefix("keymap \"App\" for linux\n"), "\(dump.stdout)")
        let windows = try bindc.run(["check", "--platform", "windows", "Linux.bind"])
        #expect(windows.status == 0, "\(windows.stderr)")
        let mac = try bindc.run(["compile", "--platform", "macos", "Linux.bind", "-o", "m.bindtable"])
        #expect(mac.status == 1)
        #expect(mac.stderr.contains("Linux.bind:1:18: error: keymap \"App\" is for linux, windows, not macOS (the platform compiled for); compile it with --platform linux, or add macOS to this list"), "\(mac.stderr)")
        #expect(bindc.read("m.bindtable") == nil)
    }

    @Test func configMistakesArePositionedErrors() throws {
        try bindc.write("bindkit.json", "{\n  \"layers\": [\"Base.bind\", \"Missing.bind\"],\n  \"platfrom\": \"apple\"\n}\n")
        let r = try bindc.run(["compile", "--config", "bindkit.json", "Base.bind", "User.bind", "-o", "k.bindtable"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("bindkit.json:3:3: error: unknown key 'platfrom'; did you mean 'platform'?"), "\(r.stderr)")
        #expect(bindc.read("k.bindtable") == nil)
        try bindc.write("bindkit.json", "{\"layers\": [\"Base.bind\", \"Missing.bind\"]}")
        let missing = try bindc.run(["swift", "--config", "bindkit.json", "Base.bind", "User.bind"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("bindkit.json:1:26: error: layer 'Missing.bind' is not one of the .bind files given (Base.bind, User.bind)"), "\(missing.stderr)")
        let unreadable = try bindc.run(["compile", "--config", "nope.json", "Base.bind", "-o", "k.bindtable"])
        #expect(unreadable.status == 1)
        #expect(unreadable.stderr.contains("nope.json"))
    }

    /// OLD and NEW as tables report what sources report (locations from the tables' source
    /// maps), and a user file that says `layer over` the app is layered over each instead.
    @Test func diffOfTablesWithALayeredUserFile() throws {
        try bindc.write("new.bind", Self.base.replacingOccurrences(of: "cmd+f -> search", with: "cmd+shift+f -> search")
            + "in Editor {\n  cmd+k cmd+c -> comment\n}\nin Editor {\n  cmd+p -> palette\n}\n")
        try bindc.write("user.bind", "layer over \"Base.bind\"\n\naction quickOpen\nin App {\n  cmd+p -> quickOpen\n}\nin Editor {\n  cmd+k -> quickOpen\n}\n")
        #expect(try bindc.run(["compile", "Base.bind", "-o", "old.bindtable"]).status == 0)
        #expect(try bindc.run(["compile", "new.bind", "-o", "new.bindtable"]).status == 0)
        let sources = try bindc.run(["diff", "Base.bind", "new.bind", "--user", "user.bind", "--fail-on-shadowed"])
        #expect(sources.status == 1, "\(sources.stderr)")
        #expect(sources.stdout.contains("shadowed user binding in App: cmd+p -> quickOpen  (user.bind:5:3)"), "\(sources.stdout)")
        #expect(sources.stdout.contains("conflict user binding in Editor: cmd+k -> quickOpen  (user.bind:8:3)"))
        let tables = try bindc.run(["diff", "old.bindtable", "new.bindtable", "--user", "user.bind", "--fail-on-shadowed"])
        #expect(tables.status == 1, "\(tables.stderr)")
        #expect(tables.stdout == sources.stdout)
        let mixed = try bindc.run(["diff", "Base.bind", "new.bindtable", "--user", "user.bind", "--json"])
        #expect(mixed.status == 0)
        #expect(mixed.stdout.contains("\"kind\":\"shadowed\"") || mixed.stdout.contains("\"kind\": \"shadowed\""))
        let userTable = try bindc.run(["diff", "Base.bind", "new.bind", "--user", "old.bindtable"])
        #expect(userTable.status == 1)
        #expect(userTable.stderr.contains("'old.bindtable' is a compiled table; --user needs the user's .bind source"))
    }

    /// Standard input is read once: `diff - -` (or `-` as OLD or NEW and as --user) is refused,
    /// as `check - -` is, instead of comparing the keymap with an empty one.
    @Test func diffRefusesStandardInputTwice() throws {
        for arguments in [["diff", "-", "-"], ["diff", "-", "Base.bind", "--user", "-"]] {
            let result = try bindc.run(arguments, stdin: Self.base)
            #expect(result.status == 1)
            #expect(result.stderr.contains("'-' is given twice"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }
}
