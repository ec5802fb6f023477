import BindingRuntime

/// A keymap written back as `.bind` source, for `bindc diff --user` when OLD or NEW is a
/// compiled table: the user's file is checked over this text as over the app's own sources.
///
/// It holds what decides a user binding's fate: the keymap name, the contexts, the roles in
/// their order, the actions that are not standard, every role binding (its sequence, action,
/// argument, title, group, `@priority`, `@repeat` and its condition as compiled: block and binding `when`
/// joined, `platform` folded, earlier layers narrowed by later ones) in a block of its own, and
/// the main menus' items that have key equivalents (same-titled menus merged, submenus
/// flattened, since only the top-level title is the binding's group). The edit menu, quick
/// actions and menu items without key equivalents, which bind no keys, are left out.
enum KeymapSource {
    static func text(_ keymap: Keymap) -> String {
        var out = ""
        if let name = keymap.name { out += "keymap \(SourceText.quoted(name))\n" }
        for c in keymap.contexts { out += "context \(c.name): \(KeymapPrinter.typeText(c.type))\n" }
        if !keymap.roles.isEmpty { out += "responder " + keymap.roles.joined(separator: ", ") + "\n" }
        for a in keymap.actions where !a.isStandard {
            out += "action \(a.name)" + (a.argument.map { "(\($0.rawValue))" } ?? "") + "\n"
        }
        for b in keymap.bindings {
            guard let role = b.role, keymap.roles.indices.contains(role) else { continue }
            var line = SourceText.attributes(b) + SourceText.sequence(b.sequence)
                + " -> " + SourceText.actionReference(b.action, b.argument, in: keymap)
            if let title = b.title { line += " " + SourceText.quoted(title) }
            if !b.condition.isTrue {
                line += " when " + ConditionPrinter.render(b.condition, contexts: keymap.contexts, roles: keymap.roles)
            }
            out += "in \(keymap.roles[role]) {\n"
            if let g = b.group, keymap.groups.indices.contains(g) {
                out += "  group \(SourceText.quoted(keymap.groups[g])) {\n    \(line)\n  }\n"
            } else {
                out += "  \(line)\n"
            }
            out += "}\n"
        }
        var menuTitles: [String] = []
        var menuItems: [String: [String]] = [:]
        for menu in keymap.mainMenus {
            if menuItems[menu.title] == nil { menuTitles.append(menu.title) }
            menuItems[menu.title, default: []] += keyEquivalents(menu, keymap)
        }
        for title in menuTitles where !(menuItems[title] ?? []).isEmpty {
            out += "menu \(SourceText.quoted(title)) {\n"
            for item in menuItems[title] ?? [] { out += "  \(item)\n" }
            out += "}\n"
        }
        return out
    }

    /// The items of `menu` and its submenus that have a key equivalent, as menu entries.
    private static func keyEquivalents(_ menu: Menu, _ keymap: Keymap) -> [String] {
        menu.entries.flatMap { entry -> [String] in
            switch entry {
            case .separator: return []
            case .submenu(let submenu): return keyEquivalents(submenu, keymap)
            case .item(let item):
                guard let chord = item.keyEquivalent else { return [] }
                var line = SourceText.quoted(item.title) + " " + chord.sourceText + " -> "
                    + SourceText.actionReference(item.action, item.argument, in: keymap)
                if !item.condition.isTrue {
                    line += " when " + ConditionPrinter.render(item.condition, contexts: keymap.contexts, roles: keymap.roles)
                }
                return [line]
            }
        }
    }
}
