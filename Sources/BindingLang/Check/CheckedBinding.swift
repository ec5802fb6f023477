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
    /// The discoverability group title (a `group`, or the top-level menu of a key equivalent).
    var group: String?
    var condition: Condition
    /// The sequence (or key equivalent) as written: diagnostics point here, and its start is
    /// the binding's location in the model.
    var range: SourceRange
    /// For a key equivalent: the menu item's title, for messages.
    var menuItemTitle: String?
}

/// `unbind sequence` in a role.
struct CheckedUnbind {
    var role: Int
    var sequence: [Chord]
    var range: SourceRange
}

/// The key the layering rules (Grammar.md §9) and conflict rule 1 compare: role and sequence.
/// The main menu has role -1.
struct BindingKey: Hashable {
    var role: Int
    var sequence: [Chord]

    init(role: Int?, sequence: [Chord]) {
        self.role = role ?? -1
        self.sequence = sequence
    }

    init(_ binding: CheckedBinding) { self.init(role: binding.role, sequence: binding.sequence) }
}
