import Foundation
import Testing

/// `bindc plist` and `bindc swift` on the built binary.
@Suite struct GeneratorCommandTests {
    let bindc: BindcRunner
    init() throws {
        bindc = try BindcRunner()
        try bindc.write("editor.bind", Fixtures.editor)
    }

    @Test func plistToStandardOutput() throws {
        let r = try bindc.run(["plist", "editor.bind"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC"))
        #expect(r.stdout.contains("<key>UIApplicationShortcutItemType</key>\n\t\t\t<string>com.example.editor.search</string>"))
        #expect(r.stdout.contains("<key>UIApplicationShortcutItemIconType</key>\n\t\t\t<string>UIApplicationShortcutIconTypeSearch</string>"))
        #expect(r.stdout.contains("<key>depth</key>\n\t\t\t\t<integer>2</integer>"))
        // The output is a property list Foundation can read.
        let plist = try PropertyListSerialization.propertyList(from: Data(r.stdout.utf8), format: nil) as? [String: Any]
        let items = try #require(plist?["UIApplicationShortcutItems"] as? [[String: Any]])
        #expect(items.first?["UIApplicationShortcutItemTitle"] as? String == "Search")
        #expect((items.first?["UIApplicationShortcutItemUserInfo"] as? [String: Any])?["depth"] as? Int == 2)
    }

    @Test func plistToFile() throws {
        let r = try bindc.run(["plist", "editor.bind", "-o", "Shortcuts.plist"])
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
        let written = try #require(bindc.read("Shortcuts.plist"))
        #expect(String(decoding: written, as: UTF8.self).hasSuffix("</plist>\n"))
    }

    /// Text a property list cannot hold is an error at its string (it was dropped, and the
    /// user-info keys "a" and "a\u{1}" became one key twice); a carriage return is written
    /// as `&#13;`, which an XML reader keeps.
    @Test func plistTextXMLCannotCarryIsAnErrorAtItsString() throws {
        try bindc.write("ctl.bind", """
            shortcut "com.x.ctl" {
              title "A\\rB"
              subtitle "Z\\0Y"
              userInfo { "a": 1, "a\\u{1}": 2, "crlf": "x\\r\\ny", "tab": "\\t" }
            }

            """)
        let r = try bindc.run(["plist", "ctl.bind", "-o", "Shortcuts.plist"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("ctl.bind:3:12: error: a property list cannot hold U+0000 (XML 1.0 has no such character)"), "\(r.stderr)")
        #expect(r.stderr.contains("ctl.bind:4:22: error: a property list cannot hold U+0001"), "\(r.stderr)")
        #expect(bindc.read("Shortcuts.plist") == nil)

        try bindc.write("cr.bind", "shortcut \"t\" {\n  title \"A\\rB\"\n  userInfo { crlf: \"x\\r\\ny\" }\n}\n")
        let cr = try bindc.run(["plist", "cr.bind"])
        #expect(cr.status == 0, "\(cr.stderr)")
        #expect(cr.stdout.contains("<string>A&#13;B</string>"), "\(cr.stdout)")
        #expect(cr.stdout.contains("<string>x&#13;\ny</string>"), "\(cr.stdout)")
        let plist = try PropertyListSerialization.propertyList(from: Data(cr.stdout.utf8), format: nil) as? [String: Any]
        let item = try #require((plist?["UIApplicationShortcutItems"] as? [[String: Any]])?.first)
        #expect((item["UIApplicationShortcutItemTitle"] as? String)?.unicodeScalars.map(\.value) == [0x41, 0x0D, 0x42])
    }

    @Test func plistOfBrokenSourceWritesNothing() throws {
        try bindc.write("bad.bind", Fixtures.broken)
        try bindc.write("Shortcuts.plist", "old")
        let r = try bindc.run(["plist", "bad.bind", "-o", "Shortcuts.plist"])
        #expect(r.status == 1)
        #expect(bindc.read("Shortcuts.plist") == Array("old".utf8))
    }

    @Test func swiftSourceCompiles() throws {
        let r = try bindc.run(["swift", "editor.bind", "-o", "EditorKeymap.swift"])
        #expect(r.status == 0, "\(r.stderr)")
        let source = String(decoding: try #require(bindc.read("EditorKeymap.swift")), as: UTF8.self)
        #expect(source.contains("public enum EditorKeymap {"))
        #expect(source.contains("case selectTab(Int)"))
        #expect(source.contains("public var mode: Mode = .normal"))
        try bindc.write("main.swift", """
            let action = EditorKeymap.Action(name: "selectTab", argument: .int(2))
            print(action == .selectTab(2), EditorKeymap.keyCommands.count, EditorKeymap.Context().assignments.count)
            """)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", bindc.path("EditorKeymap.swift"), bindc.path("main.swift")]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(String(decoding: output, as: UTF8.self))")
    }

    @Test func swiftNameOption() throws {
        let r = try bindc.run(["swift", "editor.bind", "--name", "AppKeys"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("public enum AppKeys {"))
        let bad = try bindc.run(["swift", "editor.bind", "--name", "app keys"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("'app keys' is not a Swift type name (try 'AppKeys')"))
    }

    /// Sweep 40, defect 4: `--name` and bindkit.json's `namespace` reject the name of a type the
    /// generated code uses (exit 2 for the option, 1 for the file, as for a name that is no type
    /// name), and write nothing.
    @Test func swiftNameMustNotHideAUsedType() throws {
        for name in ["String", "Int", "Bool", "UInt32", "Hashable", "Sendable", "Bundle", "Selector", "UIKeyCommand", "UIMenu", "NSMenu"] {
            let r = try bindc.run(["swift", "editor.bind", "--name", name, "-o", "Out.swift"])
            #expect(r.status == 2, "\(name)")
            #expect(r.stderr.contains("error: '\(name)' is a type the generated code uses, which a namespace of that name would hide (try '\(name)Keymap')"), "\(r.stderr)")
            #expect(bindc.read("Out.swift") == nil)
        }
        let lower = try bindc.run(["swift", "editor.bind", "--name", "string"])
        #expect(lower.status == 2)
        #expect(lower.stderr.contains("'string' is not a Swift type name (try 'StringKeymap')"), "\(lower.stderr)")
        try bindc.write("bindkit.json", #"{"namespace": "Bundle"}"#)
        let config = try bindc.run(["swift", "--config", "bindkit.json", "editor.bind", "-o", "Out.swift"])
        #expect(config.status == 1)
        #expect(config.stderr.contains("bindkit.json:1:15: error: namespace 'Bundle' is a type the generated code uses, which the namespace would hide; did you mean 'BundleKeymap'?"), "\(config.stderr)")
        #expect(bindc.read("Out.swift") == nil)
        let named = try bindc.run(["swift", "--config", "bindkit.json", "--name", "AppKeys", "editor.bind"])
        #expect(named.status == 1, "the file's mistake is reported even when --name wins over it")
    }
}
