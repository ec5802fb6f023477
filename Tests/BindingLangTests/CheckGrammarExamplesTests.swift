import BindingRuntime
import Foundation
import Testing
@testable import BindingLang

/// Every example in Grammar.md's sections 3–11 (the checker's semantics), and the opening
/// example, compiles with exactly the diagnostics written inline in it.
struct CheckGrammarExamplesTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var line: Int
        var text: String
        var testDescription: String { "Grammar.md:\(line)" }
    }

    static let examples: [Example] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Grammar.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var out: [Example] = []
        var section = 0
        var block: [String]?
        var start = 0
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("## "), let n = Int(line.dropFirst(3).prefix(while: \.isNumber)) { section = n }
            if line.hasPrefix("```") {
                if let lines = block {
                    if section == 0 || (3...11).contains(section) {
                        out.append(Example(line: start, text: lines.joined(separator: "\n")))
                    }
                    block = nil
                } else {
                    block = []
                    start = i + 2
                }
            } else {
                block?.append(String(line))
            }
        }
        return out
    }()

    @Test func examplesWereFound() {
        #expect(Self.examples.count >= 4)
    }

    /// An example of several files: each starts at a line `// file: NAME`; the last one is
    /// checked, loading the others through its `layer over` directives.
    static func files(of text: String) -> [(path: String, text: String)]? {
        var files: [(path: String, text: String)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("// file: ") {
                files.append((String(line.dropFirst("// file: ".count)), ""))
            } else if !files.isEmpty {
                files[files.count - 1].text += line + "\n"
            }
        }
        return files.isEmpty ? nil : files
    }

    @Test(arguments: examples)
    func example(_ e: Example) throws {
        // `// --platform NAME` on the first line: check for that platform.
        var platform = Platform.macOS
        if let first = e.text.split(separator: "\n").first, first.hasPrefix("// --platform "),
           let p = Platform(name: String(first.dropFirst("// --platform ".count))) {
            platform = p
        }
        if let files = Self.files(of: e.text) {
            // Each file is the text after its marker line (line 1 is the line after it).
            expectLayeredInlineDiagnostics(files, roots: [try #require(files.last?.path)])
        } else {
            expectInlineDiagnostics(e.text, platform: platform)
        }
    }
}
