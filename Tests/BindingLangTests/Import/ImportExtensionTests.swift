// A VS Code keymap extension's package.json (IntelliJ, Sublime Text, Emacs keys): its
// `contributes.keybindings`, with keys of their own per platform (`mac`, `linux`, `win`) and
// commands' `enablement`, imported alone, over VS Code's defaults, and under a user's file.
@testable import BindingLang
import BindingRuntime
import Testing

private func input(_ text: String, path: String) -> Importer.Input {
    Importer.Input(path: path, bytes: Array(text.utf8))
}

/// The actions of the compiled bindings of one chord, `keys`, on the compilation's platform.
private func actions(of keys: String, in compilation: Compilation) -> [String] {
    guard let keymap = compilation.keymap, let chord = try? Chord.parse(keys, platform: compilation.platform).get() else { return [] }
    return keymap.bindings.filter { $0.sequence == [chord] }.map { keymap.actions[$0.action].name }
}

private let manifest = """
    {
      "name": "idea-keys",
      "displayName": "IDEA Keys",
      "contributes": {
        "commands": [{ "command": "idea.duplicate", "title": "Duplicate", "enablement": "editorHasSelection" }],
        "keybindings": [
          { "key": "ctrl+shift+a", "mac": "cmd+shift+a", "command": "workbench.action.showCommands" },
          { "key": "ctrl+d", "mac": "cmd+d", "command": "idea.duplicate", "when": "editorTextFocus" },
          { "mac": "cmd+1", "command": "workbench.view.explorer" },
          { "key": "ctrl+alt+l", "linux": "ctrl+alt+shift+l", "win": "", "command": "editor.action.formatDocument" },
          { "key": "alt+f7", "command": "references-view.findReferences", "when": 3 }
        ]
      }
    }
    """

/// An Emacs-like extension (Awesome Emacs Keymap's shape) built from VS Code's defaults
/// `defaults`: every `escape` default of a `when` up to `longestWhen` bytes again as
/// `escape escape escape` under the extension's flag, `escape` without the flag, and `escape x`
/// with it; and how many entries it has.
func emacsLikeExtension(defaults: [UInt8], longestWhen: Int = 60) throws -> (input: Importer.Input, entries: Int) {
    guard case .array(let items) = try JSONCParser.parse(defaults).get().value else { throw ImportTestError.failed("no array") }
    func quoted(_ s: String) -> String { JSONValue.string(s).rendered(pretty: false) }
    let flag = "config.emacs-mcx.useMetaPrefixEscape"
    var entries = [#"{ "key": "escape", "command": "emacs-mcx.cancel", "when": "!\#(flag) && editorTextFocus" }"#]
    // (The defaults' shorter `when`s: the extension's own 58 chords, narrowed by each other,
    // stay within a key press's cost as the real extension's do.)
    for item in items where item["key"]?.string == "escape" && (item["when"]?.string ?? "").utf8.count <= longestWhen {
        guard let command = item["command"]?.string else { continue }
        let when = item["when"]?.string.map { "(\($0)) && \(flag)" } ?? flag
        entries.append(#"{ "key": "escape escape escape", "command": \#(quoted(command)), "when": \#(quoted(when)) }"#)
    }
    entries.append(#"{ "key": "escape x", "command": "workbench.action.showCommands", "when": "\#(flag)" }"#)
    let text = #"{ "name": "emacs", "contributes": { "keybindings": [\#(entries.joined(separator: ",\n"))] } }"#
    return (input(text, path: "package.json"), entries.count)
}

@Suite struct ImportExtensionTests {
    /// Without a platform, each key is bound on the platforms that take it (`mac` on macOS and
    /// iPadOS, `win` on Windows, `linux` on Linux, else `key`; an empty one is `key`), and the
    /// output checks and compiles on every platform to what VS Code binds there.
    @Test func keysPerPlatformAreGatedByPlatform() throws {
        let result = Importer.run(input(manifest, path: "package.json"), format: .vscode)
        let source = try #require(result.source, "\(result.diagnostics.map(\.message))")
        #expect(source.contains(#"keymap "IDEA Keys""#))
        #expect(source.contains("ctrl+alt+shift+l -> editor_action_formatDocument when platform == linux\n"))
        #expect(source.contains("cmd+1 -> workbench_view_explorer when platform == macOS || platform == iPadOS\n"))
        for platform in Platform.allCases {
            let compiled = try #require(Importer.compileOutput(result, baseSource: nil, platform: platform))
            #expect(!compiled.hasErrors, "\(platform): \(compiled.diagnostics.map(\.message))")
            let apple = platform.isApple
            #expect(actions(of: "cmd+shift+a", in: compiled) == (apple ? ["workbench_action_showCommands"] : []))
            #expect(actions(of: "ctrl+shift+a", in: compiled) == (apple ? [] : ["workbench_action_showCommands"]))
            #expect(actions(of: "cmd+1", in: compiled) == (apple ? ["workbench_view_explorer"] : []))
            #expect(actions(of: "ctrl+alt+l", in: compiled) == (platform == .linux ? [] : ["editor_action_formatDocument"]))
            #expect(actions(of: "ctrl+alt+shift+l", in: compiled) == (platform == .linux ? ["editor_action_formatDocument"] : []))
        }
        // A `when` that is not a string makes VS Code reject the contribution.
        #expect(result.keymap?.entries.filter { if case .leftOut = $0.outcome { true } else { false } }.count == 1)
        #expect(result.diagnostics.contains { $0.message.hasPrefix("\"when\" must be a string") })
    }

    /// With a platform, the entry's key for it is written alone; an entry with no key there is
    /// left out, saying so. The command's `enablement` joins its `when`.
    @Test func aPlatformPicksItsKeyAndEnablementJoinsTheWhen() throws {
        let windows = try #require(Importer.run(input(manifest, path: "package.json"), format: .vscode, platform: .windows).source)
        #expect(windows.contains("ctrl+d -> idea_duplicate when editorHasSelection && editorTextFocus\n"))
        #expect(windows.contains("ctrl+alt+l -> editor_action_formatDocument\n"))
        #expect(windows.contains("no key for Windows"))
        #expect(!windows.contains("platform =="))
        let mac = try #require(Importer.run(input(manifest, path: "package.json"), format: .vscode, platform: .macOS).source)
        #expect(mac.contains("cmd+1 -> workbench_view_explorer\n"))
        #expect(mac.contains("cmd+d -> idea_duplicate when editorHasSelection && editorTextFocus\n"))
    }

    /// One entry may stand alone instead of in an array; a manifest without keybindings is an
    /// error at the file.
    @Test func oneEntryAndNoEntries() throws {
        let one = #"{ "name": "x", "contributes": { "keybindings": { "key": "ctrl+e", "command": "x.run" } } }"#
        #expect(try #require(Importer.run(input(one, path: "package.json"), format: .vscode).source).contains("ctrl+e -> x_run\n"))
        let none = Importer.run(input(#"{ "name": "x", "contributes": { "commands": [] } }"#, path: "package.json"), format: .vscode)
        #expect(none.source == nil)
        #expect(none.diagnostics.map(\.message) == [#"this extension's package.json contributes no keybindings (no "contributes.keybindings")"#])
    }

    /// VS Code stacks its defaults, the extension and the user's file, the latest winning: the
    /// extension's `ctrl+d` overrides the default's where both hold, and a user's removal of
    /// it gives the default back.
    @Test func defaultsThenExtensionThenUser() throws {
        let defaults = input("""
            [{ "key": "ctrl+d", "command": "editor.action.addSelectionToNextFindMatch", "when": "editorFocus" }]
            """, path: "defaults.json")
        let ext = input(manifest, path: "package.json")
        let user = input(#"[{ "key": "ctrl+d", "command": "-idea.duplicate" }]"#, path: "keybindings.json")
        let layered = Importer.run(ext, format: .vscode, over: [defaults], platform: .linux, writingBase: true)
        let extCompiled = try #require(Importer.compileOutput(layered, platform: .linux))
        #expect(!extCompiled.hasErrors, "\(extCompiled.diagnostics.map(\.message))")
        #expect(Set(actions(of: "ctrl+d", in: extCompiled)) == ["editor_action_addSelectionToNextFindMatch", "idea_duplicate"])

        let result = Importer.run(user, format: .vscode, over: [defaults, ext], platform: .linux, writingBase: true)
        let source = try #require(result.source, "\(result.diagnostics.map(\.message))")
        #expect(source.contains(#"layer over "package.bind""#))
        #expect(result.baseSources.map(\.name) == ["defaults.bind", "package.bind"])
        let compiled = try #require(Importer.compileOutput(result, platform: .linux))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics.map(\.message))")
        // The default, and in the user's layer the same default given back where the removed one held.
        #expect(Set(actions(of: "ctrl+d", in: compiled)) == ["editor_action_addSelectionToNextFindMatch"])
        // Only extensions come between the defaults and the file.
        let wrong = Importer.run(user, format: .vscode, over: [defaults, user], platform: .linux)
        #expect(wrong.source == nil)
    }

    /// An Emacs extension (Awesome Emacs Keymap) repeats every `escape` default as `escape
    /// escape escape` under its own flag, binds `escape x` under that flag alone and `escape`
    /// without it (``emacsLikeExtension(defaults:)``: 56 defaults). Over VS Code's macOS
    /// defaults the layer unbinds the defaults' `escape` once, where the flag holds, and their
    /// `escape escape` once, where one of those chords is live:
    /// one unbind per layer binding narrowed each default by 80 conditions, past what a key
    /// press may cost (Grammar.md §10), and the checker could not decide the prefix conflicts.
    @Test func anEmacsExtensionRepeatingTheEscapeDefaultsCompilesOverThem() throws {
        let path = "vscode/macos.keybindings.raw.json"
        let defaults = try CorpusLocation.bytes(path)
        let (ext, entries) = try emacsLikeExtension(defaults: defaults)
        #expect(entries > 50)
        let layered = Importer.run(ext, format: .vscode, over: [Importer.Input(path: path, bytes: defaults)], platform: .macOS, writingBase: true)
        let source = try #require(layered.source, "\(layered.diagnostics.map(\.message))")
        #expect(source.components(separatedBy: "\n  unbind escape when ").count == 2, "one unbind of the defaults' escape")
        #expect(source.contains("  unbind escape when config_emacs_mcx_useMetaPrefixEscape // prefix conflict with the layer's"))
        let compiled = try #require(Importer.compileOutput(layered, platform: .macOS))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics.filter { $0.severity == .error }.prefix(3).map(\.message))")
    }

    /// The Emacs extension's `ctrl+g` (keyboard-quit) repeats VS Code's `escape` defaults under
    /// their own `when`s, and on Linux VS Code binds `ctrl+g` too: the compiler layers 57
    /// narrowed `ctrl+g` bindings over the two defaults. Deciding each default's condition
    /// again after every one of them spent the checker's whole work budget (Grammar.md §10);
    /// each now meets them as it held before the file, and is decided once.
    @Test func manyBindingsOfOneKeyOverTheDefaultsCompile() throws {
        let path = "vscode/linux.keybindings.raw.json"
        let defaults = try CorpusLocation.bytes(path)
        guard case .array(let items) = try JSONCParser.parse(defaults).get().value else { Issue.record("no array"); return }
        func quoted(_ s: String) -> String { JSONValue.string(s).rendered(pretty: false) }
        var entries: [String] = []
        for item in items where item["key"]?.string == "escape" && (item["when"]?.string ?? "").utf8.count <= 60 {
            guard let command = item["command"]?.string else { continue }
            let when = item["when"]?.string.map { #", "when": \#(quoted($0))"# } ?? ""
            entries.append(#"{ "key": "ctrl+g", "command": \#(quoted(command))\#(when) }"#)
        }
        #expect(entries.count > 50)
        let ext = input(#"{ "name": "emacs", "contributes": { "keybindings": [\#(entries.joined(separator: ",\n"))] } }"#, path: "package.json")
        let layered = Importer.run(ext, format: .vscode, over: [Importer.Input(path: path, bytes: defaults)], platform: .linux, writingBase: true)
        let compiled = try #require(Importer.compileOutput(layered, platform: .linux))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics.filter { $0.severity == .error }.prefix(3).map(\.message))")
        let bound = actions(of: "ctrl+g", in: compiled)
        #expect(bound.count > entries.count, "the layer's and the defaults' where the layer's do not hold: \(bound)")
        #expect(bound.contains("workbench_action_gotoLine"))
    }

    /// A key VS Code cannot read binds nothing on its platforms, and the entry's other keys
    /// still bind on theirs (Sublime's `"key": "none"` beside a `mac` key); an entry left
    /// out names the keys it has.
    @Test func anUnreadableKeyCostsOnlyItsPlatforms() throws {
        let text = #"{ "name": "s", "contributes": { "keybindings": [{ "mac": "alt+cmd+s", "key": "none", "command": "a.saveAll" }] } }"#
        let source = try #require(Importer.run(input(text, path: "package.json"), format: .vscode).source)
        #expect(source.contains("alt+cmd+s -> a_saveAll when platform == macOS || platform == iPadOS\n"))
        let linux = try #require(Importer.run(input(text, path: "package.json"), format: .vscode, platform: .linux).source)
        #expect(linux.contains(#"// left out: "none" -> a.saveAll"#))
        let macOnly = #"{ "name": "s", "contributes": { "keybindings": [{ "mac": "cmd+1", "command": "a.one" }] } }"#
        let windows = try #require(Importer.run(input(macOnly, path: "package.json"), format: .vscode, platform: .windows).source)
        #expect(windows.contains(#"// left out: "mac: cmd+1" -> a.one (line 1): no key for Windows"#))
    }

    /// With a platform, a removal for another platform only (`isWindows`) is left out rather
    /// than written as an unbind that never applies.
    @Test func aRemovalForAnotherPlatformIsLeftOut() throws {
        let defaults = input(#"[{ "key": "ctrl+f", "command": "actions.find", "when": "isWindows && editorFocus" }]"#, path: "defaults.json")
        let user = input(#"[{ "key": "ctrl+f", "command": "-actions.find", "when": "isWindows && editorFocus" }]"#, path: "keybindings.json")
        let result = Importer.run(user, format: .vscode, over: [defaults], platform: .linux)
        let source = try #require(result.source)
        #expect(!source.contains("unbind"))
        #expect(source.contains("'when' is always false on Linux"))
        let windows = try #require(Importer.run(user, format: .vscode, over: [defaults], platform: .windows).source)
        #expect(windows.contains("unbind ctrl+f"), "\(windows)")
    }

    /// A layer's import speaks of the layer: the bases' warnings are one note per base.
    @Test func theBasesWarningsAreANoteEach() throws {
        let defaults = input(#"[{ "key": "ctrl+d", "command": "a.dup" }]"#, path: "defaults.json")
        let ext = input(#"{ "name": "x", "contributes": { "keybindings": [{ "key": 3, "command": "b" }, { "key": 4, "command": "c" }] } }"#,
                        path: "package.json")
        let user = input(#"[{ "key": "ctrl+e", "command": "a.end", "title": "mine" }]"#, path: "keybindings.json")
        let result = Importer.run(user, format: .vscode, over: [defaults, ext], platform: .linux)
        #expect(result.source != nil)
        #expect(result.diagnostics.map(\.message).sorted() == [
            "2 warnings about this base not shown (importing it alone shows them)",
            "unknown key 'title' in a keybinding, ignored as VS Code ignores it",
        ])
    }

    /// In a user's keybindings.json, `mac`, `linux` and `win` mean nothing (VS Code reads
    /// them only from extensions): the entry binds its `key` everywhere.
    @Test func aUserFileKeepsItsKey() throws {
        let result = Importer.run(input(#"[{ "key": "ctrl+e", "mac": "cmd+e", "command": "x.run" }]"#, path: "keybindings.json"), format: .vscode)
        let source = try #require(result.source)
        #expect(source.contains("ctrl+e -> x_run\n"))
        #expect(!source.contains("cmd+e"))
    }
}
