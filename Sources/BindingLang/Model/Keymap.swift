import BindingRuntime

/// A checked, fully resolved keymap: every name bound to an index, every chord canonical,
/// every condition typed, layering applied. The checker produces it, the emitter writes it
/// as a table, and reading a table back (`Keymap(table:)`) gives an equal value, which is
/// what the round-trip tests compare.
public struct Keymap: Sendable, Equatable {
    /// The `keymap "Name"` of the first file that declares one.
    public var name: String?
    /// The platform `primary` was resolved for.
    public var platform: Platform
    /// Context variables in declaration order; conditions refer to them by index.
    public var contexts: [ContextVariable]
    /// Responder roles in declaration order (nearest first, as written).
    public var roles: [String]
    /// Actions: declared ones in declaration order, then the standard actions the keymap
    /// uses, in ``StandardActions/all`` order. Bindings and menus refer to them by index.
    public var actions: [Action]
    /// Discoverability group titles in order of first appearance.
    public var groups: [String]
    /// Every live binding after layering, in declaration order (file order, then position).
    /// Main-menu key equivalents are here too, with `role == nil`.
    public var bindings: [Binding]
    /// The edit menu's items in declared order.
    public var editMenu: [EditMenuItem]
    /// The main menus, in declared order.
    public var mainMenus: [Menu]
    /// Home-screen quick actions in declared order.
    public var quickActions: [QuickAction]

    public init(
        name: String? = nil, platform: Platform = .apple, contexts: [ContextVariable] = [],
        roles: [String] = [], actions: [Action] = [], groups: [String] = [],
        bindings: [Binding] = [], editMenu: [EditMenuItem] = [], mainMenus: [Menu] = [],
        quickActions: [QuickAction] = []
    ) {
        self.name = name
        self.platform = platform
        self.contexts = contexts
        self.roles = roles
        self.actions = actions
        self.groups = groups
        self.bindings = bindings
        self.editMenu = editMenu
        self.mainMenus = mainMenus
        self.quickActions = quickActions
    }
}

/// A declared context variable: app state that `when` clauses test.
public struct ContextVariable: Sendable, Equatable {
    public var name: String
    public var type: ContextType
    public init(name: String, type: ContextType) {
        self.name = name
        self.type = type
    }
}

/// The type of a context variable. Its initial value at run time is `false`, the first
/// case, or the empty string.
public enum ContextType: Sendable, Equatable {
    case bool
    case string
    /// An enumeration with these cases, in declared order (conditions use case indices).
    case enumeration([String])
}

/// An action the app implements, with the type of its one optional argument.
public struct Action: Sendable, Equatable {
    public var name: String
    public var argument: ArgumentType?
    /// Whether this is a predeclared standard edit action (`copy`, `paste`, …).
    public var isStandard: Bool
    public init(name: String, argument: ArgumentType? = nil, isStandard: Bool = false) {
        self.name = name
        self.argument = argument
        self.isStandard = isStandard
    }
}

/// The type of an action's argument.
public enum ArgumentType: String, Sendable, Equatable, CaseIterable {
    case int = "Int"
    case string = "String"
    case bool = "Bool"
}

/// An argument value as bound (`selectTab(1)`), or none.
public enum ArgumentValue: Sendable, Equatable, Hashable {
    case none
    case int(Int64)
    case string(String)
    case bool(Bool)
}

/// A resolved `when` condition over context variables (by index into `Keymap.contexts`).
/// `!=` and `in` are lowered to these forms by the checker.
public indirect enum Condition: Sendable, Equatable, Hashable {
    case constant(Bool)
    /// A Bool context variable is true.
    case flag(Int)
    /// An enum context variable holds the case with this index.
    case enumEquals(Int, Int)
    /// A String context variable equals this text.
    case stringEquals(Int, String)
    /// `inside Role`: a responder further out in the chain than the one holding the binding
    /// plays this role (index into `Keymap.roles`).
    case inside(Int)
    /// `is Role`: the responder holding the binding also plays this role.
    case plays(Int)
    case not(Condition)
    case and(Condition, Condition)
    case or(Condition, Condition)

    /// Whether this is `.constant(true)` (no condition). Tested by matching: every case of
    /// an indirect enum is a heap box, so `c.isTrue` allocates and frees one.
    public var isTrue: Bool { if case .constant(true) = self { true } else { false } }

    /// `.constant(true)`, allocated once: the checker gives it to every binding written
    /// without `when`, and copying it retains one box instead of allocating one per binding.
    static let unconditional = Condition.constant(true)

    /// Whether this is `.constant(false)` (`when false`), tested without allocating.
    public var isFalse: Bool { if case .constant(false) = self { true } else { false } }
}

/// One key command: a chord sequence in a role, the action it sends, and its gates.
///
/// 104 bytes (184 with every property stored as declared): a keymap holds one per binding
/// through the emitter. Indices, line and column are kept in 32 bits, as a table keeps them;
/// what few bindings have (`@repeat`, `@allowLayouts`, layering's records) is in one shared,
/// immutable box, replaced when set.
public struct Binding: Sendable, Equatable {
    /// One or more strokes.
    public var sequence: [Chord]
    /// Index into `Keymap.actions`.
    public var action: Int
    /// Discoverability title; untitled commands work but are not listed.
    public var title: String?
    /// The block's and the binding's `when` together; `.constant(true)` when ungated.
    public var condition: Condition
    private var locationPath = ""
    private var rare: Rare?
    public var argument: ArgumentValue
    private var locationLine: Int32 = 0
    private var locationColumn: Int32 = 0
    private var roleCode = OptionalIndex32(nil)
    private var groupCode = OptionalIndex32(nil)
    private var flags = FlagByte()

    public init(
        sequence: [Chord], role: Int?, action: Int, argument: ArgumentValue = .none,
        title: String? = nil, group: Int? = nil, condition: Condition = .constant(true),
        location: SourceLocation? = nil, wantsPriorityOverSystemBehavior: Bool = false,
        repeatMilliseconds: Int? = nil, performsOnTimeout: Bool = false, layoutAllowance: LayoutAllowance? = nil,
        allowsAutomaticLocalization: Bool = true, allowsAutomaticMirroring: Bool = true
    ) {
        self.sequence = sequence
        self.action = action
        self.title = title
        self.condition = condition
        self.argument = argument
        self.role = role
        self.group = group
        self.location = location
        self.wantsPriorityOverSystemBehavior = wantsPriorityOverSystemBehavior
        self.performsOnTimeout = performsOnTimeout
        self.allowsAutomaticLocalization = allowsAutomaticLocalization
        self.allowsAutomaticMirroring = allowsAutomaticMirroring
        if repeatMilliseconds != nil || layoutAllowance != nil {
            rare = Rare(repeatMilliseconds: repeatMilliseconds, layoutAllowance: layoutAllowance, overriddenBy: [])
        }
    }

    /// Index into `Keymap.roles`; nil for a main-menu key equivalent, which ranks after
    /// every role of the chain.
    public var role: Int? {
        get { roleCode.value }
        set { roleCode.value = newValue }
    }

    /// Index into `Keymap.groups`.
    public var group: Int? {
        get { groupCode.value }
        set { groupCode.value = newValue }
    }

    /// Where it was written; nil in stripped tables.
    public var location: SourceLocation? {
        get {
            flags[Self.hasLocation]
                ? SourceLocation(path: locationPath, line: Int(locationLine), column: Int(locationColumn)) : nil
        }
        set {
            flags[Self.hasLocation] = newValue != nil
            locationPath = newValue?.path ?? ""
            locationLine = Int32(truncatingIfNeeded: newValue?.line ?? 0)
            locationColumn = Int32(truncatingIfNeeded: newValue?.column ?? 0)
        }
    }

    /// `@priority` (Grammar.md §4.8): the key goes to this command before text input and
    /// focus; generated UIKit code sets the key command's `wantsPriorityOverSystemBehavior`.
    public var wantsPriorityOverSystemBehavior: Bool {
        get { flags[Self.priority] }
        set { flags[Self.priority] = newValue }
    }

    /// `@repeat` (Grammar.md §4.8): the repeat window in milliseconds; nil when the binding
    /// is not repeatable. After it completes, a bare press of its last stroke (or of another
    /// repeatable binding's with the same prefix) within the window repeats it (§5).
    public var repeatMilliseconds: Int? {
        get { rare?.repeatMilliseconds }
        set { updateRare(repeatMilliseconds: newValue) }
    }

    /// `@timeout` (Grammar.md §4.8): the binding may be a proper prefix of longer bindings of
    /// its role; pressed while one of them is live it is held, and performed when the next
    /// stroke continues nothing or the sequence times out (§5). The table carries it (`ATTR`
    /// flag bit 4).
    public var performsOnTimeout: Bool {
        get { flags[Self.timeout] }
        set { flags[Self.timeout] = newValue }
    }

    /// The later layers' bindings and `unbind`s that narrowed ``condition`` (Grammar.md §9),
    /// in the order they were applied; empty in stripped tables.
    public var overriddenBy: [Override] {
        get { rare?.overriddenBy ?? [] }
        set { updateRare(overriddenBy: newValue) }
    }

    /// `@allowLayouts(…)` (Grammar.md §4.8): the layout findings the author accepts for this
    /// binding; nil when not written. Compile-time only: the table does not carry it.
    public var layoutAllowance: LayoutAllowance? {
        get { rare?.layoutAllowance }
        set { updateRare(layoutAllowance: newValue) }
    }

    /// False after `@noRemapping` (Grammar.md §4.8): the system must not remap the shortcut
    /// for the keyboard layout; generated UIKit code sets the key command's
    /// `allowsAutomaticLocalization` to false. The table carries it (`ATTR` flag bit 2).
    public var allowsAutomaticLocalization: Bool {
        get { !flags[Self.noLocalization] }
        set { flags[Self.noLocalization] = !newValue }
    }

    /// False after `@noMirroring` or `@noRemapping` (Grammar.md §4.8): the system must not
    /// mirror the shortcut in right-to-left interfaces; generated UIKit code sets the key
    /// command's `allowsAutomaticMirroring` to false. The table carries it (`ATTR` flag bit 3).
    public var allowsAutomaticMirroring: Bool {
        get { !flags[Self.noMirroring] }
        set { flags[Self.noMirroring] = !newValue }
    }

    /// Same properties.
    public static func == (a: Binding, b: Binding) -> Bool {
        a.sequence == b.sequence && a.action == b.action && a.title == b.title && a.condition == b.condition
            && a.argument == b.argument && a.roleCode == b.roleCode && a.groupCode == b.groupCode && a.flags == b.flags
            && a.locationPath == b.locationPath && a.locationLine == b.locationLine && a.locationColumn == b.locationColumn
            && a.repeatMilliseconds == b.repeatMilliseconds && a.layoutAllowance == b.layoutAllowance
            && a.overriddenBy == b.overriddenBy
    }

    private static let hasLocation: UInt8 = 1
    private static let priority: UInt8 = 2
    private static let timeout: UInt8 = 4
    private static let noLocalization: UInt8 = 8
    private static let noMirroring: UInt8 = 16

    /// What few bindings have, out of line; never changed once made.
    private final class Rare: Sendable {
        let repeatMilliseconds: Int?
        let layoutAllowance: LayoutAllowance?
        let overriddenBy: [Override]

        init(repeatMilliseconds: Int?, layoutAllowance: LayoutAllowance?, overriddenBy: [Override]) {
            self.repeatMilliseconds = repeatMilliseconds
            self.layoutAllowance = layoutAllowance
            self.overriddenBy = overriddenBy
        }
    }

    /// Replaces the box with one holding the given values and the others kept (none when
    /// all are empty).
    private mutating func updateRare(
        repeatMilliseconds: Int?? = nil, layoutAllowance: LayoutAllowance?? = nil, overriddenBy: [Override]? = nil
    ) {
        let r = repeatMilliseconds ?? rare?.repeatMilliseconds
        let l = layoutAllowance ?? rare?.layoutAllowance
        let o = overriddenBy ?? rare?.overriddenBy ?? []
        rare = r == nil && l == nil && o.isEmpty ? nil : Rare(repeatMilliseconds: r, layoutAllowance: l, overriddenBy: o)
    }
}

/// A later layer's binding or `unbind` that overrides an earlier binding where its own
/// condition holds: the earlier binding's ``Binding/condition`` is the effective one,
/// `earlier && !(condition)` simplified (Grammar.md §9). For `dump` and `explain`.
public struct Override: Sendable, Equatable {
    /// Where the overriding binding or `unbind` is written.
    public var location: SourceLocation
    /// Where it overrides: its own condition (with its block's).
    public var condition: Condition
    /// Whether it is an `unbind` (else a binding of the same role and sequence).
    public var isUnbind: Bool

    /// Makes an override record.
    public init(location: SourceLocation, condition: Condition, isUnbind: Bool) {
        self.location = location
        self.condition = condition
        self.isUnbind = isUnbind
    }
}

/// An edit-menu (`UIMenuController`) item: shown when live and some responder in the chain
/// can perform its action.
public struct EditMenuItem: Sendable, Equatable {
    public var title: String
    public var action: Int
    public var argument: ArgumentValue
    public var condition: Condition
    public init(title: String, action: Int, argument: ArgumentValue = .none, condition: Condition = .constant(true)) {
        self.title = title
        self.action = action
        self.argument = argument
        self.condition = condition
    }
}

/// A main menu or submenu: a title and its entries in declared order.
public struct Menu: Sendable, Equatable {
    public var title: String
    public var entries: [MenuEntry]
    public init(title: String, entries: [MenuEntry] = []) {
        self.title = title
        self.entries = entries
    }
}

/// One entry of a main menu.
public enum MenuEntry: Sendable, Equatable {
    case item(MenuItem)
    case submenu(Menu)
    case separator
}

/// A main-menu command; its key equivalent is also a binding (role nil) of the keymap.
public struct MenuItem: Sendable, Equatable {
    public var title: String
    public var action: Int
    public var argument: ArgumentValue
    public var keyEquivalent: Chord?
    public var condition: Condition
    /// False after `@noRemapping` on the item (Grammar.md §4.8, §7.2): the system must not
    /// remap its key equivalent for the keyboard layout (AppKit's
    /// `NSMenuItem.allowsAutomaticKeyEquivalentLocalization`, UIKit's
    /// `UIKeyCommand.allowsAutomaticLocalization`).
    public var allowsAutomaticLocalization: Bool
    /// False after `@noMirroring` or `@noRemapping` on the item: the system must not mirror its
    /// key equivalent in right-to-left interfaces (`allowsAutomaticKeyEquivalentMirroring`,
    /// `allowsAutomaticMirroring`).
    public var allowsAutomaticMirroring: Bool
    public init(
        title: String, action: Int, argument: ArgumentValue = .none, keyEquivalent: Chord? = nil,
        condition: Condition = .constant(true),
        allowsAutomaticLocalization: Bool = true, allowsAutomaticMirroring: Bool = true
    ) {
        self.title = title
        self.action = action
        self.argument = argument
        self.keyEquivalent = keyEquivalent
        self.condition = condition
        self.allowsAutomaticLocalization = allowsAutomaticLocalization
        self.allowsAutomaticMirroring = allowsAutomaticMirroring
    }
}

/// A home-screen quick action (`UIApplicationShortcutItems` entry).
public struct QuickAction: Sendable, Equatable {
    /// `UIApplicationShortcutItemType`: required, unique.
    public var type: String
    /// `UIApplicationShortcutItemTitle`: required.
    public var title: String
    public var subtitle: String?
    /// A system icon name as written (`compose`); see ``QuickActionIcons``.
    public var iconType: String?
    /// `UIApplicationShortcutItemIconFile`: overrides `iconType` when both are given.
    public var iconFile: String?
    /// `UIApplicationShortcutItemUserInfo`, in declared order.
    public var userInfo: [UserInfoEntry]
    public init(
        type: String, title: String, subtitle: String? = nil, iconType: String? = nil,
        iconFile: String? = nil, userInfo: [UserInfoEntry] = []
    ) {
        self.type = type
        self.title = title
        self.subtitle = subtitle
        self.iconType = iconType
        self.iconFile = iconFile
        self.userInfo = userInfo
    }
}

/// One key and value of a quick action's user info.
public struct UserInfoEntry: Sendable, Equatable {
    public var key: String
    public var value: UserInfoValue
    public init(key: String, value: UserInfoValue) {
        self.key = key
        self.value = value
    }
}

/// A user-info value: property-list scalars and nested dictionaries.
public indirect enum UserInfoValue: Sendable, Equatable {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    case dictionary([UserInfoEntry])
}
