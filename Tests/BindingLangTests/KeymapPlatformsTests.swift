import BindingRuntime
import Testing
@testable import BindingLang

/// `keymap "Name" for linux, windows` (Grammar.md §3.1): the platforms a keymap is for decide
/// what a compilation without `--platform` is for, and a compilation for another platform is
/// an error at the list.
struct KeymapPlatformsTests {
    func compile(_ text: String, platform: Platform? = nil) -> Compilation {
        var sources = SourceManager()
        sources.add(SourceFile(path: "a.bind", text: text))
        return Compilation(sources: sources, platform: platform)
    }

    func summary(_ c: Compilation) -> [String] {
        c.diagnostics.map { d in
            let loc = c.sources.location(of: d.range)
            return "\(loc.line):\(loc.column): \(d.severity.rawValue): \(d.message)"
        }
    }

    static let body = """
        responder Editor
        action wordLeft
        in Editor { primary+left -> wordLeft }
        """

    @Test func withoutPlatformTheFirstDeclaredOneIsCompiledFor() throws {
        let c = compile("keymap \"K\" for linux, windows\n" + Self.body)
        #expect(c.platform == .linux)
        #expect(summary(c) == [])
        let keymap = try #require(c.keymap)
        #expect(keymap.platform == .linux)
        // `primary` is Control on Linux, and the table records the platform.
        #expect(keymap.bindings.first?.sequence.first?.modifiers == .control)
        let table = try BindingTable(bytes: #require(c.table(strip: false)))
        #expect(table.platform == .linux)
    }

    @Test func withoutAListItIsMacOSAsBefore() {
        #expect(compile("keymap \"K\"\n" + Self.body).platform == .macOS)
        #expect(compile(Self.body).platform == .macOS)
    }

    @Test func anotherListedPlatformMayBeAskedFor() {
        let c = compile("keymap \"K\" for linux, windows\n" + Self.body, platform: .windows)
        #expect(c.platform == .windows)
        #expect(summary(c) == [])
    }

    @Test func aPlatformNotListedIsAnError() {
        let c = compile("keymap \"K\" for linux, windows\n" + Self.body, platform: .macOS)
        #expect(c.keymap == nil)
        #expect(summary(c) == [
            "1:16: error: keymap \"K\" is for linux, windows, not macOS (the platform compiled for); compile it with --platform linux, or add macOS to this list",
        ])
    }

    /// A condition that holds only on platforms the keymap is not for is never true for it:
    /// warned about, saying so (Grammar.md §4.7), on every platform of the list; one that holds
    /// on another platform of the list is left out quietly, as before.
    @Test func aConditionOnlyForPlatformsNotListedIsNeverTrue() {
        let text = """
            keymap "P" for linux, windows
            responder Editor
            action a(Int)
            in Editor {
              cmd+k -> a(1) when platform == macOS
              ctrl+k -> a(2) when platform == windows
              ctrl+j -> a(3) when platform in (macOS, linux)
            }
            in Editor when platform == iPadOS {
              ctrl+m -> a(4)
            }
            menu "Go" {
              "Mac" cmd+g -> a(5) when platform == macOS
            }
            """
        for platform in [Platform.linux, .windows] {
            let lines = summary(compile(text, platform: platform)).filter { !$0.contains("reserved") }
            #expect(lines == [
                "5:22: warning: condition is never true; 'cmd+k' can never be chosen on the platforms the keymap is for (linux, windows)",
                "9:16: warning: condition is never true; no binding of this block can be chosen on the platforms the keymap is for (linux, windows)",
                "13:28: warning: condition is never true; menu item \"Mac\" is never enabled on the platforms the keymap is for (linux, windows)",
            ], "\(platform): \(lines)")
        }
        // Without a list every platform is the keymap's: nothing to say.
        let open = text.replacingOccurrences(of: "keymap \"P\" for linux, windows", with: "keymap \"P\"")
        #expect(summary(compile(open, platform: .linux)).filter { $0.contains("never") }.isEmpty)
    }

    @Test func unknownAndRepeatedNames() {
        let c = compile("keymap \"K\" for Linux, linux, linux, amiga\n" + Self.body, platform: .linux)
        #expect(summary(c) == [
            "1:16: error: unknown platform 'Linux' (the platforms are macOS, iPadOS, windows, linux); did you mean 'linux'?",
            "1:30: warning: platform 'linux' is listed twice",
            "1:37: error: unknown platform 'amiga' (the platforms are macOS, iPadOS, windows, linux)",
        ])
        let fix = c.diagnostics.first?.fixIts.first
        #expect(fix?.replacement == "linux")
    }

    /// A name listed twice is a warning whose fix-it removes it with the comma before it.
    @Test func aNameListedTwiceHasAFixItRemovingIt() {
        let c = compile("keymap \"K\" for linux, windows, linux\n" + Self.body, platform: .linux)
        #expect(summary(c) == ["1:32: warning: platform 'linux' is listed twice"])
        let fix = c.diagnostics.first?.fixIts.first
        let start = "keymap \"K\" for linux, windows".utf8.count
        #expect(fix == FixIt(range: SourceRange(file: FileID(0), start: start, end: start + ", linux".utf8.count), replacement: ""))
    }

    @Test func aMissingNameIsASyntaxError() {
        let c = compile("keymap \"K\" for\n" + Self.body)
        #expect(c.keymap == nil)
        #expect(summary(c).first?.hasPrefix("1:15: error: expected platform name, found end of line") == true, "\(summary(c))")
    }

    @Test func theFormatterKeepsTheList() throws {
        let text = "keymap   \"K\"   for linux ,windows\n"
        let formatted = try Formatter.format(SourceFile(path: "a.bind", text: text), file: FileID(0)).get()
        #expect(formatted == "keymap \"K\" for linux, windows\n")
    }

    @Test func eachLayeredFileKeepsItsOwnPromise() {
        var sources = SourceManager()
        sources.add(SourceFile(path: "base.bind", text: "keymap \"Base\" for linux\n" + Self.body))
        sources.add(SourceFile(path: "user.bind", text: "layer over \"base.bind\"\nkeymap \"User\" for macOS\n"))
        let c = Compilation(sources: sources, platform: nil)
        // The base decides (it comes first); the user file's list leaves Linux out.
        #expect(c.platform == .linux)
        #expect(summary(c) == [
            "2:19: error: keymap \"User\" is for macOS, not linux (the platform compiled for); compile it with --platform macos, or add linux to this list",
        ])
    }

    @Test func anImportForAPlatformSaysSo() throws {
        let json = #"[{"key": "ctrl+left", "command": "cursorWordLeft", "when": "textInputFocus"}]"#
        let input = Importer.Input(path: "keybindings.json", bytes: Array(json.utf8))
        let result = Importer.run(input, format: .vscode, platform: .linux)
        let source = try #require(result.source)
        #expect(source.contains("keymap \"keybindings.json\" for linux\n"), "\(source)")
        let plain = try #require(Importer.run(input, format: .vscode).source)
        #expect(plain.contains("keymap \"keybindings.json\"\n"))
        // Checked without --platform, the output is checked for Linux: no macOS-reserved
        // warning for ctrl+left (Mission Control), which checking it for macOS gives.
        let linux = try #require(Importer.compileOutput(result, baseSource: nil, platform: nil))
        #expect(linux.platform == .linux)
        #expect(!linux.diagnostics.contains { $0.message.contains("reserved") })
        let mac = try #require(Importer.compileOutput(
            Importer.run(input, format: .vscode), baseSource: nil, platform: nil))
        #expect(mac.platform == .macOS)
        #expect(mac.diagnostics.contains { $0.message.contains("reserved by macOS") })
    }

    @Test func anImportedLayerSaysItsPlatformToo() throws {
        let base = Importer.Input(path: "defaults.json", bytes: Array(#"[{"key": "ctrl+left", "command": "cursorWordLeft"}]"#.utf8))
        let user = Importer.Input(path: "keybindings.json", bytes: Array(#"[{"key": "ctrl+k ctrl+x", "command": "trim"}]"#.utf8))
        let layer = Importer.run(user, format: .vscode, over: base, platform: .windows)
        let source = try #require(layer.source)
        #expect(source.contains("layer over \"defaults.bind\"\nkeymap \"keybindings.json\" for windows\n"), "\(source)")
        // Over a base imported without a platform, the layer decides: Windows.
        let baseSource = try #require(Importer.run(base, format: .vscode).source)
        let c = try #require(Importer.compileOutput(layer, baseSource: baseSource, platform: nil))
        #expect(c.platform == .windows)
        #expect(!c.hasErrors, "\(c.diagnostics.map(\.message))")
    }
}
