/// One key of the keyboard, as the input of a chord.
///
/// A character key is its Unicode scalar value (letters are always lower case: the shifted
/// letter is `shift` plus the letter). A named key (arrows, escape, f1…) has a code in
/// ``Key/namedBase`` and above, outside Unicode; a key position (a ``PhysicalKey``, whatever it
/// types) has a code at ``Key/physicalBase`` plus its HID usage. The raw value is part of the
/// table format.
public struct Key: Hashable, Sendable, Comparable {
    /// The scalar value, or a named-key code at or above ``namedBase``.
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The first code of the named keys (one past the last Unicode scalar).
    public static let namedBase: UInt32 = 0x11_0000

    /// The key that types `scalar` (upper-case letters map to their lower-case key).
    public init(character scalar: Unicode.Scalar) {
        var v = scalar.value
        if v >= 0x41 && v <= 0x5A { v += 0x20 }
        rawValue = v
    }

    /// The first code of the key positions: ``physicalBase`` plus the key's HID usage.
    public static let physicalBase: UInt32 = 0x12_0000

    /// The key at position `physical`, whatever the layout makes it type (Grammar.md §4.3).
    public init(physical: PhysicalKey) { rawValue = Key.physicalBase + UInt32(physical.usage) }

    /// Whether this is a named key rather than a character or a key position.
    public var isNamed: Bool { rawValue >= Key.namedBase && rawValue < Key.physicalBase }

    /// Whether this is a key position (``PhysicalKey``) rather than a character.
    public var isPhysical: Bool { rawValue >= Key.physicalBase }

    /// The position, for a key position.
    public var physicalKey: PhysicalKey? {
        guard isPhysical, rawValue - Key.physicalBase <= 0xFFFF else { return nil }
        return PhysicalKey(usage: UInt16(rawValue - Key.physicalBase))
    }

    /// Whether the value is a key this format knows (a Unicode scalar, a listed named key, or
    /// the position of a writing-system key).
    public var isValid: Bool {
        if isPhysical { return physicalKey?.isWritingKey == true }
        if isNamed { return Int(rawValue - Key.namedBase) < Key.named.count }
        return Unicode.Scalar(rawValue) != nil && rawValue > 0x20 || rawValue == 0x20
    }

    public static func < (a: Key, b: Key) -> Bool { a.rawValue < b.rawValue }

    /// The named keys, in code order: `named[i]` has code `namedBase + i`. Append only.
    /// Each entry is the canonical source name, the overlay glyph, and the plain name.
    public static let named: [(name: String, glyph: String, plain: String)] = {
        var keys: [(String, String, String)] = [
            ("up", "↑", "Up"), ("down", "↓", "Down"), ("left", "←", "Left"), ("right", "→", "Right"),
            ("escape", "⎋", "Esc"), ("tab", "⇥", "Tab"), ("return", "↩", "Return"),
            ("enter", "⌤", "Enter"), ("delete", "⌫", "Delete"), ("forwardDelete", "⌦", "Forward Delete"),
            ("home", "↖", "Home"), ("end", "↘", "End"), ("pageUp", "⇞", "Page Up"),
            ("pageDown", "⇟", "Page Down"), ("insert", "Ins", "Insert"), ("clear", "⌧", "Clear"),
        ]
        for n in 1...24 { keys.append(("f\(n)", "F\(n)", "F\(n)")) }
        // The other keys of UIKit's `UIKeyboardHIDUsage` (keyboard page), then consumer-page
        // keys keyboards carry for browsers and media (Grammar.md §4.3).
        keys += [
            ("help", "Help", "Help"), ("undo", "Undo", "Undo"), ("redo", "Redo", "Redo"),
            ("find", "Find", "Find"), ("menu", "Menu", "Menu"), ("contextMenu", "☰", "Context Menu"),
            ("select", "Select", "Select"), ("stop", "Stop", "Stop"), ("cut", "Cut", "Cut"),
            ("copy", "Copy", "Copy"), ("paste", "Paste", "Paste"), ("execute", "Execute", "Execute"),
            ("cancel", "Cancel", "Cancel"), ("power", "Power", "Power"), ("printScreen", "PrtSc", "Print Screen"),
            ("scrollLock", "ScrLk", "Scroll Lock"), ("pause", "Pause", "Pause"), ("mute", "🔇", "Mute"),
            ("volumeUp", "🔊", "Volume Up"), ("volumeDown", "🔉", "Volume Down"),
            ("back", "Back", "Back"), ("forward", "Forward", "Forward"), ("refresh", "Refresh", "Refresh"),
            ("mediaPlayPause", "⏯", "Play/Pause"), ("mediaNext", "⏭", "Next Track"),
            ("mediaPrevious", "⏮", "Previous Track"), ("mediaStop", "⏹", "Stop Media"),
        ]
        return keys
    }()

    /// Code of the named key `name`, if it is one (canonical names only).
    public static func namedCode(_ name: String) -> Key? {
        guard let i = named.firstIndex(where: { $0.name == name }) else { return nil }
        return Key(rawValue: namedBase + UInt32(i))
    }

    public static let upArrow = namedCode("up")!
    public static let downArrow = namedCode("down")!
    public static let leftArrow = namedCode("left")!
    public static let rightArrow = namedCode("right")!
    public static let escape = namedCode("escape")!
    public static let tab = namedCode("tab")!
    public static let `return` = namedCode("return")!
    public static let enter = namedCode("enter")!
    public static let delete = namedCode("delete")!
    public static let forwardDelete = namedCode("forwardDelete")!
    public static let space = Key(rawValue: 0x20)

    /// Aliases accepted in source for named keys and for punctuation that is awkward to
    /// write bare, mapped to the key they mean.
    public static let aliases: [String: Key] = {
        var a: [String: Key] = [:]
        for (i, k) in named.enumerated() { a[k.name] = Key(rawValue: namedBase + UInt32(i)) }
        let extra: [(String, String)] = [
            ("esc", "escape"), ("backspace", "delete"), ("del", "forwardDelete"),
            ("arrowUp", "up"), ("arrowDown", "down"), ("arrowLeft", "left"), ("arrowRight", "right"),
            ("pageup", "pageUp"), ("pagedown", "pageDown"), ("ret", "return"),
            ("again", "redo"), ("application", "contextMenu"), ("browserBack", "back"),
            ("browserForward", "forward"), ("playPause", "mediaPlayPause"),
        ]
        for (alias, name) in extra { a[alias] = a[name] }
        let punctuation: [(String, Character)] = [
            ("space", " "), ("comma", ","), ("period", "."), ("slash", "/"), ("backslash", "\\"),
            ("semicolon", ";"), ("quote", "'"), ("backquote", "`"), ("minus", "-"), ("equal", "="),
            ("plus", "+"), ("bracketLeft", "["), ("bracketRight", "]"),
        ]
        for (name, c) in punctuation { a[name] = Key(character: c.unicodeScalars.first!) }
        for p in PhysicalKey.all where p.isWritingKey && p.code != "Space" { a[p.code] = Key(physical: p) }
        return a
    }()

    /// Keys that can come from a numeric keypad (`numpad+` is impossible with any other).
    public var isOnNumericPad: Bool {
        if self == .enter || self == Key.namedCode("clear") { return true }
        guard !isNamed, let s = Unicode.Scalar(rawValue) else { return false }
        return "0123456789.+-*/=".unicodeScalars.contains(s)
    }

    /// The canonical source spelling: a name for named keys, key positions and space, the bare character
    /// for letters and digits, a string literal (``SourceLiteral/quoted(_:alsoEscaping:)``:
    /// `"["`, `"\""`, `"\u{7F}"`, `"\u{2028}"`) for other characters.
    public var sourceName: String {
        if isPhysical { return physicalKey?.code ?? "?" }
        if isNamed { return Key.named[Int(rawValue - Key.namedBase)].name }
        if rawValue == 0x20 { return "space" }
        guard let s = Unicode.Scalar(rawValue) else { return "?" }
        if (s >= "a" && s <= "z") || (s >= "0" && s <= "9") { return String(Character(s)) }
        // Escaped as every string is printed (the line separator, a table's stray control key).
        return SourceLiteral.quoted(String(s))
    }

    /// The overlay glyph (↑, ⎋, F5, the upper-cased character, or a key position's US
    /// character in brackets, `[H]`; ``Chord/glyphs(on:)`` shows what a layout types instead).
    public var glyph: String {
        if isPhysical { return "[" + (physicalKey?.usCharacter.map { String(Character($0)).uppercased() } ?? physicalKey?.code ?? "?") + "]" }
        if isNamed { return Key.named[Int(rawValue - Key.namedBase)].glyph }
        if rawValue == 0x20 { return "Space" }
        guard let s = Unicode.Scalar(rawValue) else { return "?" }
        return String(Character(s)).uppercased()
    }

    /// The plain-text name (Up, Esc, F5, or the upper-cased character).
    public var plainName: String {
        if isPhysical { return physicalKey?.code ?? "?" }
        if isNamed { return Key.named[Int(rawValue - Key.namedBase)].plain }
        return glyph
    }
}
