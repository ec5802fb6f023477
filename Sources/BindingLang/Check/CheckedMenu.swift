import BindingRuntime

/// A main menu or submenu as resolved from one file; actions are still ``ActionID``s.
struct CheckedMenu {
    var title: String
    /// The title literal: layering and duplicate checks point here.
    var titleRange: SourceRange
    var entries: [CheckedMenuEntry]
}

/// One entry of a ``CheckedMenu``.
enum CheckedMenuEntry {
    case item(CheckedMenuItem)
    case submenu(CheckedMenu)
    case separator
}

/// A main-menu item; a key equivalent also makes it a binding.
struct CheckedMenuItem {
    var title: String
    var titleRange: SourceRange
    var action: ActionID
    var argument: ArgumentValue
    var keyEquivalent: Chord?
    var keyRange: SourceRange?
    var condition: Condition
    /// Where `@allowReserved` was written on the item: its key equivalent is a shortcut the
    /// system reserves, kept knowingly.
    var allowReservedRange: SourceRange? = nil
    /// `@allowLayouts(…)` on the item (nil when not written).
    var layoutAllowance: LayoutAllowance? = nil
    /// False after `@noRemapping` on the item.
    var allowsAutomaticLocalization = true
    /// False after `@noMirroring` or `@noRemapping` on the item.
    var allowsAutomaticMirroring = true
    /// Its condition is never true (warned about): it is never enabled.
    var neverEnabled = false
}

/// An edit-menu item.
struct CheckedEditItem {
    var title: String
    var action: ActionID
    var argument: ArgumentValue
    var condition: Condition
}
