import BindingRuntime

/// Warns about bindings the system gets first on the platform compiled for (Grammar.md §11):
/// a stroke that is a reserved shortcut (``ReservedShortcuts``) unless the binding says
/// `@allowReserved`, and on iPadOS a stroke that text input or focus handles first
/// (``TextInputKeys``) unless the binding says `@priority`. Also warns about an
/// `@allowReserved` that silences nothing on any platform, with a fix-it removing it. One
/// warning per binding and kind, at its sequence; none about a binding that can never be
/// chosen (its condition is never true: that is its one warning).
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
        for i in bindings.indices where !bindings[i].neverChosen {
            let sequence = bindings[i].sequence
            if let allowed = bindings[i].allowReservedRange {
                // Needed when it silences either warning below on some platform.
                if !sequence.contains(where: ReservedShortcuts.isReservedAnywhere),
                   !writtenDelete(sequence, bindings[i].range).contains(where: {
                       ReservedShortcuts.isReservedAnywhere(Self.del($0))
                   }) {
                    engine.warning(Messages.allowReservedUnneeded(sequence), at: allowed,
                                   fixIts: [FixIt.removing(allowed, in: sources)])
                }
            } else if let (chord, found) = firstReserved(sequence, in: reserved, lists) {
                engine.warning(Messages.reservedShortcut(chord, found, platform: platform, onMenuItem: bindings[i].role == nil),
                               at: bindings[i].range)
            } else if let (chord, found) = deleteMeaningDel(sequence, bindings[i].range, in: reserved, lists) {
                engine.warning(Messages.deleteIsBackspace(chord, found, platform: platform), at: bindings[i].range)
            }
            if platform == .iPadOS && !bindings[i].wantsPriority {
                for chord in sequence {
                    guard let what = TextInputKeys.handling(chord) else { continue }
                    engine.warning(Messages.textInputFirst(chord, what, onMenuItem: bindings[i].role == nil), at: bindings[i].range)
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
        // The source text is read only when some Backspace stroke's Del twin is reserved here
        // (most keymaps bind Backspace with keys no platform reserves with Del).
        guard sequence.contains(where: { $0.key == .delete && reserved[UInt64(Self.del($0).code)] != nil }) else { return nil }
        for chord in writtenDelete(sequence, range) {
            if let i = reserved[UInt64(Self.del(chord).code)] { return (chord, lists[Int(i)]) }
        }
        return nil
    }

    /// The strokes of `sequence` (written at `range`) whose key is written `delete`, not
    /// `backspace`, in order (none without the sources).
    private func writtenDelete(_ sequence: [Chord], _ range: SourceRange) -> [Chord] {
        guard sequence.contains(where: { $0.key == .delete }), let sources, sources.files.indices.contains(range.file.index) else { return [] }
        let bytes = sources.files[range.file.index].bytes
        guard range.start <= range.end, range.end <= bytes.count else { return [] }
        let written = String(decoding: bytes[range.start..<range.end], as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard written.count == sequence.count else { return [] }
        return zip(sequence, written).filter { $0.0.key == .delete && $0.1.split(separator: "+").last == "delete" }.map(\.0)
    }

    /// The stroke with Del (`forwardDelete`) for Backspace.
    private static func del(_ chord: Chord) -> Chord { Chord(key: .forwardDelete, modifiers: chord.modifiers) }

    private func firstReserved(_ sequence: [Chord], in reserved: WordMap, _ lists: [[ReservedShortcut]])
        -> (Chord, [ReservedShortcut])? {
        for chord in sequence {
            if let i = reserved[UInt64(chord.code)] { return (chord, lists[Int(i)]) }
        }
        return nil
    }
}
