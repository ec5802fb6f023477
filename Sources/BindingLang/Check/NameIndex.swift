/// A map from names to values, faster than `[String: Value]` for the short ASCII names of
/// keymaps (`ctrl`, `shift`, `loggedIn`, `selectTab`): a name of up to 16 bytes is packed
/// into two integers and looked up in an open-addressed table with a multiplicative hash,
/// without `Hasher` or string comparison. Longer names use a dictionary.
struct NameIndex<Value> {
    fileprivate struct Slot {
        var lo: UInt64
        var hi: UInt64
        var value: Value
    }
    /// Power-of-two sized; at most a quarter full, so probes are short.
    private var slots: [Slot?]
    private var mask: Int
    private var long: [String: Value] = [:]
    private(set) var count = 0

    init() {
        slots = [Slot?](repeating: nil, count: 16)
        mask = 15
    }

    init(_ pairs: some Sequence<(String, Value)>) {
        self.init()
        for (name, value) in pairs { self[name] = value }
    }

    /// `name` packed into two integers (length in the top byte of `hi`), or nil when it is
    /// longer than 15 bytes.
    @inline(__always)
    private static func pack(_ name: String) -> (UInt64, UInt64)? {
        var name = name
        return name.withUTF8 { bytes -> (UInt64, UInt64)? in
            let n = bytes.count
            guard n < 16 else { return nil }
            var lo: UInt64 = 0, hi: UInt64 = 0
            for i in 0..<min(n, 8) { lo |= UInt64(bytes[i]) << (8 * UInt64(i)) }
            if n > 8 { for i in 8..<n { hi |= UInt64(bytes[i]) << (8 * UInt64(i - 8)) } }
            return (lo, hi | UInt64(n) << 56)
        }
    }

    @inline(__always)
    private func start(_ lo: UInt64, _ hi: UInt64) -> Int {
        let h = (lo &* 0x9E37_79B9_7F4A_7C15) ^ (hi &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: (h ^ (h >> 29)) & UInt64(mask))
    }

    subscript(name: String) -> Value? {
        get {
            guard let (lo, hi) = Self.pack(name) else { return long[name] }
            var i = start(lo, hi)
            while let slot = slots[i] {
                if slot.lo == lo && slot.hi == hi { return slot.value }
                i = (i + 1) & mask
            }
            return nil
        }
        set {
            guard let newValue else { return }  // removal is not needed
            guard let (lo, hi) = Self.pack(name) else {
                if long.updateValue(newValue, forKey: name) == nil { count += 1 }
                return
            }
            if (count + 1) * 4 > slots.count { grow() }
            var i = start(lo, hi)
            while let slot = slots[i] {
                if slot.lo == lo && slot.hi == hi {
                    slots[i]?.value = newValue
                    return
                }
                i = (i + 1) & mask
            }
            slots[i] = Slot(lo: lo, hi: hi, value: newValue)
            count += 1
        }
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

extension NameIndex: Sendable where Value: Sendable {}
extension NameIndex.Slot: Sendable where Value: Sendable {}
