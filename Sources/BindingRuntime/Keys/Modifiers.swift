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

    /// The canonical spellings `name` may have meant when it spells an ambiguous modifier in
    /// any case (`meta`, `Meta`, `SUPER`: other keymaps capitalise them); nil otherwise.
    public static func ambiguousReadings(of name: String) -> [String]? {
        ambiguousSpellings[name] ?? ambiguousSpellings[name.lowercased()]
    }
}

/// The platform a table is compiled for. It decides what the `primary` modifier means, the
/// value of the built-in `platform` condition (Grammar.md §4.7), and which system shortcuts
/// the checker warns about.
///
/// The raw values are the names the language and `bindc --platform` use; the table stores
/// ``tableCode``.
public enum Platform: String, Sendable, CaseIterable {
    /// macOS (AppKit, or UIKit apps running on the Mac): `primary` is ⌘ Command.
    case macOS
    /// iPadOS (UIKit with a hardware keyboard): `primary` is ⌘ Command.
    case iPadOS
    /// Windows: `primary` is Control.
    case windows
    /// Linux desktops (GNOME, KDE Plasma): `primary` is Control.
    case linux

    /// The name `--platform apple` stood for before platforms were named: macOS.
    public static let apple = Platform.macOS
    /// The name `--platform other` stood for before platforms were named: Linux.
    public static let other = Platform.linux

    /// The platform's name in messages: `macOS`, `iPadOS`, `Windows`, `Linux`.
    public var displayName: String {
        switch self {
        case .macOS, .iPadOS: rawValue
        case .windows: "Windows"
        case .linux: "Linux"
        }
    }

    /// Whether this is one of Apple's platforms (⌘ is the command modifier).
    public var isApple: Bool { self == .macOS || self == .iPadOS }

    /// The modifier that `primary` stands for on this platform.
    public var primaryModifier: Modifiers { isApple ? .command : .control }

    /// Looks a platform up by name, ignoring case (`macos`, `iPadOS`, `Windows`), and also
    /// accepts the older names `apple` (macOS) and `other` (Linux).
    public init?(name: String) {
        switch name.lowercased() {
        case "macos", "apple": self = .macOS
        case "ipados": self = .iPadOS
        case "windows": self = .windows
        case "linux", "other": self = .linux
        default: return nil
        }
    }

    /// The value stored in the table's `META` record: 0 macOS, 1 Linux, 2 iPadOS, 3 Windows
    /// (0 and 1 are what `apple` and `other` were).
    public var tableCode: UInt32 {
        switch self {
        case .macOS: 0
        case .linux: 1
        case .iPadOS: 2
        case .windows: 3
        }
    }

    /// The platform stored as `code` in a table; nil for an unknown code.
    public init?(tableCode code: UInt32) {
        switch code {
        case 0: self = .macOS
        case 1: self = .linux
        case 2: self = .iPadOS
        case 3: self = .windows
        default: return nil
        }
    }
}
