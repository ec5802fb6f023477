/// A responder chain resolved against a table once, for dispatching many key presses: each
/// responder's roles as the table's role indices, in dispatch order (Grammar.md §5, rule 2),
/// and, when the app allows it, the answers responders gave to `canPerform`.
///
/// Build one when focus or the chain changes (a new first responder, a responder whose roles
/// changed), not per key press, and pass it to ``Dispatcher/dispatch(_:chain:context:)`` or
/// ``Dispatcher/decide(_:chain:context:)``. Dispatching through a snapshot walks no
/// `nextResponder` links, reads no `responderRoles` and retains nothing per role.
///
/// A snapshot holds its responders strongly; it is meant for one dispatcher on one thread.
/// When the dispatcher's table is swapped (hot reload), the snapshot notices on the next press
/// and resolves its roles against the new table before reading anything.
///
/// **Capabilities.** With ``CapabilityPolicy/exact`` (the default) every press asks the
/// responders' ``Responder/canPerform(_:)``, exactly as dispatch through a first responder
/// does. With ``CapabilityPolicy/cachedUntilInvalidated`` the first answer for each action
/// invocation is kept: the app promises that what its responders can perform does not change
/// until it calls ``invalidateCapabilities()`` (or builds a new snapshot). Breaking that
/// promise makes dispatch use stale answers, never unsafe ones.
public final class ChainSnapshot {
    /// How a snapshot treats ``Responder/canPerform(_:)`` answers.
    public enum CapabilityPolicy: Sendable {
        /// Ask the responders on every press (the default; always exact).
        case exact
        /// Keep each answer until ``ChainSnapshot/invalidateCapabilities()``.
        case cachedUntilInvalidated
    }

    /// The responders, first responder first (cut at ``Dispatcher/maxChainLength``).
    public let responders: [any Responder]
    /// Each responder's role names as it gave them when the snapshot was built.
    let roleNames: [[String]]
    /// The capability policy chosen at creation.
    public let capabilityPolicy: CapabilityPolicy

    /// What depends on the table: kept behind one fixed allocation, so dispatch reads it
    /// without run-time exclusivity checks or reference counting.
    let resolved: UnsafeMutablePointer<Resolved>

    struct Resolved {
        /// The table the fields below follow.
        var table: BindingTable
        /// Per table role index: the position in dispatch order of the first role entry
        /// playing it (rule 2's order: responders outwards, each one's roles in order), or
        /// `Int32.max` when no responder of the chain plays it. Indexed by role; the menu role
        /// is ranked after every responder's roles.
        var rank: [Int32]
        /// The rank of the menu role.
        var menuRank: Int32
        /// Per table invocation: ``PerformerCache/unknown``, -1 or a responder position.
        var performers: [Int32]
        /// Per table role index: the position of the nearest responder playing it (its
        /// anchor for `inside`/`is`), or `Int32.max`.
        var anchor: [Int32]
        /// Per table role index: the position of the farthest responder playing it, or -1.
        var outermost: [Int32]
        /// The role indices each responder plays: responder `p`'s are
        /// `playedRoles[playedStart[p] ..< playedStart[p + 1]]`.
        var playedRoles: [Int32]
        var playedStart: [Int32]
    }

    /// A snapshot of the chain from `firstResponder` outwards, resolved against `table`.
    public init(table: BindingTable, firstResponder: (any Responder)?, capabilities: CapabilityPolicy = .exact) {
        var responders: [any Responder] = []
        var r = firstResponder
        while let next = r, responders.count < Dispatcher.maxChainLength {
            responders.append(next)
            r = next.nextResponder
        }
        self.responders = responders
        roleNames = responders.map(\.responderRoles)
        capabilityPolicy = capabilities
        resolved = .allocate(capacity: 1)
        resolved.initialize(to: ChainSnapshot.resolve(roleNames, against: table))
    }

    deinit {
        resolved.deinitialize(count: 1)
        resolved.deallocate()
    }

    /// The table the snapshot's roles are resolved against.
    public var table: BindingTable { resolved.pointee.table }

    /// Forgets every cached `canPerform` answer (no effect with ``CapabilityPolicy/exact``).
    /// Call it when what a responder can perform changes (a selection appears, a document
    /// becomes read-only).
    public func invalidateCapabilities() {
        let n = resolved.pointee.performers.count
        resolved.pointee.performers = [Int32](repeating: PerformerCache.unknown, count: n)
    }

    /// Resolves the roles again against `newTable` and drops cached answers; the dispatcher
    /// calls this when its table changed since the snapshot was built.
    @inline(__always)
    func rebind(to newTable: BindingTable) {
        if newTable !== resolved.pointee.table {
            resolved.pointee = ChainSnapshot.resolve(roleNames, against: newTable)
        }
    }

    private static func resolve(_ roleNames: [[String]], against table: BindingTable) -> Resolved {
        var rank = [Int32](repeating: .max, count: table.roleCount)
        var anchor = [Int32](repeating: .max, count: table.roleCount)
        var outermost = [Int32](repeating: -1, count: table.roleCount)
        var playedRoles: [Int32] = []
        var playedStart: [Int32] = [0]
        var next: Int32 = 0
        for (position, names) in roleNames.enumerated() {
            let p = Int32(truncatingIfNeeded: position)
            for name in names {
                guard let role = table.roleIndex(named: name) else { continue }
                if rank[role] == .max { rank[role] = next }
                if anchor[role] == .max { anchor[role] = p }
                outermost[role] = p
                playedRoles.append(Int32(truncatingIfNeeded: role))
                next &+= 1
            }
            playedStart.append(Int32(truncatingIfNeeded: playedRoles.count))
        }
        let performers = [Int32](repeating: PerformerCache.unknown, count: table.count(.invocations))
        return Resolved(
            table: table, rank: rank, menuRank: next, performers: performers, anchor: anchor, outermost: outermost,
            playedRoles: playedRoles, playedStart: playedStart)
    }

    /// The rank of `role` in dispatch order (lower decides first), or `Int32.max`.
    @inline(__always)
    func rank(of role: UInt32) -> Int32 {
        if role == TableFormat.menuRole { return resolved.pointee.menuRank }
        let i = Int(role)
        return resolved.pointee.rank.withUnsafeBufferPointer { i < $0.count ? $0[i] : .max }
    }

    /// The position of the first responder that can perform binding `b`'s invocation
    /// (`targetForAction` semantics), or -1; consults and fills the cache when allowed.
    @inline(__always)
    func performer(ofBinding b: Int, in table: BindingTable) -> Int {
        if capabilityPolicy == .cachedUntilInvalidated {
            let slot = table.bindingInvocation(b)
            let known = resolved.pointee.performers.withUnsafeBufferPointer {
                slot < $0.count ? $0[slot] : PerformerCache.unknown
            }
            if known != PerformerCache.unknown { return Int(known) }
            let found = askPerformer(ofBinding: b, in: table)
            resolved.pointee.performers.withUnsafeMutableBufferPointer {
                if slot < $0.count { $0[slot] = Int32(truncatingIfNeeded: found) }
            }
            return found
        }
        return askPerformer(ofBinding: b, in: table)
    }

    @inline(__always)
    private func askPerformer(ofBinding b: Int, in table: BindingTable) -> Int {
        let action = table.invocation(ofBinding: b)
        return responders.withUnsafeBufferPointer { chain in
            for i in 0..<chain.count where chain[i].canPerform(action) { return i }
            return -1
        }
    }
}

/// Constants of the snapshot's performer cache.
enum PerformerCache {
    /// Not asked yet.
    static let unknown: Int32 = -2
}

/// The chain predicates of one role's bindings over a ``ChainSnapshot`` (the same answers as
/// ``ResponderChainFacts`` gives over the live chain): O(1) for `inside`, a scan of one
/// responder's few roles for `is`; no allocation.
struct SnapshotChainFacts: ChainFacts {
    let snapshot: ChainSnapshot
    let role: UInt32

    @inline(__always)
    func inside(_ other: Int) -> Bool { snapshot.inside(other, from: role) }

    @inline(__always)
    func plays(_ other: Int) -> Bool { snapshot.plays(other, at: role) }
}

extension ChainSnapshot {
    /// Whether a responder further out than `role`'s anchor (any responder, for the menu
    /// role) plays `other`.
    @inline(__always)
    func inside(_ other: Int, from role: UInt32) -> Bool {
        let r = resolved.pointee
        guard other >= 0, other < r.outermost.count else { return false }
        let outer = r.outermost[other]
        if role == TableFormat.menuRole { return outer >= 0 }
        let i = Int(role)
        guard i < r.anchor.count, r.anchor[i] != .max else { return false }
        return outer > r.anchor[i]
    }

    /// Whether `role`'s anchor also plays `other` (false for the menu role).
    @inline(__always)
    func plays(_ other: Int, at role: UInt32) -> Bool {
        let r = resolved.pointee
        let i = Int(role)
        guard role != TableFormat.menuRole, i < r.anchor.count, r.anchor[i] != .max else { return false }
        let p = Int(r.anchor[i])
        guard p + 1 < r.playedStart.count else { return false }
        var k = Int(r.playedStart[p])
        let end = Int(r.playedStart[p + 1])
        while k < end {
            if Int(r.playedRoles[k]) == other { return true }
            k += 1
        }
        return false
    }
}
