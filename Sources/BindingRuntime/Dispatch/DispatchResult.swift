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

    /// The performed action, if one was performed.
    public var performedAction: ActionInvocation? {
        if case .performed(let a, _) = self { a } else { nil }
    }

    /// Whether the dispatcher is now waiting for another stroke.
    public var isPending: Bool { if case .pending = self { true } else { false } }

    /// Whether a pending sequence was cancelled.
    public var isCancelled: Bool { if case .cancelled = self { true } else { false } }

    /// Whether the stroke was left to the app.
    public var isUnhandled: Bool { if case .unhandled = self { true } else { false } }
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
