import Foundation
import Testing

/// The README's section for app developers shows the example package as it is: every Swift
/// snippet there (except those marked `<!-- UIKit: not compiled here -->`) appears word for
/// word in `Examples/PluginDemo`, whose build and test `.ci/run` runs, and its `bindkit.json`
/// is the demo's.
@Suite struct ReadmeAppSectionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The fenced blocks of a section (by default `## In an app`): language, text, and the
    /// line before.
    static func blocks(inSection heading: String = "## In an app") throws -> [(language: String, text: String, marker: String)] {
        let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix(heading) })
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
        var out: [(String, String, String)] = []
        var i = start
        while i < end {
            guard lines[i].hasPrefix("```") else { i += 1; continue }
            var j = i + 1
            while j < end, !lines[j].hasPrefix("```") { j += 1 }
            out.append((String(lines[i].dropFirst(3)), lines[(i + 1)..<j].joined(separator: "\n"), lines[i - 1]))
            i = j + 1
        }
        return out
    }

    static func demo(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("Examples/PluginDemo").appendingPathComponent(path), encoding: .utf8)
    }

    @Test func snippetsAreThePluginDemos() throws {
        let files = try ["Package.swift", "Sources/DemoKeys/DemoKeys.swift", "Tests/DemoKeysTests/DemoKeysTests.swift"].map(Self.demo)
        let blocks = try Self.blocks()
        let swift = blocks.filter { $0.language == "swift" && !$0.marker.contains("not compiled here") }
        #expect(swift.count >= 4)
        for block in swift {
            #expect(files.contains { $0.contains(block.text) }, "not in Examples/PluginDemo:\n\(block.text)")
        }
        let json = try #require(blocks.first { $0.language == "json" })
        #expect(json.text + "\n" == (try Self.demo("Sources/DemoKeys/bindkit.json")))
    }

    /// Step 5's `bindc strings` line, run as written in a copy of the demo's directory, writes
    /// both catalogs with the demo's titles.
    @Test func localisationCommandRunsAsWritten() throws {
        let line = try #require(try Self.blocks().first { $0.text.hasPrefix("bindc strings ") }?.text)
        let bindc = try BindcRunner()
        try FileManager.default.createDirectory(atPath: bindc.path("Sources/DemoKeys"), withIntermediateDirectories: true)
        for file in ["Keymap.bind", "bindkit.json"] {
            try bindc.write("Sources/DemoKeys/" + file, try Self.demo("Sources/DemoKeys/" + file))
        }
        let r = try bindc.run(Array(line.split(separator: " ").dropFirst().map(String.init)))
        #expect(r.status == 0, "\(r.stderr)")
        let keymap = String(decoding: try #require(bindc.read("Keymap.xcstrings")), as: UTF8.self)
        let infoPlist = String(decoding: try #require(bindc.read("InfoPlist.xcstrings")), as: UTF8.self)
        #expect(keymap.contains("\"First Tab\"") && keymap.contains("\"File\""))
        #expect(infoPlist.contains("\"New Document\""))
    }
}
