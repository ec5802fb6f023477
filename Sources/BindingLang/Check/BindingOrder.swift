/// The final bindings in the order the conflict rules and the press-cost bounds walk them:
/// by role (main menu first), then sequence (chord codes stroke by stroke, a sequence before
/// its extensions), then declaration order. So bindings of one role and sequence are adjacent,
/// and the bindings a sequence is a proper prefix of follow it directly. Sorted once per
/// compilation and shared by ``ConflictChecker`` and ``PressCost``.
struct BindingOrder {
    /// Indices into the bindings, in order.
    let indices: [Int]

    init(_ bindings: [CheckedBinding]) {
        struct Key {
            var role: Int32
            /// The first two strokes' codes; a missing stroke packs as 0, which no chord code
            /// is, so a sequence sorts before its extensions.
            var packed: UInt64
            var index: Int32
            /// The number of strokes: ties past the second stroke are broken by reading the
            /// sequences, which only sequences of three strokes or more need (reading them for
            /// every tie took a cache miss and a retain per binding of a large keymap).
            var strokes: Int32
        }
        var keys: [Key] = []
        keys.reserveCapacity(bindings.count)
        for i in bindings.indices {
            let sequence = bindings[i].sequence
            var packed: UInt64 = 0
            if let first = sequence.first { packed = UInt64(first.code) << 32 }
            if sequence.count > 1 { packed |= UInt64(sequence[1].code) }
            keys.append(Key(role: Int32(truncatingIfNeeded: bindings[i].role ?? -1), packed: packed, index: Int32(truncatingIfNeeded: i),
                            strokes: Int32(truncatingIfNeeded: sequence.count)))
        }
        // Sequences are read only to break ties past the second stroke.
        keys.sort { a, b in
            if a.role != b.role { return a.role < b.role }
            if a.packed != b.packed { return a.packed < b.packed }
            if a.strokes > 2 || b.strokes > 2 {
                let sa = bindings[Int(a.index)].sequence, sb = bindings[Int(b.index)].sequence
                let common = min(sa.count, sb.count)
                if common > 2 {
                    for k in 2..<common where sa[k].code != sb[k].code { return sa[k].code < sb[k].code }
                }
                if sa.count != sb.count { return sa.count < sb.count }
            }
            return a.index < b.index
        }
        indices = keys.map { Int($0.index) }
    }
}
