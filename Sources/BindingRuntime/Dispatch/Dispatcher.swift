/// Turns key events into actions over a responder chain, following Grammar.md §5 exactly,
/// and holds the one piece of mutable state that needs: the pending sequence, or the repeat
/// mode a repeatable (`@repeat`) binding left.
///
/// One dispatcher serves one window's key input, on one thread. With a ``TableReference`` it
/// follows hot reloads: each stroke reads the current table; if the table changed while a
/// sequence was pending, that sequence is dropped and the stroke dispatched from idle.
///
/// Dispatching a one-stroke chord does not allocate: one hash probe finds the chord's trie
/// node, then each responder's roles (resolved once per role-name array, see ``RoleCache``)
/// are looked up among the node's candidates.
public final class Dispatcher {
    /// Longest responder chain walked; a chain that loops is cut here.
    public static let maxChainLength = 256

    /// The table in use. Through a reference: the one the dispatcher follows, which becomes
    /// the reference's current one at the next stroke or call of an observer of the pending
    /// state (``isPending``, ``pending``, ``pendingDeadline``, …).
    public private(set) var table: BindingTable {
        get { state.pointee.table }
        set { state.pointee.follow(newValue) }
    }
    let reference: TableReference?
    /// The trie node of the pending sequence, or nil when idle.
    var pendingNode: Int? {
        get { state.pointee.pendingNode }
        set { state.pointee.pendingNode = newValue }
    }
    /// Responders' role names resolved against ``table`` (cleared when the table changes).
    let roleCache = RoleCache()

    /// The dispatcher's mutable state, explicit and in one place: the table in use, the
    /// pending sequence or the repeat mode, and when the last stroke came. At most one of
    /// `pendingNode` and `repeatNode` is set. It lives in one fixed allocation behind
    /// a `let`, so each press reads and writes it without the run-time exclusivity checks
    /// every access to a class's stored `var` costs.
    struct StrokeState {
        var table: BindingTable
        /// `table`'s identity, compared with a snapshot's or a context state's as an integer.
        var tableID: ObjectIdentifier
        /// `table`'s dispatch index (valid while `table` is held here).
        var view: DispatchView
        /// Whether `table` has repeatable bindings (else a press never enters repeat mode).
        var hasRepeat: Bool
        /// Whether `table` has `@timeout` bindings (else a chosen binding is never held).
        var hasTimeout: Bool
        var pendingNode: Int?
        /// The `@timeout` binding the pending sequence holds (Grammar.md §5 rule 2a), or -1:
        /// performed when the next stroke continues nothing or the sequence times out. Set
        /// only while `pendingNode` is.
        var held = -1
        var lastStrokeTime: Double = 0
        var sequenceTimeout: Double?
        /// Repeat mode (Grammar.md §5): the trie node of the prefix whose repeatable
        /// bindings a bare stroke repeats, or nil.
        var repeatNode: Int?
        /// Seconds repeat mode lasts after the last stroke (the last repeatable binding's).
        var repeatWindow: Double = 0

        init(table: BindingTable) {
            self.table = table
            tableID = ObjectIdentifier(table)
            view = table.dispatch.view
            hasRepeat = table.dispatch.hasRepeat
            hasTimeout = table.dispatch.hasTimeout
        }

        /// Reads `newTable` from now on.
        mutating func follow(_ newTable: BindingTable) {
            table = newTable
            tableID = ObjectIdentifier(newTable)
            view = newTable.dispatch.view
            hasRepeat = newTable.dispatch.hasRepeat
            hasTimeout = newTable.dispatch.hasTimeout
        }
    }
    let state: UnsafeMutablePointer<StrokeState>

    /// Seconds allowed between the strokes of a sequence, measured with
    /// ``KeyEvent/timestamp``; nil (the default) waits forever. A later stroke first
    /// cancels the pending sequence (performing the `@timeout` binding it holds, if any),
    /// then is dispatched from idle. An app that shows pending sequences, or has `@timeout`
    /// bindings, also calls ``timeOut(firstResponder:)`` (or ``timeOut(chain:)``) at
    /// ``pendingDeadline``, so that a held binding runs without waiting for another key.
    public var sequenceTimeout: Double? {
        get { state.pointee.sequenceTimeout }
        set { state.pointee.sequenceTimeout = newValue }
    }

    /// A dispatcher reading `table`.
    public init(table: BindingTable) {
        state = .allocate(capacity: 1)
        state.initialize(to: StrokeState(table: table))
        reference = nil
    }

    /// A dispatcher reading whatever table `reference` holds at each stroke.
    public init(reference: TableReference) {
        self.reference = reference
        state = .allocate(capacity: 1)
        let table = reference.table
        state.initialize(to: StrokeState(table: table))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Whether a sequence is pending. (Like the other observers below, it first follows the
    /// reference: after a reload the pending sequence of the old table is gone, Grammar.md §5.)
    public var isPending: Bool {
        refresh()
        return pendingNode != nil
    }

    /// While a sequence is pending and ``sequenceTimeout`` is set, the timestamp
    /// (``KeyEvent/timestamp``'s clock) at which it times out: the last stroke's time plus the
    /// timeout. The app's timer calls ``timeOut(firstResponder:)`` then. Nil otherwise.
    public var pendingDeadline: Double? {
        refresh()
        guard pendingNode != nil, let timeout = state.pointee.sequenceTimeout else { return nil }
        return state.pointee.lastStrokeTime + timeout
    }

    /// The `@timeout` binding the pending sequence holds (an index of ``table``): what
    /// ``timeOut(firstResponder:)`` or a stroke that continues nothing performs. Nil when idle
    /// or when the pending sequence holds nothing.
    public var heldBinding: Int? {
        refresh()
        return pendingNode != nil && state.pointee.held >= 0 ? state.pointee.held : nil
    }

    /// Whether the dispatcher is in repeat mode: a repeatable binding completed, and a bare
    /// press of the last stroke of a repeatable binding with the same prefix repeats it, until
    /// ``repeatDeadline`` or a stroke that repeats nothing (Grammar.md §5).
    public var isRepeating: Bool {
        refresh()
        return state.pointee.repeatNode != nil
    }

    /// In repeat mode, the prefix whose repeatable bindings repeat (`ctrl+b` after `ctrl+b
    /// up`); nil otherwise.
    public var repeating: PendingSequence? {
        refresh()
        return state.pointee.repeatNode.map { PendingSequence(table: table, node: $0) }
    }

    /// In repeat mode, the timestamp (``KeyEvent/timestamp``'s clock) after which a stroke no
    /// longer repeats: the last stroke's time plus the window of the binding it performed.
    /// An overlay that shows repeat mode hides it then. Nil when not repeating.
    public var repeatDeadline: Double? {
        refresh()
        return state.pointee.repeatNode == nil ? nil : state.pointee.lastStrokeTime + state.pointee.repeatWindow
    }

    /// Leaves repeat mode (for instance when focus moves); the next stroke is dispatched from
    /// idle. Does nothing when not repeating.
    public func endRepeat() {
        state.pointee.repeatNode = nil
    }

    /// The pending sequence, if any.
    public var pending: PendingSequence? {
        refresh()
        return pendingNode.map { PendingSequence(table: table, node: $0) }
    }

    /// Follows the reference, dropping a pending sequence of an older table.
    @inline(__always)
    func refresh() {
        guard let reference else { return }
        let current = reference.table
        if current !== state.pointee.table {
            state.pointee.follow(current)
            state.pointee.pendingNode = nil
            state.pointee.held = -1
            state.pointee.repeatNode = nil
            roleCache.clear()
        }
    }

    /// Handles one key press (Grammar.md §5): performs the chosen binding's action on its
    /// performer, or starts or continues a sequence, or cancels one, or leaves the stroke
    /// unhandled.
    public func dispatch(_ event: KeyEvent, firstResponder: any Responder, context: ContextState) -> DispatchResult {
        refresh()
        let (from, wasPending, repeatFrom, held) = beginStroke(event)
        // The app's state is used in place when it follows this table (no copy per press).
        if context.tableID == state.pointee.tableID {
            return context.bits.withUnsafeBufferPointer {
                dispatch(event, from: from, wasPending: wasPending, repeatFrom: repeatFrom, held: held, firstResponder: firstResponder, state: context, bits: $0.baseAddress.unsafelyUnwrapped)
            }
        }
        let bound = context.bound(to: table)
        return bound.bits.withUnsafeBufferPointer {
            dispatch(event, from: from, wasPending: wasPending, repeatFrom: repeatFrom, held: held, firstResponder: firstResponder, state: bound, bits: $0.baseAddress.unsafelyUnwrapped)
        }
    }

    /// Performs `binding`, the `@timeout` binding a pending sequence held, on the first
    /// responder from `firstResponder` that can perform it, and returns both; nil when none
    /// can. Enters no repeat mode. Kept out of line: only tables with `@timeout` bindings
    /// call it.
    @inline(never)
    func performHeld(_ binding: Int, firstResponder: any Responder) -> (action: ActionInvocation, responder: any Responder)? {
        guard binding >= 0, binding < table.bindingCount else { return nil }
        let action = table.invocation(ofBinding: binding)
        guard let responder = performer(of: action, firstResponder: firstResponder) else { return nil }
        responder.perform(action)
        return (action, responder)
    }

    /// The sequence timeout passed with a sequence pending (the app's timer at
    /// ``pendingDeadline``): performs the `@timeout` binding it holds on the first responder
    /// from `firstResponder` that can perform it (`.performed`), or else cancels it as
    /// ``cancelPending()`` does. Nil, changing nothing, when no sequence is pending (repeat
    /// mode has its own deadline). The dispatcher is idle afterwards.
    @discardableResult
    public func timeOut(firstResponder: any Responder) -> DispatchResult? {
        refresh()
        guard let held = endPendingForTimeOut() else { return nil }
        guard let (action, responder) = performHeld(held, firstResponder: firstResponder) else { return .cancelled(.requested) }
        return .performed(action, responder: responder)
    }

    /// Ends the pending sequence when it times out: the binding it held (-1 for none), or nil,
    /// changing nothing, when no sequence is pending.
    func endPendingForTimeOut() -> Int? {
        guard pendingNode != nil else { return nil }
        let held = state.pointee.held
        state.pointee.held = -1
        pendingNode = nil
        return held
    }

    /// ``dispatch(_:firstResponder:context:)`` after the stroke began, with `state` bound
    /// to the table and `bits` its packed context bitset.
    @inline(__always)
    private func dispatch(
        _ event: KeyEvent, from: Int, wasPending: Bool, repeatFrom: Int?, held: Int, firstResponder: any Responder, state: ContextState,
        bits: UnsafePointer<UInt64>
    ) -> DispatchResult {
        let table = self.table
        let view = self.state.pointee.view
        // A held `@timeout` binding whose sequence timed out runs before the stroke, which is
        // then dispatched from idle (rule 3).
        if held >= 0, !wasPending {
            return dispatchAfterHeld(held, event, timedOut: true, firstResponder: firstResponder, state: state, bits: bits)
        }
        // Repeat mode: the stroke as if the prefix were pending; it repeats only when that
        // performs a repeatable binding. Anything else leaves repeat mode and is dispatched
        // from idle, as if repeat mode had not been there.
        if let repeatFrom,
           case .chosen(let binding, let performer) = resolveStroke(event, from: repeatFrom, firstResponder: firstResponder, state: state, view: view, bits: bits).resolution,
           table.bindingFlags(binding) & TableFormat.attributeRepeat != 0 {
            performer.responder.perform(performer.action)
            enterRepeat(after: binding, prefix: repeatFrom)
            return .performed(performer.action, responder: performer.responder)
        }
        let (node, resolution) = resolveStroke(event, from: from, firstResponder: firstResponder, state: state, view: view, bits: bits)
        switch resolution {
        case .chosen(let binding, let performer):
            performer.responder.perform(performer.action)
            if self.state.pointee.hasRepeat { enterRepeat(after: binding, prefix: from) }
            return .performed(performer.action, responder: performer.responder)
        case .pending:
            guard node >= 0 else { return .unhandled }
            pendingNode = node
            return .pending(PendingSequence(table: table, node: node))
        case .holding(let binding):
            pendingNode = node
            self.state.pointee.held = binding
            return .pending(PendingSequence(table: table, node: node))
        case .nothing:
            // Rule 3: the pending sequence held a `@timeout` binding: it runs, and the stroke
            // is then dispatched from idle.
            if wasPending, held >= 0 {
                return dispatchAfterHeld(held, event, timedOut: false, firstResponder: firstResponder, state: state, bits: bits)
            }
            return wasPending ? .cancelled(.noContinuation(event.chord)) : .unhandled
        }
    }

    /// Rule 3 with a held binding: performs it, then dispatches `event` from idle, and
    /// reports both (``DispatchResult/performedHeld(_:)``). When no responder can perform it,
    /// a stroke that continued nothing cancels as before, and one that came after the timeout
    /// is dispatched from idle. Out of line, so that the stroke's dispatch above stays inlined
    /// into its callers.
    @inline(never)
    private func dispatchAfterHeld(_ held: Int, _ event: KeyEvent, timedOut: Bool, firstResponder: any Responder, state: ContextState,
                                   bits: UnsafePointer<UInt64>) -> DispatchResult {
        guard let (_, heldResponder) = performHeld(held, firstResponder: firstResponder) else {
            if !timedOut { return .cancelled(.noContinuation(event.chord)) }
            return dispatch(event, from: BindingTable.root, wasPending: false, repeatFrom: nil, held: -1,
                            firstResponder: firstResponder, state: state, bits: bits)
        }
        // From idle: nothing pending or held, no repeat mode (a pending sequence and repeat
        // mode never coexist), and a binding performed from the root enters none.
        let (node, resolution) = resolveStroke(event, from: BindingTable.root, firstResponder: firstResponder, state: state,
                                               view: self.state.pointee.view, bits: bits)
        var then = -1
        var performer: (any Responder)? = nil
        switch resolution {
        case .chosen(let binding, let chosen):
            chosen.responder.perform(chosen.action)
            (then, performer) = (binding, chosen.responder)
        case .pending, .holding:
            pendingNode = node
            if case .holding(let binding) = resolution { self.state.pointee.held = binding }
            then = node
        case .nothing:
            break
        }
        return .performedHeld(DispatchResult.HeldRun(table: table, binding: held, responder: heldResponder, thenIndex: then, performer: performer))
    }

    /// Grammar.md §5 rule 1 from node `from`: the chord by the character typed, then (Shift
    /// held) by the key's character without Shift, then by the key's position, then by the
    /// key's US character on a non-Latin layout; the first that rule 2 decides, with the node
    /// it reached (-1 for none).
    @inline(__always)
    func resolveStroke(
        _ event: KeyEvent, from: Int, firstResponder: any Responder, state: ContextState, view: DispatchView, bits: UnsafePointer<UInt64>
    ) -> (node: Int, resolution: Resolution) {
        let node = view.child(of: from, code: event.chord.code)
        let resolution = node >= 0 ? resolve(node: node, firstResponder: firstResponder, context: state, view: view, bits: bits) : .nothing
        if case .nothing = resolution, event.physicalKey != nil {
            if let found = resolveOther(event.shiftAlternate, from: from, firstResponder: firstResponder, state: state, view: view, bits: bits)
                ?? resolveOther(event.keyPosition, from: from, firstResponder: firstResponder, state: state, view: view, bits: bits)
                ?? resolveOther(event.fallback, from: from, firstResponder: firstResponder, state: state, view: view, bits: bits) {
                return found
            }
        }
        return (node, resolution)
    }

    /// One of rule 1's later names of a press, when the press has it and rule 2 decides it.
    @inline(__always)
    func resolveOther(
        _ chord: Chord?, from: Int, firstResponder: any Responder, state: ContextState, view: DispatchView, bits: UnsafePointer<UInt64>
    ) -> (node: Int, resolution: Resolution)? {
        guard let chord else { return nil }
        let n = view.child(of: from, code: chord.code)
        guard n >= 0 else { return nil }
        let resolution = resolve(node: n, firstResponder: firstResponder, context: state, view: view, bits: bits)
        if case .nothing = resolution { return nil }
        return (n, resolution)
    }

    /// Starts a stroke: applies the sequence timeout and the repeat window, and returns the
    /// node the stroke continues from, whether a sequence was pending (false when it timed
    /// out), the repeat mode's prefix node when the stroke came within its window, and the
    /// `@timeout` binding the pending sequence held (-1 for none). The dispatcher is idle
    /// (and not repeating) afterwards until the stroke's outcome changes that.
    @inline(__always)
    func beginStroke(_ event: KeyEvent) -> (from: Int, wasPending: Bool, repeatFrom: Int?, held: Int) {
        let pending = state.pointee.pendingNode
        var wasPending = pending != nil
        if wasPending, let timeout = state.pointee.sequenceTimeout, event.timestamp - state.pointee.lastStrokeTime > timeout {
            wasPending = false
        }
        var repeatFrom = state.pointee.repeatNode
        if repeatFrom != nil, event.timestamp - state.pointee.lastStrokeTime > state.pointee.repeatWindow {
            repeatFrom = nil
        }
        let held = pending == nil ? -1 : state.pointee.held
        state.pointee.lastStrokeTime = event.timestamp
        state.pointee.pendingNode = nil
        state.pointee.held = -1
        state.pointee.repeatNode = nil
        return (wasPending ? pending ?? BindingTable.root : BindingTable.root, wasPending, repeatFrom, held)
    }

    /// After `binding`, reached from node `prefix` (its parent in the trie), was performed:
    /// when it is repeatable and has a prefix, enters repeat mode on that prefix with the
    /// binding's window (restarting it on a repeat). Kept out of line: only tables with
    /// repeatable bindings call it.
    @inline(never)
    func enterRepeat(after binding: Int, prefix: Int) {
        guard prefix != BindingTable.root else { return }
        let flags = table.bindingFlags(binding)
        guard flags & TableFormat.attributeRepeat != 0 else { return }
        state.pointee.repeatNode = prefix
        state.pointee.repeatWindow = Double(flags >> TableFormat.attributeRepeatShift) / 1000
    }

    /// Cancels the pending sequence: `.cancelled(.requested)`, or nil when idle. Also leaves
    /// repeat mode (then returns nil: no sequence was pending).
    @discardableResult
    public func cancelPending() -> DispatchResult? {
        state.pointee.repeatNode = nil
        state.pointee.held = -1
        guard pendingNode != nil else { return nil }
        pendingNode = nil
        return .cancelled(.requested)
    }

    // MARK: - Rule 2

    /// Who performs a chosen binding, and the invocation it was asked about (performed and
    /// returned as it is: the binding is not read again).
    struct Performer {
        let responder: any Responder
        let action: ActionInvocation
    }

    /// The outcome of rule 2 for the strokes leading to `node`.
    enum Resolution {
        case chosen(binding: Int, performer: Performer)
        case pending
        /// Pending, holding `binding`: a `@timeout` binding chosen while a longer binding of
        /// its role is live (rule 2a).
        case holding(binding: Int)
        case nothing
    }

    /// Rule 2: walk the chain outwards, each responder's roles in order, then the menu
    /// bindings; in the first role that has a live performable binding of exactly these
    /// strokes (rule 2a) or a live longer one (rule 2b), that decides. Roles none of whose
    /// bindings here is live are known before the walk (``liveRoles(node:view:bits:)``): a
    /// node where nothing is live costs no walk, and the walk skips the other roles.
    @inline(__always)
    func resolve(node: Int, firstResponder: any Responder, context: ContextState, view: DispatchView, bits: UnsafePointer<UInt64>) -> Resolution {
        let live = liveRoles(node: node, view: view, bits: bits)
        if live == 0 { return .nothing }
        if live != TableFormat.roleBit(TableFormat.menuRole) {
            // The first responder is borrowed from the caller; each later one is the owned
            // reference its predecessor's `nextResponder` returned (no other copy per step).
            if let outcome = resolve(node: node, rolesOf: firstResponder, live: live, firstResponder: firstResponder, context: context, view: view, bits: bits) {
                return outcome
            }
            var next = firstResponder.nextResponder
            var depth = 1
            while depth < Dispatcher.maxChainLength, let r = next {
                if let outcome = resolve(node: node, rolesOf: r, live: live, firstResponder: firstResponder, context: context, view: view, bits: bits) {
                    return outcome
                }
                next = r.nextResponder
                depth &+= 1
            }
        }
        if live & TableFormat.roleBit(TableFormat.menuRole) != 0,
           let outcome = resolve(node: node, role: TableFormat.menuRole, firstResponder: firstResponder, context: context, view: view, bits: bits) {
            return outcome
        }
        return .nothing
    }

    /// Rule 2 at `node` for tools (discoverability, explanations): `context` is rebound to
    /// the dispatcher's table first when it follows another one.
    func resolve(node: Int, firstResponder: any Responder, context: ContextState) -> Resolution {
        let bound = context.bound(to: table)
        let view = state.pointee.view
        return bound.bits.withUnsafeBufferPointer {
            resolve(node: node, firstResponder: firstResponder, context: bound, view: view, bits: $0.baseAddress.unsafelyUnwrapped)
        }
    }

    /// The role bits (``TableFormat/roleBit(_:)``) of `node`'s groups that may decide: a
    /// candidate whose mask test holds, or a live longer condition; a condition without a
    /// mask test (it uses the chain) counts as live. One pass over the node's groups.
    @inline(__always)
    func liveRoles(node: Int, view: DispatchView, bits: UnsafePointer<UInt64>) -> UInt64 {
        var live: UInt64 = 0
        let groups = view.groups(node)
        var g = groups.lowerBound
        while g < groups.upperBound {
            let group = view.group(g)
            g &+= 1
            let bit = TableFormat.roleBit(group.role)
            if live & bit != 0 { continue }
            var c = group.first
            while c < group.end {
                if view.test(view.candidate(c).condition, bits) ?? true {
                    live |= bit
                    break
                }
                c &+= 1
            }
            if live & bit == 0 && group.longer != TableFormat.conditionFalse && view.test(group.longer, bits) ?? true {
                live |= bit
            }
        }
        return live
    }

    /// Rule 2 for the roles `responder` plays, in its order, among the `live` ones; nil when
    /// none of them decides.
    @inline(__always)
    func resolve(node: Int, rolesOf responder: any Responder, live: UInt64, firstResponder: any Responder, context: ContextState,
                 view: DispatchView, bits: UnsafePointer<UInt64>) -> Resolution? {
        let names = responder.responderRoles
        if let cached = roleCache.roles(of: names, in: table) {
            for k in 0..<cached.count {
                let role = UInt32(truncatingIfNeeded: cached.indices[k])
                if TableFormat.roleBit(role) & live == 0 { continue }
                if let outcome = resolve(node: node, role: role, firstResponder: firstResponder, context: context, view: view, bits: bits) {
                    return outcome
                }
            }
            return nil
        }
        for name in names {
            guard let role = table.roleIndex(named: name) else { continue }
            if TableFormat.roleBit(UInt32(role)) & live == 0 { continue }
            if let outcome = resolve(node: node, role: UInt32(role), firstResponder: firstResponder, context: context, view: view, bits: bits) {
                return outcome
            }
        }
        return nil
    }

    /// Rule 2a, then 2b, for one role at `node`; nil when this role does not decide.
    @inline(__always)
    func resolve(node: Int, role: UInt32, firstResponder: any Responder, context: ContextState, view: DispatchView, bits: UnsafePointer<UInt64>) -> Resolution? {
        let groups = view.groups(node)
        var g = groups.lowerBound
        while g < groups.upperBound {
            let group = view.group(g)
            g &+= 1
            if group.role < role { continue }
            if group.role > role { return nil }
            var c = group.first
            while c < group.end {
                let candidate = view.candidate(c)
                c &+= 1
                guard view.test(candidate.condition, bits)
                    ?? interpret(candidate.condition, firstResponder: firstResponder, role: role, context: context) else { continue }
                let action = table.invocation(ofBinding: candidate.binding)
                if let responder = performer(of: action, firstResponder: firstResponder) {
                    if state.pointee.hasTimeout, table.bindingFlags(candidate.binding) & TableFormat.attributeTimeout != 0,
                       longerLive(group.longer, firstResponder: firstResponder, role: role, context: context, view: view, bits: bits) {
                        return .holding(binding: candidate.binding)
                    }
                    return .chosen(binding: candidate.binding, performer: Performer(responder: responder, action: action))
                }
            }
            return longerLive(group.longer, firstResponder: firstResponder, role: role, context: context, view: view, bits: bits) ? .pending : nil
        }
        return nil
    }

    /// Whether a group's longer condition `longer` holds: some longer binding of `role` is live.
    @inline(__always)
    func longerLive(_ longer: UInt32, firstResponder: any Responder, role: UInt32, context: ContextState, view: DispatchView,
                    bits: UnsafePointer<UInt64>) -> Bool {
        longer != TableFormat.conditionFalse
            && (view.test(longer, bits) ?? interpret(longer, firstResponder: firstResponder, role: role, context: context))
    }

    /// Condition `ref` of a binding of `role`, interpreted over the live chain (for conditions
    /// without a mask test; out of line, so the common path builds no chain facts).
    @inline(never)
    func interpret(_ ref: UInt32, firstResponder: any Responder, role: UInt32, context: ContextState) -> Bool {
        context.holds(ref, facts(firstResponder, role: role))
    }

    /// What the chain predicates of `role`'s conditions see in the chain from `firstResponder`.
    @inline(__always)
    func facts(_ firstResponder: any Responder, role: UInt32) -> ResponderChainFacts {
        ResponderChainFacts(firstResponder: firstResponder, role: role, table: table, cache: roleCache)
    }

    /// The first responder in the chain, from `firstResponder` outwards, that can perform
    /// `action` (`targetForAction` semantics).
    @inline(__always)
    public func performer(of action: ActionInvocation, firstResponder: any Responder) -> (any Responder)? {
        // As in rule 2's walk: the first responder borrowed, each later one owned once.
        if firstResponder.canPerform(action) { return firstResponder }
        var next = firstResponder.nextResponder
        var depth = 1
        while depth < Dispatcher.maxChainLength, let r = next {
            if r.canPerform(action) { return r }
            next = r.nextResponder
            depth &+= 1
        }
        return nil
    }
}
