import BindingRuntime

/// Builds the ``Keymap`` from checked, layered parts: assigns action indices (declared
/// actions, then the standard actions used, in ``StandardActions/all`` order) and group
/// indices (in order of first appearance among the bindings), and resolves locations.
struct KeymapAssembler {
    let scope: Scope
    let groups: GroupTable
    let sources: SourceManager
    let platform: Platform

    func assemble(
        bindings: [CheckedBinding], editMenu: [CheckedEditItem], mainMenus: [CheckedMenu], quickActions: [QuickAction]
    ) -> Keymap {
        // Standard actions in use.
        var used = Set<Int>()
        func use(_ id: ActionID) { if case .standard(let i) = id { used.insert(i) } }
        for i in bindings.indices { use(bindings[i].action) }
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

        var modelGroups: [String] = []
        var groupIndex = [Int?](repeating: nil, count: groups.titles.count)
        var modelBindings: [Binding] = []
        modelBindings.reserveCapacity(bindings.count)
        var cursor = LineCursor()
        var overrideCursor = LineCursor()
        // By index, reading fields in place: iterating would copy each binding.
        for k in bindings.indices {
            var group: Int?
            if let id = bindings[k].group, id >= 0 && id < groupIndex.count {
                if let g = groupIndex[id] {
                    group = g
                } else {
                    group = modelGroups.count
                    groupIndex[id] = modelGroups.count
                    modelGroups.append(groups.title(id))
                }
            }
            modelBindings.append(Binding(
                sequence: bindings[k].sequence, role: bindings[k].role, action: index(bindings[k].action),
                argument: bindings[k].argument, title: bindings[k].title, group: group, condition: bindings[k].condition,
                location: cursor.location(bindings[k].range, sources),
                wantsPriorityOverSystemBehavior: bindings[k].wantsPriority, repeatMilliseconds: bindings[k].repeatMilliseconds,
                performsOnTimeout: bindings[k].timeoutRange != nil, layoutAllowance: bindings[k].layoutAllowance,
                allowsAutomaticLocalization: bindings[k].allowsAutomaticLocalization,
                allowsAutomaticMirroring: bindings[k].allowsAutomaticMirroring))
            if !bindings[k].overriddenBy.isEmpty {
                // Set once: each change of a binding's records replaces their box.
                var overrides: [Override] = []
                for o in bindings[k].overriddenBy {
                    guard let location = overrideCursor.location(o.range, sources) else { continue }
                    overrides.append(Override(location: location, condition: o.condition, isUnbind: o.isUnbind))
                }
                modelBindings[modelBindings.count - 1].overriddenBy = overrides
            }
        }

        func menu(_ m: CheckedMenu) -> Menu {
            Menu(title: m.title, entries: m.entries.map { entry in
                switch entry {
                case .item(let item):
                    return .item(MenuItem(
                        title: item.title, action: index(item.action), argument: item.argument,
                        keyEquivalent: item.keyEquivalent, condition: item.condition,
                        allowsAutomaticLocalization: item.allowsAutomaticLocalization,
                        allowsAutomaticMirroring: item.allowsAutomaticMirroring))
                case .submenu(let sub): return .submenu(menu(sub))
                case .separator: return .separator
                }
            })
        }

        return Keymap(
            name: scope.keymapName, platform: platform, contexts: scope.contexts, roles: scope.roles,
            actions: actions, groups: modelGroups, bindings: modelBindings,
            editMenu: editMenu.map {
                EditMenuItem(title: $0.title, action: index($0.action), argument: $0.argument, condition: $0.condition)
            },
            mainMenus: mainMenus.map(menu), quickActions: quickActions)
    }

    /// Locations of bindings, which come in file and position order: the line is found by
    /// walking forward from the previous one (a binary search when that does not apply).
    private struct LineCursor {
        var file = -1
        var path = ""
        var lineStarts: [UInt32] = []
        var line = 0  // 0-based index into lineStarts
        var offset = 0

        mutating func location(_ range: SourceRange, _ sources: SourceManager) -> SourceLocation? {
            let index = range.file.index
            guard index >= 0 && index < sources.files.count else { return nil }
            if index != file || range.start < offset {
                let source = sources.files[index]
                file = index
                path = source.path
                lineStarts = source.lineStarts
                line = source.lineAndColumn(of: range.start).line - 1
            }
            offset = range.start
            while line + 1 < lineStarts.count && Int(lineStarts[line + 1]) <= offset { line += 1 }
            return SourceLocation(path: path, line: line + 1, column: offset - Int(lineStarts[line]) + 1)
        }
    }
}
