import BindingLang
import BindingRuntime
import Foundation
import Testing

/// Runs the generated Swift, not only type-checks it: the stubs of ``AppleStubs`` are built as
/// libraries (their initialisers keep what the properties read back), a program calls the
/// generated UIKit or AppKit helpers and prints what they built, and the test reads the output.
@Suite struct GeneratedSwiftBehaviourTests {
    static let source = """
        keymap "Edit"
        context hasSelection: Bool
        responder Editor
        action upper
        action lower
        menu edit {
          "Copy" -> copy
          "Uppercase" -> upper when hasSelection
          "Paste" -> paste
          "Lowercase" -> lower
          "Select All" -> selectAll
        }
        menu "Tools" {
          "Upper" cmd+u -> upper
          menu "More" {
            "Lower" -> lower
          }
        }
        """

    /// The output of `main` run with the file generated from `source` (by default ``source``;
    /// namespace `EditKeymap`), against the stub of `framework`.
    func run(_ framework: GeneratedSwiftTypeCheckTests.Framework, source: String = Self.source, main: String) throws -> String {
        var sources = SourceManager()
        sources.add(SourceFile(path: "edit.bind", text: source))
        let keymap = try #require(Compilation(sources: sources, platform: .macOS).keymap)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("behaviour-\(framework)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let compiler = GeneratedSwiftTypeCheckTests()
        for (name, stub) in [("ObjectiveC", AppleStubs.objectiveC), (framework.rawValue, framework == .uiKit ? AppleStubs.uiKit : AppleStubs.appKit)] {
            try Data(stub.utf8).write(to: dir.appendingPathComponent("\(name).swift"))
            let (status, output) = try compiler.swiftc(
                ["-emit-library", "-static", "-emit-module", "-module-name", name, "-parse-as-library", "-swift-version", "6",
                 "-I", dir.path, "\(name).swift", "-o", "lib\(name).a"], in: dir)
            try #require(status == 0, "\(output)")
        }
        try Data(SwiftGenerator.generate(keymap, typeName: "EditKeymap").utf8).write(to: dir.appendingPathComponent("EditKeymap.swift"))
        try Data(("import \(framework.rawValue)\n" + main + "\nMainActor.assumeIsolated { run() }\n").utf8)
            .write(to: dir.appendingPathComponent("main.swift"))
        let (status, output) = try compiler.swiftc(
            ["-swift-version", "6", "-I", dir.path, "-L", dir.path, "-l\(framework.rawValue)", "-lObjectiveC",
             "EditKeymap.swift", "main.swift", "-o", "run"], in: dir)
        try #require(status == 0, "\(output)")
        let process = Process()
        process.executableURL = dir.appendingPathComponent("run")
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let printed = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: printed, as: UTF8.self)
    }

    /// `editMenu(suggestedActions:live:perform:)` shows the suggested actions, then only the
    /// items `live` lists (in declared order, an index outside the edit menu ignored), leaving
    /// out an item whose standard action a suggested command already performs, at any depth;
    /// with none left it adds no empty group.
    @Test func theEditMenuOffersTheLiveItemsTheSystemDoesNot() throws {
        let output = try run(.uiKit, main: """
            @MainActor func titles(_ elements: [UIMenuElement]) -> String {
                elements.map { ($0 as? UIMenu).map { "[" + titles($0.children) + "]" } ?? $0.title }.joined(separator: ", ")
            }
            @MainActor func command(_ title: String, _ selector: String) -> UICommand {
                UICommand(title: title, image: nil, action: Selector(selector), propertyList: nil, alternates: [],
                          discoverabilityTitle: nil, attributes: [], state: .off)
            }
            @MainActor func run() {
                let suggested: [UIMenuElement] = [
                    UIMenu(title: "", image: nil, identifier: nil, options: .displayInline,
                           children: [command("Copy", "copy:"), command("Select", "select:")]),
                    command("Paste", "paste:"),
                ]
                print(titles(EditKeymap.editMenu(suggestedActions: suggested, live: [4, 0, 2, 3, 9], perform: { _ in }).children))
                print(titles(EditKeymap.editMenu(suggestedActions: suggested, live: [0, 2], perform: { _ in }).children))
                print(titles(EditKeymap.editMenu(suggestedActions: [], live: [3, 1, 0], perform: { _ in }).children))
                print(EditKeymap.editMenuActions(perform: { _ in }).map(\\.title))
            }
            """)
        #expect(output == """
            [Copy, Select], Paste, [Lowercase, Select All]
            [Copy, Select], Paste
            [Copy, Uppercase, Lowercase]
            ["Copy", "Uppercase", "Paste", "Lowercase", "Select All"]

            """)
    }

    /// `menuCommand(for:)` recognises the items `nsMenu` made, in submenus too, and no other
    /// item: not one of the app's, whose `tag` is 0 as the first command's index is.
    @Test func appKitMenuCommandsAreOnlyTheGeneratedItems() throws {
        let output = try run(.appKit, main: """
            @MainActor func describe(_ menu: NSMenu) -> [String] {
                menu.items.flatMap { item in
                    ["\\(item.title): \\(EditKeymap.menuCommand(for: item)?.title ?? "nil")"] + (item.submenu.map(describe) ?? [])
                }
            }
            @MainActor func run() {
                print(EditKeymap.nsMenus(action: Selector("performMenuCommand:")).flatMap(describe))
                let quit = NSMenuItem(title: "Quit", action: Selector("terminate:"), keyEquivalent: "q")
                let tagged = NSMenuItem(title: "Tagged", action: nil, keyEquivalent: "")
                tagged.tag = 1
                tagged.representedObject = 1
                print([quit, tagged].map { EditKeymap.menuCommand(for: $0)?.title ?? "nil" })
            }
            """)
        #expect(output == """
            ["Upper: Upper", "More: nil", "Lower: Lower"]
            ["nil", "nil"]

            """)
    }
}
