import BindingRuntime

/// Applies files in order, each over the earlier ones (Grammar.md §9): a binding replaces
/// every earlier file's binding of its role and sequence, `unbind` removes them, and menus
/// and quick actions replace earlier ones of the same title or type, keeping their place.
struct Layering {
    /// Bindings in file order, then source order, including removed ones.
    private(set) var all: [CheckedBinding] = []
    /// Whether a later file removed `all[i]`.
    private var removed: [Bool] = []
    /// Where the live bindings of each role and sequence are in `all`; built only when a
    /// second file arrives (a single file needs no index).
    private var index: [BindingKey: [Int]]?
    private(set) var editMenu: [CheckedEditItem] = []
    private(set) var mainMenus: [CheckedMenu] = []
    private var menuIndex: [String: Int] = [:]
    private(set) var quickActions: [QuickAction] = []
    private var quickActionIndex: [String: Int] = [:]
    private var files = 0

    /// The bindings that survived, in declaration order.
    var bindings: [CheckedBinding] {
        guard removed.contains(true) else { return all }
        return all.indices.compactMap { removed[$0] ? nil : all[$0] }
    }

    /// Layers one file (checked on its own) over everything applied before it.
    mutating func apply(_ file: FileResult, scope: Scope, _ engine: inout DiagnosticEngine) {
        defer { files += 1 }
        if files > 0 || !file.unbinds.isEmpty {
            var index = self.index ?? buildIndex()
            var unbound = Set<BindingKey>()
            for u in file.unbinds {
                let key = BindingKey(role: u.role, sequence: u.sequence)
                if let earlier = index.removeValue(forKey: key), !earlier.isEmpty {
                    for i in earlier { removed[i] = true }
                    unbound.insert(key)
                } else if !unbound.contains(key) {
                    engine.warning(Messages.nothingToUnbind(u.sequence, role: scope.roleName(u.role)), at: u.range)
                }
            }
            for b in file.bindings {
                if let earlier = index.removeValue(forKey: BindingKey(b)) {
                    for i in earlier { removed[i] = true }
                }
            }
            for (i, b) in file.bindings.enumerated() {
                index[BindingKey(b), default: []].append(all.count + i)
            }
            self.index = index
        }
        if all.isEmpty {
            all = file.bindings  // shares the storage: no copy
        } else {
            all += file.bindings
        }
        removed += repeatElement(false, count: file.bindings.count)
        if let edit = file.editMenu { editMenu = edit }
        for menu in file.mainMenus {
            if let i = menuIndex[menu.title] {
                mainMenus[i] = menu
            } else {
                menuIndex[menu.title] = mainMenus.count
                mainMenus.append(menu)
            }
        }
        for (action, _) in file.quickActions {
            if let i = quickActionIndex[action.type] {
                quickActions[i] = action
            } else {
                quickActionIndex[action.type] = quickActions.count
                quickActions.append(action)
            }
        }
    }
}

extension Layering {
    /// The index of the live bindings so far.
    fileprivate func buildIndex() -> [BindingKey: [Int]] {
        var index: [BindingKey: [Int]] = [:]
        index.reserveCapacity(all.count)
        for (i, b) in all.enumerated() where !removed[i] { index[BindingKey(b), default: []].append(i) }
        return index
    }
}
