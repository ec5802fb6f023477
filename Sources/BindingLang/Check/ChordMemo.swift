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
///
/// It also keeps each sequence of one or two chords made so far, so that every binding of the
/// same sequence shares one array: a keymap binds a sequence in several roles and under
/// several conditions (the 100,000-binding keymap has 33,611 distinct sequences), and each
/// array is 64 bytes of memory that the checked bindings, the keymap and the emit hold.
final class ChordMemo {
    private let sources: SourceManager
    private var chords = WordPairMap<Chord>()
    /// The sequences kept, by their chords' codes in one word (``sequenceKey(_:_:)``).
    private var sequenceIndex = WordMap()
    private var sequences: [[Chord]] = []

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

    /// The sequence `first` or `first second`: the array made for it before, or a new one,
    /// kept for the next binding of it.
    func sequence(_ first: Chord, _ second: Chord?) -> [Chord] {
        let index = Int(sequenceIndex.value(of: Self.sequenceKey(first, second), insertingIfAbsent: UInt32(sequences.count)))
        // Codes are one per chord; compared anyway, so that a shared array is always equal.
        if index < sequences.count, sequences[index].first == first, sequences[index].dropFirst().first == second {
            return sequences[index]
        }
        let made = second.map { [first, $0] } ?? [first]
        if index == sequences.count { sequences.append(made) }
        return made
    }

    /// `first`'s code in the high word and `second`'s in the low one; a one-chord sequence has
    /// its code and the top bit (codes fit in 29 bits).
    private static func sequenceKey(_ first: Chord, _ second: Chord?) -> UInt64 {
        guard let second else { return UInt64(first.code) | 1 << 63 }
        return UInt64(first.code) << 32 | UInt64(second.code)
    }
}
