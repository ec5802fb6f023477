import Foundation
import Testing

/// `bindc import` as users run it: output, `-o`, `--over`, `--report [--json]`, and the exit
/// codes for bad input (1) and bad usage (2).
@Suite struct ImportCommandTests {
    static let user = """
        [
          { "key": "cmd+k", "command": "a", "when": "x" },
          { "key": "cmd+k", "command": "b", "when": "y" }
        ]
        """

    @Test func writesSourceThatCompiles() throws {
        let bindc = try BindcRunner()
        defer { bindc.cleanUp() }
        _ = try bindc.write("keys.json", Self.user)
        let r = try bindc.run(["import", "vscode", "keys.json", "-o", "keys.bind", "--report"])
        #expect(r.status == 0)
        #expect(r.stdout == "")
        // The counts of the output's first line, in its words.
        #expect(r.stderr.hasPrefix("keys.json (VS Code): 2 entries: 2 converted, 0 always overridden by a later entry, 0 left out (100.0% taken in)\n"))
        #expect(r.stderr.contains("  conflicts remaining: 0\n"))
        let source = String(decoding: try #require(bindc.read("keys.bind")), as: UTF8.self)
        #expect(source.contains("  // line 2\n  cmd+k -> a when x && !y\n"))
        #expect(try bindc.run(["check", "keys.bind"]).status == 0)
        let stdout = try bindc.run(["import", "vscode", "keys.json"])
        #expect(stdout.stdout == source)
    }

    @Test func reportsAsJSON() throws {
        let bindc = try BindcRunner()
        defer { bindc.cleanUp() }
        _ = try bindc.write("keys.json", Self.user)
        let r = try bindc.run(["import", "vscode", "keys.json", "-o", "-", "--report", "--json"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("\"entries\": 2,"))
        #expect(r.stderr.contains("\"converted\": 2,"))
        #expect(r.stderr.contains("\"conflicts\": 0"))
    }

    /// With warnings, and when the input cannot be imported, standard error is still one JSON
    /// document (a script pipes it to a JSON reader).
    @Test func reportAsJSONIsOneDocumentWithTheDiagnostics() throws {
        let bindc = try BindcRunner()
        defer { bindc.cleanUp() }
        _ = try bindc.write("keys.json", "[{ \"key\": \"cmd+k\", \"command\": \"a\" }, { \"group\": \"x\" }]")
        let r = try bindc.run(["import", "vscode", "keys.json", "-o", "keys.bind", "--report", "--json"])
        #expect(r.status == 0)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stderr.utf8)) as? [String: Any])
        #expect(doc["entries"] as? Int == 2)
        #expect(doc["warningCount"] as? Int == 3)
        let diagnostics = try #require(doc["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["line"] as? Int == 1)
        #expect((diagnostics.first?["message"] as? String)?.hasPrefix("keybinding has no \"key\"") == true)
        _ = try bindc.write("bad.json", "[{ \"key\": 1 }}")
        let bad = try bindc.run(["import", "vscode", "bad.json", "--report", "--json"])
        #expect(bad.status == 1)
        let badDoc = try #require(try JSONSerialization.jsonObject(with: Data(bad.stderr.utf8)) as? [String: Any])
        #expect((badDoc["errorCount"] as? Int ?? 0) >= 1)
    }

    @Test func layersOverABase() throws {
        let bindc = try BindcRunner()
        defer { bindc.cleanUp() }
        _ = try bindc.write("base.json", "[{ \"key\": \"ctrl+k\", \"command\": \"cut\" }, { \"key\": \"ctrl+j\", \"command\": \"join\" }]")
        _ = try bindc.write("user.json", "[{ \"key\": \"ctrl+k ctrl+c\", \"command\": \"comment\" }, { \"key\": \"ctrl+j\", \"command\": \"-join\" }]")
        #expect(try bindc.run(["import", "vscode", "base.json", "-o", "base.bind"]).status == 0)
        let r = try bindc.run(["import", "vscode", "user.json", "--over", "base.json", "-o", "user.bind", "--report"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("unbinds: 2"))
        let source = String(decoding: try #require(bindc.read("user.bind")), as: UTF8.self)
        #expect(source.contains("layer over \"base.bind\"\n"))
        #expect(source.contains("  unbind ctrl+j // '-join' removes it, line 1\n"))
        #expect(source.contains("  unbind ctrl+k // prefix conflict with the layer's 'ctrl+k ctrl+c', line 1\n"))
        #expect(!r.stderr.contains("does not exist yet"), "\(r.stderr)")
        let check = try bindc.run(["check", "user.bind"])
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// A layer whose base's import is not beside it yet: a note gives the command that writes
    /// it (quoted for the shell), and running that command makes the layer check.
    @Test func aLayerWithoutItsBaseSaysHowToImportIt() throws {
        let bindc = try BindcRunner()
        defer { bindc.cleanUp() }
        _ = try bindc.write("my base.json", "[{ \"key\": \"ctrl+j\", \"command\": \"join\" }]")
        _ = try bindc.write("user.json", "[{ \"key\": \"ctrl+j\", \"command\": \"-join\" }]")
        let r = try bindc.run(["import", "vscode", "user.json", "--over", "my base.json", "--platform", "linux", "-o", "user.bind"])
        #expect(r.status == 0, "\(r.stderr)")
        let command = "bindc import vscode 'my base.json' --platform linux -o 'my base.bind'"
        #expect(r.stderr == "note: 'user.bind' layers over 'my base.bind', which does not exist yet; import the base there too: \(command)\n")
        #expect(try bindc.run(["check", "user.bind"]).status == 1)
        #expect(try bindc.run(["import", "vscode", "my base.json", "--platform", "linux", "-o", "my base.bind"]).status == 0)
        let check = try bindc.run(["check", "user.bind"])
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// Zed's stack, defaults then vim.json then the user's keymap: `--over` once per base. A
    /// note per base not imported yet gives its command (with the bases before it), and
    /// running them makes the user's layer check. VS Code stacks extensions over its defaults.
    @Test func aZedUserKeymapLayersOverAChainOfBases() throws {
        let bindc = try BindcRunner()
        defer { bindc.cleanUp() }
        _ = try bindc.write("default.json", #"[{ "context": "Editor", "bindings": { "ctrl-d": "editor::Duplicate" } }]"#)
        _ = try bindc.write("vim.json", #"[{ "context": "Editor && vim_mode == normal", "bindings": { "ctrl-d": "vim::ScrollDown", "g g": "vim::StartOfDocument" } }]"#)
        _ = try bindc.write("keymap.json", #"[{ "context": "Editor && vim_mode == normal", "bindings": { "ctrl-d": null, "g r": "editor::Rename" } }]"#)
        let r = try bindc.run(["import", "zed", "keymap.json", "--over", "default.json", "--over", "vim.json", "-o", "keymap.bind", "--report"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("  conflicts remaining: 0\n"))
        #expect(r.stderr.contains("note: 'keymap.bind' layers over 'vim.bind', which does not exist yet; import the base there too: bindc import zed vim.json --over default.json -o vim.bind\n"))
        #expect(r.stderr.contains("note: 'vim.bind' layers over 'default.bind', which does not exist yet; import the base there too: bindc import zed default.json -o default.bind\n"))
        #expect(try bindc.run(["import", "zed", "vim.json", "--over", "default.json", "-o", "vim.bind"]).status == 0)
        #expect(try bindc.run(["import", "zed", "default.json", "-o", "default.bind"]).status == 0)
        let check = try bindc.run(["check", "keymap.bind"])
        #expect(check.status == 0, "\(check.stderr)")
        // VS Code stacks only extensions' package.json between its defaults and the file.
        _ = try bindc.write("defaults.json", #"[{ "key": "ctrl+d", "command": "a.dup" }]"#)
        _ = try bindc.write("user.json", #"[{ "key": "ctrl+e", "command": "a.end" }]"#)
        _ = try bindc.write("package.json", #"{ "name": "keys", "contributes": { "keybindings": [{ "key": "ctrl+d", "mac": "cmd+d", "command": "b.dup" }] } }"#)
        let wrong = try bindc.run(["import", "vscode", "user.json", "--over", "defaults.json", "--over", "user.json"])
        #expect(wrong.status == 2, "\(wrong.stderr)")
        let misplaced = try bindc.run(["import", "vscode", "user.json", "--over", "package.json", "--over", "defaults.json"])
        #expect(misplaced.status == 1 && misplaced.stderr.contains("defaults.json:1:1: error: VS Code layers a keybindings.json over its defaults and its extensions' package.json only"), "\(misplaced.stderr)")
        let stacked = try bindc.run(["import", "vscode", "user.json", "--over", "defaults.json", "--over", "package.json", "--platform", "linux", "--report"])
        #expect(stacked.status == 0 && stacked.stderr.contains("  conflicts remaining: 0\n"), "\(stacked.stderr)")
    }

    @Test func badInputIsAPositionedErrorAndExitsWithOne() throws {
        let bindc = try BindcRunner()
        defer { bindc.cleanUp() }
        _ = try bindc.write("bad.json", "[\n  { \"key\": \"cmd+k\", \"command\": x }\n]\n")
        let r = try bindc.run(["import", "vscode", "bad.json", "-o", "out.bind"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("bad.json:2:32: error: expected a value, found 'x'\n"))
        #expect(bindc.read("out.bind") == nil)
        let shape = try bindc.run(["import", "zed", "bad.json"])
        #expect(shape.status == 1)
        _ = try bindc.write("shape.json", "[{ \"context\": \"Editor\", \"bindings\": [] }]")
        let wrong = try bindc.run(["import", "zed", "shape.json"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.hasPrefix("shape.json:1:37: error: \"bindings\" must be an object of keystrokes to actions, not an array\n"))
        let missing = try bindc.run(["import", "zed", "nothing.json"])
        #expect(missing.status == 1)
    }

    @Test func usageMistakesExitWithTwo() throws {
        let bindc = try BindcRunner()
        defer { bindc.cleanUp() }
        #expect(try bindc.run(["import", "emacs", "x.json"]).status == 2)
        #expect(try bindc.run(["import", "vscode"]).status == 2)
        #expect(try bindc.run(["import", "vscode", "x.json", "--json"]).status == 2)
        let help = try bindc.run(["import", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--over BASE"))
    }
}
