import BindingRuntime
import Testing
@testable import BindingLang

/// The pipeline reports syntax and semantic errors of one run together, without the errors a
/// broken declaration could have caused.
struct CompilationTests {
    func compile(_ text: String) -> Compilation {
        var sources = SourceManager()
        sources.add(SourceFile(path: "a.bind", text: text))
        return Compilation(sources: sources, platform: .apple)
    }

    func summary(_ c: Compilation) -> [String] {
        c.diagnostics.map { d in
            let loc = c.sources.location(of: d.range)
            return "\(loc.line):\(loc.column): \(d.severity.rawValue): \(d.message)"
        }
    }

    @Test func syntaxAndSemanticErrorsInOneRun() {
        let c = compile("""
            context mode: normal | insert
            responder Editor
            action search
            in Editor when mode == insrt {
              cmd+shft+g -> search
            }
            context broken Bool
            """)
        #expect(c.keymap == nil)
        #expect(summary(c) == [
            "4:24: error: 'mode' has no case 'insrt'; did you mean 'insert'?",
            "5:7: error: unknown modifier 'shft'; did you mean 'shift'?",
            "7:16: error: expected ':' after the context name, found 'Bool'",
        ])
    }

    /// A file with classic Mac line ends (`\r` alone) reads as one line: its first lone `\r`
    /// gets a warning, before the errors that follow from it. `\r\n` gets none.
    @Test func aLoneCarriageReturnIsSaidToBeWhiteSpace() {
        let c = compile("responder Editor\raction search\rin Editor {\r  cmd+f -> search\r}\r")
        let lines = summary(c)
        #expect(lines.first == "1:17: warning: \(Messages.loneCarriageReturn)", "\(lines)")
        #expect(lines.contains { $0.contains("error") })
        #expect(compile("responder Editor\r\naction search\r\nin Editor {\r\n  cmd+f -> search\r\n}\r\n").diagnostics.isEmpty)
    }

    @Test func namesFromBrokenDeclarationsAreNotReported() {
        let c = compile("""
            responder Editor
            action search(
            in Editor when ready {
              cmd+f -> search
            }
            """)
        #expect(c.keymap == nil)
        #expect(!c.diagnostics.isEmpty)
        #expect(c.diagnostics.allSatisfy { $0.severity == .error })
        #expect(!c.diagnostics.contains { Messages.isUnresolvedName($0.message) })
    }

    /// A file whose only syntax errors are at its end (a block left open, a binding cut short)
    /// skipped no source: an unknown name in it is still reported, with its did-you-mean, in
    /// the same run as the syntax error.
    @Test func namesAreReportedWhenOnlyTheEndOfTheFileIsBroken() {
        let c = compile("""
            responder Editor, App
            action save
            in Editr {
              cmd+s -> save
            }
            in App {
              cmd+q ->
            """)
        let lines = summary(c)
        #expect(lines.contains { $0.hasPrefix("3:4: error: unknown responder role 'Editr'; did you mean 'Editor'?") }, "\(lines)")
        #expect(lines.contains { $0.contains("found end of file") })
    }

    /// A compilation that frees the syntax trees as it checks them (`keepingSyntax: false`,
    /// as `bindc compile` runs: the checked blocks are released in batches of
    /// ``Checker/releaseBatch`` bindings) finds the same diagnostics, keymap and table as one
    /// that keeps them, on a keymap of several batches with errors and warnings spread through
    /// it, groups, menus and a declaration after the blocks.
    @Test func freeingTreesWhileCheckingChangesNothing() {
        var text = "keymap \"Big\"\ncontext mode: normal | insert\ncontext busy: Bool\nresponder Editor, Pane, App\n"
        for a in 0..<40 { text += "action act\(a)\n" }
        let keys = ["a", "b", "c", "d", "e", "f", "g", "h", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u"]
        let mods = ["cmd", "ctrl", "alt", "cmd+shift", "ctrl+alt", "alt+shift"]
        var n = 0
        for block in 0..<700 {
            let role = ["Editor", "Pane", "App"][block % 3]
            text += block % 5 == 0 ? "in \(role) when busy {\n" : "in \(role) {\n"
            if block % 7 == 0 { text += "  group \"G\(block)\" {\n" }
            for k in 0..<(block % 4 == 0 ? 1 : 12) {
                // Unique sequences: the block picks the last two strokes.
                let tail = keys + (0..<10).map(String.init) + (1...12).map { "f\($0)" }
                let sequence = "\(mods[k % mods.count])+\(keys[k % keys.count]) \(tail[block % tail.count]) \(tail[block / tail.count])"
                var line = "  \(sequence) -> act\(n % 40)"
                if n % 3 == 0 { line += " \"Title \(n % 500)\"" }
                if n % 4 == 0 { line += " when mode == \(n % 8 == 0 ? "normal" : "insert")" }
                if n % 997 == 0 { line = "  cmd+shft+\(keys[k]) -> act1" }  // an error
                if n % 1_301 == 0 { line = "  ctrl+q -> missingAction\(n)" }  // another
                text += line + "\n"
                n += 1
            }
            if block % 7 == 0 { text += "  }\n" }
            text += "}\n"
        }
        text += "menu \"File\" {\n  \"Open\" cmd+o -> act2\n}\naction late\n"
        var sources = SourceManager()
        sources.add(SourceFile(path: "big.bind", text: text))
        let kept = Compilation(sources: sources, platform: .apple)
        let freed = Compilation(sources: sources, platform: .apple, keepingSyntax: false)
        #expect(n > 3 * Checker.releaseBatch)
        #expect(kept.diagnostics.count > 10 && kept.diagnostics.contains { $0.severity == .error })
        #expect(summary(freed) == summary(kept))
        #expect(freed.keymap == kept.keymap)
        // Without the errors, the tables match byte for byte.
        var clean = SourceManager()
        let fixed = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("shft") && !$0.contains("missingAction") }.joined(separator: "\n")
        clean.add(SourceFile(path: "big.bind", text: fixed))
        let keptClean = Compilation(sources: clean, platform: .apple)
        let freedClean = Compilation(sources: clean, platform: .apple, keepingSyntax: false)
        #expect(keptClean.keymap != nil, "\(summary(keptClean).filter { $0.contains("error") }.prefix(3))")
        #expect(freedClean.table(strip: false) == keptClean.table(strip: false))
    }
    /// After ``Compilation/freeUnshownText()`` (as `bindc compile` runs), a file no diagnostic
    /// refers to keeps its path but not its text, and the table is the same; a file with a
    /// warning keeps its text, and its diagnostics render as they do when everything is kept.
    @Test func freeingTheTextOfFilesWithoutDiagnosticsChangesNothingShown() {
        var sources = SourceManager()
        sources.add(SourceFile(path: "base.bind", text: "keymap \"Base\"\nresponder Editor\naction save\naction open\nin Editor {\n  cmd+s -> save\n}\n"))
        sources.add(SourceFile(path: "user.bind", text: "layer over \"base.bind\"\nin Editor {\n  cmd+o -> open \"\"\n  cmd+q -> open\n}\n"))
        let kept = Compilation(sources: sources, platform: .apple)
        var freed = Compilation(sources: sources, platform: .apple, keepingSyntax: false)
        #expect(freed.sources.files[0].bytes == sources.files[0].bytes)
        freed.freeUnshownText()
        #expect(kept.keymap != nil && !kept.diagnostics.isEmpty)
        #expect(kept.diagnostics.allSatisfy { $0.range.file == FileID(1) })
        #expect(freed.sources.files[0].bytes.isEmpty && freed.sources.files[0].path == "base.bind")
        #expect(freed.sources.files[1].bytes == kept.sources.files[1].bytes)
        #expect(DiagnosticRenderer().render(freed.diagnostics, sources: freed.sources)
                == DiagnosticRenderer().render(kept.diagnostics, sources: kept.sources))
        #expect(freed.table(strip: false) == kept.table(strip: false))
        // The caller's copy of the sources is untouched.
        #expect(!sources.files[0].bytes.isEmpty)
    }
    /// Bindings of the same sequence share one array of chords (the checker keeps each
    /// sequence of one or two chords it has made), and different sequences do not.
    @Test func bindingsOfOneSequenceShareItsChords() {
        let c = compile("""
            responder Editor, App
            context busy: Bool
            action a
            action b
            in Editor {
              cmd+k cmd+c -> a when busy
              cmd+k cmd+c -> b when !busy
              cmd+j -> a
              cmd+k cmd+d -> a
            }
            in App {
              cmd+k cmd+c -> a
              cmd+j -> b
              cmd+k ctrl+c -> a
            }
            """)
        guard let keymap = c.keymap else { Issue.record("\(summary(c))"); return }
        func storage(_ i: Int) -> UnsafeRawPointer? {
            keymap.bindings[i].sequence.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(keymap.bindings.count == 7)
        var samePairs = 0
        for i in keymap.bindings.indices {
            for j in keymap.bindings.indices where j > i {
                let same = keymap.bindings[i].sequence == keymap.bindings[j].sequence
                if same { samePairs += 1 }
                #expect((storage(i) == storage(j)) == same, "\(keymap.bindings[i].sequence) / \(keymap.bindings[j].sequence)")
            }
        }
        // `cmd+k cmd+c` three times (three pairs) and `cmd+j` twice (one).
        #expect(samePairs == 4)
    }

    /// A quoted key of several characters is one error, and its binding is left out
    /// (Grammar.md §4.5): `"cmd"+k` is not read as `cmd+k`, so a later `cmd+k` is no conflict.
    @Test func aBindingWithAQuotedKeyOfSeveralCharactersTakesNoPartInConflicts() {
        for (first, second, column) in [("\"cmd\"+k", "cmd+k", 3), ("cmd+\"delete\"", "cmd+delete", 7)] {
            let c = compile("""
                responder E
                action a
                action b
                in E {
                  \(first) -> a
                  \(second) -> b
                }
                """)
            #expect(summary(c) == ["5:\(column): error: \(Messages.quotedKeyNotOneCharacter)"], "\(first)")
        }
    }
}
