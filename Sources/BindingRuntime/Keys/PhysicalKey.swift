/// One physical key of the keyboard, whatever it types: a USB HID usage (page 7, Keyboard),
/// named as the web's `KeyboardEvent.code` names it (`KeyA`, `BracketLeft`, `Digit1`,
/// `IntlBackslash`). The name is the key's position on a US keyboard, not what it types: `KeyQ`
/// types `a` on a French keyboard. UIKit's `UIKeyboardHIDUsage` uses the same numbers.
public struct PhysicalKey: Hashable, Sendable, Comparable {
    /// The HID usage (page 7).
    public let usage: UInt16

    /// The key with HID usage `usage`, if the table below lists it.
    public init?(usage: UInt16) {
        guard PhysicalKey.index[usage] != nil else { return nil }
        self.usage = usage
    }

    private init(known usage: UInt16) { self.usage = usage }

    /// The key `KeyboardEvent.code` calls `code` (`"KeyA"`), if listed.
    public init?(code: String) {
        guard let usage = PhysicalKey.byCode[code] else { return nil }
        self.usage = usage
    }

    public static func < (a: PhysicalKey, b: PhysicalKey) -> Bool { a.usage < b.usage }

    /// The `KeyboardEvent.code` name.
    public var code: String { PhysicalKey.table[PhysicalKey.index[usage] ?? 0].code }

    /// What the key types on a US keyboard without Shift, for the writing-system keys (the
    /// character the dispatcher falls back to on non-Latin layouts, Grammar.md §5).
    public var usCharacter: Unicode.Scalar? {
        let v = PhysicalKey.table[PhysicalKey.index[usage] ?? 0].us
        return v == 0 ? nil : Unicode.Scalar(v)
    }

    /// The named key (``Key/escape``, ``Key/upArrow``, F5…) this key is on every layout, for
    /// keys that type no character.
    public var namedKey: Key? {
        let name = PhysicalKey.table[PhysicalKey.index[usage] ?? 0].named
        return name.isEmpty ? nil : Key.namedCode(name)
    }

    /// Whether the key types characters that depend on the layout (letters, digits,
    /// punctuation, the ISO and JIS extra keys).
    public var isWritingKey: Bool { usCharacter != nil || self == .intlBackslash || self == .intlRo || self == .intlYen }

    /// Every listed key, in usage order.
    public static let all: [PhysicalKey] = table.map { PhysicalKey(known: $0.usage) }

    /// The key left of `Z` on ISO keyboards (`<` on German ones).
    public static let intlBackslash = PhysicalKey(known: 0x64)
    /// The key left of right Shift on JIS keyboards.
    public static let intlRo = PhysicalKey(known: 0x87)
    /// The key left of Backspace on JIS keyboards.
    public static let intlYen = PhysicalKey(known: 0x89)

    // MARK: - The table

    /// Usage, `KeyboardEvent.code`, US character (0 for none), named key (empty for none).
    static let table: [(usage: UInt16, code: String, us: UInt32, named: String)] = {
        var t: [(UInt16, String, UInt32, String)] = []
        for (i, letter) in "abcdefghijklmnopqrstuvwxyz".unicodeScalars.enumerated() {
            t.append((UInt16(0x04 + i), "Key" + String(Character(letter)).uppercased(), letter.value, ""))
        }
        for (i, digit) in "1234567890".unicodeScalars.enumerated() {
            t.append((UInt16(0x1E + i), "Digit" + String(Character(digit)), digit.value, ""))
        }
        let keys: [(UInt16, String, String, String)] = [
            (0x28, "Enter", "", "return"), (0x29, "Escape", "", "escape"), (0x2A, "Backspace", "", "delete"),
            (0x2B, "Tab", "", "tab"), (0x2C, "Space", " ", ""), (0x2D, "Minus", "-", ""),
            (0x2E, "Equal", "=", ""), (0x2F, "BracketLeft", "[", ""), (0x30, "BracketRight", "]", ""),
            (0x31, "Backslash", "\\", ""), (0x33, "Semicolon", ";", ""), (0x34, "Quote", "'", ""),
            (0x35, "Backquote", "`", ""), (0x36, "Comma", ",", ""), (0x37, "Period", ".", ""),
            (0x38, "Slash", "/", ""), (0x39, "CapsLock", "", ""),
            (0x46, "PrintScreen", "", ""), (0x47, "ScrollLock", "", ""), (0x48, "Pause", "", ""),
            (0x49, "Insert", "", "insert"), (0x4A, "Home", "", "home"), (0x4B, "PageUp", "", "pageUp"),
            (0x4C, "Delete", "", "forwardDelete"), (0x4D, "End", "", "end"), (0x4E, "PageDown", "", "pageDown"),
            (0x4F, "ArrowRight", "", "right"), (0x50, "ArrowLeft", "", "left"), (0x51, "ArrowDown", "", "down"),
            (0x52, "ArrowUp", "", "up"), (0x53, "NumLock", "", "clear"),
            (0x54, "NumpadDivide", "", ""), (0x55, "NumpadMultiply", "", ""), (0x56, "NumpadSubtract", "", ""),
            (0x57, "NumpadAdd", "", ""), (0x58, "NumpadEnter", "", "enter"),
            (0x59, "Numpad1", "", ""), (0x5A, "Numpad2", "", ""), (0x5B, "Numpad3", "", ""),
            (0x5C, "Numpad4", "", ""), (0x5D, "Numpad5", "", ""), (0x5E, "Numpad6", "", ""),
            (0x5F, "Numpad7", "", ""), (0x60, "Numpad8", "", ""), (0x61, "Numpad9", "", ""),
            (0x62, "Numpad0", "", ""), (0x63, "NumpadDecimal", "", ""), (0x64, "IntlBackslash", "", ""),
            (0x65, "ContextMenu", "", ""), (0x67, "NumpadEqual", "", ""),
            (0x87, "IntlRo", "", ""), (0x88, "KanaMode", "", ""), (0x89, "IntlYen", "", ""),
            (0x8A, "Convert", "", ""), (0x8B, "NonConvert", "", ""), (0x90, "Lang1", "", ""), (0x91, "Lang2", "", ""),
            (0xE0, "ControlLeft", "", ""), (0xE1, "ShiftLeft", "", ""), (0xE2, "AltLeft", "", ""),
            (0xE3, "MetaLeft", "", ""), (0xE4, "ControlRight", "", ""), (0xE5, "ShiftRight", "", ""),
            (0xE6, "AltRight", "", ""), (0xE7, "MetaRight", "", ""),
        ]
        for (usage, code, us, named) in keys { t.append((usage, code, us.unicodeScalars.first?.value ?? 0, named)) }
        for n in 1...12 { t.append((UInt16(0x39 + n), "F\(n)", 0, "f\(n)")) }
        for n in 13...24 { t.append((UInt16(0x68 + n - 13), "F\(n)", 0, "f\(n)")) }
        return t.sorted { $0.0 < $1.0 }.map { (usage: $0.0, code: $0.1, us: $0.2, named: $0.3) }
    }()

    /// Table row of each usage.
    static let index: [UInt16: Int] = {
        var d: [UInt16: Int] = [:]
        for (i, row) in table.enumerated() { d[row.usage] = i }
        return d
    }()

    /// Usage of each `KeyboardEvent.code` name.
    static let byCode: [String: UInt16] = {
        var d: [String: UInt16] = [:]
        for row in table { d[row.code] = row.usage }
        return d
    }()
}
