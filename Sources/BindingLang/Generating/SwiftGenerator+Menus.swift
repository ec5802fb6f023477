import BindingRuntime

/// The main menus as data: every menu command in one flat list (`menuCommands`, in declared
/// order, which is how UIKit's and AppKit's items name the command they stand for), and the
/// menus as trees of commands, submenus and separators.
extension SwiftGenerator.Generator {
    /// Every item of every main menu, depth first in declared order.
    var flatMenuItems: [MenuItem] {
        var items: [MenuItem] = []
        var stack: [ArraySlice<MenuEntry>] = keymap.mainMenus.reversed().map { $0.entries[...] }
        // Iterative, so that the nesting of submenus never deepens the call stack.
        while var entries = stack.popLast() {
            guard let entry = entries.popFirst() else { continue }
            stack.append(entries)
            switch entry {
            case .item(let item): items.append(item)
            case .submenu(let menu): stack.append(menu.entries[...])
            case .separator: break
            }
        }
        return items
    }

    mutating func mainMenus() {
        line("/// A main-menu command: its title, action, key equivalent (also in `keyCommands`) and", 1)
        line("/// condition. `index` is its position in `menuCommands`, which UIKit commands carry in", 1)
        line("/// their `propertyList` and AppKit items in their `representedObject` (`menuCommand(for:)`", 1)
        line("/// reads it back).", 1)
        line("public struct MenuCommand: Sendable {", 1)
        line("public var index: Int", 2)
        line("public var title: String", 2)
        line("public var action: Action", 2)
        line("public var keyEquivalent: Stroke?", 2)
        line("/// The `when` condition in `.bind` syntax; nil when always enabled.", 2)
        line("public var condition: String?", 2)
        line("/// False after `@noRemapping`: the system keeps the key equivalent on every keyboard layout.", 2)
        line("public var allowsAutomaticLocalization: Bool = true", 2)
        line("/// False after `@noMirroring` or `@noRemapping`: no mirroring in right-to-left interfaces.", 2)
        line("public var allowsAutomaticMirroring: Bool = true", 2)
        line("}", 1)
        line()
        line("/// A main menu or submenu.", 1)
        line("public struct Menu: Sendable {", 1)
        line("public var title: String", 2)
        line("public var children: [MenuElement]", 2)
        line("}", 1)
        line()
        line("/// One entry of a menu.", 1)
        line("public indirect enum MenuElement: Sendable {", 1)
        line("case command(MenuCommand)", 2)
        line("case submenu(Menu)", 2)
        line("/// A separator: UIKit shows the runs between separators as inline groups.", 2)
        line("case separator", 2)
        line("}", 1)
        line()
        var commands: [[String]] = []
        for (i, item) in flatMenuItems.enumerated() {
            let key = item.keyEquivalent.map(strokeExpression) ?? "nil"
            var last = "keyEquivalent: \(key), condition: \(optionalString(conditionText(item.condition)))"
            if !item.allowsAutomaticLocalization { last += ", allowsAutomaticLocalization: false" }
            if !item.allowsAutomaticMirroring { last += ", allowsAutomaticMirroring: false" }
            commands.append([
                "MenuCommand(",
                "index: \(i), title: \(SwiftGenerator.quoted(item.title)), action: \(actionExpression(item.action, item.argument)),",
                last + ")",
            ])
        }
        staticArray("menuCommands", of: "MenuCommand", doc: ["Every main-menu command, depth first in declared order."], elements: commands)
        line()
        let menus = keymap.mainMenus.indices.map { ["mainMenu\($0)()"] }
        staticArray("mainMenus", of: "Menu", doc: ["The main menus in declared order."], elements: menus)
        var next = 0
        for (k, menu) in keymap.mainMenus.enumerated() {
            line()
            line("/// The main menu `\(SwiftGenerator.commentText(menu.title))`.", 1)
            line("private static func mainMenu\(k)() -> Menu {", 1)
            var variables = 0
            let children = menuStatements(menu, next: &next, variables: &variables)
            line("return Menu(title: \(SwiftGenerator.quoted(menu.title)), children: \(children))", 2)
            line("}", 1)
        }
    }

    /// Writes the statements that build `menu`'s children (a submenu's own statements before
    /// those that take it), its commands numbered from `next` on, and returns the expression
    /// for them: the variable `itemsN` they are in (numbered from `variables` on), or `[]` for a
    /// menu without entries. Submenus nest at most 32 deep (Grammar.md §7.2), so this recursion
    /// is bounded.
    private mutating func menuStatements(_ menu: Menu, next: inout Int, variables: inout Int) -> String {
        guard !menu.entries.isEmpty else { return "[]" }
        let items = "items\(variables)"
        variables += 1
        var elements: [[String]] = []
        for entry in menu.entries {
            switch entry {
            case .item:
                elements.append([".command(menuCommands[\(next)])"])
                next += 1
            case .separator:
                elements.append([".separator"])
            case .submenu(let submenu):
                let children = menuStatements(submenu, next: &next, variables: &variables)
                elements.append([".submenu(Menu(title: \(SwiftGenerator.quoted(submenu.title)), children: \(children)))"])
            }
        }
        arrayVariable(items, of: "MenuElement", elements: elements, indent: 2)
        return items
    }
}
