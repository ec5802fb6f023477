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
    #expect(source.contains("public static func uiKeyCommands(action selector: Selector, pending: Bool, includingMenuKeyEquivalents: Bool = true, bundle: Bundle = .main) -> [UIKeyCommand] {"))
    #expect(source.contains("public static func wantsKeyCommand(_ command: UICommand, pending: Bool) -> Bool {"))
    #expect(source.contains("public static func buildMainMenus(with builder: any UIMenuBuilder, action selector: Selector, bundle: Bundle = .main) {"))
    #expect(source.contains("public static func editMenu(suggestedActions: [UIMenuElement], live: [Int], bundle: Bundle = .main, perform: @escaping @MainActor (Action) -> Void) -> UIMenu {"))
    #expect(source.contains("#if canImport(AppKit) && !targetEnvironment(macCatalyst)\nextension EditorKeymap.Modifiers {"))
    #expect(source.contains("public static func nsMenus(action selector: Selector, bundle: Bundle = .main) -> [NSMenu] {"))
    #expect(source.contains("case \"com.example.editor.search\": self = .search"))
    #expect(source.contains("return String(localized: String.LocalizationValue(text), table: stringsTable, bundle: bundle)"))
    #expect(source.contains("public static func editMenuItems(bundle: Bundle = .main, selector: (Action) -> Selector) -> [UIMenuItem] {"))
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

/// Every name the generator declares itself (cases, properties, functions, types), read from
/// the source it writes for an empty keymap, so a member added later is covered too.
func generatedMemberNames() -> [String] {
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

/// A keymap whose contexts, enumeration cases, roles and actions are every Swift keyword,
/// every name the generator declares, and each of those with its first letter's case flipped
/// (`view` and `View`); and those names.
func keywordKeymap() -> (Keymap, [String]) {
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
    let menuItem = MenuItem(title: "First", action: 0, keyEquivalent: Chord(key: Key(character: "k"), modifiers: .command))
    let keymap = Keymap(
        name: "keywords", contexts: contexts, roles: names, actions: actions, bindings: bindings,
        editMenu: [EditMenuItem(title: "First", action: 0)],
        mainMenus: [Menu(title: "File", entries: [.item(menuItem), .separator, .submenu(Menu(title: "More", entries: [.item(menuItem)]))])],
        quickActions: names.map { QuickAction(type: "com.example." + $0, title: $0) })
    return (keymap, names)
}

/// Defect 5 of issue 10: the keyword keymap keeps every name's text for the runtime, whatever
/// its identifier (`generatedSwiftTypeChecks` compiles it, with and without UIKit and AppKit).
@Test func everyKeywordAndGeneratedNameKeepsItsText() throws {
    let (keymap, names) = keywordKeymap()
    let source = SwiftGenerator.generate(keymap, typeName: "Keywords")
    for name in names {
        #expect(source.contains("case (\(SwiftGenerator.quoted(name)), "), "action \(name) has no parser case")
    }
    #expect(source.contains("case Type_ = \"Type\""))
    #expect(source.contains("case rawValue_ = \"rawValue\""))
    #expect(source.contains("public var `self`: "))
    #expect(source.contains("case \"com.example.title\": self = .title_"))
}

/// `@priority` travels into the generated key commands and the UIKit helper sets
/// `wantsPriorityOverSystemBehavior` for every chord of such a command's sequence.
@Test func priorityTravelsIntoTheGeneratedKeyCommands() throws {
    var sources = SourceManager()
    sources.add(SourceFile(path: "p.bind", text: """
        responder Editor
        action wordLeft
        action save
        in Editor {
          @priority alt+left -> wordLeft "Word Left"
          cmd+s -> save "Save"
        }
        """))
    let keymap = try #require(Compilation(sources: sources, platform: .apple).keymap)
    #expect(keymap.bindings.map(\.wantsPriorityOverSystemBehavior) == [true, false])
    let source = SwiftGenerator.generate(keymap)
    // The data part: `KeyCommand(` entries of `keyCommands`, one per binding in order.
    let data = try #require(source.components(separatedBy: "public static let keyCommands: [KeyCommand] = [").last?
        .components(separatedBy: "\n    ]").first)
    let commands = data.components(separatedBy: "KeyCommand(").dropFirst()
    #expect(commands.count == 2)
    #expect(commands.first?.contains("wantsPriorityOverSystemBehavior: true)") == true)
    #expect(commands.last?.contains("wantsPriorityOverSystemBehavior") == false)
    #expect(source.contains("command.wantsPriorityOverSystemBehavior = true"))
}

/// Sweep 40, defect 1: a keymap without responders gets an empty `Role` whose `RawRepresentable`
/// conformance is written out (an enum without cases cannot declare a raw type); one with
/// responders keeps `Role: String`. (`GeneratedSwiftTypeCheckTests` compiles both.)
@Test func aKeymapWithoutRespondersGetsAnEmptyRole() {
    let empty = SwiftGenerator.generate(Keymap(), typeName: "Empty")
    #expect(empty.contains("public enum Role: RawRepresentable, CaseIterable, Hashable, Sendable {"))
    #expect(empty.contains("public init?(rawValue: String) { return nil }"))
    #expect(empty.contains("public var rawValue: String { switch self {} }"))
    #expect(!empty.contains("Role: String"))
    let sample = SwiftGenerator.generate(SampleKeymap.keymap)
    #expect(sample.contains("public enum Role: String, CaseIterable, Hashable, Sendable {"))
}

/// Sweep 40, defect 3: the keymap's text written into comments (a quick action's type, the
/// keymap's name, a main menu's title) is escaped when it holds a line break or another
/// character that is not printable, so it cannot end the comment and leave the rest as code.
@Test func commentsEscapeTheKeymapsText() {
    let keymap = Keymap(
        name: "a\nb\u{2028}c",
        actions: [Action(name: "go")],
        mainMenus: [Menu(title: "M\r\"x\"", entries: [.item(MenuItem(title: "I", action: 0))])],
        quickActions: [
            QuickAction(type: "com.x.a\nb\"c\\d*/", title: "T"), QuickAction(type: "com.x.a\rb", title: "R"),
            QuickAction(type: "com.x.plain", title: "P"),
        ])
    let source = SwiftGenerator.generate(keymap, typeName: "Escaped")
    #expect(source.contains(#"        /// `"com.x.a\nb\"c\\d*/"`"#))
    #expect(source.contains(#"        /// `"com.x.a\rb"`"#))
    #expect(source.contains("        /// `com.x.plain`"))
    #expect(source.contains(#"    /// The main menu `"M\r\"x\""`."#))
    #expect(source.hasPrefix(#"// Generated by bindc from the keymap "a\nb\u{2028}c". Do not edit"#))
    #expect(!source.contains("\r") && !source.contains("\u{2028}"))
    for line in source.split(separator: "\n") where line.drop(while: { $0 == " " }).hasPrefix("//") {
        #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(line)")
    }
    #expect(SwiftGenerator.commentText("copy") == "copy")
    #expect(SwiftGenerator.commentText("a\u{200B}b") == #""a\u{200B}b""#)
}

/// Sweep 40, defect 4: a namespace may not be named after a type the generated code uses
/// (`String`, `Bundle`, `UIKeyCommand`): inside the namespace the name would mean the namespace.
/// The names are read from the generated code, so they include every framework type it uses,
/// and not the types it declares itself (a nested `Action` wins inside the namespace) or modules.
@Test func aNamespaceCannotHideATypeTheGeneratedCodeUses() {
    let used = SwiftGenerator.usedTypeNames
    for name in ["String", "Int", "Bool", "UInt8", "UInt32", "Hashable", "Sendable", "CaseIterable", "RawRepresentable",
                 "OptionSet", "Set", "Void", "MainActor", "Bundle", "Selector", "UIKeyCommand", "UIKeyModifierFlags",
                 "UIMenu", "UIMenuElement", "UIMenuBuilder", "UICommand", "UIAction", "UIMenuItem",
                 "UIApplicationShortcutItem", "NSMenu", "NSMenuItem", "NSEvent"] {
        #expect(used.contains(name), "\(name)")
        #expect(SwiftGenerator.namespaceProblem(name) == .hidesUsedType, "\(name)")
        #expect(SwiftGenerator.namespaceName(name) == name + "Keymap", "\(name)")
    }
    for name in ["Action", "Context", "Role", "Menu", "KeyCommand", "ShortcutType", "Namespace", "Swift", "UIKit", "AppKit",
                 "Foundation", "Identifier", "LocalizationValue", "AppKeys"] {
        #expect(!used.contains(name), "\(name)")
        #expect(SwiftGenerator.namespaceProblem(name) == nil, "\(name)")
    }
    #expect(SwiftGenerator.namespaceProblem("app keys") == .notATypeName)
    #expect(SwiftGenerator.namespaceProblem("class") == .notATypeName)
    #expect(SwiftGenerator.namespaceName("string") == "StringKeymap")
    #expect(SwiftGenerator.namespaceName("app keys") == "AppKeys")
    #expect(used.allSatisfy { $0.first!.isUppercase })
    // The library never writes a namespace that breaks the file.
    #expect(SwiftGenerator.generate(Keymap(), typeName: "String").contains("public enum StringKeymap {"))
}
