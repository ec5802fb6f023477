import BindingRuntime

/// The keys UIKit gives to text input and the focus system before any key command (iPadOS 15
/// and later), unless the command asks for priority: Apple's documentation of
/// `UIKeyCommand.wantsPriorityOverSystemBehavior` says physical keyboard events go to text
/// input or focus first, and to the app's key commands only when those do not handle them.
/// This is the rule `@priority` (Grammar.md §4.8) answers.
public enum TextInputKeys {
    /// What text input or focus does with `chord` when it gets it first, or nil when it lets
    /// key commands have it (any chord with ⌃, and ⌘ with anything but the editing keys).
    /// A numeric-keypad key is handled as its main-keyboard counterpart: `numpad+1` types
    /// text as `1` does, `numpad+enter` inserts a line break as `enter` does.
    public static func handling(_ chord: Chord) -> String? {
        let m = chord.modifiers.subtracting([.capsLock, .numericPad])
        let key = chord.key
        if m.contains(.control) { return nil }
        switch key {
        case .upArrow, .downArrow, .leftArrow, .rightArrow:
            if m.contains(.alternate) && m.contains(.command) { return nil }
            return m.contains(.shift) ? "extends the text selection" : "moves the insertion point or the focus"
        case Self.home, Self.end, Self.pageUp, Self.pageDown:
            return m.isSubset(of: .shift) ? "moves the insertion point or scrolls" : nil
        case .delete:
            return m.isSubset(of: [.alternate]) || m == .command ? "deletes text" : nil
        case .forwardDelete:
            return m.isEmpty ? "deletes text" : nil
        case .return, .enter:
            return m.isSubset(of: .shift) ? "inserts a line break or activates the focused control" : nil
        case .tab:
            return m.isSubset(of: .shift) ? "moves the focus or inserts a tab" : nil
        case .escape:
            return nil
        default:
            if key.isNamed { return nil }
            // A character: typed as text; with ⌥ a special character.
            return m.isSubset(of: [.shift, .alternate]) ? "types it as text" : nil
        }
    }

    private static let home = Key.namedCode("home")!
    private static let end = Key.namedCode("end")!
    private static let pageUp = Key.namedCode("pageUp")!
    private static let pageDown = Key.namedCode("pageDown")!
}
