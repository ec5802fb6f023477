import BindingRuntime
import Testing
@testable import BindingLang

/// The checker on syntax trees built by hand (independent of the parser).
struct CheckHandBuiltTests {
    let text = """
        context mode: normal | insert
        context loggedIn: Bool
        responder Editor
        action search
        in Editor {
          cmd+k -> search when mode == insert
          command+k -> serch when mode == normal
          cmd+k -> copy when loggedIn
        }
        """
    let file = FileID(0)

    /// The range of the `occurrence`-th (0-based) appearance of `needle`.
    func r(_ needle: String, _ occurrence: Int = 0) -> SourceRange {
        let bytes = Array(text.utf8), n = Array(needle.utf8)
        var found = 0
        for i in 0...(bytes.count - n.count) where Array(bytes[i..<(i + n.count)]) == n {
            if found == occurrence { return SourceRange(file: file, start: i, end: i + n.count) }
            found += 1
        }
        Issue.record("no \(needle) #\(occurrence)")
        return SourceRange(file: file, start: 0, end: 0)
    }

    func id(_ name: String, _ occurrence: Int = 0) -> Identifier { Identifier(name: name, range: r(name, occurrence)) }

    func binding(_ mod: String, _ modOcc: Int, k kOcc: Int, action: String, _ actionOcc: Int, cond: Expression) -> BlockItem {
        let chord = ChordSyntax(
            parts: [KeyPart(text: mod, range: r(mod, modOcc)), KeyPart(text: "k", range: r("+k", kOcc))],
            range: r(mod, modOcc).through(r("+k", kOcc)))
        let seq = ChordSequenceSyntax(chords: [chord], range: chord.range)
        let ref = ActionReference(name: id(action, actionOcc), argument: nil, range: r(action, actionOcc))
        return .binding(BindingSyntax(sequence: seq, action: ref, title: nil, condition: cond, range: seq.range))
    }

    @Test func resolvesConflictsAndNames() {
        let whole = SourceRange(file: file, start: 0, end: text.utf8.count)
        let mode = ContextDeclaration(
            name: id("mode"), type: .enumeration([id("normal"), id("insert")], range: r("normal | insert")), range: whole)
        let loggedIn = ContextDeclaration(name: id("loggedIn"), type: .named(id("Bool")), range: whole)
        let eqInsert = Expression.binary(.equal, .identifier(id("mode", 1)), .identifier(id("insert", 1)), operatorRange: r("==", 0))
        let eqNormal = Expression.binary(.equal, .identifier(id("mode", 2)), .identifier(id("normal", 1)), operatorRange: r("==", 1))
        let block = BindingBlock(role: id("Editor", 1), condition: nil, items: [
            binding("cmd", 0, k: 0, action: "search", 1, cond: eqInsert),
            binding("command", 0, k: 1, action: "serch", 0, cond: eqNormal),
            binding("cmd", 1, k: 2, action: "copy", 0, cond: .identifier(id("loggedIn", 1))),
        ], range: whole)
        let syntax = FileSyntax(file: file, declarations: [
            .context(mode), .context(loggedIn), .responder([id("Editor")], range: r("responder Editor")),
            .action(ActionDeclaration(name: id("search"), argumentType: nil, range: r("action search"))),
            .block(block),
        ])
        var sources = SourceManager()
        sources.add(SourceFile(path: "a.bind", text: text))
        let (keymap, diagnostics) = Checker.check([syntax], sources: sources, platform: .apple)
        #expect(keymap == nil)
        #expect(diagnostics.map(\.message) == [
            "unknown action 'serch'; did you mean 'search'?",
            "'cmd+k' is bound twice in role 'Editor' when mode == insert, loggedIn == true",
        ])
        #expect(diagnostics.first?.fixIts == [FixIt(range: r("serch"), replacement: "search")])
        #expect(diagnostics.last?.range == r("cmd", 1).through(r("+k", 2)))
        #expect(diagnostics.last?.notes == [DiagnosticNote("the other binding is here", at: r("cmd", 0).through(r("+k", 0)))])
    }
}
