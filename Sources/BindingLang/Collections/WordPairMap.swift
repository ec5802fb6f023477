/// A map from a pair of 64-bit words to values: an open-addressed table with a multiplicative
/// hash, at most half full, so that a lookup is a few instructions with no `Hasher` and
/// no allocation. For keys that pack into two words: short names (``NameIndex``) and records
/// of small integers the emitter deduplicates (an action with its argument, a binding's
/// attributes), which looked up several times faster here than in a `Dictionary`.
struct WordPairMap<Value> {
    fileprivate struct Slot {
        var lo: UInt64
        var hi: UInt64
        var value: Value
    }
    /// Power-of-two sized; at most half full, so probes stay short.
    private var slots: [Slot?]
    private var mask: Int
    /// Keys held.
    private(set) var count = 0

    /// An empty map with room for `capacity` keys before it grows.
    init(capacity: Int = 0) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [Slot?](repeating: nil, count: size)
        mask = size - 1
    }

    @inline(__always)
    private func start(_ lo: UInt64, _ hi: UInt64) -> Int {
        let h = (lo &* 0x9E37_79B9_7F4A_7C15) ^ (hi &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: (h ^ (h >> 29)) & UInt64(mask))
    }

    /// The value of key (`lo`, `hi`); setting nil is not supported (nothing is removed).
    subscript(lo lo: UInt64, hi hi: UInt64) -> Value? {
        get {
            var i = start(lo, hi)
            while let slot = slots[i] {
                if slot.lo == lo && slot.hi == hi { return slot.value }
                i = (i + 1) & mask
            }
            return nil
        }
        set {
            guard let newValue else { return }
            _ = insert(lo, hi, newValue, replacing: true)
        }
    }

    /// The value of key (`lo`, `hi`), after inserting `value` for it when it had none: one
    /// probe whether the key is new or not.
    @inline(__always)
    mutating func value(lo: UInt64, hi: UInt64, insertingIfAbsent value: Value) -> Value {
        insert(lo, hi, value, replacing: false)
    }

    /// Inserts or (with `replacing`) updates; returns the value now held.
    private mutating func insert(_ lo: UInt64, _ hi: UInt64, _ value: Value, replacing: Bool) -> Value {
        if (count + 1) * 2 > slots.count { grow() }
        var i = start(lo, hi)
        while let slot = slots[i] {
            if slot.lo == lo && slot.hi == hi {
                if replacing { slots[i]?.value = value }
                return replacing ? value : slot.value
            }
            i = (i + 1) & mask
        }
        slots[i] = Slot(lo: lo, hi: hi, value: value)
        count += 1
        return value
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot?](repeating: nil, count: old.count * 2)
        mask = slots.count - 1
        for case let slot? in old {
            var i = start(slot.lo, slot.hi)
            while slots[i] != nil { i = (i + 1) & mask }
            slots[i] = slot
        }
    }
}

extension WordPairMap: Sendable where Value: Sendable {}
extension WordPairMap.Slot: Sendable where Value: Sendable {}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Up to 15 bytes packed into two words, a ``WordPairMap`` key: little-endian, the length
    /// in the top byte of the second word; nil when longer.
    @inline(__always)
    var packedWords: (UInt64, UInt64)? {
        let n = count
        guard n < 16 else { return nil }
        var lo: UInt64 = 0, hi: UInt64 = 0
        for i in 0..<Swift.min(n, 8) { lo |= UInt64(self[i]) << (8 * UInt64(i)) }
        if n > 8 { for i in 8..<n { hi |= UInt64(self[i]) << (8 * UInt64(i - 8)) } }
        return (lo, hi | UInt64(n) << 56)
    }
}
