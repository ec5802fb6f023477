// VS Code stacks replayed (LayeredImportReplay): the corpus's macOS defaults under a user's
// keybindings.json, under an Emacs-like extension, and under an extension and a user's file.
// Each stroke's outcome through the compiled layers and the runtime is compared with VS
// Code's rule on all the files' entries in order. Skipped when the corpus is absent.
@testable import BindingLang
import BindingRuntime
import Testing

private let defaultsPath = "vscode/macos.keybindings.raw.json"

private func input(_ text: String, path: String) -> Importer.Input {
    Importer.Input(path: path, bytes: Array(text.utf8))
}

/// A user's keybindings.json over the macOS defaults: removals (with the default's `when`,
/// with its operands in another order, with another `when`, with none, of a chord), a removal
/// of a default that overrode earlier ones (`cmd+w`), chords under `cmd+k` (a new one, one
/// over a default chord), an entry without a command taking `cmd+k` in the terminal,
/// `escape escape`, and bindings whose `when` overlaps the defaults'.
private let userKeybindings = """
    // Place your key bindings in this file to override the defaults
    [
      { "key": "cmd+d", "command": "-editor.action.addSelectionToNextFindMatch", "when": "editorFocus" },
      { "key": "cmd+d", "command": "editor.action.copyLinesDownAction", "when": "editorTextFocus && !editorReadonly" },
      { "key": "cmd+k cmd+x", "command": "workbench.action.closeOtherEditors" },
      { "key": "cmd+k cmd+c", "command": "-editor.action.addCommentLine" },
      { "key": "cmd+k cmd+t", "command": "workbench.action.selectIconTheme" },
      { "key": "cmd+k", "command": "", "when": "terminalFocus" },
      { "key": "escape escape", "command": "workbench.action.closePanel", "when": "panelFocus" },
      { "key": "cmd+p", "command": "workbench.action.showCommands", "when": "!inQuickOpen" },
      { "key": "shift+cmd+p", "command": "-workbench.action.showCommands" },
      { "key": "cmd+enter", "command": "-editor.action.insertLineAfter", "when": "!editorReadonly && editorTextFocus" },
      { "key": "cmd+enter", "command": "-quickInput.accept", "when": "inQuickInput" },
      { "key": "cmd+w", "command": "-workbench.action.closeWindow" },
      { "key": "ctrl+cmd+t", "command": "workbench.action.terminal.new", "when": "terminalProcessSupported" },
      { "key": "cmd+b", "command": "workbench.action.toggleAuxiliaryBar", "when": "editorFocus" },
      { "key": "cmd+k cmd+i", "command": "-editor.action.showHover" },
      { "key": "shift+cmd+s", "command": "workbench.action.tasks.runTask", "args": "build" },
      { "key": "cmd+/", "command": "editor.action.blockComment", "when": "editorTextFocus && editorLangId == 'python'" },
    ]
    """

/// A small keymap extension: its own `mac` keys, a command `enablement`, a chord under
/// `cmd+k`, a binding over a default's keys and `when`.
private let smallExtension = """
    {
      "name": "idea-keys",
      "displayName": "IDEA Keys",
      "contributes": {
        "commands": [{ "command": "idea.duplicate", "title": "Duplicate", "enablement": "editorHasSelection" }],
        "keybindings": [
          { "key": "ctrl+d", "mac": "cmd+d", "command": "idea.duplicate", "when": "editorTextFocus" },
          { "key": "ctrl+shift+a", "mac": "shift+cmd+a", "command": "workbench.action.showCommands" },
          { "key": "ctrl+k ctrl+e", "mac": "cmd+k cmd+e", "command": "idea.recentEdits" },
          { "key": "ctrl+w", "mac": "cmd+w", "command": "idea.closeTab", "when": "editorIsOpen" },
          { "mac": "cmd+1", "command": "workbench.view.explorer" },
          { "key": "escape", "command": "idea.escape", "when": "editorTextFocus && !editorHasSelection" }
        ]
      }
    }
    """

/// A user's file over the defaults and that extension: removals of the extension's bindings
/// and of a default, a chord, an entry without a command.
private let userOverExtension = """
    [
      { "key": "cmd+d", "command": "-idea.duplicate" },
      { "key": "cmd+w", "command": "-idea.closeTab", "when": "editorIsOpen" },
      { "key": "cmd+k cmd+e", "command": "workbench.action.showAllEditors", "when": "!terminalFocus" },
      { "key": "cmd+1", "command": "", "when": "terminalFocus" },
      { "key": "escape", "command": "-idea.escape", "when": "!editorHasSelection && editorTextFocus" }
    ]
    """

/// A class of mismatches the replay finds and the importer does not handle yet, said exactly:
/// the tests hold the others to none and record these as known issues.
struct KnownMismatch {
    var name: String
    var matches: (LayeredMismatch) -> Bool
}

@Suite("Replaying layered VS Code imports", .enabled(if: CorpusLocation.exists, "../shared/corpus is not next to the repository"))
struct LayeredImportReplayTests {
    /// Prints the figures and the mismatches, expects none but the `known` ones, and records
    /// each known class as a known issue (failing if it no longer occurs).
    func check(_ name: String, _ figures: LayeredReplayFigures, known: [KnownMismatch] = [],
               sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        print("\(name): \(figures.summary)")
        var unknown: [LayeredMismatch] = []
        var byClass = [[LayeredMismatch]](repeating: [], count: known.count)
        for m in figures.mismatches {
            if let k = known.firstIndex(where: { $0.matches(m) }) { byClass[k].append(m) } else { unknown.append(m) }
        }
        for m in unknown.prefix(10) { print(m) }
        for (count, text) in LayeredReplayFigures(mismatches: unknown).kinds { print("  \(count)x \(text)") }
        #expect(unknown.count == 0, "\(unknown.count) mismatches, printed above", sourceLocation: sourceLocation)
        for (k, found) in zip(known, byClass) {
            print("  known: \(found.count)x \(k.name)" + (found.first.map { "; the first:\n\($0)" } ?? ""))
            withKnownIssue(Comment(rawValue: k.name)) {
                #expect(found.count == 0, sourceLocation: sourceLocation)
            }
        }
    }

    /// The reference's `handleRemovals`: keys that begin the entry's, the same `when` (in any
    /// operand order, VS Code's constants substituted) or none, and only earlier files.
    @Test func theReferenceRemovesAsVSCodeDoes() throws {
        func entry(_ keys: String, _ command: String, _ when: String? = nil, file: Int) throws -> LayeredEntry {
            LayeredEntry(reference: ReferenceEntry(
                sequence: keys.split(separator: " ").map(String.init), when: try when.map { try WhenClauseParser.parse($0, dialect: .vscode) },
                command: command, argument: nil, isNull: command.hasPrefix("-")), file: file, line: 1)
        }
        var entries = [
            try entry("cmd+k cmd+c", "a", "x && y", file: 0),   // removed: same when, other order
            try entry("cmd+k cmd+c", "a", "x", file: 0),        // kept: another when
            try entry("cmd+k cmd+c", "a", file: 0),             // kept: the removal gives a when, this has none
            try entry("cmd+k", "a", "x && y", file: 0),         // kept: the removal's keys are longer
            try entry("cmd+j", "b", "z", file: 0),              // removed: a removal without keys or when
            try entry("cmd+j", "c", "z && isMac", file: 0),     // removed: `isMac` is true
            try entry("cmd+k cmd+c", "-a", "y && x", file: 1),
            try entry("", "-b", file: 1),
            try entry("cmd+j", "-c", "z", file: 1),
            try entry("cmd+j", "b", file: 1),                   // kept: the removal's own file
            try entry("cmd+j", "b", file: 2),                   // kept: a later file
        ]
        #expect(LayeredReplay.applyRemovals(&entries, names: ["d", "e", "u"]) == 3)
        #expect(entries.map(\.reference.removed) == [true, false, false, false, true, true, false, false, false, false, false])
    }

    @Test func aUserFileOverTheDefaults() throws {
        let defaults = Importer.Input(path: defaultsPath, bytes: try CorpusLocation.bytes(defaultsPath))
        let figures = try LayeredReplay.run([defaults, input(userKeybindings, path: "keybindings.json")])
        #expect(figures.bindings > 1_000)
        check("user over defaults", figures, known: [
            // Where the repl view has focus, the later default `cmd+k` (clearReplAction) took
            // `cmd+k` from the default chords; the user's `cmd+k cmd+t` makes VS Code wait at
            // `cmd+k` again, and with `editor.action.showHover` removed, `cmd+k cmd+i` runs the
            // earlier `workbench.action.showHover`. Neither copy covers that state: the revived
            // one (for the user's chord) is still narrowed by the removed default's
            // `editorTextFocus`, the restored one (for the removal) by the later single-stroke
            // `cmd+k`. The output cancels.
            KnownMismatch(name: "a default both given back by a removal and revived by a layer chord is narrowed by each other's reason (cmd+k cmd+i in the repl)") { m in
                m.input == ["cmd+k", "cmd+i"] && m.editor == .performed("workbench.action.showHover|") && m.runtime == .cancelled
                    && m.state.strings["focusedView"] == "workbench.panel.repl.view"
            },
        ])
    }

    /// (The escape defaults of `when`s up to 40 bytes and 400 presses: the debug build took
    /// 41 s to import and 33 s to replay the 60-byte one's 796 presses, the longest test of
    /// the suite; `anEmacsExtensionRepeatingTheEscapeDefaultsCompilesOverThem` compiles that one.)
    @Test func anEmacsLikeExtensionOverTheDefaults() throws {
        let bytes = try CorpusLocation.bytes(defaultsPath)
        let (ext, entries) = try emacsLikeExtension(defaults: bytes, longestWhen: 40)
        #expect(entries > 10)
        let figures = try LayeredReplay.run([Importer.Input(path: defaultsPath, bytes: bytes), ext], maximumPresses: 400)
        #expect(figures.bindings > 1_000)
        check("emacs-like extension over defaults", figures)
    }

    @Test func anExtensionAndAUserFileOverTheDefaults() throws {
        let defaults = Importer.Input(path: defaultsPath, bytes: try CorpusLocation.bytes(defaultsPath))
        let figures = try LayeredReplay.run([
            defaults, input(smallExtension, path: "idea/package.json"), input(userOverExtension, path: "keybindings.json"),
        ])
        #expect(figures.bindings > 1_000)
        check("user over extension over defaults", figures, known: [
            // Documented (Docs/Import.md, "Still counted as approximated"): the user's removal
            // of the extension's `escape` (idea.escape, `editorTextFocus && !editorHasSelection`)
            // gives the defaults' `escape` and `escape escape` back in VS Code; their conditions
            // together pass 256 atoms, so the import counts them instead, and the key is
            // unhandled there.
            KnownMismatch(name: "the escape defaults a removed escape overrode do not come back (counted approximation)") { m in
                m.input[0] == "escape" && m.runtime == .unhandled
                    && m.state.flags["editorTextFocus"] == true && m.state.flags["editorHasSelection"] != true
            },
        ])
    }

    /// The same three layers, the user's file also removing a default chord under `cmd+k`
    /// (`-workbench.action.closeAllEditors`, `cmd+k cmd+w`). The removal also meets
    /// package.bind's revived copy of that default (LaterWins.revive, counted to the
    /// extension's entry); LaterWins.restore used to take every default as earlier than that
    /// copy and give back the single-stroke `cmd+k` defaults, which VS Code never runs in this
    /// stack (the extension's `cmd+k cmd+e`, with no `when`, makes `cmd+k` wait everywhere) and
    /// which conflicted with the chords package.bind revived (`cmd+k e`): 2 errors. A copy now
    /// gives back nothing; the default's own binding, which the removal also meets, does.
    @Test func removingADefaultChordUnderAnExtensionChordCompiles() throws {
        let defaults = Importer.Input(path: defaultsPath, bytes: try CorpusLocation.bytes(defaultsPath))
        let user = userOverExtension.replacing(
            "\n]", with: ",\n  { \"key\": \"cmd+k cmd+w\", \"command\": \"-workbench.action.closeAllEditors\" }\n]")
        #expect(user.contains("closeAllEditors"))
        let result = Importer.run(input(user, path: "keybindings.json"), format: .vscode,
                                  over: [defaults, input(smallExtension, path: "idea/package.json")], platform: .macOS, writingBase: true)
        let compiled = try #require(Importer.compileOutput(result, platform: .macOS))
        let errors = compiled.diagnostics.filter { $0.severity == .error }.map(\.message)
        print(errors.joined(separator: "\n"))
        #expect(errors.isEmpty)
        // Without that entry the three layers compile (anExtensionAndAUserFileOverTheDefaults).
    }
}
