import BindingRuntime

/// Warns about bindings the system gets first on the platform compiled for (Grammar.md §11):
/// a stroke that is a reserved shortcut (``ReservedShortcuts``) unless the binding says
/// `@allowReserved`, and on iPadOS a stroke that text input or focus handles first
/// (``TextInputKeys``) unless the binding says `@priority`. Also warns about an
/// `@allowReserved` that no platform needs. One warning per binding and kind, at its sequence.
struct SystemShortcutChecker {
    let platform: Platform

    func check(_ bindings: [CheckedBinding], _ engine: inout DiagnosticEngine) {
        let reserved = ReservedShortcuts.byChord(on: platform)
        // By index, reading only the fields used: `for b in bindings` would copy every
        // binding whole (a retain and a release per reference it holds).
        for i in bindings.indices {
            let sequence = bindings[i].sequence
            if let allowed = bindings[i].allowReservedRange {
                if !sequence.contains(where: ReservedShortcuts.isReservedAnywhere) {
                    engine.warning(Messages.allowReservedUnneeded(sequence), at: allowed)
                }
            } else if let (chord, found) = firstReserved(sequence, in: reserved) {
                engine.warning(Messages.reservedShortcut(chord, found, platform: platform), at: bindings[i].range)
            }
            if platform == .iPadOS && !bindings[i].wantsPriority {
                for chord in sequence {
                    guard let what = TextInputKeys.handling(chord) else { continue }
                    engine.warning(Messages.textInputFirst(chord, what), at: bindings[i].range)
                    break
                }
            }
        }
    }

    private func firstReserved(_ sequence: [Chord], in reserved: [Chord: [ReservedShortcut]]) -> (Chord, [ReservedShortcut])? {
        for chord in sequence {
            if let found = reserved[chord], !found.isEmpty { return (chord, found) }
        }
        return nil
    }
}
