import BindingRuntime

/// What each chord text of a compilation resolved to, so that a chord written many times
/// (`ctrl+shift+9` heads a dozen sequences) is resolved once: a large keymap's chords are
/// mostly repeats, and resolving one looks up each of its parts by name.
///
/// Keyed by the chord's source text, packed into two words (``UnsafeBufferPointer/packedWords``): the
/// parser reads the same text into the same parts, and the resolver's platform is fixed, so
/// the same text always means the same chord. Chords longer than 15 bytes are not kept. Only
/// chords that resolved without a diagnostic are kept. A class, so that the resolver (a
/// value its checkers share) can fill it.
final class ChordMemo {
    private let sources: SourceManager
    private var chords = WordPairMap<Chord>()

    init(sources: SourceManager) {
        self.sources = sources
    }

    /// The key of the chord written at `range`, or nil when it cannot be kept (too long, or
    /// not in the sources).
    func key(_ range: SourceRange) -> (UInt64, UInt64)? {
        let file = range.file.index
        guard file >= 0, file < sources.files.count, range.end - range.start < 16 else { return nil }
        return sources.files[file].bytes.withUnsafeBufferPointer { all in
            guard range.start >= 0, range.start <= range.end, range.end <= all.count else { return nil }
            return UnsafeBufferPointer(rebasing: all[range.start..<range.end]).packedWords
        }
    }

    /// The chord kept for `key`.
    subscript(key: (UInt64, UInt64)) -> Chord? {
        get { chords[lo: key.0, hi: key.1] }
        set { chords[lo: key.0, hi: key.1] = newValue }
    }
}
