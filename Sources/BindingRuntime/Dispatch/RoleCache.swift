/// A dispatcher's memory of responders' role-name arrays, resolved to role indices of its
/// table, so that a press does not hash every responder's role names again.
///
/// Keyed by the identity of the array's storage: each slot keeps the array it was filled
/// from, so that storage stays alive and unchanged (a responder that changes its roles
/// mutates a copy, which has another address) and no other array can share the address.
/// An open-addressing table of fixed size, filled in place, so a lookup never allocates; when
/// it is half full it starts over (a chain of more distinct role lists than that resolves
/// them again as it goes). The dispatcher clears it whenever its table changes.
///
/// A class over one fixed allocation rather than a struct of arrays stored in the
/// dispatcher: each access to a class's stored `var` is checked for exclusivity at run
/// time, which cost as much as the lookup itself, once per responder and press.
final class RoleCache {
    /// Number of slots (a power of two).
    static let slotCount = 64
    /// Longest role list cached; longer lists are resolved on every stroke.
    static let maxRoles = 4

    private struct Entry {
        var key: UInt = 0
        var names: [String] = []
        var roles = SIMD4<Int32>(repeating: -1)
        var count = 0
    }

    private let entries: UnsafeMutablePointer<Entry>
    /// Filled slots; element 0 of a one-element allocation, for the same reason as `entries`.
    private let used: UnsafeMutablePointer<Int>

    init() {
        entries = .allocate(capacity: RoleCache.slotCount)
        entries.initialize(repeating: Entry(), count: RoleCache.slotCount)
        used = .allocate(capacity: 1)
        used.initialize(to: 0)
    }

    deinit {
        entries.deinitialize(count: RoleCache.slotCount)
        entries.deallocate()
        used.deinitialize(count: 1)
        used.deallocate()
    }

    /// Forgets every entry (the table changed, so every resolved index may be stale).
    func clear() {
        for i in 0..<RoleCache.slotCount { entries[i] = Entry() }
        used.pointee = 0
    }

    @inline(__always)
    private static func home(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 58) & (slotCount - 1)
    }

    /// The indices in `table` of the roles `names` declares there, in order, and how many
    /// there are; nil when `names` is too long to cache (the caller resolves it itself).
    /// `table` is read only when `names` is not cached yet (reading a table reference from
    /// the dispatcher's state retains and releases it).
    @inline(__always)
    func roles(of names: [String], in table: @autoclosure () -> BindingTable) -> (indices: SIMD4<Int32>, count: Int)? {
        if names.isEmpty { return (SIMD4(repeating: -1), 0) }
        guard names.count <= RoleCache.maxRoles else { return nil }
        let key = names.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        guard key != 0 else { return nil }
        let mask = RoleCache.slotCount - 1
        var slot = RoleCache.home(key)
        while entries[slot].key != 0 {
            if entries[slot].key == key { return (entries[slot].roles, entries[slot].count) }
            slot = (slot + 1) & mask
        }
        return fill(slot, key: key, names: names, table: table())
    }

    /// Resolves `names` in `table` and keeps them in `slot` (where the probe for `key` ended).
    @inline(never)
    private func fill(_ slot: Int, key: UInt, names: [String], table: BindingTable) -> (indices: SIMD4<Int32>, count: Int) {
        var slot = slot
        var indices = SIMD4<Int32>(repeating: -1)
        var n = 0
        for name in names {
            if let i = table.roleIndex(named: name) {
                indices[n] = Int32(truncatingIfNeeded: i)
                n += 1
            }
        }
        if used.pointee >= RoleCache.slotCount / 2 {
            clear()
            slot = RoleCache.home(key)
        }
        used.pointee += 1
        entries[slot] = Entry(key: key, names: names, roles: indices, count: n)
        return (indices, n)
    }
}
