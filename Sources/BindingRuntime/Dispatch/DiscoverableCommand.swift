/// One entry of the discoverability overlay (Grammar.md §6): a titled binding that a press
/// of its sequence would perform right now.
public struct DiscoverableCommand: Sendable, Equatable {
    /// The discoverability title.
    public let title: String
    /// The group title, or nil for ungrouped commands (listed first).
    public let group: String?
    /// The strokes.
    public let sequence: [Chord]
    /// The strokes as glyphs, joined with spaces (`⌃K ⌃C`).
    public let glyphs: String
    /// The strokes as plain text, joined with spaces (`Ctrl+K Ctrl+C`).
    public let plainText: String
    /// The action and argument a press would send.
    public let action: ActionInvocation
    /// The binding's index in the table.
    public let bindingIndex: Int
    /// Where the binding was written, when the table has a source map.
    public let location: TableLocation?
    /// `@priority`: a `UIKeyCommand` built for this command sets
    /// `wantsPriorityOverSystemBehavior` (iOS 15) from this.
    public var wantsPriorityOverSystemBehavior: Bool { attributes.wantsPriority }
    /// False after `@noRemapping`: a `UIKeyCommand` built for this command sets
    /// `allowsAutomaticLocalization` (iOS 15) from this.
    public var allowsAutomaticLocalization: Bool { attributes.localization }
    /// False after `@noMirroring` or `@noRemapping`: a `UIKeyCommand` built for this command
    /// sets `allowsAutomaticMirroring` (iOS 15) from this.
    public var allowsAutomaticMirroring: Bool { attributes.mirroring }
    let attributes: KeyCommandAttributes
}

/// What a binding's attributes ask of the key command an app builds for it.
struct KeyCommandAttributes: Sendable, Equatable {
    var wantsPriority: Bool
    var localization: Bool
    var mirroring: Bool

    /// Binding `index`'s attributes in `table`.
    init(binding index: Int, in table: BindingTable) {
        wantsPriority = table.wantsPriorityOverSystemBehavior(binding: index)
        localization = table.allowsAutomaticLocalization(binding: index)
        mirroring = table.allowsAutomaticMirroring(binding: index)
    }
}

/// A stroke that continues the pending sequence (Grammar.md §5, last paragraph).
public struct SequenceContinuation: Sendable, Equatable {
    /// The next stroke.
    public let chord: Chord
    /// The stroke as glyphs (`⌃C`).
    public let glyphs: String
    /// The stroke as plain text (`Ctrl+C`).
    public let plainText: String
    /// The title of the binding this stroke completes, when it completes a titled one.
    public let title: String?
    /// The group of that binding.
    public let group: String?
    /// The action this stroke would perform, when it completes a binding (nil when the
    /// sequence continues further).
    public let action: ActionInvocation?
}

/// An edit-menu item to show now (Grammar.md §7.1).
public struct EditMenuCommand: Sendable, Equatable {
    /// The item's title.
    public let title: String
    /// The action and argument the item sends.
    public let action: ActionInvocation
    /// The item's index in the table's edit menu.
    public let index: Int
}

/// A main menu or submenu with the state of its items now (Grammar.md §7.2).
public struct MenuState: Sendable, Equatable {
    /// The title.
    public let title: String
    /// The entries in declared order.
    public let entries: [MenuEntryState]
}

/// One entry of a ``MenuState``.
public enum MenuEntryState: Sendable, Equatable {
    case item(MenuItemState)
    case submenu(MenuState)
    case separator
}

/// A main-menu command with its enabled state and key equivalent.
public struct MenuItemState: Sendable, Equatable {
    /// The title.
    public let title: String
    /// The action and argument the item sends.
    public let action: ActionInvocation
    /// The key equivalent, if any.
    public let keyEquivalent: Chord?
    /// The key equivalent as glyphs (`⌘T`).
    public let keyGlyphs: String?
    /// The key equivalent as plain text (`Cmd+T`).
    public let keyPlainText: String?
    /// Whether the item's condition holds and some responder in the chain can perform it.
    public let isEnabled: Bool
    /// False after `@noRemapping` on the item: set AppKit's
    /// `allowsAutomaticKeyEquivalentLocalization` (macOS 12) or UIKit's
    /// `allowsAutomaticLocalization` (iOS 15) from this.
    public let allowsAutomaticLocalization: Bool
    /// False after `@noMirroring` or `@noRemapping` on the item: set
    /// `allowsAutomaticKeyEquivalentMirroring` or `allowsAutomaticMirroring` from this.
    public let allowsAutomaticMirroring: Bool
}
