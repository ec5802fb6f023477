import BindingLang
import BindingRuntime
import Testing

/// A keymap with `count` of every list the generated file holds: key commands (some with an
/// argument, a group, a condition or an attribute), contexts, edit-menu items, and main-menu
/// commands in one menu, with a separator and a submenu.
func bigKeymap(count: Int) -> Keymap {
    let letters = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
    let modifiers: [BindingRuntime.Modifiers] = [.command, .control, [.command, .shift], [.control, .alternate]]
    let actions = (0..<count).map { i in Action(name: "act\(i)", argument: i % 10 == 0 ? .int : nil) }
    func argument(_ i: Int) -> ArgumentValue { i % 10 == 0 ? .int(Int64(i)) : .none }
    let bindings = (0..<count).map { i in
        Binding(
            sequence: [Chord(key: Key(character: letters[i % 26]), modifiers: modifiers[i / 26 % 4])],
            role: i % 2, action: i, argument: argument(i), title: "T\(i)", group: i % 7 == 0 ? 0 : nil,
            condition: i % 3 == 0 ? .flag(i % count) : .constant(true), wantsPriorityOverSystemBehavior: i % 5 == 0)
    }
    let items = (0..<count).map { i in MenuEntry.item(MenuItem(title: "M\(i)", action: i, argument: argument(i))) }
    let half = count / 2
    let menu = Menu(title: "Big", entries: Array(items[..<half]) + [.separator, .submenu(Menu(title: "More", entries: Array(items[half...])))])
    return Keymap(
        name: "Big",
        contexts: (0..<count).map { ContextVariable(name: "flag\($0)", type: .bool) },
        roles: ["Editor", "App"], actions: actions, groups: ["Group"], bindings: bindings,
        editMenu: (0..<count).map { EditMenuItem(title: "E\($0)", action: $0, argument: argument($0)) },
        mainMenus: [menu])
}

/// The most elements an array literal of `source` (Swift) holds: the most commas directly
/// inside one pair of brackets (each element of a literal the generator writes is followed by a
/// comma; a subscript has none). String literals and comments are skipped.
func largestArrayLiteral(_ source: String) -> Int {
    var open: [(bracket: Character, commas: Int)] = []
    var largest = 0
    for line in source.split(separator: "\n") {
        var inString = false
        var escaped = false
        var previous: Character = " "
        for c in line {
            defer { previous = c }
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            if c == "/" && previous == "/" { break }
            switch c {
            case "\"": inString = true
            case "(", "[": open.append((c, 0))
            case ")", "]":
                if let last = open.popLast(), last.bracket == "[" { largest = max(largest, last.commas) }
            case "," where open.last?.bracket == "[": open[open.count - 1].commas += 1
            default: break
            }
        }
    }
    return largest
}

/// The elements of the static array `name` (`keyCommands`, `menuCommands`, …) in `source`,
/// generated in parts (`name0()`, `name1()`, …), each element's text in order.
func generatedElements(_ source: String, of name: String) -> [String] {
    var result: [String] = []
    for part in source.components(separatedBy: "    private static func \(name)").dropFirst()
    where part.first?.isNumber == true {
        let body = part.components(separatedBy: "\n        ]\n").first ?? ""
        for line in body.split(separator: "\n").dropFirst(2) {
            if line.hasPrefix("            ") && !line.hasPrefix("             ") {
                result.append(String(line))
            } else if !result.isEmpty {
                result[result.count - 1] += "\n" + line
            }
        }
    }
    return result
}

/// Sweep 40, defect 2: Swift type-checks an array literal in time and memory that grow much
/// faster than its length (450 key commands in one literal: 13 s and 5.8 GB; VS Code's 1,090
/// ran out of 10 GB), so no array literal of the generated file holds more than
/// `SwiftGenerator.chunkSize` elements: longer lists are joined from parts, in order.
/// (`GeneratedSwiftTypeCheckTests` compiles this keymap's file.)
@Test func noArrayLiteralOfTheGeneratedFileGrowsWithTheKeymap() throws {
    let count = 2 * SwiftGenerator.chunkSize + 1
    let source = SwiftGenerator.generate(bigKeymap(count: count), typeName: "Big")
    #expect(largestArrayLiteral(source) == SwiftGenerator.chunkSize)
    for name in ["keyCommands", "editMenu", "menuCommands"] {
        let make = "make" + name.prefix(1).uppercased() + name.dropFirst()
        #expect(source.contains("public static let \(name): "), "\(name)")
        #expect(source.contains("] = \(make)()\n"), "\(name)")
        #expect(generatedElements(source, of: name).count == count, "\(name)")
        #expect(source.contains("        elements.append(contentsOf: \(name)2())\n        return elements"), "\(name)")
        #expect(!source.contains("\(name)3()"), "\(name)")
    }
    let commands = generatedElements(source, of: "keyCommands")
    try #require(commands.count == count)
    #expect(commands.indices.allSatisfy { commands[$0].contains("title: \"T\($0)\"") })
    #expect(commands[5].contains("wantsPriorityOverSystemBehavior: true),"))
    let menuCommands = generatedElements(source, of: "menuCommands")
    #expect(menuCommands.indices.allSatisfy { menuCommands[$0].contains("index: \($0), title: \"M\($0)\"") })
    // The context's assignments and a long menu's children: literals appended in a function.
    #expect(source.contains("var result: [(name: String, value: String)] = []\n            result.reserveCapacity(\(count))"))
    #expect(source.contains("                (name: \"flag32\", value: self.flag32 ? \"true\" : \"false\"),\n            ])\n            return result"))
    #expect(source.contains("""
                    .command(menuCommands[15]),
                ])
                items0.append(contentsOf: [
                    .separator,
                    .submenu(Menu(title: "More", children: items1)),
                ])
                return Menu(title: "Big", children: items0)
        """))
    // A short list is one literal, as before.
    let small = SwiftGenerator.generate(bigKeymap(count: 3), typeName: "Big")
    #expect(small.contains("public static let keyCommands: [KeyCommand] = [\n        KeyCommand(\n"))
    #expect(largestArrayLiteral(small) == 3)
}
