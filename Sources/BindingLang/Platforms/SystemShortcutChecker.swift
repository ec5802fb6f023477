import BindingRuntime

/// Warns about bindings the system gets first on the platform compiled for (Grammar.md §11):
/// a stroke that is a reserved shortcut (``ReservedShortcuts``) unless the binding says
/// `@allowReserved`, and on iPadOS a stroke that text input or focus handles first
/// (``TextInputKeys``) unless the binding says `@priority`. Also warns about an
/// `@allowReserved` that no platform needs. One warning per binding and kind, at its sequence.
struct SystemShortcutChecker {
    let platform: Platform

    func check(_ bindings: [CheckedBinding], _ engine: inout DiagnosticEngine) {
        // The platform's reserved shortcuts by chord code: a lookup per stroke hashes no
        // `Chord`.
        var lists: [[ReservedShortcut]] = []
        var reserved = WordMap()
        for (chord, found) in ReservedShortcuts.byChord(on: platform) where !found.isEmpty {
            reserved[UInt64(chord.code)] = UInt32(lists.count)
            lists.append(found)
        }
        // By index, reading only the fields used: `for b in bindings` would copy every
        // binding whole (a retain and a release per reference it holds).
        for i in bindings.indices {
            let sequence = bindings[i].sequence
            if let allowed = bindings[i].allowReservedRange {
                if !sequence.contains(where: ReservedShortcuts.isReservedAnywhere) {
                    engine.warning(Messages.allowReservedUnneeded(sequence), at: allowed)
                }
            } else if let (chord, found) = firstReserved(sequence, in: reserved, lists) {
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

    private func firstReserved(_ sequence: [Chord], in reserved: WordMap, _ lists: [[ReservedShortcut]])
        -> (Chord, [ReservedShortcut])? {
        for chord in sequence {
            if let i = reserved[UInt64(chord.code)] { return (chord, lists[Int(i)]) }
        }
        return nil
    }
}
