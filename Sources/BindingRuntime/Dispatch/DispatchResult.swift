/// What a stroke did (Grammar.md §5).
public enum DispatchResult {
    /// A binding was chosen: `responder`, the first in the chain that can perform it,
    /// performed `action` (with its argument). The dispatcher is idle again.
    case performed(ActionInvocation, responder: any Responder)
    /// The strokes so far start a longer live binding; the dispatcher waits for the next.
    case pending(PendingSequence)
    /// A pending sequence ended without performing anything; the stroke (if any) is consumed.
    case cancelled(CancelReason)
    /// Nothing is bound to the stroke here; the app may let it through (as text, say).
    case unhandled
    /// The pending sequence held a `@timeout` binding, and the stroke continued nothing or
    /// came after the sequence timeout (Grammar.md §5 rule 3): the held binding ran first, then
    /// the stroke was dispatched from idle. The ``HeldRun`` says both: its ``HeldRun/action``
    /// performed by its ``HeldRun/responder``, then ``HeldRun/then``.
    case performedHeld(HeldRun)

    /// A held `@timeout` binding a stroke ran before its own outcome, and that outcome
    /// (``DispatchResult/performedHeld(_:)``). Kept as indices into the table, read back when
    /// asked, so that a result is no larger than a plain press's: dispatch returns one per
    /// press, and a larger result made every press slower.
    public struct HeldRun {
        // The integers first: the pointers last leave the bits where the other results keep
        // their references free for the enum's tag, so `DispatchResult` stays its size.
        /// The held binding.
        let binding: Int32
        /// What the stroke did then: with ``performer``, the binding it performed; without,
        /// the trie node it left pending, or -1 when it was unhandled.
        let thenIndex: Int32
        let table: BindingTable
        /// The responder that performed the held binding.
        public let responder: any Responder
        /// The responder that performed the stroke's own binding, when it performed one.
        let performer: (any Responder)?

        /// Records what a stroke did: binding `binding` of `table` held, performed by
        /// `responder`, then `thenIndex` (see ``thenIndex``). Table indices fit in 32 bits: a
        /// table is at most 4 GiB, and every binding and node takes more than one byte.
        init(table: BindingTable, binding: Int, responder: any Responder, thenIndex: Int, performer: (any Responder)? = nil) {
            self.binding = Int32(truncatingIfNeeded: binding)
            self.thenIndex = Int32(truncatingIfNeeded: thenIndex)
            self.table = table
            self.responder = responder
            self.performer = performer
        }

        /// The held binding's action, with its argument.
        public var action: ActionInvocation { table.invocation(ofBinding: Int(binding)) }

        /// What the stroke itself did then, dispatched from idle.
        public var then: AfterHeld {
            if let performer { return .performed(table.invocation(ofBinding: Int(thenIndex)), responder: performer) }
            return thenIndex >= 0 ? .pending(PendingSequence(table: table, node: Int(thenIndex))) : .unhandled
        }
    }

    /// What a stroke did after the `@timeout` binding it ran (``HeldRun/then``): dispatched
    /// from idle, it performed a binding, started a sequence or was left to the app.
    public enum AfterHeld {
        /// `responder` performed `action`, the stroke's own binding.
        case performed(ActionInvocation, responder: any Responder)
        /// The stroke starts a longer live binding; the dispatcher waits for the next.
        case pending(PendingSequence)
        /// Nothing is bound to the stroke; the app may let it through.
        case unhandled

        /// The same outcome as a result of its own, for code that handles results.
        public var result: DispatchResult {
            switch self {
            case .performed(let action, let responder): .performed(action, responder: responder)
            case .pending(let sequence): .pending(sequence)
            case .unhandled: .unhandled
            }
        }
    }

    /// The action the stroke's own binding performed, if one was (for
    /// ``performedHeld(_:)``, its ``HeldRun/then``'s; ``heldAction`` is the held one).
    public var performedAction: ActionInvocation? {
        switch self {
        case .performed(let a, _): a
        case .performedHeld(let run): run.then.result.performedAction
        default: nil
        }
    }

    /// The held `@timeout` action the stroke ran before its own outcome, if it ran one.
    public var heldAction: ActionInvocation? {
        if case .performedHeld(let run) = self { run.action } else { nil }
    }

    /// Whether the dispatcher is now waiting for another stroke.
    public var isPending: Bool {
        switch self {
        case .pending: true
        case .performedHeld(let run): run.performer == nil && run.thenIndex >= 0
        default: false
        }
    }

    /// Whether a pending sequence was cancelled.
    public var isCancelled: Bool { if case .cancelled = self { true } else { false } }

    /// Whether the stroke was left to the app (also after a held binding ran).
    public var isUnhandled: Bool {
        switch self {
        case .unhandled: true
        case .performedHeld(let run): run.performer == nil && run.thenIndex < 0
        default: false
        }
    }
}

/// Why a pending sequence ended without performing anything.
public enum CancelReason: Sendable, Equatable {
    /// The stroke continues no live binding of the pending sequence.
    case noContinuation(Chord)
    /// The app called ``Dispatcher/cancelPending()``.
    case requested
}

/// The strokes of a pending sequence. Reading ``strokes`` allocates; holding one does not.
public struct PendingSequence: Sendable {
    let table: BindingTable
    let node: Int

    /// The strokes pressed so far.
    public var strokes: [Chord] { table.sequence(of: node) }

    /// The strokes as overlay glyphs, joined with spaces (`⌃K`).
    public var glyphs: String { strokes.map(\.glyphs).joined(separator: " ") }

    /// The strokes as plain text, joined with spaces (`Ctrl+K`).
    public var plainText: String { strokes.map(\.plainText).joined(separator: " ") }
}
