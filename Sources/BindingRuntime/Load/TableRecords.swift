/// Where a binding was written: the table's source map, and the compiler's printable
/// positions (`SourceLocation` in BindingLang is this type).
public struct TableLocation: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// The source path as given to `bindc`.
    public var path: String
    /// 1-based line.
    public var line: Int
    /// 1-based UTF-8 byte column.
    public var column: Int
    /// Makes a location.
    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }
    /// `path:line:column`.
    public var description: String { "\(path):\(line):\(column)" }
}

/// One binding as the table stores it, decoded (for tools, `explain`, and reading a table
/// back into a keymap).
public struct TableBinding: Sendable, Equatable {
    /// Its index: bindings are in declaration order.
    public var index: Int
    /// The strokes.
    public var sequence: [Chord]
    /// Role index; nil for a main-menu key equivalent.
    public var role: Int?
    /// The action and argument it sends.
    public var action: ActionInvocation
    /// Discoverability title.
    public var title: String?
    /// Discoverability group index.
    public var group: Int?
    /// Its condition (`.constant(true)` when ungated).
    public var condition: TableCondition
    /// Where it was written; nil in stripped tables.
    public var location: TableLocation?
    /// `@priority`: the key goes to this command before text input and focus (set UIKit's
    /// `wantsPriorityOverSystemBehavior` on its key command).
    public var wantsPriorityOverSystemBehavior = false
    /// `@repeat`: the repeat window in milliseconds, nil when the binding is not repeatable
    /// (Grammar.md §4.8 and §5).
    public var repeatMilliseconds: Int? = nil
    /// `@timeout`: the binding waits while a longer binding of its role may follow, and is
    /// performed when none does (Grammar.md §4.8 and §5).
    public var performsOnTimeout = false
    /// The later layers' bindings and `unbind`s that narrowed this one's condition (Grammar.md
    /// §9), in the order they were applied; empty in stripped tables.
    public var overriddenBy: [TableOverride] = []
    /// False after `@noRemapping`: the system must not remap the shortcut for the keyboard
    /// layout (set UIKit's `allowsAutomaticLocalization` on its key command).
    public var allowsAutomaticLocalization = true
    /// False after `@noMirroring` or `@noRemapping`: the system must not mirror the shortcut in
    /// right-to-left interfaces (UIKit's `allowsAutomaticMirroring`).
    public var allowsAutomaticMirroring = true
}

/// A later layer's binding or `unbind` that overrides an earlier binding where its own
/// condition holds (the earlier one's condition was narrowed to `earlier && !(condition)`):
/// the source map's `SRCO` record, for `dump` and `explain`. Dispatch never reads it.
public struct TableOverride: Sendable, Equatable {
    /// Where the overriding binding or `unbind` is written.
    public var location: TableLocation
    /// Where it overrides: the overriding binding's condition, or the `unbind`'s.
    public var condition: TableCondition
    /// Whether it is an `unbind` (else a binding of the same role and sequence).
    public var isUnbind: Bool
    let conditionRef: UInt32
}

/// An edit-menu item as stored.
public struct TableEditMenuItem: Sendable, Equatable {
    /// Its title.
    public var title: String
    /// The action and argument it sends.
    public var action: ActionInvocation
    /// When it is shown (with a performer).
    public var condition: TableCondition
    let conditionRef: UInt32
}

/// A main menu or submenu as stored.
public struct TableMenu: Sendable, Equatable {
    /// Its title.
    public var title: String
    /// Its entries in declared order.
    public var entries: [TableMenuEntry]
}

/// One main-menu entry.
public enum TableMenuEntry: Sendable, Equatable {
    case item(TableMenuItem)
    case submenu(TableMenu)
    case separator
}

/// A main-menu command as stored.
public struct TableMenuItem: Sendable, Equatable {
    /// Its title.
    public var title: String
    /// The action and argument it sends.
    public var action: ActionInvocation
    /// Its key equivalent, if any (also a menu binding of the keymap).
    public var keyEquivalent: Chord?
    /// When it is enabled (with a performer).
    public var condition: TableCondition
    let conditionRef: UInt32
    /// False after `@noRemapping` on the item: the system must not remap its key equivalent
    /// (AppKit's `allowsAutomaticKeyEquivalentLocalization`, UIKit's `allowsAutomaticLocalization`).
    public var allowsAutomaticLocalization = true
    /// False after `@noMirroring` or `@noRemapping` on the item (AppKit's
    /// `allowsAutomaticKeyEquivalentMirroring`, UIKit's `allowsAutomaticMirroring`).
    public var allowsAutomaticMirroring = true
}

/// A home-screen quick action (`UIApplicationShortcutItems` entry) with all its fields.
public struct ShortcutItem: Sendable, Equatable {
    /// `UIApplicationShortcutItemType`.
    public var type: String
    /// `UIApplicationShortcutItemTitle`.
    public var title: String
    /// `UIApplicationShortcutItemSubtitle`.
    public var subtitle: String?
    /// The system icon name as written in `.bind` (`search`).
    public var iconType: String?
    /// `UIApplicationShortcutItemIconFile`; overrides ``iconType``.
    public var iconFile: String?
    /// `UIApplicationShortcutItemUserInfo`, in declared order.
    public var userInfo: [ShortcutUserInfoEntry]
}

/// One key and value of a quick action's user info.
public struct ShortcutUserInfoEntry: Sendable, Equatable {
    /// The key.
    public var key: String
    /// The value.
    public var value: ShortcutUserInfoValue
}

/// A user-info value: property-list scalars and nested dictionaries.
public indirect enum ShortcutUserInfoValue: Sendable, Equatable {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    case dictionary([ShortcutUserInfoEntry])
}

// MARK: - Decoding

extension BindingTable {
    /// Number of bindings (menu key equivalents included), in declaration order.
    public var bindingCount: Int { count(.bindings) }

    /// Binding `index`, decoded (an index out of range gives an empty binding of action 0).
    public func binding(_ index: Int) -> TableBinding {
        binding(index, condition: condition)
    }

    /// Binding `index`, decoded, its condition (by reference) from `decode`: a
    /// ``TableConditionCache`` passes its own, so bindings sharing a condition share one tree.
    func binding(_ index: Int, condition decode: (UInt32) -> TableCondition) -> TableBinding {
        guard index >= 0, index < bindingCount else {
            return TableBinding(index: index, sequence: [], role: nil, action: ActionInvocation(table: self, actionIndex: 0),
                                title: nil, group: nil, condition: .constant(false), location: nil)
        }
        let role = bindingRole(index), group = bindingGroup(index)
        return TableBinding(
            index: index, sequence: sequence(of: bindingNode(index)),
            role: role == TableFormat.menuRole ? nil : Int(role),
            action: invocation(ofBinding: index), title: string(bindingTitle(index)),
            group: group == TableFormat.none ? nil : Int(group),
            condition: decode(bindingCondition(index)), location: location(ofBinding: index),
            wantsPriorityOverSystemBehavior: wantsPriorityOverSystemBehavior(binding: index),
            repeatMilliseconds: repeatMilliseconds(binding: index),
            performsOnTimeout: performsOnTimeout(binding: index),
            overriddenBy: overrides(ofBinding: index),
            allowsAutomaticLocalization: allowsAutomaticLocalization(binding: index),
            allowsAutomaticMirroring: allowsAutomaticMirroring(binding: index))
    }

    /// Binding `index`'s repeat window in milliseconds when it is repeatable (`@repeat`),
    /// else nil (also for an index out of range).
    public func repeatMilliseconds(binding index: Int) -> Int? {
        guard index >= 0, index < bindingCount else { return nil }
        let flags = bindingFlags(index)
        return flags & TableFormat.attributeRepeat != 0 ? Int(flags >> TableFormat.attributeRepeatShift) : nil

    }

    /// Whether binding `index` is a `@timeout` binding (false for an index out of range).
    public func performsOnTimeout(binding index: Int) -> Bool {
        guard index >= 0, index < bindingCount else { return false }
        return bindingFlags(index) & TableFormat.attributeTimeout != 0
    }

    /// The later layers' bindings and `unbind`s that narrowed binding `index` (`SRCO`, sorted
    /// by binding); empty when stripped, when there are none, or for an index out of range.
    public func overrides(ofBinding index: Int) -> [TableOverride] {
        guard hasSourceMap, index >= 0, index < bindingCount else { return [] }
        let n = count(.sourceOverrides)
        var lo = 0, hi = n
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(f(.sourceOverrides, mid, 0)) < index { lo = mid + 1 } else { hi = mid }
        }
        var out: [TableOverride] = []
        while lo < n, Int(f(.sourceOverrides, lo, 0)) == index {
            let ref = f(.sourceOverrides, lo, 4)
            out.append(TableOverride(
                location: TableLocation(path: string(f(.sourceOverrides, lo, 1)) ?? "",
                                        line: Int(f(.sourceOverrides, lo, 2)), column: Int(f(.sourceOverrides, lo, 3))),
                condition: condition(ref), isUnbind: f(.sourceOverrides, lo, 5) == 1, conditionRef: ref))
            lo += 1
        }
        return out
    }

    /// Whether binding `index` asks for priority over text input and focus (`@priority`):
    /// an app that builds `UIKeyCommand`s from the table sets `wantsPriorityOverSystemBehavior`
    /// from this. False for an index out of range.
    public func wantsPriorityOverSystemBehavior(binding index: Int) -> Bool {
        guard index >= 0, index < bindingCount else { return false }
        return bindingFlags(index) & TableFormat.attributePriority != 0
    }

    /// Whether the system may remap binding `index`'s shortcut for the keyboard layout: false
    /// after `@noRemapping`, and an app that builds `UIKeyCommand`s from the table sets
    /// `allowsAutomaticLocalization` from this. True for an index out of range.
    public func allowsAutomaticLocalization(binding index: Int) -> Bool {
        guard index >= 0, index < bindingCount else { return true }
        return bindingFlags(index) & TableFormat.attributeNoRemapping == 0
    }

    /// Whether the system may mirror binding `index`'s shortcut in right-to-left interfaces:
    /// false after `@noMirroring` or `@noRemapping` (UIKit's `allowsAutomaticMirroring`). True
    /// for an index out of range.
    public func allowsAutomaticMirroring(binding index: Int) -> Bool {
        guard index >= 0, index < bindingCount else { return true }
        return bindingFlags(index) & TableFormat.attributeNoMirroring == 0
    }

    /// Where binding `index` was written; nil when stripped or unknown.
    public func location(ofBinding index: Int) -> TableLocation? {
        guard hasSourceMap, index >= 0, index < bindingCount else { return nil }
        // The file run containing `index`: the last with first binding <= index.
        var lo = 0, hi = count(.sourceFiles)
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if Int(f(.sourceFiles, mid, 0)) <= index { lo = mid } else { hi = mid }
        }
        guard let path = string(f(.sourceFiles, lo, 1)) else { return nil }
        let at = spans[Section.sourceMap.rawValue].offset
        if narrowSourceMap {
            let v = reader.u32(at + index * 4)
            return TableLocation(path: path, line: Int(v & 0xFF_FFFF), column: Int(v >> 24))
        }
        return TableLocation(path: path, line: Int(reader.u32(at + index * 8)), column: Int(reader.u32(at + index * 8 + 4)))
    }

    /// The edit menu's items in declared order.
    public var editMenuItems: [TableEditMenuItem] {
        (0..<count(.editMenu)).map { i in
            TableEditMenuItem(
                title: string(f(.editMenu, i, 0)) ?? "",
                action: ActionInvocation(table: self, actionIndex: Int(f(.editMenu, i, 1)), argument: argument(f(.editMenu, i, 2))),
                condition: condition(f(.editMenu, i, 3)), conditionRef: f(.editMenu, i, 3))
        }
    }

    /// The main menus in declared order, as trees.
    public var mainMenus: [TableMenu] {
        (0..<Int(f(.meta, 0, 2))).map { menu($0, depth: 1) }
    }

    func menu(_ m: Int, depth: Int) -> TableMenu {
        let start = Int(f(.menus, m, 1)), n = Int(f(.menus, m, 2))
        var entries: [TableMenuEntry] = []
        for e in start..<(start + n) {
            let value = Int(f(.menuEntries, e, 1))
            switch TableFormat.MenuEntryKind(rawValue: f(.menuEntries, e, 0)) {
            case .item?: entries.append(.item(menuItem(value)))
            case .submenu?: if depth < TableFormat.maxMenuDepth { entries.append(.submenu(menu(value, depth: depth + 1))) }
            case .separator?, nil: entries.append(.separator)
            }
        }
        return TableMenu(title: string(f(.menus, m, 0)) ?? "", entries: entries)
    }

    func menuItem(_ i: Int) -> TableMenuItem {
        let chord = f(.menuItems, i, 3), flags = f(.menuItems, i, 5)
        return TableMenuItem(
            title: string(f(.menuItems, i, 0)) ?? "",
            action: ActionInvocation(table: self, actionIndex: Int(f(.menuItems, i, 1)), argument: argument(f(.menuItems, i, 2))),
            keyEquivalent: chord == TableFormat.none ? nil : Chord(code: chord),
            condition: condition(f(.menuItems, i, 4)), conditionRef: f(.menuItems, i, 4),
            allowsAutomaticLocalization: flags & TableFormat.attributeNoRemapping == 0,
            allowsAutomaticMirroring: flags & TableFormat.attributeNoMirroring == 0)
    }

    /// The quick actions in declared (display) order, with all fields.
    public var quickActions: [ShortcutItem] {
        (0..<count(.quickActions)).map { q in
            ShortcutItem(
                type: string(f(.quickActions, q, 0)) ?? "", title: string(f(.quickActions, q, 1)) ?? "",
                subtitle: string(f(.quickActions, q, 2)), iconType: string(f(.quickActions, q, 3)),
                iconFile: string(f(.quickActions, q, 4)),
                userInfo: dictionary(Int(f(.quickActions, q, 5)), depth: 1))
        }
    }

    func dictionary(_ d: Int, depth: Int) -> [ShortcutUserInfoEntry] {
        let start = Int(f(.dictionaries, d, 0)), n = Int(f(.dictionaries, d, 1))
        let base = spans[Section.dictionaryEntries.rawValue].offset
        var out: [ShortcutUserInfoEntry] = []
        for e in start..<(start + n) {
            let value = reader.u64(base + e * 16 + 8)
            let v: ShortcutUserInfoValue
            switch TableFormat.UserInfoKind(rawValue: f(.dictionaryEntries, e, 1)) {
            case .string?: v = .string(string(UInt32(truncatingIfNeeded: value)) ?? "")
            case .int?: v = .int(Int64(bitPattern: value))
            case .double?: v = .double(Double(bitPattern: value))
            case .bool?: v = .bool(value != 0)
            case .dictionary?, nil:
                v = .dictionary(depth < TableFormat.maxUserInfoDepth ? dictionary(Int(value), depth: depth + 1) : [])
            }
            out.append(ShortcutUserInfoEntry(key: string(f(.dictionaryEntries, e, 0)) ?? "", value: v))
        }
        return out
    }
}
