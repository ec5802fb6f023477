import BindingRuntime

/// Applies files in order, each over the earlier ones (Grammar.md §9): a binding replaces
/// every earlier file's binding of its role and sequence, `unbind` removes them, and menus
/// and quick actions replace earlier ones of the same title or type, keeping their place.
struct Layering {
    /// Bindings in file order, then source order; nil where a later file removed one.
    private(set) var bindings: [CheckedBinding?] = []
    /// Where the live bindings of each role and sequence are in `bindings`.
    private var index: [BindingKey: [Int]] = [:]
    private(set) var editMenu: [CheckedEditItem] = []
    private(set) var mainMenus: [CheckedMenu] = []
    private var menuIndex: [String: Int] = [:]
    private(set) var quickActions: [QuickAction] = []
    private var quickActionIndex: [String: Int] = [:]

    /// Layers one file (checked on its own) over everything applied before it.
    mutating func apply(_ file: FileResult, scope: Scope, _ engine: inout DiagnosticEngine) {
        var unbound = Set<BindingKey>()
        for u in file.unbinds {
            let key = BindingKey(role: u.role, sequence: u.sequence)
            if let earlier = index.removeValue(forKey: key), !earlier.isEmpty {
                for i in earlier { bindings[i] = nil }
                unbound.insert(key)
            } else if !unbound.contains(key) {
                engine.warning(Messages.nothingToUnbind(u.sequence, role: scope.roleName(u.role)), at: u.range)
            }
        }
        for b in file.bindings {
            if let earlier = index.removeValue(forKey: BindingKey(b)) {
                for i in earlier { bindings[i] = nil }
            }
        }
        for b in file.bindings {
            index[BindingKey(b), default: []].append(bindings.count)
            bindings.append(b)
        }
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
