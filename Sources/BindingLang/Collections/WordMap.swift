/// A map from one 64-bit word to a 32-bit value: the one-word sibling of ``WordPairMap``, for
/// keys of two small integers packed into a word (a trie node and a chord, an action and its
/// argument, a chord code).
///
/// Keys and values are kept in two arrays, 12 bytes a slot with no optional: the emitter's
/// trie map has a slot per two strokes of a large keymap, and at 32 bytes a slot (as a
/// ``WordPairMap`` of `Int`) it was the largest of the emitter's working arrays. An open-addressed
/// table with a multiplicative hash, at most half full; an empty slot holds the key
/// `UInt64.max`, and that key itself, should it ever be used, is kept aside.
struct WordMap: Sendable {
    private static let empty = UInt64.max
    /// Power-of-two sized.
    private var keys: [UInt64]
    private var values: [UInt32]
    private var mask: Int
    /// The value of the key `UInt64.max`, which cannot be in ``keys``.
    private var emptyKeyValue: UInt32?
    /// Keys held.
    private(set) var count = 0

    /// An empty map with room for `capacity` keys before it grows.
    init(capacity: Int = 0) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        keys = [UInt64](repeating: Self.empty, count: size)
        values = [UInt32](repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always)
    private func start(_ key: UInt64) -> Int {
        let h = key &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: (h ^ (h >> 29)) & UInt64(mask))
    }

    /// The value of `key`; setting nil is not supported (nothing is removed).
    subscript(key: UInt64) -> UInt32? {
        get {
            if key == Self.empty { return emptyKeyValue }
            var i = start(key)
            while keys[i] != Self.empty {
                if keys[i] == key { return values[i] }
                i = (i + 1) & mask
            }
            return nil
        }
        set {
            guard let newValue else { return }
            _ = insert(key, newValue, replacing: true)
        }
    }

    /// The value of `key`, after inserting `value` for it when it had none: one probe whether
    /// the key is new or not.
    @inline(__always)
    mutating func value(of key: UInt64, insertingIfAbsent value: UInt32) -> UInt32 {
        insert(key, value, replacing: false)
    }

    /// Inserts or (with `replacing`) updates; returns the value now held.
    private mutating func insert(_ key: UInt64, _ value: UInt32, replacing: Bool) -> UInt32 {
        if key == Self.empty {
            if emptyKeyValue == nil { count += 1 }
            if replacing || emptyKeyValue == nil { emptyKeyValue = value }
            return emptyKeyValue ?? value
        }
        if (count + 1) * 2 > keys.count { grow() }
        var i = start(key)
        while keys[i] != Self.empty {
            if keys[i] == key {
                if replacing { values[i] = value }
                return values[i]
            }
            i = (i + 1) & mask
        }
        keys[i] = key
        values[i] = value
        count += 1
        return value
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = [UInt64](repeating: Self.empty, count: oldKeys.count * 2)
        values = [UInt32](repeating: 0, count: oldKeys.count * 2)
        mask = keys.count - 1
        for j in oldKeys.indices where oldKeys[j] != Self.empty {
            var i = start(oldKeys[j])
            while keys[i] != Self.empty { i = (i + 1) & mask }
            keys[i] = oldKeys[j]
            values[i] = oldValues[j]
        }
    }
}
