import BindingLang
import BindingRuntime
import Foundation
import Testing

@Test func typeNames() {
    #expect(SwiftGenerator.typeIdentifier("Editor") == "Editor")
    #expect(SwiftGenerator.typeIdentifier("my editor-app 2") == "MyEditorApp2")
    #expect(SwiftGenerator.typeIdentifier("2fast") == "_2fast")
    #expect(SwiftGenerator.typeIdentifier("查找") == "_")
    #expect(SwiftGenerator.defaultTypeName(Keymap(name: "Editor")) == "EditorKeymap")
    #expect(SwiftGenerator.defaultTypeName(Keymap()) == "BindKeymap")
    #expect(SwiftGenerator.identifier("default") == "`default`")
    #expect(SwiftGenerator.identifier("copy") == "copy")
    #expect(SwiftGenerator.quoted("a\"\\\n\u{1}") == #""a\"\\\n\u{1}""#)
}

@Test func uiKitInputs() {
    #expect(SwiftGenerator.uiKitInput(Key(character: "k")) == "k")
    #expect(SwiftGenerator.uiKitInput(.upArrow) == "UIKeyInputUpArrow")
    #expect(SwiftGenerator.uiKitInput(.escape) == "UIKeyInputEscape")
    #expect(SwiftGenerator.uiKitInput(Key.namedCode("f5")!) == "UIKeyInputF5")
    #expect(SwiftGenerator.uiKitInput(Key.namedCode("f20")!) == nil)
    #expect(SwiftGenerator.uiKitInput(.tab) == "\t")
}

@Test func generatedSourceDeclaresTypedActions() {
    let source = SwiftGenerator.generate(SampleKeymap.keymap)
    #expect(source.contains("public enum EditorKeymap {"))
    #expect(source.contains("case selectTab(Int)"))
    #expect(source.contains("case open(String)"))
    #expect(source.contains("case `default`(Bool)"))
    #expect(source.contains("public enum Mode: String, CaseIterable, Hashable, Sendable {"))
    #expect(source.contains("public var mode: Mode = .normal"))
    #expect(source.contains("action: .open(\"a \\\"b\\\"\\\\\"),"))
    #expect(source.contains("#if canImport(UIKit)\nextension EditorKeymap.Modifiers {"))
    #expect(source.contains("public static func uiKeyCommands(action selector: Selector) -> [UIKeyCommand] {"))
    #expect(source.contains("public static func editMenuItems(selector: (Action) -> Selector) -> [UIMenuItem] {"))
}

/// A keymap whose names are Swift keywords and clash with the generated types.
private let awkward = Keymap(
    name: "42 weird: names!",
    contexts: [
        ContextVariable(name: "default", type: .bool),
        ContextVariable(name: "action", type: .enumeration(["self", "init", "in"])),
        ContextVariable(name: "Action", type: .enumeration(["a", "b"])),
        ContextVariable(name: "text", type: .string),
    ],
    roles: ["App"],
    actions: [Action(name: "in", argument: .string), Action(name: "self"), Action(name: "copy", isStandard: true)],
    bindings: [
        Binding(sequence: [SampleKeymap.chord("cmd+\\")], role: 0, action: 0, argument: .string("\\(x)\"\n")),
        Binding(sequence: [SampleKeymap.chord("f20")], role: 0, action: 1, title: "Self"),
    ],
    editMenu: [EditMenuItem(title: "Copy", action: 2)])

/// Runs `swiftc -typecheck` on `source` and returns its diagnostics (empty when it compiles).
private func typecheck(_ source: String, extra: String) throws -> (Int32, String) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swiftgen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("Generated.swift")
    let use = dir.appendingPathComponent("Use.swift")
    try Data(source.utf8).write(to: file)
    try Data(extra.utf8).write(to: use)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-parse-as-library", file.path, use.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}

@Test func generatedSourceWithAwkwardNamesCompiles() throws {
    let source = SwiftGenerator.generate(awkward, typeName: "Awkward")
    let use = """
        func use() {
            var c = Awkward.Context()
            c.`default` = true
            c.action = .`self`
            c.Action = .b
            _ = (Awkward.Action.`in`("x").name, Awkward.Action.`self`, c.assignments)
        }
        """
    let (status, output) = try typecheck(source, extra: use)
    #expect(status == 0, "\(output)")
    #expect(SwiftGenerator.defaultTypeName(awkward) == "_42WeirdNamesKeymap")
}

/// The parts of UIKit the generated code uses, with Apple's Swift signatures, so the
/// `#if canImport(UIKit)` part can be type-checked on a machine without UIKit.
private let uiKitStub = #"""
// A stand-in for the parts of UIKit the generated code uses, with Apple's signatures.
public struct Selector: Sendable { public init(_ name: String) {} }
open class UIImage {}
open class UICommandAlternate {}
public enum UIMenuElement {
    public struct Attributes: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue } }
    public enum State: Int, Sendable { case off, on, mixed }
}
public struct UIKeyModifierFlags: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}
@MainActor open class UIKeyCommand {
    public var discoverabilityTitle: String?
    public convenience init(
        title: String, image: UIImage?, action: Selector, input: String, modifierFlags: UIKeyModifierFlags,
        propertyList: Any?, alternates: [UICommandAlternate], discoverabilityTitle: String?,
        attributes: UIMenuElement.Attributes, state: UIMenuElement.State
    ) { self.init() }
    public init() {}
}
@MainActor open class UIMenuItem {
    public init(title: String, action: Selector) {}
}
"""#

private func swiftc(_ arguments: [String], in dir: URL) throws -> (Int32, String) {
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

/// The sample keymap and every example generate Swift that type-checks, the UIKit part
/// included (against the stub), in one compiler run.
@Test func generatedSwiftCompilesWithUIKit() throws {
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path))?
        .filter { $0.hasSuffix(".bind") && !$0.contains("-") }.sorted() ?? []
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("examples-swift-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var files: [String] = []
    for (i, name) in names.enumerated() {
        var sources = SourceManager()
        sources.add(SourceFile(path: name, bytes: try InputFile.read(examples.appendingPathComponent(name).path)))
        let compilation = Compilation(sources: sources, platform: .apple)
        let keymap = try #require(compilation.keymap, "\(name) does not compile")
        let file = "Example\(i).swift"
        try Data(SwiftGenerator.generate(keymap, typeName: "Example\(i)Keymap").utf8).write(to: dir.appendingPathComponent(file))
        files.append(file)
    }
    try Data(SwiftGenerator.generate(SampleKeymap.keymap).utf8).write(to: dir.appendingPathComponent("Sample.swift"))
    try Data("""
        import UIKit
        @MainActor func use() {
            let commands: [UIKeyCommand] = EditorKeymap.uiKeyCommands(action: Selector("handleKey:"))
            let items: [UIMenuItem] = EditorKeymap.editMenuItems { _ in Selector("perform:") }
            _ = (commands, items, EditorKeymap.Modifiers.command.uiKeyModifierFlags)
        }
        """.utf8).write(to: dir.appendingPathComponent("Use.swift"))
    files += ["Sample.swift", "Use.swift"]
    try Data(uiKitStub.utf8).write(to: dir.appendingPathComponent("UIKit.swift"))
    let (built, log) = try swiftc(
        ["-emit-module", "-module-name", "UIKit", "-parse-as-library", "-swift-version", "6", "UIKit.swift",
         "-emit-module-path", "UIKit.swiftmodule"], in: dir)
    #expect(built == 0, "\(log)")
    let (status, output) = try swiftc(["-typecheck", "-swift-version", "6", "-parse-as-library", "-I", dir.path] + files, in: dir)
    #expect(status == 0, "\(output)")
}

/// Every name the generator declares itself (cases, properties, functions, types), read from
/// the source it writes for an empty keymap, so a member added later is covered too.
private func generatedMemberNames() -> [String] {
    let source = SwiftGenerator.generate(Keymap(), typeName: "Empty")
    var names: Set<String> = []
    for line in source.split(separator: "\n") {
        let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        for (i, word) in words.enumerated().dropLast()
        where ["case", "var", "let", "func", "enum", "struct", "init"].contains(word) {
            names.insert(String(words[i + 1]))
        }
    }
    return names.sorted()
}

/// Defect 5 of issue 10: a keymap whose contexts, enumeration cases, roles and actions are
/// every Swift keyword, every name the generator declares, and each of those with its first
/// letter's case flipped (`view` and `View`), generates Swift that type-checks, with and
/// without the UIKit part, and keeps every name's text for the runtime.
@Test func everyKeywordAndGeneratedNameCompiles() throws {
    var base = SwiftGenerator.swiftKeywords.union(SwiftGenerator.contextualKeywords).sorted()
    base += generatedMemberNames() + ["view", "String", "Bool", "Int", "Swift", "Sendable", "Hashable", "Mode"]
    var names: [String] = []
    var seen: Set<String> = []
    for name in base {
        let flipped = (name.first!.isUppercase ? name.prefix(1).lowercased() : name.prefix(1).uppercased()) + name.dropFirst()
        for n in [name, flipped] where seen.insert(n).inserted { names.append(n) }
    }
    let argumentTypes: [ArgumentType?] = [nil, .int, .string, .bool]
    let contexts = names.enumerated().map { i, name in
        ContextVariable(
            name: name,
            type: i % 3 == 0 ? .bool : i % 3 == 1 ? .string : .enumeration(i == 2 ? names : [name, names[0]]))
    }
    let actions = names.enumerated().map { i, name in Action(name: name, argument: argumentTypes[i % 4]) }
    let bindings = actions.enumerated().map { i, action in
        let argument: ArgumentValue = switch action.argument {
        case nil: .none
        case .int: .int(Int64(i))
        case .string: .string(action.name)
        case .bool: .bool(i % 2 == 0)
        }
        return Binding(
            sequence: [Chord(key: Key(character: "a"), modifiers: .command), Chord(key: Key(character: "b"), modifiers: [])],
            role: i % names.count, action: i, argument: argument, title: action.name,
            condition: .enumEquals(2, i % names.count))
    }
    let keymap = Keymap(
        name: "keywords", contexts: contexts, roles: names, actions: actions, bindings: bindings,
        editMenu: [EditMenuItem(title: "First", action: 0)])
    let source = SwiftGenerator.generate(keymap, typeName: "Keywords")
    // Each action's name and each case's raw value is the keymap's text, whatever the identifier.
    let use = """
        func use() {
            let context = Keywords.Context()
            let names = context.assignments.map(\\.name)
            precondition(names.count == \(names.count))
            precondition(Keywords.Role.allCases.map(\\.rawValue).count == \(names.count))
            precondition(Keywords.keyCommands.map(\\.action.name).count == \(names.count))
        }
        """
    let (status, output) = try typecheck(source, extra: use)
    #expect(status == 0, "\(output.prefix(4000))")
    for name in names {
        #expect(source.contains("case (\(SwiftGenerator.quoted(name)), "), "action \(name) has no parser case")
    }
    #expect(source.contains("case Type_ = \"Type\""))
    #expect(source.contains("case rawValue_ = \"rawValue\""))
    #expect(source.contains("public var `self`: "))
}
