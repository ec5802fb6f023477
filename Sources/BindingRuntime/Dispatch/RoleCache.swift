/// A dispatcher's memory of responders' role-name arrays, resolved to role indices of its
/// table, so that a press does not hash every responder's role names again.
///
/// Keyed by the identity of the array's storage: each slot keeps the array it was filled
/// from, so that storage stays alive and unchanged (a responder that changes its roles
/// mutates a copy, which has another address) and no other array can share the address.
/// An open-addressing table of fixed size, filled in place, so a lookup never allocates; when
/// it is half full it starts over (a chain of more distinct role lists than that resolves
/// them again as it goes). The dispatcher clears it whenever its table changes.
struct RoleCache {
    /// Number of slots (a power of two).
    static let slotCount = 64
    /// Longest role list cached; longer lists are resolved on every stroke.
    static let maxRoles = 4

    private var keys = [UInt](repeating: 0, count: slotCount)
    private var arrays = [[String]](repeating: [], count: slotCount)
    private var roles = [SIMD4<Int32>](repeating: SIMD4(repeating: -1), count: slotCount)
    private var counts = [Int](repeating: 0, count: slotCount)
    private var used = 0

    /// Forgets every entry (the table changed, so every resolved index may be stale).
    mutating func clear() {
        for i in 0..<RoleCache.slotCount {
            keys[i] = 0
            arrays[i] = []
            counts[i] = 0
        }
        used = 0
    }

    /// The indices in `table` of the roles `names` declares there, in order, and how many
    /// there are; nil when `names` is too long to cache (the caller resolves it itself).
    @inline(__always)
    mutating func roles(of names: [String], in table: BindingTable) -> (indices: SIMD4<Int32>, count: Int)? {
        if names.isEmpty { return (SIMD4(repeating: -1), 0) }
        guard names.count <= RoleCache.maxRoles else { return nil }
        let key = names.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        guard key != 0 else { return nil }
        let mask = RoleCache.slotCount - 1
        var slot = Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 58) & mask
        while keys[slot] != 0 {
            if keys[slot] == key { return (roles[slot], counts[slot]) }
            slot = (slot + 1) & mask
        }
        var indices = SIMD4<Int32>(repeating: -1)
        var n = 0
        for name in names {
            if let i = table.roleIndex(named: name) {
                indices[n] = Int32(truncatingIfNeeded: i)
                n += 1
            }
        }
        if used >= RoleCache.slotCount / 2 {
            clear()
            slot = Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 58) & mask
        }
        used += 1
        keys[slot] = key
        arrays[slot] = names
        roles[slot] = indices
        counts[slot] = n
        return (indices, n)
    }
}
