import BindingRuntime

/// Generates Swift source for an app from a checked keymap (`bindc swift`): a namespace enum
/// holding a typed `Action` enum (one case per action, with its argument type), a `Context`
/// struct with one typed property per context variable, the key commands and edit-menu items
/// as data, and, under `#if canImport(UIKit)`, helpers that build `UIKeyCommand`s (with
/// discoverability titles) and `UIMenuItem`s. Everything outside the UIKit part compiles on
/// any platform with only the standard library.
public enum SwiftGenerator {
    /// The generated source for `keymap`, in a namespace called `typeName` (made a name that
    /// works by ``namespaceName(_:)``; default: the keymap's name as an upper-camel-case
    /// identifier followed by `Keymap`).
    public static func generate(_ keymap: Keymap, typeName: String? = nil) -> String {
        var generator = Generator(keymap: keymap, typeName: typeName.map(namespaceName) ?? defaultTypeName(keymap))
        return generator.source()
    }

    /// The namespace name used when none is given: `Editor` → `EditorKeymap`.
    public static func defaultTypeName(_ keymap: Keymap) -> String {
        let base = keymap.name.map(typeIdentifier) ?? ""
        return (base.isEmpty || base == "_" ? "Bind" : base) + "Keymap"
    }

    /// `text` made into an upper-camel-case Swift type name: words of letters and digits
    /// joined with their first letters capitalised; a leading digit gets an underscore.
    public static func typeIdentifier(_ text: String) -> String {
        var out = ""
        var capitalizeNext = true
        for scalar in text.unicodeScalars {
            let isWordCharacter = scalar.properties.isAlphabetic || (scalar.value >= 0x30 && scalar.value <= 0x39)
                || scalar == "_"
            if !isWordCharacter || scalar.value > 0x7F {
                capitalizeNext = true
                continue
            }
            out += capitalizeNext ? String(scalar).uppercased() : String(scalar)
            capitalizeNext = false
        }
        if let first = out.unicodeScalars.first, first.value >= 0x30 && first.value <= 0x39 { out = "_" + out }
        if out.isEmpty { return "_" }
        // `Self`, `Any`, `Type`, `Protocol`: no type can be called that.
        return swiftKeywords.contains(out) || contextualKeywords.contains(out) ? out + "_" : out
    }

    /// `name` usable as a Swift identifier: reserved words, and `Type` and `Protocol` (which
    /// as members would read as `X.Type`), are wrapped in backticks.
    public static func identifier(_ name: String) -> String {
        swiftKeywords.contains(name) || name == "Type" || name == "Protocol" ? "`\(name)`" : name
    }

    /// `text` as a Swift string literal.
    public static func quoted(_ text: String) -> String {
        SourceLiteral.quoted(text)
    }

    /// `text` (a keymap's name, an action's, a quick action's type…) for a comment of the
    /// generated file: as is when every scalar is printable, else as a string literal with
    /// escapes for line breaks, other controls and invisible characters, so that a reader sees
    /// which characters it holds and it cannot end the comment early (as the importer writes
    /// foreign text into comments).
    public static func commentText(_ text: String) -> String {
        ForeignText.inline(text)
    }

    /// What UIKit's and AppKit's key inputs start from: the character a key types, or a named
    /// key's name.
    enum KeyInput {
        case character(String)
        case named(String)
    }

    /// `key`'s character, or its name when it is a named key; nil when it is neither. UIKit and
    /// AppKit match characters: a key position becomes its US character (the runtime's
    /// dispatcher, which sees physical keys, matches the position itself).
    static func keyInput(_ key: Key) -> KeyInput? {
        if key.isPhysical { return key.physicalKey?.usCharacter.map { .character(String(Character($0))) } }
        if !key.isNamed {
            guard let scalar = Unicode.Scalar(key.rawValue) else { return nil }
            return .character(String(Character(scalar)))
        }
        let index = Int(key.rawValue - Key.namedBase)
        guard Key.named.indices.contains(index) else { return nil }
        return .named(Key.named[index].name)
    }

    /// The `UIKeyCommand` input string for `key`; nil for keys UIKit has no input for.
    public static func uiKitInput(_ key: Key) -> String? {
        let name: String
        switch keyInput(key) {
        case nil: return nil
        case .character(let character)?: return character
        case .named(let named)?: name = named
        }
        switch name {
        case "up": return "UIKeyInputUpArrow"
        case "down": return "UIKeyInputDownArrow"
        case "left": return "UIKeyInputLeftArrow"
        case "right": return "UIKeyInputRightArrow"
        case "escape": return "UIKeyInputEscape"
        case "pageUp": return "UIKeyInputPageUp"
        case "pageDown": return "UIKeyInputPageDown"
        case "home": return "UIKeyInputHome"
        case "end": return "UIKeyInputEnd"
        case "forwardDelete": return "UIKeyInputDelete"
        case "tab": return "\t"
        case "return", "enter": return "\r"
        case "delete": return "\u{8}"
        default:
            if name.hasPrefix("f"), let n = Int(name.dropFirst()), (1...12).contains(n) { return "UIKeyInputF\(n)" }
            return nil
        }
    }

    /// The AppKit key equivalent for `key` (`NSMenuItem.keyEquivalent`): the character itself,
    /// or the function-key character AppKit's `NSEvent` constants give (`NSUpArrowFunctionKey`
    /// is U+F700, `NSF1FunctionKey` U+F704, …); nil for keys it has none for.
    public static func appKitKeyEquivalent(_ key: Key) -> String? {
        let name: String
        switch keyInput(key) {
        case nil: return nil
        case .character(let character)?: return character
        case .named(let named)?: name = named
        }
        let scalar: UInt32
        switch name {
        case "up": scalar = 0xF700
        case "down": scalar = 0xF701
        case "left": scalar = 0xF702
        case "right": scalar = 0xF703
        case "insert": scalar = 0xF727
        case "forwardDelete": scalar = 0xF728
        case "home": scalar = 0xF729
        case "end": scalar = 0xF72B
        case "pageUp": scalar = 0xF72C
        case "pageDown": scalar = 0xF72D
        case "clear": scalar = 0xF739
        case "printScreen": scalar = 0xF72E
        case "scrollLock": scalar = 0xF72F
        case "pause": scalar = 0xF730
        case "stop": scalar = 0xF734
        case "menu": scalar = 0xF735
        case "select": scalar = 0xF741
        case "execute": scalar = 0xF742
        case "undo": scalar = 0xF743
        case "redo": scalar = 0xF744
        case "find": scalar = 0xF745
        case "help": scalar = 0xF746
        case "escape": scalar = 0x1B
        case "tab": scalar = 0x09
        case "return": scalar = 0x0D
        case "enter": scalar = 0x03
        case "delete": scalar = 0x08
        default:
            guard name.hasPrefix("f"), let n = UInt32(name.dropFirst()), (1...24).contains(n) else { return nil }
            scalar = 0xF703 + n
        }
        return Unicode.Scalar(scalar).map { String(Character($0)) }
    }

    /// The `ShortcutType` case name for a quick action's type: the last dot-separated part
    /// with an identifier's characters kept, in lower camel case (`com.example.new-tab` →
    /// `newTab`); `shortcut` when nothing is left.
    static func shortcutCaseName(_ type: String) -> String {
        let last = type.split(separator: ".").last.map(String.init) ?? type
        var name = typeIdentifier(last)
        if name.hasSuffix("_") && !last.hasSuffix("_") { name.removeLast() }
        guard let first = name.first, first != "_" else { return "shortcut" }
        return first.lowercased() + name.dropFirst()
    }

    /// Swift's reserved words (declarations, statements, expressions and types, patterns; The
    /// Swift Programming Language, "Lexical Structure: Keywords and Punctuation"), which need
    /// backticks as identifiers.
    public static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "init", "inout", "internal", "let", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await",
        "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// The words Swift reserves only in some positions (same source, with the declaration
    /// modifiers `borrowing`, `consuming`, `nonisolated` and `open`, which it lists as keywords
    /// but parses as names elsewhere): ordinary identifiers in every position the generator
    /// uses them, except `Type` and `Protocol`, which need backticks as members and cannot be
    /// enum cases at all (``SwiftNames``), and, as type names, the capitalised `Type`,
    /// `Protocol` and `Any`.
    public static let contextualKeywords: Set<String> = [
        "borrowing", "consuming", "nonisolated", "open",
        "associativity", "async", "convenience", "didSet", "dynamic", "final", "get", "indirect", "infix",
        "lazy", "left", "mutating", "none", "nonmutating", "optional", "override", "package", "postfix",
        "precedence", "prefix", "Protocol", "required", "right", "set", "some", "any", "Type", "unowned",
        "weak", "willSet", "each", "macro",
    ]

    // MARK: - The generator

    /// Writes one generated file; its parts for menus, quick actions, UIKit and AppKit are in
    /// the `SwiftGenerator+…` files.
    struct Generator {
        let keymap: Keymap
        let typeName: String
        var out = ""
        /// The Swift identifier (without backticks) of each action's case, by action index.
        let actionNames: [String]
        /// The Swift identifier of each role's case of `Role`, by role index.
        let roleNames: [String]
        /// The Swift identifier of each context variable's property, by context index.
        let contextNames: [String]
        /// Swift type names of the enumeration contexts, by context index.
        var enumTypeNames: [Int: String] = [:]
        /// The Swift identifiers of each enumeration context's cases, by context index.
        var caseNames: [Int: [String]] = [:]
        /// The Swift identifier of each quick action's case of `ShortcutType`, by index.
        let shortcutNames: [String]

        init(keymap: Keymap, typeName: String) {
            self.keymap = keymap
            self.typeName = typeName
            var actionScope = SwiftNames(reserved: SwiftNames.enumerationMembers.union(["name", "argument"]))
            actionNames = keymap.actions.map { actionScope.claim($0.name) }
            var roleScope = SwiftNames(reserved: SwiftNames.enumerationMembers)
            roleNames = keymap.roles.map { roleScope.claim($0) }
            // Properties and nested enumeration types share the scope of `Context`; the
            // properties keep their names when they can, the types give way, and no type may
            // hide a standard-library type the struct's declarations name.
            var contextScope = SwiftNames(reserved: ["init", "assignments", "hashValue", "hash"])
            contextNames = keymap.contexts.map { contextScope.claim($0.name) }
            for name in ["String", "Bool", "Int", "Swift", "Hashable", "Sendable", "CaseIterable"] {
                _ = contextScope.claim(name)
            }
            for (i, c) in keymap.contexts.enumerated() {
                guard case .enumeration(let cases) = c.type else { continue }
                enumTypeNames[i] = contextScope.claim(SwiftGenerator.typeIdentifier(c.name))
                var caseScope = SwiftNames(reserved: SwiftNames.enumerationMembers)
                caseNames[i] = cases.map { caseScope.claim($0) }
            }
            var shortcutScope = SwiftNames(reserved: SwiftNames.enumerationMembers.union(["title", "subtitle"]))
            shortcutNames = keymap.quickActions.map { shortcutScope.claim(SwiftGenerator.shortcutCaseName($0.type)) }
        }

        /// Writes `text` as one line at `indent`. A comment line is made safe as a last guard:
        /// whatever slipped into it unescaped (a line break, an invisible character) is escaped,
        /// so the comment ends where the line does; the free text in it is already written with
        /// ``SwiftGenerator/commentText(_:)``.
        mutating func line(_ text: String = "", _ indent: Int = 0) {
            let text = text.hasPrefix("//") ? ForeignText.comment(text) : text
            out += text.isEmpty ? "\n" : String(repeating: "    ", count: indent) + text + "\n"
        }

        mutating func source() -> String {
            let described = keymap.name.map { "the keymap \(SourceLiteral.quoted($0, alsoEscaping: ForeignText.needsEscape))" }
                ?? "an unnamed keymap"
            line("// Generated by bindc from \(described). Do not edit: regenerate with `bindc swift`.")
            line()
            line("#if canImport(UIKit)")
            line("import UIKit")
            line("#endif")
            line("#if canImport(AppKit) && !targetEnvironment(macCatalyst)")
            line("import AppKit")
            line("#endif")
            line()
            line("/// The actions, context, key commands, menus and quick actions of \(described).")
            line("public enum \(typeName) {")
            actionEnum()
            line()
            argumentEnum()
            line()
            roleEnum()
            line()
            contextStruct()
            line()
            keyTypes()
            line()
            keyCommands()
            line()
            editMenu()
            line()
            mainMenus()
            line()
            shortcutTypes()
            line("}")
            line()
            appleLocalization()
            line()
            uiKitHelpers()
            line()
            appKitHelpers()
            return out
        }

        func argumentSwiftType(_ type: ArgumentType) -> String {
            switch type {
            case .int: return "Int"
            case .string: return "String"
            case .bool: return "Bool"
            }
        }

        /// The generated `Argument` case that holds a value of `type`: its Swift type's name in
        /// lower case (`.int(Int)`), as ``argumentEnum()`` declares it.
        func argumentCase(_ type: ArgumentType) -> String {
            argumentSwiftType(type).lowercased()
        }

        mutating func actionEnum() {
            line("/// Every action the keymap can send, with its argument.", 1)
            line("public enum Action: Hashable, Sendable {", 1)
            for (i, a) in keymap.actions.enumerated() {
                let id = SwiftGenerator.identifier(actionNames[i])
                line("/// `\(SwiftGenerator.commentText(a.name))`\(a.isStandard ? " (a standard edit action)" : "")", 2)
                line("case \(id)" + (a.argument.map { "(\(argumentSwiftType($0)))" } ?? ""), 2)
            }
            line()
            line("/// The action's name in the keymap.", 2)
            line("public var name: String {", 2)
            if keymap.actions.isEmpty {
                line("switch self {}", 3)
            } else {
                line("switch self {", 3)
                for (i, a) in keymap.actions.enumerated() {
                    line("case .\(SwiftGenerator.identifier(actionNames[i])): return \(SwiftGenerator.quoted(a.name))", 3)
                }
                line("}", 3)
            }
            line("}", 2)
            line()
            line("/// The action's argument, as the runtime reports it.", 2)
            line("public var argument: Argument {", 2)
            if keymap.actions.isEmpty {
                line("switch self {}", 3)
            } else {
                line("switch self {", 3)
                for (i, a) in keymap.actions.enumerated() {
                    let id = SwiftGenerator.identifier(actionNames[i])
                    if let type = a.argument {
                        line("case .\(id)(let value): return .\(argumentCase(type))(value)", 3)
                    } else {
                        line("case .\(id): return .none", 3)
                    }
                }
                line("}", 3)
            }
            line("}", 2)
            line()
            line("/// The action named `name` with `argument`; nil when the keymap has no such action", 2)
            line("/// or the argument does not have its type.", 2)
            line("public init?(name: String, argument: Argument) {", 2)
            line("switch (name, argument) {", 3)
            for (i, a) in keymap.actions.enumerated() {
                let id = SwiftGenerator.identifier(actionNames[i])
                let q = SwiftGenerator.quoted(a.name)
                if let type = a.argument {
                    line("case (\(q), .\(argumentCase(type))(let value)): self = .\(id)(value)", 3)
                } else {
                    line("case (\(q), .none): self = .\(id)", 3)
                }
            }
            line("default: return nil", 3)
            line("}", 3)
            line("}", 2)
            line("}", 1)
        }

        mutating func argumentEnum() {
            line("/// An action's argument: none, or one value of the declared type.", 1)
            line("public enum Argument: Hashable, Sendable {", 1)
            line("case none", 2)
            for type in ArgumentType.allCases { line("case \(argumentCase(type))(\(argumentSwiftType(type)))", 2) }
            line("}", 1)
        }

        mutating func roleEnum() {
            line("/// The responder roles, nearest first as declared; a responder names the ones it plays", 1)
            line("/// by their raw values.", 1)
            guard !keymap.roles.isEmpty else {
                // An enum without cases cannot declare a raw type: the conformance is written out.
                line("public enum Role: RawRepresentable, CaseIterable, Hashable, Sendable {", 1)
                line("/// No role: the keymap declares no responder.", 2)
                line("public init?(rawValue: String) { return nil }", 2)
                line()
                line("/// The role's name in the keymap.", 2)
                line("public var rawValue: String { switch self {} }", 2)
                line("}", 1)
                return
            }
            line("public enum Role: String, CaseIterable, Hashable, Sendable {", 1)
            for (role, id) in zip(keymap.roles, roleNames) {
                line("case \(SwiftGenerator.identifier(id))" + (id == role ? "" : " = \(SwiftGenerator.quoted(role))"), 2)
            }
            line("}", 1)
        }

        mutating func contextStruct() {
            line("/// The app state `when` clauses test, starting at the declared initial values.", 1)
            line("public struct Context: Hashable, Sendable {", 1)
            for (i, c) in keymap.contexts.enumerated() {
                guard case .enumeration(let cases) = c.type, let name = enumTypeNames[i] else { continue }
                line("/// The cases of `\(SwiftGenerator.commentText(c.name))`.", 2)
                line("public enum \(name): String, CaseIterable, Hashable, Sendable {", 2)
                for (k, id) in zip(cases, caseNames[i] ?? cases) {
                    line("case \(SwiftGenerator.identifier(id))" + (id == k ? "" : " = \(SwiftGenerator.quoted(k))"), 3)
                }
                line("}", 2)
                line()
            }
            for (i, c) in keymap.contexts.enumerated() {
                let id = SwiftGenerator.identifier(contextNames[i])
                line("/// `context \(SwiftGenerator.commentText("\(c.name): \(KeymapPrinter.typeText(c.type))"))`", 2)
                switch c.type {
                case .bool: line("public var \(id): Bool = false", 2)
                case .string: line("public var \(id): String = \"\"", 2)
                case .enumeration:
                    let first = caseNames[i]?.first.map { "." + SwiftGenerator.identifier($0) } ?? ""
                    line("public var \(id): \(enumTypeNames[i] ?? "String") = \(first)", 2)
                }
            }
            line()
            line("/// A context with every variable at its initial value.", 2)
            line("public init() {}", 2)
            line()
            line("/// Every variable's name and value as text, in declaration order: what the", 2)
            line("/// runtime's context API and `bindc explain --set name=value` take.", 2)
            line("public var assignments: [(name: String, value: String)] {", 2)
            if keymap.contexts.isEmpty {
                line("[]", 3)
            } else {
                // Literals of a few variables each, not one of them all: an array literal's
                // type-checking time grows much faster than its length (``staticArray(_:of:doc:elements:)``).
                var elements: [[String]] = []
                for (i, c) in keymap.contexts.enumerated() {
                    let id = "self." + SwiftGenerator.identifier(contextNames[i])
                    let value: String
                    switch c.type {
                    case .bool: value = "\(id) ? \"true\" : \"false\""
                    case .string: value = id
                    case .enumeration: value = "\(id).rawValue"
                    }
                    elements.append(["(name: \(SwiftGenerator.quoted(c.name)), value: \(value))"])
                }
                if elements.count <= SwiftGenerator.chunkSize {
                    line("[", 3)
                    arrayElements(elements[...], indent: 4)
                    line("]", 3)
                } else {
                    arrayVariable("result", of: "(name: String, value: String)", elements: elements, indent: 3)
                    line("return result", 3)
                }
            }
            line("}", 2)
            line("}", 1)
        }

        mutating func keyTypes() {
            line("/// Modifier keys, with the bits of UIKit's `UIKeyModifierFlags` order used by the table.", 1)
            line("public struct Modifiers: OptionSet, Hashable, Sendable {", 1)
            line("public let rawValue: UInt8", 2)
            line("public init(rawValue: UInt8) { self.rawValue = rawValue }", 2)
            line("public static let shift = Modifiers(rawValue: 1 << 0)", 2)
            line("public static let control = Modifiers(rawValue: 1 << 1)", 2)
            line("public static let alternate = Modifiers(rawValue: 1 << 2)", 2)
            line("public static let command = Modifiers(rawValue: 1 << 3)", 2)
            line("public static let capsLock = Modifiers(rawValue: 1 << 4)", 2)
            line("public static let numericPad = Modifiers(rawValue: 1 << 5)", 2)
            line("}", 1)
            line()
            line("/// One stroke of a key command.", 1)
            line("public struct Stroke: Hashable, Sendable {", 1)
            line("/// The `UIKeyCommand` input (`\"k\"`, `\"UIKeyInputUpArrow\"`); nil for a key UIKit has none for.", 2)
            line("public var input: String?", 2)
            line("/// The AppKit key equivalent (`\"k\"`, `\"\\u{F700}\"` for up); nil for a key AppKit has none for.", 2)
            line("public var keyEquivalent: String?", 2)
            line("public var modifiers: Modifiers", 2)
            line("/// The chord's code in the table (`Chord(code:)` in BindingRuntime).", 2)
            line("public var code: UInt32", 2)
            line("/// The stroke as overlay glyphs (`⌘K`).", 2)
            line("public var glyphs: String", 2)
            line("}", 1)
            line()
            line("/// A key command: the role it belongs to (nil for a main-menu key equivalent), its", 1)
            line("/// strokes, the action it sends, its discoverability title and group, and its condition.", 1)
            line("public struct KeyCommand: Sendable {", 1)
            line("public var role: Role?", 2)
            line("public var strokes: [Stroke]", 2)
            line("public var action: Action", 2)
            line("public var title: String?", 2)
            line("public var group: String?", 2)
            line("/// The `when` condition in `.bind` syntax; nil when always live.", 2)
            line("public var condition: String?", 2)
            line("/// `@priority`: the key goes to this command before text input and focus.", 2)
            line("public var wantsPriorityOverSystemBehavior: Bool = false", 2)
            line("/// False after `@noRemapping`: the system keeps the shortcut on every keyboard layout.", 2)
            line("public var allowsAutomaticLocalization: Bool = true", 2)
            line("/// False after `@noMirroring` or `@noRemapping`: no mirroring in right-to-left interfaces.", 2)
            line("public var allowsAutomaticMirroring: Bool = true", 2)
            line("}", 1)
            line()
            line("/// An edit-menu item: its title, action and condition.", 1)
            line("public struct EditMenuItem: Sendable {", 1)
            line("public var title: String", 2)
            line("public var action: Action", 2)
            line("public var condition: String?", 2)
            line("/// For a standard action (`copy`), the selector of UIKit's standard edit action", 2)
            line("/// (`\"copy:\"`), which the system's suggested edit-menu actions may already offer; nil", 2)
            line("/// for the app's own actions.", 2)
            line("public var standardSelector: String? = nil", 2)
            line("}", 1)
        }

        func actionExpression(_ index: Int, _ argument: ArgumentValue) -> String {
            guard keymap.actions.indices.contains(index) else { return ".\(SwiftGenerator.identifier("_"))" }
            let id = "." + SwiftGenerator.identifier(actionNames[index])
            switch argument {
            case .none: return id
            case .int(let i): return "\(id)(\(i))"
            case .string(let s): return "\(id)(\(SwiftGenerator.quoted(s)))"
            case .bool(let b): return "\(id)(\(b))"
            }
        }

        func optionalString(_ s: String?) -> String { s.map(SwiftGenerator.quoted) ?? "nil" }

        func conditionText(_ c: Condition) -> String? {
            c.isTrue ? nil : ConditionPrinter.render(c, contexts: keymap.contexts, roles: keymap.roles)
        }

        func modifiersExpression(_ m: BindingRuntime.Modifiers) -> String {
            let names: [(BindingRuntime.Modifiers, String)] = [
                (.shift, "shift"), (.control, "control"), (.alternate, "alternate"), (.command, "command"),
                (.capsLock, "capsLock"), (.numericPad, "numericPad"),
            ]
            return "[" + names.filter { m.contains($0.0) }.map { "." + $0.1 }.joined(separator: ", ") + "]"
        }

        func strokeExpression(_ chord: Chord) -> String {
            let input = SwiftGenerator.uiKitInput(chord.key).map(SwiftGenerator.quoted) ?? "nil"
            let keyEquivalent = SwiftGenerator.appKitKeyEquivalent(chord.key).map(SwiftGenerator.quoted) ?? "nil"
            return "Stroke(input: \(input), keyEquivalent: \(keyEquivalent), modifiers: \(modifiersExpression(chord.modifiers)), "
                + "code: \(chord.code), glyphs: \(SwiftGenerator.quoted(chord.glyphs)))"
        }

        mutating func keyCommands() {
            var elements: [[String]] = []
            elements.reserveCapacity(keymap.bindings.count)
            for b in keymap.bindings {
                let role = b.role.flatMap { roleNames.indices.contains($0) ? "." + SwiftGenerator.identifier(roleNames[$0]) : nil } ?? "nil"
                let group = b.group.flatMap { keymap.groups.indices.contains($0) ? keymap.groups[$0] : nil }
                var element = [
                    "KeyCommand(",
                    "role: \(role),",
                    "strokes: [\(b.sequence.map(strokeExpression).joined(separator: ", "))],",
                    "action: \(actionExpression(b.action, b.argument)),",
                    "title: \(optionalString(b.title)), group: \(optionalString(group)),",
                ]
                var last = ["condition: \(optionalString(conditionText(b.condition)))"]
                if b.wantsPriorityOverSystemBehavior { last.append("wantsPriorityOverSystemBehavior: true") }
                if !b.allowsAutomaticLocalization { last.append("allowsAutomaticLocalization: false") }
                if !b.allowsAutomaticMirroring { last.append("allowsAutomaticMirroring: false") }
                for (k, argument) in last.enumerated() { element.append(argument + (k == last.count - 1 ? ")" : ",")) }
                elements.append(element)
            }
            staticArray(
                "keyCommands", of: "KeyCommand",
                doc: ["Every key command, in declaration order (main-menu key equivalents included)."], elements: elements)
        }

        /// The selector of UIKit's standard edit action for the action at `index` when it is a
        /// standard action (Grammar.md §3.4): its name and a colon (`copy:`, as in
        /// `UIResponderStandardEditActions`); nil for a declared action.
        func standardSelector(_ index: Int) -> String? {
            guard keymap.actions.indices.contains(index), keymap.actions[index].isStandard else { return nil }
            return keymap.actions[index].name + ":"
        }

        mutating func editMenu() {
            let elements = keymap.editMenu.map { item in
                let condition = "condition: \(optionalString(conditionText(item.condition)))"
                return [
                    "EditMenuItem(",
                    "title: \(SwiftGenerator.quoted(item.title)), action: \(actionExpression(item.action, item.argument)),",
                    standardSelector(item.action).map { "\(condition), standardSelector: \(SwiftGenerator.quoted($0)))" }
                        ?? condition + ")",
                ]
            }
            staticArray("editMenu", of: "EditMenuItem", doc: ["The edit menu's items in declared order."], elements: elements)
        }
    }
}
