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
    /// came after the sequence timeout (Grammar.md §5 rule 3): `responder` performed the held
    /// `action` first, then the stroke was dispatched from idle, with outcome `then`.
    case performedHeld(ActionInvocation, responder: any Responder, then: AfterHeld)

    /// What a stroke did after the `@timeout` binding it ran (``performedHeld(_:responder:then:)``):
    /// dispatched from idle, it performed a binding, started a sequence or was left to the app.
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

        /// `result`, a stroke dispatched from idle after a held binding ran: never cancelled
        /// (nothing was pending) and never running a held binding again (none was held).
        init(_ result: DispatchResult) {
            switch result {
            case .performed(let action, let responder): self = .performed(action, responder: responder)
            case .pending(let sequence): self = .pending(sequence)
            case .unhandled, .cancelled, .performedHeld: self = .unhandled
            }
        }
    }

    /// The action the stroke's own binding performed, if one was (for
    /// ``performedHeld(_:responder:then:)``, `then`'s; ``heldAction`` is the held one).
    public var performedAction: ActionInvocation? {
        switch self {
        case .performed(let a, _): a
        case .performedHeld(_, _, let then): then.result.performedAction
        default: nil
        }
    }

    /// The held `@timeout` action the stroke ran before its own outcome, if it ran one.
    public var heldAction: ActionInvocation? {
        if case .performedHeld(let a, _, _) = self { a } else { nil }
    }

    /// Whether the dispatcher is now waiting for another stroke.
    public var isPending: Bool {
        switch self {
        case .pending: true
        case .performedHeld(_, _, .pending): true
        default: false
        }
    }

    /// Whether a pending sequence was cancelled.
    public var isCancelled: Bool { if case .cancelled = self { true } else { false } }

    /// Whether the stroke was left to the app (also after a held binding ran).
    public var isUnhandled: Bool {
        switch self {
        case .unhandled: true
        case .performedHeld(_, _, .unhandled): true
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
