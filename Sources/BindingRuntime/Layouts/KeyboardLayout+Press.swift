/// Where a chord's key is pressed on a layout (Grammar.md §5 and §10, Keyboard layouts): the
/// one rule that `bindc layouts` reports with and that overlays render with.
extension KeyboardLayout {
    /// How a chord's key is pressed on a layout.
    public struct Press: Sendable, Equatable {
        /// A key position (``Key/isPhysical``), or a key that is the same on every layout
        /// (named keys, space, keypad keys).
        public let key: Key
        /// The level whose modifiers are held besides the chord's own.
        public let level: Level
        /// Whether the key types the character as a dead key.
        public let isDead: Bool
        /// Whether the key is reached through the dispatcher's fallback to the US character
        /// (a non-Latin layout, Grammar.md §5).
        public let viaUSFallback: Bool
    }

    /// Where `chord`'s key is pressed: a character at its best position (``position(of:)``;
    /// `shift+q` at the position of `Q` where there is one; `shift+]` where `]` is typed
    /// without Shift, alone or with AltGr, Grammar.md §5); on a non-Latin layout a character
    /// no key types alone, but the US keyboard does, on its US key. Named keys, space, keypad
    /// chords and key positions are themselves. Nil when no key types the character.
    public func press(_ chord: Chord) -> Press? {
        let key = chord.key
        if key.isNamed || key.isPhysical || key == .space || chord.modifiers.contains(.numericPad) {
            return Press(key: key, level: .alone, isDead: false, viaUSFallback: false)
        }
        guard let c = Unicode.Scalar(key.rawValue) else { return nil }
        let typed: Position?
        if chord.modifiers.contains(.shift) {
            if c.value >= 0x61 && c.value <= 0x7A, let u = Unicode.Scalar(c.value - 0x20), let p = position(of: u) {
                typed = p
            } else {
                // `shift+]`: the key that types `]` without Shift, pressed with Shift.
                typed = unshiftedPosition(of: c)
            }
        } else {
            typed = position(of: c)
        }
        if !typesLatinLetters, typed.map({ $0.level != .alone || $0.isDead }) ?? true,
           let u = KeyboardLayout.us(kind).position(of: c), u.level == .alone, u.key.usCharacter == c, entry(for: u.key) != nil {
            return Press(key: Key(physical: u.key), level: .alone, isDead: false, viaUSFallback: true)
        }
        guard let p = typed else { return nil }
        return Press(key: Key(physical: p.key), level: p.level, isDead: p.isDead, viaUSFallback: false)
    }
}

extension KeyboardLayout {
    /// Where `character` is typed without Shift (alone, or with AltGr/Option only), so that
    /// `shift+` the character is that key with Shift added (Grammar.md §5): as
    /// ``position(of:)`` ranks them, a live key before a dead one, then the lower level (a key
    /// typing it alone before one typing it with AltGr: the UK `[` right of P, not AltGr+8),
    /// then the first in key order; nil when none does. A key's AltGr level is skipped when
    /// the key types one of its two AltGr characters without AltGr too
    /// (``Entry/altGrOverlaps``: the runtime reads those first).
    public func unshiftedPosition(of character: Unicode.Scalar) -> Position? {
        var dead: Position? = nil
        for level in [Level.alone, .altGr] {
            for entry in keys where entry.character(at: level) == character {
                if level == .altGr && entry.altGrOverlaps { continue }
                if !entry.isDead(at: level) { return Position(key: entry.key, level: level, isDead: false) }
                if dead == nil { dead = Position(key: entry.key, level: level, isDead: true) }
            }
        }
        return dead
    }
}

extension KeyboardLayout.Entry {
    /// Whether the key types one of the characters of its AltGr/Option levels also without
    /// AltGr (de-mac's Option+Shift+ß, Portuguese `$` on 4 with and without AltGr): a press
    /// that reports such a character does not say which level it came from, so the runtime
    /// reads it as the level without AltGr (Grammar.md §5).
    public var altGrOverlaps: Bool {
        let plain = [character(at: .alone), character(at: .shift)]
        for level in [KeyboardLayout.Level.altGr, .shiftAltGr] {
            if let c = character(at: level), plain.contains(c) { return true }
        }
        return false
    }
}

extension Chord {
    /// The chord as it is typed on `layout`, in glyphs (Grammar.md §6): the level's Shift
    /// (`⇧`) and Option (`⌥`, Apple layouts) join the chord's modifiers, AltGr (PC layouts) is
    /// written `AltGr+`, and a key position shows what that key types on `layout` (`⌃KeyH`
    /// is `⌃D` on Dvorak). A character no key types is shown as written.
    public func glyphs(on layout: KeyboardLayout) -> String {
        guard let (modifiers, altGr, label) = typed(on: layout) else { return glyphs }
        var s = ""
        for m in Modifiers.canonicalOrder where modifiers.contains(m.modifier) { s += m.glyph }
        return s + (altGr ? "AltGr+" : "") + label
    }

    /// The chord as it is typed on `layout`, in plain text (`Ctrl+Shift+/`, `Cmd+AltGr+[`).
    public func plainText(on layout: KeyboardLayout) -> String {
        guard let (modifiers, altGr, label) = typed(on: layout) else { return plainText }
        var parts: [String] = []
        for m in Modifiers.canonicalOrder where modifiers.contains(m.modifier) { parts.append(Chord.plainNames[m.modifier] ?? m.name) }
        if altGr { parts.append("AltGr") }
        parts.append(label)
        return parts.joined(separator: "+")
    }

    /// The modifiers held, whether AltGr is, and the key's label on `layout`.
    private func typed(on layout: KeyboardLayout) -> (Modifiers, altGr: Bool, label: String)? {
        guard let press = layout.press(self) else { return nil }
        var mods = modifiers
        var altGr = false
        if press.level.needsShift { mods.insert(.shift) }
        if press.level.needsAltGr { if layout.kind == .apple { mods.insert(.alternate) } else { altGr = true } }
        let label: String
        if key.isPhysical, let physical = key.physicalKey {
            // What the key types alone here (a dead key shows its accent).
            let typed = layout.entry(for: physical)?.character(at: .alone) ?? physical.usCharacter
            label = typed.map { String(Character($0)).uppercased() } ?? key.plainName
        } else if press.key.isPhysical, !key.isNamed, key != .space {
            label = key.glyph
        } else {
            return (mods, altGr, key.isNamed ? key.plainName : key.glyph)
        }
        return (mods, altGr, label)
    }
}

extension KeyboardLayout {
    /// The press that types `chord` on this layout, as a layout-aware event (physical key and
    /// characters, ``KeyEvent/init(physicalKey:characters:modifiers:layout:timestamp:)``): for
    /// apps that receive only characters, such as terminal programs. A character goes to the
    /// key that types it (``position(of:)``), a key position types what it types here alone
    /// (with Shift when the chord has it, and at its Option level when an Apple layout's chord
    /// holds Option, as a Mac types it: ⌥⌘5 on a German Mac types `[`); a named key stays a plain
    /// ``KeyEvent/init(_:timestamp:)``. A dead key is reported as its accent, as UIKit and a
    /// Windows app (which arms no dead key with Ctrl, Alt or the Windows key) name it. Nil
    /// when no key of this layout types the chord (``press(_:)`` is nil: `bindc layouts`
    /// reports it untypable), so no press makes it.
    public func event(typing chord: Chord, timestamp: Double = 0) -> KeyEvent? {
        let key = chord.key
        if key.isPhysical, let physical = key.physicalKey {
            let shift = chord.modifiers.contains(.shift)
            // Option is a Mac's AltGr: the character comes from that level (Grammar.md §5).
            let option = kind == .apple && chord.modifiers.contains(.alternate)
            let level: Level = option ? (shift ? .shiftAltGr : .altGr) : (shift ? .shift : .alone)
            let typed = entry(for: physical).flatMap { $0.character(at: level) }
            return KeyEvent(physicalKey: physical, characters: typed.map { String(Character($0)) } ?? "",
                            modifiers: chord.modifiers, layout: self, timestamp: timestamp)
        }
        guard !key.isNamed, key != .space, !chord.modifiers.contains(.numericPad), Unicode.Scalar(key.rawValue) != nil else {
            return KeyEvent(chord, timestamp: timestamp)
        }
        guard let press = press(chord) else { return nil }
        guard let physical = press.key.physicalKey else { return KeyEvent(chord, timestamp: timestamp) }
        // The modifiers held: the chord's, and Shift where the level needs it (AltGr/Option
        // goes into the character, Grammar.md §5).
        var held = chord.modifiers
        var level = press.level
        if chord.modifiers.contains(.shift) { level = level.needsAltGr ? .shiftAltGr : .shift }
        if level.needsShift { held.insert(.shift) }
        let typed = entry(for: physical).flatMap { $0.character(at: level) }
        let characters = typed.map { String(Character($0)) } ?? ""
        return KeyEvent(physicalKey: physical, characters: characters, modifiers: held, layout: self, timestamp: timestamp)
    }
}
