import BindingRuntime

extension Messages {
    /// An `@allowLayouts` that accepts no finding on the layouts checked (Grammar.md §4.8).
    static func unneededLayoutAllowance(_ sequence: [Chord]) -> String {
        "'\(sequenceText(sequence))' needs no @allowLayouts: it accepts no finding on the layouts checked; remove it"
    }

    /// What one layout finding says, without the location (Grammar.md §10, Keyboard layouts); `on layout`
    /// first, so a diagnostic names the layout. `alsoDeadKey`: the character that needs Shift
    /// or AltGr is on a dead key too (``LayoutFinding/told(_:)``).
    public static func layoutFinding(_ f: LayoutFinding, keymap: Keymap, layout: KeyboardLayout, alsoDeadKey: Bool = false) -> String {
        guard keymap.bindings.indices.contains(f.binding) else { return "on \(layout.id): ?" }
        let binding = keymap.bindings[f.binding]
        let written = "'\(sequenceText(binding.sequence))'"
        let character = f.character.map(quotedCharacter) ?? "a key"
        let press = (alsoDeadKey ? ", typed with a dead key" : "") + (f.strokes.map { ": press \($0.sourceText)" } ?? "")
        let option = layout.kind == .apple ? "Option" : "AltGr"
        let text: String
        switch f.kind {
        case .untypable:
            // `shift+"]"` where `]` itself needs Shift (Grammar.md §10): the key exists.
            let shifted = f.character.map { c in
                binding.sequence.contains { $0.modifiers.contains(.shift) && $0.key == Key(character: c) } && layout.position(of: c) != nil
            } ?? false
            text = shifted
                ? "\(written) cannot be typed: no key types \(character) without Shift, so Shift cannot be added to it"
                : "\(written) cannot be typed: no key types \(character)"
        case .needsAltGr:
            // At the Shift+AltGr/Option level, where the chord as written has no Shift.
            let withShift = f.character.map { c in
                binding.sequence.contains { chord in
                    chord.key == Key(character: c) && !chord.modifiers.contains(.shift) && layout.press(chord)?.level == .shiftAltGr
                }
            } ?? false
            text = "\(written) needs \(option)\(withShift ? " and Shift" : "") for \(character)\(press)"
        case .needsShift:
            text = "\(written) needs Shift for \(character)\(press)"
        case .deadKey:
            text = "\(written) types \(character) with a dead key\(press)"
        case .ctrlAltIsAltGr:
            text = "\(written) is typing \(character) on Windows, where AltGr is Ctrl+Alt\(press)"
        case .usFallback:
            text = "\(written) is reached through the US fallback\(press)"
        case .collision:
            let other = f.other.flatMap { keymap.bindings.indices.contains($0) ? keymap.bindings[$0] : nil }
            let otherText = other.map { "'\(sequenceText($0.sequence))'" } ?? "another binding"
            let role = binding.role.flatMap { keymap.roles.indices.contains($0) ? "role '\(keymap.roles[$0])'" : nil } ?? "the main menu"
            let keys = f.strokes?.sourceText ?? "", otherKeys = f.otherStrokes?.sourceText ?? ""
            let when = witnessSuffix(f.witness ?? "")
            text = keys == otherKeys
                ? "\(written) presses the same keys as \(otherText) in \(role)\(when): \(keys)"
                : "\(written) and \(otherText) press \(keys) and \(otherKeys), one a prefix of the other, in \(role)\(when)"
        }
        return "on \(layout.id): \(text)"
    }

    /// A character in a layout message: `'['`, and the apostrophe in double quotes, which
    /// reads better than three apostrophes.
    static func quotedCharacter(_ c: Unicode.Scalar) -> String {
        c == "'" ? "\"'\"" : "'\(String(Character(c)))'"
    }

    /// The note at the other binding of a layout collision.
    static func layoutCollisionOther(_ sequence: [Chord]) -> String {
        "'\(sequenceText(sequence))' is bound here"
    }
}
