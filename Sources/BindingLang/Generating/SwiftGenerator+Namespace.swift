import BindingRuntime

/// The namespace of a generated file (`bindc swift --name`, `"namespace"` in bindkit.json):
/// which names work, and one that does for a name that does not. Besides being a Swift type
/// name, the namespace must not be the name of a type the generated code uses: inside
/// `enum String { … }`, `String` means the namespace, and every `var title: String` breaks.
extension SwiftGenerator {
    /// Why a name cannot be the namespace.
    public enum NamespaceProblem: Equatable, Sendable {
        /// Not a Swift type name as ``SwiftGenerator/typeIdentifier(_:)`` makes them (`app keys`,
        /// `class`, `1abc`).
        case notATypeName
        /// The name of a type the generated code uses (``SwiftGenerator/usedTypeNames``:
        /// `String`, `Bundle`, `UIKeyCommand`), which the namespace would hide.
        case hidesUsedType
    }

    /// Why `name` cannot be the namespace of a generated file; nil when it can.
    public static func namespaceProblem(_ name: String) -> NamespaceProblem? {
        if typeIdentifier(name) != name { return .notATypeName }
        return usedTypeNames.contains(name) ? .hidesUsedType : nil
    }

    /// A namespace made from `text`: ``typeIdentifier(_:)``, with `Keymap` appended when that
    /// is a type the generated code uses (`String` → `StringKeymap`). What the tools suggest for
    /// a name ``namespaceProblem(_:)`` rejects, and what ``generate(_:typeName:)`` uses.
    public static func namespaceName(_ text: String) -> String {
        var name = typeIdentifier(text)
        while usedTypeNames.contains(name) { name += "Keymap" }
        return name
    }

    /// The types the generated code names without declaring them and without qualification:
    /// the standard library's (`String`, `UInt32`, `Sendable`, `Void`), Foundation's (`Bundle`,
    /// `Selector`), UIKit's and AppKit's (`UIKeyCommand`, `NSMenu`) and the global actor
    /// `MainActor`. Read from the files generated for an empty keymap and for one with one of
    /// everything, so a type a later version of the generator uses is covered without a list to
    /// keep up to date. (The types the file declares inside the namespace, such as `Action`, can
    /// be its name too: there the nested one wins.)
    public static let usedTypeNames: Set<String> = {
        var used: Set<String> = []
        var declared: Set<String> = []
        for keymap in [Keymap(), everythingKeymap] {
            var generator = Generator(keymap: keymap, typeName: "Namespace")
            collectTypeNames(in: generator.source(), used: &used, declared: &declared)
        }
        return used.subtracting(declared)
    }()

    /// A keymap with a role, an action of each argument type, a context of each type, key
    /// commands with a group and a condition, edit-menu items, a main menu with key
    /// equivalents, a separator and a submenu, and a quick action with a subtitle; more key
    /// commands, contexts, edit-menu items and menu commands than one literal holds
    /// (``chunkSize``); every name in lower case, so that none is taken for a type.
    private static var everythingKeymap: Keymap {
        let chord = Chord(key: Key(character: "k"), modifiers: .command)
        let item = MenuEntry.item(MenuItem(title: "item", action: 0, keyEquivalent: chord))
        let many = chunkSize + 1
        let binding = Binding(sequence: [chord], role: 0, action: 1, argument: .int(1), title: "title", group: 0, condition: .flag(0))
        let contexts = (0..<many).map { ContextVariable(name: "flag\($0)", type: .bool) } + [
            ContextVariable(name: "text", type: .string), ContextVariable(name: "mode", type: .enumeration(["one", "two"])),
        ]
        return Keymap(
            name: "everything", contexts: contexts, roles: ["role"],
            actions: [Action(name: "go"), Action(name: "count", argument: .int), Action(name: "say", argument: .string),
                      Action(name: "set", argument: .bool), Action(name: "copy", isStandard: true)],
            groups: ["group"], bindings: Array(repeating: binding, count: many),
            editMenu: Array(repeating: EditMenuItem(title: "copy", action: 4), count: many),
            mainMenus: [Menu(title: "menu", entries: Array(repeating: item, count: many) + [.separator, .submenu(Menu(title: "more", entries: [item]))])],
            quickActions: [QuickAction(type: "com.example.quick", title: "quick", subtitle: "subtitle")])
    }

    /// Adds to `used` the capitalised identifiers of `source` (generated Swift) in code that
    /// are not members (after a `.`) and do not follow a declaring keyword, and to `declared`
    /// those that do (`enum Action`, `case Editor`). Comments, string literals, compiler
    /// directives (`#if canImport(UIKit)`) and imports are skipped: they name modules and text,
    /// not types.
    private static func collectTypeNames(in source: String, used: inout Set<String>, declared: inout Set<String>) {
        let declaring: Set<String> = ["enum", "struct", "class", "protocol", "typealias", "actor", "case"]
        for line in source.utf8.split(separator: UInt8(ascii: "\n")) {
            let bytes = Array(line.drop(while: { $0 == UInt8(ascii: " ") }))
            if bytes.first == UInt8(ascii: "#") || bytes.starts(with: "import ".utf8) { continue }
            var k = 0
            var afterDot = false
            var previousWord = ""
            while k < bytes.count {
                let byte = bytes[k]
                if byte == UInt8(ascii: "\"") {
                    k += 1
                    while k < bytes.count && bytes[k] != UInt8(ascii: "\"") { k += bytes[k] == UInt8(ascii: "\\") ? 2 : 1 }
                    k += 1
                    afterDot = false
                    continue
                }
                if byte == UInt8(ascii: "/") && k + 1 < bytes.count && bytes[k + 1] == UInt8(ascii: "/") { break }
                guard isIdentifierByte(byte) else {
                    afterDot = byte == UInt8(ascii: ".")
                    k += 1
                    continue
                }
                // A word: an identifier or a number (`1 << 0`, `15.0`).
                let start = k
                while k < bytes.count && isIdentifierByte(bytes[k]) { k += 1 }
                let word = String(decoding: bytes[start..<k], as: UTF8.self)
                if !afterDot, byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
                    if declaring.contains(previousWord) { declared.insert(word) } else { used.insert(word) }
                }
                previousWord = word
                afterDot = false
            }
        }
    }

    /// Whether `byte` is an ASCII letter, digit or `_` (the generated code's identifiers are
    /// ASCII: the generator makes them from keymap names, which are).
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            || (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
    }
}
