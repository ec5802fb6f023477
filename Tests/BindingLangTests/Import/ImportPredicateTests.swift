// VS Code `when` operands the language has no operator for (`=~`, `<` `<=` `>` `>=`, `in`,
// `not in`): kept as Bool contexts the app sets, or, for an anchored list of literals, as
// exact `==`s. End to end: parse, convert, write, compile, dispatch.
@testable import BindingLang
import BindingRuntime
import Testing

@Suite struct ImportPredicateTests {
    private func imported(_ json: String) throws -> (source: String, report: ImportReport, table: BindingTable) {
        let result = Importer.run(Importer.Input(path: "keybindings.json", bytes: Array(json.utf8)), format: .vscode)
        let source = try #require(result.source)
        let report = try #require(result.report)
        let compilation = try #require(Importer.compileOutput(result, baseSource: nil, platform: .apple))
        #expect(compilation.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        let bytes = try #require(compilation.table(strip: false))
        return (source, report, try BindingTable(bytes: bytes))
    }

    @Test func anAnchoredListOfLiteralsIsExactEqualities() throws {
        let clause = try WhenClauseParser.parse("editorFocus && editorLangId =~ /^(markdown|prompt|c\\+\\+)$/", dialect: .vscode)
        #expect(clause == .and(.identifier("editorFocus"),
                               .or(.or(.equals("editorLangId", .string("markdown")), .equals("editorLangId", .string("prompt"))),
                                   .equals("editorLangId", .string("c++")))))
        #expect(try WhenClauseParser.parse("x =~ /^only$/", dialect: .vscode) == .equals("x", .string("only")))
        // Alternatives anchored one by one (latex-workshop's and markdown extensions' form).
        #expect(try WhenClauseParser.parse("x =~ /^markdown$|^rmd$/", dialect: .vscode) == .or(.equals("x", .string("markdown")), .equals("x", .string("rmd"))))
        #expect(try WhenClauseParser.parse("x =~ /^a$|b/", dialect: .vscode) == .identifier("x =~ /^a$|b/"))
        // VSCodeVim's keys have `<` and `>` in their names; a comparison starts a token.
        #expect(try WhenClauseParser.parse("vim.use<C-f> && a < 2", dialect: .vscode) == .and(.identifier("vim.use<C-f>"), .identifier("a < 2")))
        #expect(try WhenClauseParser.parse("x =~ /^(?:a|b)$/", dialect: .vscode) == .or(.equals("x", .string("a")), .equals("x", .string("b"))))
    }

    @Test(arguments: [
        // Not an exact list: unanchored, a class, a wildcard, flags, an escaped letter.
        ("x =~ /\\.swift$/", "x =~ /\\.swift$/", "x_matches_swift"),
        ("x =~ /^(a|b.*)$/", "x =~ /^(a|b.*)$/", "x_matches_a_b"),
        ("x =~ /^(a|b)$/i", "x =~ /^(a|b)$/i", "x_matches_a_b"),
        ("supportedCodeAction =~ /(\\s|^)quickfix\\b/", "supportedCodeAction =~ /(\\s|^)quickfix\\b/", "supportedCodeAction_matches_quickfix"),
        ("x =~ /^\\d+$/", "x =~ /^\\d+$/", "x_matches_pattern"),
        ("notebookKernelCount > 0", "notebookKernelCount > 0", "notebookKernelCount_gt_0"),
        ("count >= -1.5", "count >= -1.5", "count_ge_minus1_5"),
        ("count < 2", "count < 2", "count_lt_2"),
        ("count <= 2", "count <= 2", "count_le_2"),
        ("resourceLangId in supportedLangs", "resourceLangId in supportedLangs", "resourceLangId_in_supportedLangs"),
    ])
    func otherOperandsAreBoolContextsNamedForThem(when: String, key: String, spelling: String) throws {
        #expect(try WhenClauseParser.parse(when, dialect: .vscode) == .identifier(key))
        #expect(ForeignPredicate.spelling(of: key) == spelling)
        #expect(ForeignPredicate.kind(of: key) != nil)
    }

    @Test func notInIsTheNegationAndMalformedOperandsAreRefused() throws {
        #expect(try WhenClauseParser.parse("a not in list", dialect: .vscode) == .not(.identifier("a in list")))
        // The list's key may be quoted, as vscode-neovim writes it.
        #expect(try WhenClauseParser.parse("editorLangId not in 'neovim.editorLangIdExclusions'", dialect: .vscode)
                == .not(.identifier("editorLangId in neovim.editorLangIdExclusions")))
        for bad in ["x > y", "x =~", "x =~ /open", "x not list", "x in"] {
            #expect(throws: UnsupportedCondition.self) { try WhenClauseParser.parse(bad, dialect: .vscode) }
        }
        // Zed has none of these operators.
        #expect(throws: UnsupportedCondition.self) { try WhenClauseParser.parse("a =~ /b/", dialect: .zed) }
        #expect(throws: UnsupportedCondition.self) { try WhenClauseParser.parse("a < 1", dialect: .zed) }
        #expect(ForeignPredicate.kind(of: "editorFocus") == nil)
    }

    @Test func theBindingsCompileAndDispatchWhereTheAppSetsThePredicate() throws {
        let (source, report, table) = try imported("""
            [
              { "key": "ctrl+alt+f", "command": "formatDocument", "when": "editorFocus && resourceExtname =~ /\\\\.swift$/" },
              { "key": "ctrl+alt+n", "command": "nextEditor", "when": "editorCount > 1" },
              { "key": "ctrl+alt+l", "command": "lint", "when": "resourceLangId in lintable" },
              { "key": "ctrl+alt+l", "command": "explain", "when": "resourceLangId not in lintable" },
              { "key": "ctrl+alt+m", "command": "preview", "when": "editorLangId =~ /^(markdown|prompt)$/" }
            ]
            """)
        #expect(report.leftOut.isEmpty)
        #expect(report.approximations == [
            ForeignPredicate.Kind.match.reportName: 1, ForeignPredicate.Kind.comparison.reportName: 1,
            ForeignPredicate.Kind.membership.reportName: 2,
        ])
        #expect(source.contains("context resourceExtname_matches_swift: Bool // the app sets it to VS Code's resourceExtname =~ /\\.swift$/"))
        #expect(source.contains("ctrl+alt+l -> explain when !resourceLangId_in_lintable"))
        #expect(source.contains("ctrl+alt+m -> preview when editorLangId == \"markdown\" || editorLangId == \"prompt\""))

        final class Window: Responder {
            var nextResponder: Responder? { nil }
            var responderRoles: [String] { ["Workbench"] }
            var performed: [String] = []
            func canPerform(_ action: ActionInvocation) -> Bool { true }
            func perform(_ action: ActionInvocation) { performed.append(action.name) }
        }
        let window = Window()
        let dispatcher = Dispatcher(table: table)
        var context = ContextState(table: table)
        func press(_ chord: String) throws {
            _ = dispatcher.dispatch(KeyEvent(try Chord.parse(chord, platform: .macOS).get()), firstResponder: window, context: context)
        }
        try press("ctrl+alt+f")
        try context.set("editorFocus", true)
        try press("ctrl+alt+f")
        try context.set("resourceExtname_matches_swift", true)
        try press("ctrl+alt+f")
        try press("ctrl+alt+l")
        try context.set("resourceLangId_in_lintable", true)
        try press("ctrl+alt+l")
        try press("ctrl+alt+n")
        try context.set("editorCount_gt_1", true)
        try press("ctrl+alt+n")
        try context.set("editorLangId", string: "prompt")
        try press("ctrl+alt+m")
        #expect(window.performed == ["formatDocument", "explain", "lint", "nextEditor", "preview"])
    }

    @Test func aLayerReusesTheBasesContextForTheSamePredicate() throws {
        let base = Importer.Input(path: "base.json", bytes: Array("""
            [ { "key": "ctrl+alt+f", "command": "formatDocument", "when": "resourceExtname =~ /\\\\.swift$/" } ]
            """.utf8))
        let layer = Importer.run(Importer.Input(path: "keybindings.json", bytes: Array("""
            [ { "key": "ctrl+alt+g", "command": "formatSelection", "when": "resourceExtname =~ /\\\\.swift$/" },
              { "key": "ctrl+alt+h", "command": "formatSelection", "when": "resourceExtname =~ /\\\\.md$/" } ]
            """.utf8)), format: .vscode, over: base)
        let source = try #require(layer.source)
        #expect(source.contains("ctrl+alt+g -> formatSelection when resourceExtname_matches_swift\n"))
        #expect(!source.contains("context resourceExtname_matches_swift"))  // the base declares it
        #expect(source.contains("context resourceExtname_matches_md: Bool"))
        let baseSource = try #require(Importer.run(base, format: .vscode).source)
        let compilation = try #require(Importer.compileOutput(layer, baseSource: baseSource, platform: .apple))
        #expect(compilation.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
    }
}
