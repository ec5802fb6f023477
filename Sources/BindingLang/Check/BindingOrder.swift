/// The final bindings in the order the conflict rules and the press-cost bounds walk them:
/// by role (main menu first), then sequence (chord codes stroke by stroke, a sequence before
/// its extensions), then declaration order. So bindings of one role and sequence are adjacent,
/// and the bindings a sequence is a proper prefix of follow it directly. Sorted once per
/// compilation and shared by ``ConflictChecker`` and ``PressCost``.
///
/// Each binding's key is its role and its first two strokes' codes in 96 bits, sorted by
/// ``RadixSort``. Only runs of equal keys in which a sequence has three strokes or more are
/// then sorted by comparing their later strokes.
struct BindingOrder {
    /// Indices into the bindings, in order.
    let indices: [Int]

    struct Key {
        /// The role plus one (the main menu, role -1, is 0 and sorts first).
        var role: UInt32
        /// The first two strokes' codes, the first in the high half; a missing stroke packs
        /// as 0, which no chord code is, so a sequence sorts before its extensions.
        var packed: UInt64
        var index: Int32
        /// The number of strokes: ties past the second stroke are broken by reading the
        /// sequences, which only sequences of three strokes or more need.
        var strokes: Int32

        /// Byte `k` of the 96-bit key, least significant first.
        @inline(__always)
        func byte(_ k: Int) -> Int {
            k < 8 ? Int(truncatingIfNeeded: (packed >> UInt64(k &* 8)) & 0xFF)
                  : Int(truncatingIfNeeded: (role >> UInt32((k &- 8) &* 8)) & 0xFF)
        }

        func sameKey(_ other: Key) -> Bool { role == other.role && packed == other.packed }
    }

    init(_ bindings: [CheckedBinding]) {
        var keys: [Key] = []
        keys.reserveCapacity(bindings.count)
        for i in bindings.indices {
            let sequence = bindings[i].sequence
            var packed: UInt64 = 0
            if let first = sequence.first { packed = UInt64(first.code) << 32 }
            if sequence.count > 1 { packed |= UInt64(sequence[1].code) }
            keys.append(Key(role: UInt32(bitPattern: Int32(truncatingIfNeeded: (bindings[i].role ?? -1) + 1)), packed: packed,
                            index: Int32(truncatingIfNeeded: i), strokes: Int32(truncatingIfNeeded: sequence.count)))
        }
        RadixSort.sort(&keys, byteCount: 12) { key, k in key.byte(k) }
        // Equal keys are in declaration order; where a sequence of a run goes past the second
        // stroke, the run is ordered by the later strokes (stable, so declaration order stays
        // the last tie-break).
        var start = 0
        while start < keys.count {
            var end = start + 1
            var long = keys[start].strokes > 2
            while end < keys.count && keys[end].sameKey(keys[start]) {
                if keys[end].strokes > 2 { long = true }
                end += 1
            }
            if long && end - start > 1 {
                keys[start..<end].sort { a, b in
                    let sa = bindings[Int(a.index)].sequence, sb = bindings[Int(b.index)].sequence
                    let common = min(sa.count, sb.count)
                    if common > 2 {
                        for k in 2..<common where sa[k].code != sb[k].code { return sa[k].code < sb[k].code }
                    }
                    if sa.count != sb.count { return sa.count < sb.count }
                    return a.index < b.index
                }
            }
            start = end
        }
        indices = keys.map { Int($0.index) }
    }
}
