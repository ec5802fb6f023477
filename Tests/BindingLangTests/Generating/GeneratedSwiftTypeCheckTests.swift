import BindingLang
import BindingRuntime
import Foundation
import Testing

/// The Swift `bindc swift` writes for every example keymap, the sample keymap, and the
/// keymaps of awkward and keyword names type-checks in Swift 6 language mode three times: with
/// no Apple framework (the plain data part alone), against the UIKit stub (the UIKit part), and
/// against the AppKit stub (the AppKit part), each time with code that uses every helper.
@Suite struct GeneratedSwiftTypeCheckTests {
    enum Framework: String, CaseIterable, Sendable {
        case none, uiKit = "UIKit", appKit = "AppKit"
    }

    /// Every keymap to check, with its namespace name.
    static func keymaps() throws -> [(String, Keymap)] {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path)
            .filter { $0.hasSuffix(".bind") && !$0.contains("-") }.sorted()
        var result: [(String, Keymap)] = []
        for name in names {
            var sources = SourceManager()
            sources.add(SourceFile(path: name, bytes: try InputFile.read(examples.appendingPathComponent(name).path)))
            let keymap = try #require(Compilation(sources: sources, platform: .apple).keymap, "\(name) does not compile")
            result.append((SwiftGenerator.typeIdentifier(String(name.dropLast(5))) + "Keymap", keymap))
        }
        #expect(result.count >= 3)
        var layered = SourceManager()
        for name in ["IDE.bind", "IDE-user.bind"] {
            layered.add(SourceFile(path: name, bytes: try InputFile.read(examples.appendingPathComponent(name).path)))
        }
        result.append(("IDEUserKeymap", try #require(Compilation(sources: layered, platform: .apple).keymap)))
        result.append(("EditorKeymap", SampleKeymap.keymap))
        var attributed = SourceManager()
        attributed.add(SourceFile(path: "attributes.bind", text: """
            responder Editor
            action back
            action escape
            action next
            in Editor {
              @noRemapping ctrl+"[" -> escape "Escape"
              @priority @noMirroring cmd+"[" -> back "Back"
              @noMirroring @priority cmd+"]" -> next
            }
            menu "Go" {
              @noRemapping "Previous" cmd+"{" -> back
              @noMirroring "Next" cmd+"}" -> next
            }
            """))
        result.append(("AttributesKeymap", try #require(Compilation(sources: attributed, platform: .apple).keymap)))
        result.append(("Keywords", keywordKeymap().0))
        result += try Self.responderlessKeymaps()
        result.append(("EscapesKeymap", try Self.escapesKeymap()))
        result.append(("BigKeymap", bigKeymap(count: 2 * SwiftGenerator.chunkSize + 1)))
        return result
    }

    /// A keymap whose text written into the generated file's comments holds line breaks, a
    /// line separator and quotes: its name, a main menu's title and quick actions' types
    /// (sweep 40, defect 3).
    static func escapesKeymap() throws -> Keymap {
        var manager = SourceManager()
        manager.add(SourceFile(path: "escapes.bind", text: #"""
            keymap "Esc \"quoted\" \\ name\nline"
            action go
            menu "M \"x\"\n\\(y)" {
              "I \"x\"\n" cmd+b -> go
            }
            shortcut "com.x.a\nb\"c\\d*/" {
              title "T"
            }
            shortcut "com.x.a\rb" {
              title "R"
            }
            shortcut "com.x.\u{2028}c\u{85}d" {
              title "L"
            }
            """#))
        return try #require(Compilation(sources: manager, platform: .apple).keymap)
    }

    /// Keymaps that declare no responder, so `Role` has no cases (a raw-value enum without cases
    /// does not compile): one of quick actions only, one of main menus only, and an empty one.
    static func responderlessKeymaps() throws -> [(String, Keymap)] {
        var result: [(String, Keymap)] = []
        let sources = [
            ("ShortcutsOnlyKeymap", """
                keymap "Quick"
                shortcut "com.example.quick.new" {
                  title "New"
                  icon compose
                }
                """),
            ("MenusOnlyKeymap", """
                keymap "MenusOnly"
                action newDocument
                menu "File" {
                  "New" cmd+n -> newDocument
                }
                """),
            ("EmptyKeymap", ""),
        ]
        for (name, text) in sources {
            var manager = SourceManager()
            manager.add(SourceFile(path: name + ".bind", text: text))
            let keymap = try #require(Compilation(sources: manager, platform: .apple).keymap, "\(name) does not compile")
            #expect(keymap.roles.isEmpty)
            result.append((name, keymap))
        }
        return result
    }

    /// Code that calls every helper of the namespace `name` the framework part declares.
    static func use(_ name: String, _ framework: Framework) -> String {
        switch framework {
        case .none:
            return """
                func use\(name)() {
                    let context = \(name).Context()
                    _ = (context.assignments, \(name).keyCommands.first?.action.name, \(name).editMenu.count)
                    _ = (\(name).menuCommands.first?.title, \(name).mainMenus.count, \(name).ShortcutType.allCases.map(\\.title))
                    _ = \(name).Role.allCases.map(\\.rawValue)
                }

                """
        case .uiKit:
            return """
                @MainActor func use\(name)(builder: any UIMenuBuilder, item: UIApplicationShortcutItem) {
                    let commands: [UIKeyCommand] = \(name).uiKeyCommands(action: Selector("handleKey:"), pending: false, includingMenuKeyEquivalents: false)
                    let wanted: Bool = commands.first.map { \(name).wantsKeyCommand($0, pending: true) } ?? false
                    \(name).buildMainMenus(with: builder, action: Selector("performMenuCommand:"))
                    let menus: [UIMenu] = \(name).mainMenus.map { \(name).uiMenu($0, action: Selector("performMenuCommand:")) }
                    let command: \(name).MenuCommand? = (menus.first?.children.first as? UICommand).flatMap { \(name).menuCommand(for: $0) }
                    let actions: [UIAction] = \(name).editMenuActions { action in _ = action.name }
                    if #available(iOS 16.0, *) {
                        let menu: UIMenu = \(name).editMenu(suggestedActions: [], live: Array(\(name).editMenu.indices), perform: { _ in })
                        _ = menu
                    }
                    let shortcut: \(name).ShortcutType? = \(name).ShortcutType(item)
                    let title: String? = shortcut?.localizedTitle(bundle: .main)
                    _ = (commands, wanted, command, actions, shortcut, title, \(name).localized("Copy"))
                }
                @available(iOS, deprecated: 16.0)
                @MainActor func useDeprecated\(name)() -> [UIMenuItem] {
                    \(name).editMenuItems { _ in Selector("perform:") }
                }

                """
        case .appKit:
            return """
                @MainActor func use\(name)() {
                    let menus: [NSMenu] = \(name).nsMenus(action: Selector("performMenuCommand:"))
                    let item = NSMenuItem(title: "", action: nil, keyEquivalent: "")
                    let command: \(name).MenuCommand? = \(name).menuCommand(for: item)
                    _ = (menus, command, \(name).Modifiers.command.nsEventModifierFlags, \(name).localized("Copy", bundle: .main))
                }

                """
        }
    }

    @Test(arguments: Framework.allCases)
    func generatedSwiftTypeChecks(_ framework: Framework) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typecheck-\(framework)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [String] = []
        var use = framework == .none ? "" : "import \(framework.rawValue)\n"
        for (name, keymap) in try Self.keymaps() {
            try Data(SwiftGenerator.generate(keymap, typeName: name).utf8).write(to: dir.appendingPathComponent("\(name).swift"))
            files.append("\(name).swift")
            use += Self.use(name, framework)
        }
        try Data(use.utf8).write(to: dir.appendingPathComponent("Use.swift"))
        files.append("Use.swift")
        var arguments = ["-typecheck", "-swift-version", "6", "-parse-as-library"]
        if framework != .none {
            try buildStub("ObjectiveC", AppleStubs.objectiveC, in: dir)
            try buildStub(framework.rawValue, framework == .uiKit ? AppleStubs.uiKit : AppleStubs.appKit, in: dir)
            arguments += ["-I", dir.path]
        }
        let (status, output) = try swiftc(arguments + files, in: dir)
        #expect(status == 0, "\(output.prefix(6000))")
        #expect(!output.contains("warning:"), "\(output.prefix(6000))")
    }

    /// Builds the stub module `name` from `source` into `dir`.
    func buildStub(_ name: String, _ source: String, in dir: URL) throws {
        try Data(source.utf8).write(to: dir.appendingPathComponent("\(name).swift"))
        let (status, output) = try swiftc(
            ["-emit-module", "-module-name", name, "-parse-as-library", "-swift-version", "6", "-I", dir.path,
             "\(name).swift", "-emit-module-path", "\(name).swiftmodule"], in: dir)
        #expect(status == 0, "\(output)")
    }

    func swiftc(_ arguments: [String], in dir: URL) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        process.currentDirectoryURL = dir
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
