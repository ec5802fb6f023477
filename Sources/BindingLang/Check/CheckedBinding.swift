import BindingRuntime

/// A binding as resolved from one file, before layering and before the model's action and
/// group indices exist. Main-menu key equivalents become these too, with `role == nil`.
struct CheckedBinding {
    var sequence: [Chord]
    /// Index into ``Scope/roles``; nil for a main-menu key equivalent.
    var role: Int?
    var action: ActionID
    var argument: ArgumentValue
    var title: String?
    /// Where the title was written (for warnings about it).
    var titleRange: SourceRange?
    /// The discoverability group (a `group`, or the top-level menu of a key equivalent), as an
    /// id in the ``GroupTable``.
    var group: Int?
    var condition: Condition
    /// The sequence (or key equivalent) as written: diagnostics point here, and its start is
    /// the binding's location in the model.
    var range: SourceRange
    /// For a key equivalent: the menu item's title, for messages.
    var menuItemTitle: String?
    /// Where the earlier files' bindings this one overrides (where its condition holds) are.
    var overrides: [SourceRange] = []
    /// The later files' bindings and `unbind`s that narrowed this one's condition: where
    /// each is, the condition it holds under, and whether it is an `unbind`.
    var overriddenBy: [(range: SourceRange, condition: Condition, isUnbind: Bool)] = []
    /// `@priority`: ask the system to deliver the key to this command before text input and
    /// focus (UIKit's `wantsPriorityOverSystemBehavior`).
    var wantsPriority = false
    /// Where `@allowReserved` was written: the author knows the system reserves the
    /// shortcut, so no warning (nil when not written).
    var allowReservedRange: SourceRange? = nil
    /// `@repeat`: the repeat window in milliseconds (nil when not repeatable).
    var repeatMilliseconds: Int? = nil
    /// Where `@timeout` was written (nil when not): the binding may be a proper prefix of
    /// longer bindings of its role (Grammar.md §4.8).
    var timeoutRange: SourceRange? = nil
    /// `@allowLayouts(…)`: the layout findings the author accepts (nil when not written).
    var layoutAllowance: LayoutAllowance? = nil
    /// False after `@noRemapping` (UIKit's `allowsAutomaticLocalization`).
    var allowsAutomaticLocalization = true
    /// False after `@noMirroring` or `@noRemapping` (UIKit's `allowsAutomaticMirroring`).
    var allowsAutomaticMirroring = true
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
