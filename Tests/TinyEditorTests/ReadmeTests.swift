import Foundation
import Testing
@testable import TinyEditor

/// The scripted runs shown in README.md's tiny-editor section are real: each is run again and
/// must print exactly what the README shows.
@Suite struct ReadmeTests {
    struct Example {
        var arguments: [String]
        var expected: String
    }

    static func examples() throws -> [Example] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "## tiny-editor") else { return [] }
        var lines = readme[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let end = lines.dropFirst().firstIndex(where: { $0.hasPrefix("## ") }) { lines = Array(lines[..<end]) }
        var out: [Example] = []
        var i = 0
        while i < lines.count {
            guard lines[i].hasPrefix("$ swift run tiny-editor") else { i += 1; continue }
            var command = String(lines[i].dropFirst("$ swift run tiny-editor".count))
            while command.hasSuffix("\\"), i + 1 < lines.count {
                command = String(command.dropLast()) + " " + lines[i + 1]
                i += 1
            }
            i += 1
            var output: [String] = []
            while i < lines.count, !lines[i].hasPrefix("$ "), lines[i] != "```" {
                output.append(lines[i])
                i += 1
            }
            out.append(Example(arguments: words(command), expected: output.joined(separator: "\n") + "\n"))
        }
        return out
    }

    /// Shell words: white space separates, single quotes keep everything literally.
    static func words(_ s: String) -> [String] {
        var out: [String] = []
        var current = ""
        var quoted = false, inWord = false
        for ch in s {
            if quoted {
                if ch == "'" { quoted = false } else { current.append(ch) }
            } else if ch == "'" {
                quoted = true
                inWord = true
            } else if ch == " " {
                if inWord { out.append(current); current = ""; inWord = false }
            } else {
                current.append(ch)
                inWord = true
            }
        }
        if inWord { out.append(current) }
        return out
    }

    @Test func readmeRunsAreReal() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 4)
        for example in examples {
            let options = try Options.parse(example.arguments)
            let report = try EditorApp.runScript(options, script: try #require(options.keys)).report
            #expect(report == example.expected, "tiny-editor \(example.arguments.joined(separator: " "))")
        }
    }
}
