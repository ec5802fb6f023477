import BindingRuntime
import Foundation
import Testing
@testable import BindingLang

/// The shipped examples check without errors.
struct CheckExamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ name: String) throws -> (path: String, text: String) {
        let url = root.appendingPathComponent("Examples").appendingPathComponent(name)
        return ("Examples/" + name, try String(contentsOf: url, encoding: .utf8))
    }

    @Test(arguments: [["TextEditor.bind"], ["Vim.bind"], ["IDE.bind"], ["IDE.bind", "IDE-user.bind"]])
    func exampleChecks(_ names: [String]) throws {
        let files = try names.map(Self.read)
        let (keymap, diagnostics, sources) = checkSources(files)
        #expect(flatten(diagnostics, sources).map(\.description) == [])
        #expect(keymap != nil)
    }

    /// `bindc check --layouts all` over the examples is clean (Grammar.md §10, Keyboard
    /// layouts): every finding is fixed or allowed with `@allowLayouts`, on every layout.
    @Test(arguments: [["TextEditor.bind"], ["Vim.bind"], ["IDE.bind"], ["IDE.bind", "IDE-user.bind"]])
    func examplesAreCleanOnEveryLayout(_ names: [String]) throws {
        let files = try names.map(Self.read)
        let (k, _, sources) = checkSources(files)
        let keymap = try #require(k)
        let diagnostics = LayoutDiagnostics.diagnostics(keymap: keymap, sources: sources, layouts: KeyboardLayout.all, strict: true)
        #expect(flatten(diagnostics, sources).map(\.description) == [])
        // The annotations are there and used: some findings are allowed, none reported.
        let report = LayoutReport(keymap: keymap, layouts: KeyboardLayout.all)
        #expect(report.problemCount == 0 && report.allowedCount > 0)
    }
}
