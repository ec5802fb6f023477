import BindingRuntime

/// A binding as resolved from one file, before layering and before the model's action and
/// group indices exist. Main-menu key equivalents become these too, with `role == nil`.
///
/// 96 bytes: the checker holds one per binding beside the syntax trees, and the conflict
/// checks read them all in sorted order. Indices are stored in 32 bits, the title's range as
/// offsets in the binding's file, and what few bindings have (attributes' ranges, layering's
/// records, a menu item's title) in one shared box (``Rare``), copied on write.
struct CheckedBinding {
    var sequence: [Chord]
    var condition: Condition
    var title: String?
    var argument: ArgumentValue
    /// The sequence (or key equivalent) as written: diagnostics point here, and its start is
    /// the binding's location in the model.
    var range: SourceRange
    private var roleCode = OptionalIndex32(nil)
    private var groupCode = OptionalIndex32(nil)
    /// A declared action's index, or `-1 - index` of a standard one.
    private var actionCode: Int32
    private var titleStart: UInt32 = 0
    private var titleEnd: UInt32 = 0
    private var flags = FlagByte()
    private var rare: Rare?

    init(sequence: [Chord], role: Int?, action: ActionID, argument: ArgumentValue, title: String?,
         titleRange: SourceRange?, group: Int?, condition: Condition, range: SourceRange, menuItemTitle: String? = nil,
         wantsPriority: Bool = false, allowReservedRange: SourceRange? = nil, repeatMilliseconds: Int? = nil,
         timeoutRange: SourceRange? = nil, layoutAllowance: LayoutAllowance? = nil,
         allowsAutomaticLocalization: Bool = true, allowsAutomaticMirroring: Bool = true) {
        self.sequence = sequence
        self.condition = condition
        self.title = title
        self.argument = argument
        self.range = range
        actionCode = 0
        self.role = role
        self.group = group
        self.action = action
        self.titleRange = titleRange
        self.wantsPriority = wantsPriority
        self.allowsAutomaticLocalization = allowsAutomaticLocalization
        self.allowsAutomaticMirroring = allowsAutomaticMirroring
        if menuItemTitle != nil || allowReservedRange != nil || repeatMilliseconds != nil || timeoutRange != nil
            || layoutAllowance != nil {
            rare = Rare(menuItemTitle: menuItemTitle, allowReservedRange: allowReservedRange,
                        repeatMilliseconds: repeatMilliseconds, timeoutRange: timeoutRange, layoutAllowance: layoutAllowance)
        }
    }

    /// Index into ``Scope/roles``; nil for a main-menu key equivalent.
    var role: Int? {
        get { roleCode.value }
        set { roleCode.value = newValue }
    }

    /// The discoverability group (a `group`, or the top-level menu of a key equivalent), as an
    /// id in the ``GroupTable``.
    var group: Int? {
        get { groupCode.value }
        set { groupCode.value = newValue }
    }

    var action: ActionID {
        get { actionCode >= 0 ? .declared(Int(actionCode)) : .standard(Int(-1 - actionCode)) }
        set {
            switch newValue {
            case .declared(let i): actionCode = Int32(truncatingIfNeeded: i)
            case .standard(let i): actionCode = -1 - Int32(truncatingIfNeeded: i)
            }
        }
    }

    /// Where the title was written (for warnings about it); in the binding's file.
    var titleRange: SourceRange? {
        get { flags[Self.hasTitleRange] ? SourceRange(file: range.file, start: Int(titleStart), end: Int(titleEnd)) : nil }
        set {
            flags[Self.hasTitleRange] = newValue != nil
            titleStart = UInt32(truncatingIfNeeded: newValue?.start ?? 0)
            titleEnd = UInt32(truncatingIfNeeded: newValue?.end ?? 0)
        }
    }

    /// `@priority`: ask the system to deliver the key to this command before text input and
    /// focus (UIKit's `wantsPriorityOverSystemBehavior`).
    var wantsPriority: Bool {
        get { flags[Self.priority] }
        set { flags[Self.priority] = newValue }
    }

    /// False after `@noRemapping` (UIKit's `allowsAutomaticLocalization`).
    var allowsAutomaticLocalization: Bool {
        get { !flags[Self.noLocalization] }
        set { flags[Self.noLocalization] = !newValue }
    }

    /// False after `@noMirroring` or `@noRemapping` (UIKit's `allowsAutomaticMirroring`).
    var allowsAutomaticMirroring: Bool {
        get { !flags[Self.noMirroring] }
        set { flags[Self.noMirroring] = !newValue }
    }

    /// Its condition (with its block's, or its menu item's) is never true, which was warned
    /// about: the warnings about the system taking its strokes leave it out.
    var neverChosen: Bool {
        get { flags[Self.neverTrue] }
        set { flags[Self.neverTrue] = newValue }
    }

    /// For a key equivalent: the menu item's title, for messages.
    var menuItemTitle: String? {
        get { rare?.menuItemTitle }
        set { setRare(\.menuItemTitle, newValue) }
    }

    /// Where the earlier files' bindings this one overrides (where its condition holds) are.
    /// (Set in full: a box is made only for a non-empty list. Appended to: in place.)
    var overrides: [SourceRange] {
        get { rare?.overrides ?? [] }
        set { if !newValue.isEmpty || rare != nil { writableRare().overrides = newValue } }
        _modify {
            let box = writableRare()
            yield &box.overrides
        }
    }

    /// The later files' bindings and `unbind`s that narrowed this one's condition: where
    /// each is, the condition it holds under, and whether it is an `unbind`.
    var overriddenBy: [(range: SourceRange, condition: Condition, isUnbind: Bool)] {
        get { rare?.overriddenBy ?? [] }
        set { if !newValue.isEmpty || rare != nil { writableRare().overriddenBy = newValue } }
        _modify {
            let box = writableRare()
            yield &box.overriddenBy
        }
    }

    /// Where `@allowReserved` was written: the author knows the system reserves the
    /// shortcut, so no warning (nil when not written).
    var allowReservedRange: SourceRange? {
        get { rare?.allowReservedRange }
        set { setRare(\.allowReservedRange, newValue) }
    }

    /// `@repeat`: the repeat window in milliseconds (nil when not repeatable).
    var repeatMilliseconds: Int? {
        get { rare?.repeatMilliseconds }
        set { setRare(\.repeatMilliseconds, newValue) }
    }

    /// Where `@timeout` was written (nil when not): the binding may be a proper prefix of
    /// longer bindings of its role (Grammar.md §4.8).
    var timeoutRange: SourceRange? {
        get { rare?.timeoutRange }
        set { setRare(\.timeoutRange, newValue) }
    }

    /// `@allowLayouts(…)`: the layout findings the author accepts (nil when not written).
    var layoutAllowance: LayoutAllowance? {
        get { rare?.layoutAllowance }
        set { setRare(\.layoutAllowance, newValue) }
    }

    private static let hasTitleRange: UInt8 = 1
    private static let priority: UInt8 = 2
    private static let noLocalization: UInt8 = 4
    private static let noMirroring: UInt8 = 8
    private static let neverTrue: UInt8 = 16

    /// What few bindings have, out of line.
    private final class Rare {
        var menuItemTitle: String?
        var overrides: [SourceRange] = []
        var overriddenBy: [(range: SourceRange, condition: Condition, isUnbind: Bool)] = []
        var allowReservedRange: SourceRange?
        var repeatMilliseconds: Int?
        var timeoutRange: SourceRange?
        var layoutAllowance: LayoutAllowance?

        init(menuItemTitle: String? = nil, allowReservedRange: SourceRange? = nil, repeatMilliseconds: Int? = nil,
             timeoutRange: SourceRange? = nil, layoutAllowance: LayoutAllowance? = nil) {
            self.menuItemTitle = menuItemTitle
            self.allowReservedRange = allowReservedRange
            self.repeatMilliseconds = repeatMilliseconds
            self.timeoutRange = timeoutRange
            self.layoutAllowance = layoutAllowance
        }

        func copy() -> Rare {
            let c = Rare(menuItemTitle: menuItemTitle, allowReservedRange: allowReservedRange,
                         repeatMilliseconds: repeatMilliseconds, timeoutRange: timeoutRange, layoutAllowance: layoutAllowance)
            c.overrides = overrides
            c.overriddenBy = overriddenBy
            return c
        }
    }

    /// Sets one optional field of the box, making a box only for a value.
    private mutating func setRare<T>(_ field: ReferenceWritableKeyPath<Rare, T?>, _ value: T?) {
        if value != nil || rare != nil { writableRare()[keyPath: field] = value }
    }

    /// The box, made or copied so that this binding holds the only reference.
    private mutating func writableRare() -> Rare {
        if rare == nil {
            rare = Rare()
        } else if !isKnownUniquelyReferenced(&rare) {
            rare = rare.unsafelyUnwrapped.copy()
        }
        return rare.unsafelyUnwrapped
    }
}

/// `unbind sequence [when expr]` in a role.
struct CheckedUnbind {
    var role: Int
    var sequence: [Chord]
    /// Where it applies: the block's condition and-ed with its own.
    var condition: Condition
    var range: SourceRange
}

/// The key the layering rules (Grammar.md §9) and the conflict rules compare: role and
/// sequence. The main menu has role -1. Compact and cheap to hash: the first two strokes are
/// packed into one integer, so most keys allocate nothing.
struct BindingKey: Hashable {
    var role: Int32
    var count: Int32
    /// The codes of the first two strokes (zero where absent).
    var packed: UInt64
    /// The codes of the strokes after the second.
    var rest: [UInt32]

    init<C: Collection>(role: Int?, sequence: C) where C.Element == Chord {
        self.role = Int32(truncatingIfNeeded: role ?? -1)
        count = Int32(truncatingIfNeeded: sequence.count)
        var packed: UInt64 = 0
        var rest: [UInt32] = []
        for (i, chord) in sequence.enumerated() {
            switch i {
            case 0: packed = UInt64(chord.code)
            case 1: packed |= UInt64(chord.code) << 32
            default: rest.append(chord.code)
            }
        }
        self.packed = packed
        self.rest = rest
    }

    init(_ binding: CheckedBinding) { self.init(role: binding.role, sequence: binding.sequence) }
}
