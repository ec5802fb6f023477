import BindingRuntime

/// Builds the ``Keymap`` from checked, layered parts: assigns action indices (declared
/// actions, then the standard actions used, in ``StandardActions/all`` order) and group
/// indices (in order of first appearance among the bindings), and resolves locations.
struct KeymapAssembler {
    let scope: Scope
    let sources: SourceManager
    let platform: Platform

    func assemble(
        bindings: [CheckedBinding], editMenu: [CheckedEditItem], mainMenus: [CheckedMenu], quickActions: [QuickAction]
    ) -> Keymap {
        // Standard actions in use.
        var used = Set<Int>()
        func use(_ id: ActionID) { if case .standard(let i) = id { used.insert(i) } }
        for b in bindings { use(b.action) }
        for item in editMenu { use(item.action) }
        func walk(_ menu: CheckedMenu) {
            for entry in menu.entries {
                switch entry {
                case .item(let item): use(item.action)
                case .submenu(let sub): walk(sub)
                case .separator: continue
                }
            }
        }
        for menu in mainMenus { walk(menu) }
        var actions = scope.actions
        var standardSlot: [Int: Int] = [:]
        for (i, name) in StandardActions.all.enumerated() where used.contains(i) {
            standardSlot[i] = actions.count
            actions.append(Action(name: name, argument: nil, isStandard: true))
        }
        func index(_ id: ActionID) -> Int {
            switch id {
            case .declared(let i): return i
            case .standard(let i): return standardSlot[i] ?? 0
            }
        }

        var groups: [String] = []
        var groupIndex: [String: Int] = [:]
        var modelBindings: [Binding] = []
        modelBindings.reserveCapacity(bindings.count)
        for b in bindings {
            var group: Int?
            if let title = b.group {
                if let g = groupIndex[title] {
                    group = g
                } else {
                    group = groups.count
                    groupIndex[title] = groups.count
                    groups.append(title)
                }
            }
            modelBindings.append(Binding(
                sequence: b.sequence, role: b.role, action: index(b.action), argument: b.argument, title: b.title,
                group: group, condition: b.condition, location: location(b.range)))
        }

        func menu(_ m: CheckedMenu) -> Menu {
            Menu(title: m.title, entries: m.entries.map { entry in
                switch entry {
                case .item(let item):
                    return .item(MenuItem(
                        title: item.title, action: index(item.action), argument: item.argument,
                        keyEquivalent: item.keyEquivalent, condition: item.condition))
                case .submenu(let sub): return .submenu(menu(sub))
                case .separator: return .separator
                }
            })
        }

        return Keymap(
            name: scope.keymapName, platform: platform, contexts: scope.contexts, roles: scope.roles,
            actions: actions, groups: groups, bindings: modelBindings,
            editMenu: editMenu.map {
                EditMenuItem(title: $0.title, action: index($0.action), argument: $0.argument, condition: $0.condition)
            },
            mainMenus: mainMenus.map(menu), quickActions: quickActions)
    }

    private func location(_ range: SourceRange) -> SourceLocation? {
        guard range.file.index >= 0 && range.file.index < sources.files.count else { return nil }
        return sources.location(of: range)
    }
}
