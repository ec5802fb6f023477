import Foundation
import Testing

/// The README's `bindc` section shows real output: every command block there is run again,
/// in order, in a directory holding the files the section lists, and must print exactly what
/// the README says and exit with the status it says. Blocks preceded by an HTML comment
/// (`<!-- not checked -->`) are abridged and skipped; `<!-- file: NAME -->` blocks are inputs.
@Suite struct ReadmeTests {
    /// One documented run: the arguments, the expected combined output and exit status.
    struct Run {
        var arguments: [String]
        var output: String
        var status: Int32
    }

    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// The lines of the `## bindc` section.
    static func section() throws -> [String] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "## bindc") else { return [] }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
        return Array(lines[start..<end])
    }

    /// Splits a documented command line like a shell would (double quotes only).
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var inWord = false
        for ch in line {
            if ch == "\"" { quoted.toggle(); inWord = true; continue }
            if ch == " " && !quoted {
                if inWord { words.append(current) }
                current = ""
                inWord = false
                continue
            }
            current.append(ch)
            inWord = true
        }
        if inWord { words.append(current) }
        return words
    }

    /// The input files and the runs, in order.
    static func parse(_ lines: [String]) -> (files: [(String, String)], runs: [Run]) {
        var files: [(String, String)] = []
        var runs: [Run] = []
        var i = 0
        while i < lines.count {
            guard lines[i].hasPrefix("```") else { i += 1; continue }
            let marker = i > 0 ? lines[i - 1] : ""
            var j = i + 1
            var body: [String] = []
            while j < lines.count, !lines[j].hasPrefix("```") { body.append(lines[j]); j += 1 }
            i = j + 1
            if marker.hasPrefix("<!-- file: ") {
                let name = marker.dropFirst("<!-- file: ".count).split(separator: " ").first.map(String.init) ?? ""
                files.append((name, body.joined(separator: "\n") + "\n"))
                continue
            }
            if marker.hasPrefix("<!--") { continue }
            var k = 0
            while k < body.count {
                guard body[k].hasPrefix("$ bindc ") else { k += 1; continue }
                let arguments = words(String(body[k].dropFirst("$ bindc ".count)))
                var output: [String] = []
                k += 1
                while k < body.count, body[k] != "$ echo $?" { output.append(body[k]); k += 1 }
                let status = k + 1 < body.count ? Int32(body[k + 1]) ?? -1 : -1
                k += 2
                while output.last == "" { output.removeLast() }
                runs.append(Run(arguments: arguments, output: output.isEmpty ? "" : output.joined(separator: "\n") + "\n", status: status))
            }
        }
        return (files, runs)
    }

    @Test func everyDocumentedRunIsReal() throws {
        let (files, runs) = ReadmeTests.parse(try ReadmeTests.section())
        #expect(files.map(\.0).contains("editor.bind"))
        #expect(runs.count >= 10)
        let commands = Set(runs.compactMap(\.arguments.first))
        for command in ["check", "compile", "dump", "explain", "fmt", "plist"] {
            #expect(commands.contains(command), "the README shows no run of '\(command)'")
        }
        let bindc = try BindcRunner()
        defer { bindc.cleanUp() }
        for (name, text) in files { try bindc.write(name, text) }
        for run in runs {
            let r = try bindc.run(run.arguments)
            #expect(r.status == run.status, "bindc \(run.arguments.joined(separator: " "))")
            #expect(r.stdout + r.stderr == run.output, "bindc \(run.arguments.joined(separator: " ")): README.md is out of date")
        }
    }
}
