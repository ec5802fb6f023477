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
}
