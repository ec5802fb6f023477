/// The modifier keys of a chord, with UIKit's `UIKeyModifierFlags` meanings.
///
/// The raw bits are part of the table format: never renumber them.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// ⇧ Shift.
    public static let shift = Modifiers(rawValue: 1 << 0)
    /// ⌃ Control.
    public static let control = Modifiers(rawValue: 1 << 1)
    /// ⌥ Option (UIKit's `.alternate`).
    public static let alternate = Modifiers(rawValue: 1 << 2)
    /// ⌘ Command.
    public static let command = Modifiers(rawValue: 1 << 3)
    /// Caps Lock pressed with the key (UIKit's `.alphaShift`).
    public static let capsLock = Modifiers(rawValue: 1 << 4)
    /// The input comes from the numeric keypad (UIKit's `.numericPad`).
    public static let numericPad = Modifiers(rawValue: 1 << 5)

    /// Every valid bit; anything else in a table is corruption.
    public static let all: Modifiers = [.shift, .control, .alternate, .command, .capsLock, .numericPad]

    /// The modifiers in canonical order (Apple's ⌃⌥⇧⌘, then caps lock and keypad), with the
    /// canonical source spelling and the glyph used in overlays.
    public static let canonicalOrder: [(modifier: Modifiers, name: String, glyph: String)] = [
        (.control, "ctrl", "⌃"),
        (.alternate, "alt", "⌥"),
        (.shift, "shift", "⇧"),
        (.command, "cmd", "⌘"),
        (.capsLock, "capsLock", "⇪"),
        (.numericPad, "numpad", "⌨"),
    ]

    /// Every accepted spelling of a modifier in source, mapped to its flag. `primary` is not
    /// here: it depends on the platform (see ``Platform/primaryModifier``).
    public static let spellings: [String: Modifiers] = [
        "cmd": .command, "command": .command, "⌘": .command,
        "alt": .alternate, "option": .alternate, "opt": .alternate, "⌥": .alternate,
        "shift": .shift, "⇧": .shift,
        "ctrl": .control, "control": .control, "⌃": .control,
        "capsLock": .capsLock, "alphaShift": .capsLock, "⇪": .capsLock,
        "numpad": .numericPad, "numericPad": .numericPad,
    ]

    /// Spellings that other keymaps use for different modifiers, so that any one meaning
    /// would surprise someone: `meta` is Alt to Emacs, readline and tmux but ⌘ to others;
    /// `super` is the Windows/Linux logo key, which UIKit has no modifier for, or ⌘ on an
    /// Apple keyboard. They are errors, never silently one of them; each maps to the canonical
    /// spellings it may have meant (the fix-its offered).
    public static let ambiguousSpellings: [String: [String]] = ["meta": ["alt", "cmd"], "super": ["cmd"]]
}

/// The platform a table is compiled for; it decides what the `primary` modifier means.
public enum Platform: String, Sendable, CaseIterable {
    /// Apple platforms: `primary` is ⌘ Command.
    case apple
    /// Every other platform: `primary` is Control.
    case other

    /// The modifier that `primary` stands for on this platform.
    public var primaryModifier: Modifiers { self == .apple ? .command : .control }
}
