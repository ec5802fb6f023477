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
/// promise makes dispatch use stale answers, never unsafe ones. Such a snapshot also
/// remembers what each stroke decided (``DecisionMemo``, 20 KB allocated with it), keyed by
/// the stroke and stamped with the context it was decided in: a press repeated in the same
/// context reads its outcome back; a changed context, ``invalidateCapabilities()`` or a new
/// table makes every remembered outcome unreadable.
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
    /// Each responder in its own immutable box, held strongly here (the boxes are made with
    /// the snapshot and never replaced).
    private let slots: [ResponderSlot]
    /// ``slots`` as unretained references in a fixed allocation, first responder first: a
    /// press reaches responder `p` as `chain[p]` with no array access and no reference
    /// counting (``ResponderSlot`` says why that is safe).
    let chain: UnsafeMutableBufferPointer<Unmanaged<ResponderSlot>>
    /// The number of responders.
    let depth: Int
    /// Each responder's role names as it gave them when the snapshot was built.
    let roleNames: [[String]]
    /// The capability policy chosen at creation.
    public let capabilityPolicy: CapabilityPolicy

    /// What depends on the table: kept behind one fixed allocation, so dispatch reads it
    /// without run-time exclusivity checks or reference counting.
    let resolved: UnsafeMutablePointer<Resolved>

    /// The chain resolved against one table. Every per-role and per-invocation array is a
    /// fixed allocation owned by the snapshot (freed by ``free()``), so reading one through
    /// `resolved.pointee` copies two words and retains nothing.
    struct Resolved {
        /// The table the fields below follow (held, so ``view`` stays valid).
        var table: BindingTable
        /// The table's identity (compared as an integer on every press).
        var tableID: ObjectIdentifier
        /// The table's dispatch index.
        var view: DispatchView
        /// Per table role index, and at index `roleCount` for the menu role: the position in
        /// dispatch order of the first role entry playing it (rule 2's order: responders
        /// outwards, each one's roles in order), or `Int32.max` when no responder plays it.
        /// The menu role ranks after every responder's roles.
        var rank: UnsafeMutableBufferPointer<Int32>
        /// ``TableFormat/roleBit(_:)`` of every role the chain plays, and of the menu role.
        var roleMask: UInt64
        /// The roles the chain plays, each once, in dispatch order, then the menu role: each
        /// with its role bit.
        var order: UnsafeMutableBufferPointer<(role: UInt32, bit: UInt64)>
        /// Per table invocation: ``PerformerCache/unknown``, -1 or a responder position.
        var performers: UnsafeMutableBufferPointer<Int32>
        /// Per table role index: the position of the nearest responder playing it (its
        /// anchor for `inside`/`is`), or `Int32.max`.
        var anchor: UnsafeMutableBufferPointer<Int32>
        /// Per table role index: the position of the farthest responder playing it, or -1.
        var outermost: UnsafeMutableBufferPointer<Int32>
        /// The role indices each responder plays: responder `p`'s are
        /// `playedRoles[playedStart[p] ..< playedStart[p + 1]]`.
        var playedRoles: UnsafeMutableBufferPointer<Int32>
        var playedStart: UnsafeMutableBufferPointer<Int32>
        /// What earlier strokes decided (only with cached capabilities: with exact ones every
        /// press asks `canPerform`, so no outcome can be kept).
        var memo: DecisionMemo?
        /// The stamp of ``memo``'s entries that may be read (see ``DecisionMemo``): it only
        /// grows, across tables too, so an entry stored under an older one is never read.
        var stamp: UInt32 = 1

        /// Frees the buffers (the snapshot calls it before replacing or dropping them).
        func free() {
            memo?.free()
            rank.deallocate()
            order.deallocate()
            performers.deallocate()
            anchor.deallocate()
            outermost.deallocate()
            playedRoles.deallocate()
            playedStart.deallocate()
        }
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
        depth = responders.count
        let slots = responders.map(ResponderSlot.init)
        self.slots = slots
        chain = .allocate(capacity: max(slots.count, 1))
        _ = chain.initialize(from: slots.lazy.map { Unmanaged.passUnretained($0) })
        roleNames = responders.map(\.responderRoles)
        capabilityPolicy = capabilities
        resolved = .allocate(capacity: 1)
        resolved.initialize(to: ChainSnapshot.resolve(roleNames, against: table, policy: capabilities))
    }

    deinit {
        chain.deallocate()
        resolved.pointee.free()
        resolved.deinitialize(count: 1)
        resolved.deallocate()
    }

    /// The table the snapshot's roles are resolved against.
    public var table: BindingTable { resolved.pointee.table }

    /// Forgets every cached `canPerform` answer (no effect with ``CapabilityPolicy/exact``).
    /// Call it when what a responder can perform changes (a selection appears, a document
    /// becomes read-only).
    public func invalidateCapabilities() {
        let performers = resolved.pointee.performers
        for i in performers.indices { performers[i] = PerformerCache.unknown }
        if let memo = resolved.pointee.memo { resolved.pointee.stamp = memo.next(after: resolved.pointee.stamp) }
    }

    /// Resolves the roles again against `newTable` and drops cached answers; the dispatcher
    /// calls this when its table changed since the snapshot was built.
    @inline(__always)
    func rebind(to newTable: BindingTable) {
        if ObjectIdentifier(newTable) != resolved.pointee.tableID { resolveAgain(against: newTable) }
    }

    @inline(never)
    private func resolveAgain(against newTable: BindingTable) {
        let old = resolved.pointee
        resolved.pointee = ChainSnapshot.resolve(roleNames, against: newTable, policy: capabilityPolicy)
        // Entries stored under the old stamp (by a press still deciding) are never read.
        if let memo = resolved.pointee.memo { resolved.pointee.stamp = memo.next(after: old.stamp) }
        old.free()
    }

    private static func buffer(_ values: [Int32]) -> UnsafeMutableBufferPointer<Int32> {
        let b = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(values.count, 1))
        _ = b.initialize(from: values)
        return UnsafeMutableBufferPointer(rebasing: b[0..<values.count])
    }

    private static func resolve(_ roleNames: [[String]], against table: BindingTable, policy: CapabilityPolicy) -> Resolved {
        var rank = [Int32](repeating: .max, count: table.roleCount + 1)
        var anchor = [Int32](repeating: .max, count: table.roleCount)
        var outermost = [Int32](repeating: -1, count: table.roleCount)
        var playedRoles: [Int32] = []
        var playedStart: [Int32] = [0]
        var mask = TableFormat.roleBit(TableFormat.menuRole)
        var order: [(role: UInt32, bit: UInt64)] = []
        var next: Int32 = 0
        for (position, names) in roleNames.enumerated() {
            let p = Int32(truncatingIfNeeded: position)
            for name in names {
                guard let role = table.roleIndex(named: name) else { continue }
                if rank[role] == .max {
                    rank[role] = next
                    order.append((UInt32(role), TableFormat.roleBit(UInt32(role))))
                }
                if anchor[role] == .max { anchor[role] = p }
                outermost[role] = p
                mask |= TableFormat.roleBit(UInt32(role))
                playedRoles.append(Int32(truncatingIfNeeded: role))
                next &+= 1
            }
            playedStart.append(Int32(truncatingIfNeeded: playedRoles.count))
        }
        rank[table.roleCount] = next
        order.append((TableFormat.menuRole, TableFormat.roleBit(TableFormat.menuRole)))
        let orderBuffer = UnsafeMutableBufferPointer<(role: UInt32, bit: UInt64)>.allocate(capacity: order.count)
        _ = orderBuffer.initialize(from: order)
        let performers = [Int32](repeating: PerformerCache.unknown, count: table.count(.invocations))
        return Resolved(
            table: table, tableID: ObjectIdentifier(table), view: table.dispatch.view, rank: buffer(rank), roleMask: mask, order: orderBuffer, performers: buffer(performers),
            anchor: buffer(anchor), outermost: buffer(outermost), playedRoles: buffer(playedRoles), playedStart: buffer(playedStart),
            memo: policy == .cachedUntilInvalidated ? DecisionMemo(contextWords: table.dispatch.contextWords) : nil)
    }

    /// The position of the first responder that can perform binding `b`'s invocation
    /// `invocation` (`targetForAction` semantics), or -1; consults and fills the cache when
    /// allowed. `invocation` is below the table's invocation count (the validator proves it
    /// for every `DCAN` record).
    @inline(__always)
    func performer(invocation: Int, binding b: Int) -> Int {
        if capabilityPolicy == .cachedUntilInvalidated {
            let known = resolved.pointee.performers.baseAddress.unsafelyUnwrapped[invocation]
            if known != PerformerCache.unknown { return Int(known) }
            return askAndCache(invocation: invocation, binding: b)
        }
        return askPerformer(ofBinding: b, in: resolved.pointee.table)
    }

    @inline(never)
    private func askAndCache(invocation: Int, binding b: Int) -> Int {
        let table = resolved.pointee.table, stamp = resolved.pointee.stamp
        let found = askPerformer(ofBinding: b, in: table)
        // A responder's `canPerform` may have dispatched and rebound the snapshot meanwhile,
        // or invalidated the answers (which moves the stamp on): then the answer is not kept.
        let performers = resolved.pointee.performers
        if resolved.pointee.table === table, resolved.pointee.stamp == stamp, invocation < performers.count {
            performers[invocation] = Int32(truncatingIfNeeded: found)
        }
        return found
    }

    @inline(__always)
    private func askPerformer(ofBinding b: Int, in table: BindingTable) -> Int {
        let action = table.invocation(ofBinding: b)
        let first = UnsafePointer(chain.baseAddress.unsafelyUnwrapped)
        var i = 0
        while i < depth {
            if first[i]._withUnsafeGuaranteedRef({ $0.responder.canPerform(action) }) { return i }
            i &+= 1
        }
        return -1
    }
}

/// One responder of a ``ChainSnapshot``, boxed so that a press can call it without retaining
/// and releasing it around each call.
///
/// **Why the unretained use is safe.** The snapshot holds every slot strongly for its whole
/// life (``ChainSnapshot``'s `slots`, a `let` array) and each slot holds its responder in a
/// `let`, so the responder cannot go away while the snapshot is alive, whatever a
/// `canPerform` or `perform` call does (it may drop the app's own references, dispatch
/// again, or rebind the snapshot to a new table: none of that touches the slots). Every
/// unretained use happens inside a method of the snapshot or of a dispatcher given the
/// snapshot, which holds the snapshot for the call. Reading the `let` field of a slot
/// borrowed through `Unmanaged._withUnsafeGuaranteedRef` lets the compiler pass the responder
/// at +0, where reading it out of mutable memory made a retain and a release per call.
final class ResponderSlot {
    /// The responder.
    let responder: any Responder

    init(_ responder: any Responder) { self.responder = responder }
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
    /// role) plays `other`. Reads single fields through the pointer: no copy, no retain.
    @inline(__always)
    func inside(_ other: Int, from role: UInt32) -> Bool {
        let outermost = resolved.pointee.outermost
        guard other >= 0, other < outermost.count else { return false }
        let outer = outermost[other]
        if role == TableFormat.menuRole { return outer >= 0 }
        let anchor = resolved.pointee.anchor
        let i = Int(role)
        guard i < anchor.count, anchor[i] != .max else { return false }
        return outer > anchor[i]
    }

    /// Whether `role`'s anchor also plays `other` (false for the menu role).
    @inline(__always)
    func plays(_ other: Int, at role: UInt32) -> Bool {
        let anchor = resolved.pointee.anchor
        let i = Int(role)
        guard role != TableFormat.menuRole, i < anchor.count, anchor[i] != .max else { return false }
        let p = Int(anchor[i])
        let start = resolved.pointee.playedStart, played = resolved.pointee.playedRoles
        guard p + 1 < start.count else { return false }
        var k = Int(start[p])
        let end = min(Int(start[p + 1]), played.count)
        while k < end {
            if Int(played[k]) == other { return true }
            k += 1
        }
        return false
    }
}
