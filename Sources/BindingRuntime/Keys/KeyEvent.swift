/// A key press as the app receives it: the key, the modifiers held, and when it happened;
/// optionally also the physical key pressed, which lets the dispatcher match bindings of key
/// positions and fall back to the US character on non-Latin layouts (Grammar.md §5).
public struct KeyEvent: Sendable, Equatable {
    /// The chord pressed, by the character typed (or the named key).
    public let chord: Chord
    /// Seconds on any monotonic clock the app chooses: for sequence timeouts and `@repeat` windows.
    public let timestamp: Double
    /// The physical key, when the platform reports it (UIKit's `UIKey.keyCode`).
    public let physicalKey: PhysicalKey?
    /// The chord by the physical key's US character, when the press is on a non-Latin layout
    /// and typed something else (`с` on a Russian keyboard gives `c`, `/` on the Hebrew Q key
    /// gives `q`); nil otherwise. The dispatcher tries it when ``chord`` finds nothing.
    public let fallback: Chord?
    /// The press's second name when Shift is held on a key that types another character with
    /// Shift (Grammar.md §5, Shift and the character): `shift+` the key's character without
    /// Shift, so that a press of Shift+Cmd+] on a US keyboard is `cmd+"}"` (``chord``) and
    /// also `cmd+shift+"]"`; nil otherwise. The dispatcher tries it right after ``chord``.
    public let shiftAlternate: Chord?
    /// The chord by the key's position with the modifiers held (`ctrl+shift+KeyC`), when the
    /// app reports the physical key; the dispatcher tries it after ``chord`` and
    /// ``shiftAlternate``.
    public let keyPosition: Chord?

    public init(_ chord: Chord, timestamp: Double = 0) {
        self.chord = chord
        self.timestamp = timestamp
        physicalKey = nil
        fallback = nil
        shiftAlternate = nil
        keyPosition = nil
    }

    public init(key: Key, modifiers: Modifiers = [], timestamp: Double = 0) {
        self.init(Chord(key: key, modifiers: modifiers), timestamp: timestamp)
    }

    /// A press as UIKit reports it: `input` is the key's characters (`"a"`, `"A"`, or a named
    /// key's canonical name such as `"up"` or `"escape"`). An upper-case letter adds shift.
    /// Nil when `input` names no key.
    public init?(input: String, modifiers: Modifiers, timestamp: Double = 0) {
        guard let (key, shifted) = Key.resolve(input) else { return nil }
        self.init(key: key, modifiers: shifted ? modifiers.union(.shift) : modifiers, timestamp: timestamp)
    }

    /// A press with its physical key: `modifiers` are the modifiers held, Shift included, and
    /// `characters` is what the key types with the modifiers other than Shift and AltGr/Option
    /// ignored (AppKit: `characters(byApplyingModifiers:)` with the event's Shift and Option,
    /// `}` for Shift+] and `[` for ⌥5 on a German Mac; its `charactersIgnoringModifiers` drops
    /// Option too. UIKit's `charactersIgnoringModifiers`, which ignores Shift and gives `]`, is
    /// read the same way; an upper-case ASCII letter adds shift).
    /// A key that types nothing here (a dead key, or a function key) is its named key, or
    /// what it types on the layout when the app passes one (a dead key's accent), or its US
    /// character on a non-Latin layout, else its key position only (Grammar.md §5: a
    /// German `^` key never becomes the US `` ` ``). With Shift held, a key that types one character alone and another with
    /// Shift is named by both (Grammar.md §5): ``chord`` is the character with Shift, Shift
    /// going into it (`cmd+"}"`), and ``shiftAlternate`` the character without it, with
    /// `shift` (`cmd+shift+"]"`). With Option held on a Mac where Option went into the
    /// character (`[` for ⌥5 on a German Mac, `ƒ` for ⌥F on a US one), ``chord`` is the
    /// character without Option (`cmd+"["`) and ``shiftAlternate`` the key's character alone
    /// with Option (`alt+cmd+"5"`, `alt+cmd+f`).
    ///
    /// The layout is not known here: the key's two characters are the US keyboard's when it
    /// typed one of them (else Shift stays a modifier of the character typed), and a
    /// non-Latin layout is recognised by the character:
    /// the press falls back to the key's US character when it typed a non-Latin letter
    /// (``isNonLatinLetter(_:)``). An app that knows the layout passes it with
    /// ``init(physicalKey:characters:modifiers:layout:timestamp:)`` or
    /// ``init(physicalKey:characters:modifiers:latinLayout:timestamp:)``, so that the keys of a
    /// non-Latin layout that type punctuation (Hebrew `/` on the Q key) fall back too.
    public init(physicalKey: PhysicalKey, characters: String, modifiers: Modifiers, timestamp: Double = 0) {
        self.init(physicalKey: physicalKey, characters: characters, modifiers: modifiers, nonLatin: nil, layout: nil, timestamp: timestamp)
    }

    /// A press on a keyboard with `layout` (Grammar.md §5): on a layout whose letter keys do
    /// not type Latin letters (``KeyboardLayout/typesLatinLetters``: Russian, Greek, Hebrew…),
    /// every writing-system key falls back to its US character; on a Latin layout none does.
    public init(physicalKey: PhysicalKey, characters: String, modifiers: Modifiers, layout: KeyboardLayout, timestamp: Double = 0) {
        self.init(physicalKey: physicalKey, characters: characters, modifiers: modifiers,
                  nonLatin: !layout.typesLatinLetters, layout: layout, timestamp: timestamp)
    }

    /// A press on a keyboard whose layout the app knows only as Latin or not (on macOS,
    /// `kTISPropertyInputSourceIsASCIICapable` of the current input source): `latinLayout`
    /// false makes every writing-system key fall back to its US character (Grammar.md §5).
    public init(physicalKey: PhysicalKey, characters: String, modifiers: Modifiers, latinLayout: Bool, timestamp: Double = 0) {
        self.init(physicalKey: physicalKey, characters: characters, modifiers: modifiers,
                  nonLatin: !latinLayout, layout: nil, timestamp: timestamp)
    }

    /// `nonLatin` nil: decide by the character typed; `layout` nil: the key's characters are
    /// the US keyboard's where they agree with what it typed.
    private init(physicalKey: PhysicalKey, characters: String, modifiers: Modifiers, nonLatin: Bool?, layout: KeyboardLayout?, timestamp: Double) {
        self.timestamp = timestamp
        self.physicalKey = physicalKey
        var held = modifiers
        var mods = modifiers
        var alternate: Chord? = nil
        var characters = characters
        if characters.isEmpty, physicalKey.namedKey == nil, let layout, let c = KeyEvent.plainCharacter(of: physicalKey, held: modifiers, on: layout) {
            // A dead key reported as typing nothing is named by what it types on the layout
            // (its accent), as a Windows app reads it and as `bindc layouts` presses it.
            characters = String(Character(c))
        }
        let scalars = characters.unicodeScalars
        var typed: Key
        if let named = physicalKey.namedKey {
            typed = named
        } else if scalars.count == 1, let s = scalars.first, let (key, shifted) = Key.resolve(String(s)), !key.isNamed {
            typed = key
            if shifted {
                held.insert(.shift)
                mods.insert(.shift)
            }
            if held.contains(.shift), !held.contains(.numericPad),
               let (alone, withShift) = KeyEvent.shiftPair(of: physicalKey, typing: s, layout: layout),
               let (upper, upperShifted) = Key.resolve(String(withShift)), !upper.isNamed {
                // Shift went into the character: `cmd+"}"`, and also `cmd+shift+"]"`.
                typed = upper
                if !upperShifted { mods.remove(.shift) }
                if let (lower, _) = Key.resolve(String(alone)), !lower.isNamed, lower != upper {
                    alternate = Chord(key: lower, modifiers: held)
                }
            }
            if held.contains(.alternate), !held.contains(.numericPad),
               case let (true, plain) = KeyEvent.optionWentIn(on: physicalKey, typing: s, held: held, layout: layout) {
                // Option went into the character (a Mac types `[` with ⌥5 on a German
                // keyboard, `ƒ` with ⌥F on a US one): `cmd+"["`, and also the key's character
                // alone, Option held, `alt+cmd+"5"` (`alt+cmd+f`). With Shift held too, that
                // name (`shift+alt+cmd+f`) takes the place of Shift's second name.
                mods.remove(.alternate)
                if let plain { alternate = plain }
            }
        } else if nonLatin == true, let us = physicalKey.usCharacter {
            // Nothing typed on a non-Latin layout: the US character, as the fallback would.
            typed = Key(character: us)
        } else {
            // Nothing typed, the layout not known or Latin: only the key position, never a
            // US character that is another key's on this layout (Grammar.md §5).
            typed = Key(physical: physicalKey)
        }
        chord = Chord(key: typed, modifiers: mods)
        shiftAlternate = alternate
        keyPosition = Chord(key: Key(physical: physicalKey), modifiers: held)
        var fallsBack = false
        if !typed.isNamed, !typed.isPhysical, let us = physicalKey.usCharacter, Key(character: us) != typed, alternate?.key != Key(character: us) {
            if let nonLatin { fallsBack = nonLatin } else if let s = Unicode.Scalar(typed.rawValue) { fallsBack = KeyEvent.isNonLatinLetter(s) }
        }
        fallback = fallsBack ? Chord(key: Key(character: physicalKey.usCharacter!), modifiers: held) : nil
    }

    /// What `key` types on `layout` at the level without AltGr/Option that `held` selects
    /// (with Shift: the Shift level, or the level alone when it types nothing there), dead
    /// or not: how a press reported as typing nothing is named (Grammar.md §5).
    static func plainCharacter(of key: PhysicalKey, held: Modifiers, on layout: KeyboardLayout) -> Unicode.Scalar? {
        guard let entry = layout.entry(for: key) else { return nil }
        if held.contains(.shift), let c = entry.character(at: .shift) { return c }
        return entry.character(at: .alone)
    }

    /// Whether Option went into `s` on a Mac: `s` is what `key` types at an Option level of
    /// `layout` (or of the US Mac layout when none is passed) and at no level without it; then
    /// also the press's name without Option going in, the key's character alone with the
    /// modifiers `held`, Shift and Option included (`alt+cmd+"5"`, `shift+alt+cmd+f`), nil when
    /// that key types nothing alone or a dead key. Never on a Windows or Linux layout, whose
    /// AltGr no app reports as Option (Grammar.md §5).
    static func optionWentIn(on key: PhysicalKey, typing s: Unicode.Scalar, held: Modifiers, layout: KeyboardLayout?) -> (Bool, plain: Chord?) {
        let layout = layout ?? KeyboardLayout.us(.apple)
        guard layout.kind == .apple, let entry = layout.entry(for: key),
              entry.character(at: .alone) != s, entry.character(at: .shift) != s,
              entry.character(at: .altGr) == s || entry.character(at: .shiftAltGr) == s else { return (false, nil) }
        guard let plain = entry.character(at: .alone), !entry.isDead(at: .alone),
              let (k, shifted) = Key.resolve(String(plain)), !k.isNamed else { return (true, nil) }
        return (true, Chord(key: k, modifiers: shifted ? held.union(.shift) : held))
    }

    /// The characters `key` types without and with Shift at the level (with or without
    /// AltGr/Option) where it types `s`, on `layout`, or on the US keyboard when the layout is
    /// not known; nil when it types `s` at neither, the same character at both, or nothing
    /// with Shift. The level without AltGr is tried first (the app does not say whether AltGr
    /// went into the character). ``KeyboardLayout/unshiftedPosition(of:)`` is the checker's side.
    static func shiftPair(of key: PhysicalKey, typing s: Unicode.Scalar, layout: KeyboardLayout?) -> (Unicode.Scalar, Unicode.Scalar)? {
        guard let entry = (layout ?? KeyboardLayout.us(.pc)).entry(for: key) else { return nil }
        if let a = entry.character(at: .alone), let b = entry.character(at: .shift), a != b, s == a || s == b { return (a, b) }
        if let a = entry.character(at: .altGr), let b = entry.character(at: .shiftAltGr), a != b, s == a || s == b { return (a, b) }
        return nil
    }

    /// Whether `scalar` is a letter of a script other than Latin: Greek, Cyrillic, Armenian,
    /// Hebrew, Arabic and the other alphabets from U+0370 up to the Latin Extended Additional
    /// block, and the scripts from U+2C00 up, except CJK punctuation and the Private Use Area.
    /// The rule of Grammar.md §5 for falling back to the US character.
    public static func isNonLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        switch v {
        case 0x0370..<0x1E00: return true
        case 0x2C00..<0x3000: return v < 0x2C60 || v >= 0x2C80 && v < 0x2E00
        case 0x3040..<0xA720: return true
        case 0xAC00..<0xD7B0: return true
        case 0xFB1D..<0xFE00: return true
        default: return false
        }
    }
}
