import BindingRuntime

/// One stroke as the fingers press it on some layout: a key (a position, or a named key that
/// is the same on every layout), the modifiers held, and whether AltGr is held (PC layouts;
/// on Apple layouts the third level is Option, which is in `modifiers` as `alt`).
public struct PhysicalStroke: Hashable, Sendable {
    /// A key position (``Key/isPhysical``) or a layout-independent key (named keys, space,
    /// keypad keys).
    public var key: Key
    public var modifiers: Modifiers
    public var altGr: Bool

    public init(key: Key, modifiers: Modifiers, altGr: Bool = false) {
        self.key = key
        self.modifiers = modifiers
        self.altGr = altGr
    }

    /// The stroke packed in 32 bits: the chord code with AltGr in bit 27.
    var code: UInt32 { Chord(key: key, modifiers: modifiers).code | (altGr ? 1 << 27 : 0) }

    /// As a `.bind` chord (`cmd+alt+Digit5`), with `altGr+` before the key when AltGr is held:
    /// without it, the text is a chord that binds this very key position.
    public var sourceText: String {
        let chord = Chord(key: key, modifiers: modifiers).sourceText
        guard altGr else { return chord }
        // AltGr is only ever set on key positions, whose names contain no '+'.
        guard let plus = chord.lastIndex(of: "+") else { return "altGr+" + chord }
        let keyStart = chord.index(after: plus)
        return String(chord[..<keyStart]) + "altGr+" + String(chord[keyStart...])
    }
}

extension Array where Element == PhysicalStroke {
    /// The strokes separated by spaces, as a sequence is written.
    public var sourceText: String { map(\.sourceText).joined(separator: " ") }
}
