// Files users bring that took the importer off its path (a sweep of hand-written user keymaps,
// 2026-11-29): conditions taller than the language allows, Zed's `secondary` beside explicit
// modifiers without a platform, a file of the other editor, files VS Code reads as empty or
// with an extra comma, and function keys past f24.
@testable import BindingLang
import BindingRuntime
import Testing

private func run(_ text: String, _ format: ImportFormat, path: String = "keys.json") -> Importer.Result {
    Importer.run(Importer.Input(path: path, bytes: Array(text.utf8)), format: format)
}

/// The actions of the compiled bindings of one chord, `keys`.
private func actions(of keys: String, in compilation: Compilation) -> [String] {
    guard let keymap = compilation.keymap, let chord = try? Chord.parse(keys, platform: compilation.platform).get() else { return [] }
    return keymap.bindings.filter { $0.sequence == [chord] }.map { keymap.actions[$0.action].name }
}

@Suite struct ImportUserFileTests {
    /// A `when` of 130 operands, and an entry narrowed by 128 later ones, are deeper than a
    /// condition may be (128 levels, Grammar.md §4.6): written in parenthesized groups, they
    /// check.
    @Test(arguments: [130, 1_000])
    func longConditionsAreWrittenInGroupsThatParse(operands: Int) throws {
        let when = (0..<operands).map { "k\($0)" }.joined(separator: " && ")
        let one = run(#"[{ "key": "ctrl+a", "command": "a.run", "when": "\#(when)" }]"#, .vscode)
        let narrowed = run("[" + (0...128).map { #"{ "key": "escape", "command": "x\#($0).cancel", "when": "x\#($0)Visible" }"# }
            .joined(separator: ",\n") + "]", .vscode)
        for result in [one, narrowed] {
            let source = try #require(result.source)
            #expect(source.contains(" && ("))
            let compiled = try #require(Importer.compileOutput(result, baseSource: nil, platform: .linux))
            #expect(!compiled.hasErrors, "\(compiled.diagnostics.map(\.message))")
        }
        // Conditions that fit are written as before, without groups.
        let short = try #require(run(#"[{ "key": "ctrl+a", "command": "a.run", "when": "a && b && c" }]"#, .vscode).source)
        #expect(short.contains("ctrl+a -> a_run when a && b && c\n"))
    }

    /// Without a platform, Zed's `secondary-s` is `primary+s`, which is `ctrl+s` on Linux and
    /// Windows: beside an explicit `ctrl-s` of the same file, the later entry wins there, and
    /// `secondary-k` after `cmd-k` wins on macOS; every platform checks.
    @Test func zedSecondaryBesideExplicitModifiersWinsOnEachPlatform() throws {
        let result = run("""
            [{ "bindings": { "secondary-s": "workspace::Save", "ctrl-s": "workspace::SaveAll",
                             "cmd-k": "a::K", "secondary-k": "a::SK", "secondary-o": "a::Open" } }]
            """, .zed)
        let source = try #require(result.source)
        // Keys no explicit binding meets stay `primary`.
        #expect(source.contains("primary+o -> a__Open\n"))
        for platform in [Platform.macOS, .iPadOS, .linux, .windows] {
            let compiled = try #require(Importer.compileOutput(result, baseSource: nil, platform: platform))
            #expect(!compiled.hasErrors, "\(platform): \(compiled.diagnostics.map(\.message))")
            let apple = platform == .macOS || platform == .iPadOS
            #expect(actions(of: "ctrl+s", in: compiled) == ["workspace__SaveAll"])
            #expect(actions(of: "cmd+s", in: compiled) == (apple ? ["workspace__Save"] : []))
            #expect(actions(of: "cmd+k", in: compiled) == (apple ? ["a__SK"] : ["a__K"]))
            #expect(actions(of: "ctrl+k", in: compiled) == (apple ? [] : ["a__SK"]))
        }
    }

    /// A VS Code file given as Zed's, or the other way round, is an error naming the format
    /// it is in (it used to import as an empty keymap with a warning per entry).
    @Test func aFileOfTheOtherEditorIsAnErrorNamingIt() {
        let vscode = run(#"[{ "key": "ctrl+a", "command": "a.run" }]"#, .zed)
        #expect(vscode.source == nil)
        #expect(vscode.diagnostics.map(\.message) == [#"this is a VS Code keymap (entries with "key" and "command"), not a Zed one"#])
        #expect(vscode.diagnostics.first?.notes.map(\.message) == ["import it with 'bindc import vscode …'"])
        let zed = run(#"[{ "context": "Editor", "bindings": { "ctrl-a": "a::Run" } }]"#, .vscode)
        #expect(zed.source == nil)
        #expect(zed.diagnostics.map(\.message) == [#"this is a Zed keymap (entries with "bindings"), not a VS Code one"#])
        // An empty list says neither.
        #expect(run("[]", .zed).source != nil)
    }

    /// VS Code reads a file of only spaces and comments as no keybindings, and skips an
    /// extra comma: so does the import, with a warning each.
    @Test func vscodeReadsEmptyFilesAndExtraCommas() throws {
        for text in ["", "  \n", "// nothing yet\n/* still nothing */\n"] {
            let result = run(text, .vscode)
            #expect(result.source != nil)
            #expect(result.diagnostics.map(\.message) == ["the file holds no keybindings, read as VS Code reads it"])
            #expect(result.report?.entries == 0)
        }
        let commas = run(#"[{ "key": "ctrl+a", "command": "a" },, { "key": "ctrl+b", "command": "b",, }]"#, .vscode)
        #expect(commas.report?.entries == 2)
        #expect(commas.diagnostics.map(\.message) == ["extra ',', read as VS Code reads it", "extra ',', read as VS Code reads it"])
        // Zed's reader stays strict.
        #expect(run("", .zed).source == nil)
        #expect(run(#"[{ "bindings": {} },,]"#, .zed).source == nil)
    }

    /// `f25` is a function key the language does not name, not three strokes.
    @Test func functionKeysPastF24AreNamedAsSuch() {
        #expect(throws: UnsupportedCondition(reason: "function key 'f25' (the language names f1 to f24)")) {
            try ForeignKey.chord("f25", separator: "+")
        }
        #expect(throws: UnsupportedCondition(reason: "function key 'F35' (the language names f1 to f24)")) {
            try ForeignKey.chord("F35", separator: "-")
        }
        #expect((try? ForeignKey.chord("f24", separator: "+")) == "f24")
    }
}
