import BindingRuntime

extension Keymap {
    /// Reads a loaded table back into a keymap equal to the one it was emitted from (with
    /// every binding's `location` nil when the table is stripped). `bindc dump` and the
    /// round-trip tests use it.
    public init(table: BindingTable) {
        self.init(declarationsOf: table)
        let reader = TableBindingReader(table)
        bindings = (0..<table.bindingCount).map { reader.binding($0) }
    }

    /// Everything of a loaded table but its bindings (which stay empty): what a printer needs
    /// besides the bindings it reads one at a time (`KeymapPrinter.write(table:to:)`).
    public init(declarationsOf table: BindingTable) {
        self.init(name: table.name, platform: table.platform)
        contexts = (0..<table.contextCount).map { i in
            let type: ContextType = switch table.contextKind(i) {
            case .bool: .bool
            case .string: .string
            case .enumeration: .enumeration(table.contextValues(i))
            }
            return ContextVariable(name: table.contextName(i), type: type)
        }
        roles = (0..<table.roleCount).map { table.roleName($0) }
        actions = (0..<table.actionCount).map { i in
            let arg: ArgumentType? = switch table.actionArgumentKind(i) {
            case .none: nil
            case .int: .int
            case .string: .string
            case .bool: .bool
            }
            return Action(name: table.actionName(i), argument: arg, isStandard: table.actionIsStandard(i))
        }
        groups = (0..<table.groupCount).map { table.groupName($0) }
        editMenu = table.editMenuItems.map {
            EditMenuItem(title: $0.title, action: $0.action.actionIndex, argument: ArgumentValue($0.action.argument), condition: Condition($0.condition))
        }
        mainMenus = table.mainMenus.map(Menu.init)
        quickActions = table.quickActions.map {
            QuickAction(
                type: $0.type, title: $0.title, subtitle: $0.subtitle, iconType: $0.iconType,
                iconFile: $0.iconFile, userInfo: $0.userInfo.map(UserInfoEntry.init))
        }
    }
}

/// Reads a table's bindings as model bindings, one at a time. Bindings often share a
/// condition: each is decoded and converted once and the bindings share the one tree, so the
/// memory is linear in the table, not in bindings × condition length.
final class TableBindingReader {
    private var cache: TableConditionCache
    private var converted: [UInt32: Condition] = [:]

    init(_ table: BindingTable) { cache = TableConditionCache(table: table) }

    /// The table's reference to binding `index`'s condition (shared by bindings with the same
    /// condition).
    func conditionReference(ofBinding index: Int) -> UInt32 { cache.conditionReference(ofBinding: index) }

    /// Binding `index` as the model holds it.
    func binding(_ index: Int) -> Binding {
        let b = cache.binding(index)
        let ref = cache.conditionReference(ofBinding: index)
        let condition = converted[ref] ?? Condition(b.condition)
        converted[ref] = condition
        var binding = Binding(
            sequence: b.sequence, role: b.role, action: b.action.actionIndex,
            argument: ArgumentValue(b.action.argument), title: b.title, group: b.group,
            condition: condition,
            location: b.location, wantsPriorityOverSystemBehavior: b.wantsPriorityOverSystemBehavior,
            repeatMilliseconds: b.repeatMilliseconds, performsOnTimeout: b.performsOnTimeout,
            allowsAutomaticLocalization: b.allowsAutomaticLocalization, allowsAutomaticMirroring: b.allowsAutomaticMirroring)
        binding.overriddenBy = b.overriddenBy.map {
            Override(location: $0.location, condition: Condition($0.condition), isUnbind: $0.isUnbind)
        }
        return binding
    }
}

extension ArgumentValue {
    /// The model value of a table argument.
    init(_ a: ActionArgument) {
        switch a {
        case .none: self = .none
        case .int(let v): self = .int(v)
        case .bool(let v): self = .bool(v)
        case .string(let s): self = .string(s.string)
        }
    }
}

extension Condition {
    /// The model condition of a table condition (same cases). Built with explicit stacks
    /// (operands before their operator), so a tall condition costs no call per level.
    init(_ c: TableCondition) {
        enum Step {
            case visit(TableCondition)
            case negate
            case join(and: Bool)
        }
        var steps: [Step] = [.visit(c)]
        var built: [Condition] = []
        while let step = steps.popLast() {
            switch step {
            case .negate:
                built.append(.not(built.removeLast()))
            case .join(let isAnd):
                let r = built.removeLast(), l = built.removeLast()
                built.append(isAnd ? .and(l, r) : .or(l, r))
            case .visit(let c):
                switch c {
                case .constant(let v): built.append(.constant(v))
                case .flag(let i): built.append(.flag(i))
                case .enumEquals(let i, let k): built.append(.enumEquals(i, k))
                case .stringEquals(let i, let s): built.append(.stringEquals(i, s))
                case .inside(let r): built.append(.inside(r))
                case .plays(let r): built.append(.plays(r))
                case .not(let x):
                    steps.append(.negate)
                    steps.append(.visit(x))
                case .and(let l, let r), .or(let l, let r):
                    let isAnd: Bool
                    if case .and = c { isAnd = true } else { isAnd = false }
                    steps.append(.join(and: isAnd))
                    steps.append(.visit(r))
                    steps.append(.visit(l))
                }
            }
        }
        self = built[0]
    }
}

extension Menu {
    /// The model menu of a table menu.
    init(_ m: TableMenu) {
        self.init(title: m.title, entries: m.entries.map { e in
            switch e {
            case .item(let i):
                .item(MenuItem(
                    title: i.title, action: i.action.actionIndex, argument: ArgumentValue(i.action.argument),
                    keyEquivalent: i.keyEquivalent, condition: Condition(i.condition),
                    allowsAutomaticLocalization: i.allowsAutomaticLocalization, allowsAutomaticMirroring: i.allowsAutomaticMirroring))
            case .submenu(let s): .submenu(Menu(s))
            case .separator: .separator
            }
        })
    }
}

extension UserInfoEntry {
    /// The model entry of a table user-info entry.
    init(_ e: ShortcutUserInfoEntry) {
        func value(_ v: ShortcutUserInfoValue) -> UserInfoValue {
            switch v {
            case .string(let s): .string(s)
            case .int(let i): .int(i)
            case .double(let d): .double(d)
            case .bool(let b): .bool(b)
            case .dictionary(let d): .dictionary(d.map(UserInfoEntry.init))
            }
        }
        self.init(key: e.key, value: value(e.value))
    }
}
