import BindingRuntime

/// Warns about bindings the system gets first on the platform compiled for (Grammar.md §11):
/// a stroke that is a reserved shortcut (``ReservedShortcuts``) unless the binding says
/// `@allowReserved`, and on iPadOS a stroke that text input or focus handles first
/// (``TextInputKeys``) unless the binding says `@priority`. Also warns about an
/// `@allowReserved` that no platform needs. One warning per binding and kind, at its sequence.
struct SystemShortcutChecker {
    let platform: Platform
    /// The sources the bindings were read from, to tell `delete` from `backspace` as written
    /// (nil: that warning is not given).
    var sources: SourceManager? = nil

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
            } else if let (chord, found) = deleteMeaningDel(sequence, bindings[i].range, in: reserved, lists) {
                engine.warning(Messages.deleteIsBackspace(chord, found, platform: platform), at: bindings[i].range)
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

    /// A stroke written with `delete` (the Backspace key, Grammar.md §4.3) whose `forwardDelete`
    /// twin the platform reserves (`ctrl+alt+delete` on Windows, where Ctrl+Alt+Del is the
    /// security screen): the writer likely meant Del. Not when written `backspace`.
    private func deleteMeaningDel(_ sequence: [Chord], _ range: SourceRange, in reserved: WordMap, _ lists: [[ReservedShortcut]])
        -> (Chord, [ReservedShortcut])? {
        guard sequence.contains(where: { $0.key == .delete }), let sources, sources.files.indices.contains(range.file.index) else { return nil }
        let bytes = sources.files[range.file.index].bytes
        guard range.start <= range.end, range.end <= bytes.count else { return nil }
        let written = String(decoding: bytes[range.start..<range.end], as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard written.count == sequence.count else { return nil }
        for (chord, text) in zip(sequence, written) where chord.key == .delete && text.split(separator: "+").last == "delete" {
            let del = Chord(key: .forwardDelete, modifiers: chord.modifiers)
            if let i = reserved[UInt64(del.code)] { return (chord, lists[Int(i)]) }
        }
        return nil
    }

    private func firstReserved(_ sequence: [Chord], in reserved: WordMap, _ lists: [[ReservedShortcut]])
        -> (Chord, [ReservedShortcut])? {
        for chord in sequence {
            if let i = reserved[UInt64(chord.code)] { return (chord, lists[Int(i)]) }
        }
        return nil
    }
}
