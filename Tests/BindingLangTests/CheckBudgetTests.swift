import Testing
@testable import BindingLang

/// The checker's work allowance for one compilation (Grammar.md §10): when a source spends it,
/// checking ends in one error at the binding being compared, never in a guess or a pass.
struct CheckBudgetTests {
    /// `count` bindings of `k`, each gated by `(a || b) && (m == cI || m == dI)`: never two
    /// live at once, but each pair takes a search (the conditions are not conjunctions of
    /// literals, and no fact of one denies the other: ``ConditionFacts``).
    static func keymap(_ count: Int) -> String {
        let modes = (0..<count).map { "c\($0)" } + (0..<count).map { "d\($0)" }
        var text = "context a: Bool\ncontext b: Bool\ncontext m: " + modes.joined(separator: " | ")
        text += "\nresponder R\naction go\nin R {\n"
        for i in 0..<count { text += "  k -> go when (a || b) && (m == c\(i) || m == d\(i))\n" }
        return text + "}\n"
    }

    static func check(_ text: String, units: Int) -> (Keymap?, [Diagnostic]) {
        var sources = SourceManager()
        let source = SourceFile(path: "budget.bind", text: text)
        let id = sources.add(source)
        let (file, parseDiagnostics) = Parser.parse(source, file: id)
        #expect(parseDiagnostics.isEmpty)
        return Checker.check([file], sources: sources, platform: .apple, checkConflicts: true, allowance: CheckBudget(units: units))
    }

    @Test func spentBudgetIsOnePositionedError() {
        let text = Self.keymap(40)
        let (keymap, diagnostics) = Self.check(text, units: 3_000)
        #expect(keymap == nil)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        let message = errors.first?.message ?? ""
        #expect(message.hasPrefix("the checker's work budget for one compilation (3000 steps) ran out while comparing the conditions of the bindings of 'k' in role 'R'"), "\(message)")
        // At a binding of `k`, with a note at the other binding.
        #expect(errors.first?.notes.count == 1)
        // With the standard allowance the same keymap checks clean: the bindings never overlap.
        let (full, fullDiagnostics) = Self.check(text, units: CheckBudget.standard)
        #expect(full != nil, "\(fullDiagnostics.map(\.message))")
    }

    /// Spent on the conditions of blocks (before the conflict rules run) it is still an error.
    @Test func spentBeforeConflictsIsAnError() {
        let (keymap, diagnostics) = Self.check(Self.keymap(40), units: 1)
        #expect(keymap == nil)
        let errors = diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("the checker's work budget for one compilation (1 steps) ran out") == true, "\(errors)")
    }
}

/// Real keymaps leave the budget most of its room: the largest in the corpus (VS Code's
/// default keymaps, imported) use a small part of it. Skipped when the corpus is absent.
struct CheckBudgetHeadroomTests {
    @Test(arguments: ["vscode/macos.keybindings.raw.json", "vscode/linux.keybindings.raw.json"])
    func corpusKeymapsUseLittleOfTheBudget(path: String) throws {
        guard let bytes = try? CorpusLocation.bytes(path) else { return }
        let result = Importer.run(Importer.Input(path: path, bytes: bytes), format: .vscode)
        let source = try #require(result.source)
        let allowance = CheckBudget(units: Int.max / 2)
        var sources = SourceManager()
        let file = SourceFile(path: "imported.bind", text: source)
        let id = sources.add(file)
        let (syntax, _) = Parser.parse(file, file: id)
        _ = Checker.check([syntax], sources: sources, platform: path.contains("macos") ? .apple : .other, checkConflicts: true, allowance: allowance)
        let used = allowance.units - allowance.remaining
        print("check budget: \(path) used \(used) units")
        #expect(used < CheckBudget.standard / 4, "\(path): \(used) units")
    }
}
