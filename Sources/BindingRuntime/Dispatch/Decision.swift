/// What a key press should do, decided without doing it: plain values, no references, for
/// apps that perform actions themselves (``Dispatcher/decide(_:chain:context:)``).
///
/// The dispatcher's pending state has already moved on when a decision is returned (a
/// `.pending` decision leaves it waiting for the next stroke), exactly as with
/// ``Dispatcher/dispatch(_:chain:context:)``; performing is the app's part.
public enum Decision: Sendable, Equatable {
    /// Perform binding `binding` (an index of the table), which sends action `action` (an
    /// action index; its argument is ``Dispatcher/invocation(of:)``'s), on the responder at
    /// position `performer` of the snapshot's ``ChainSnapshot/responders``.
    case perform(binding: Int, action: Int, performer: Int)
    /// The strokes so far start a longer live binding; the dispatcher waits for the next.
    case pending
    /// A pending sequence ended without performing anything; the stroke is consumed.
    case cancelled(CancelReason)
    /// Nothing is bound to the stroke here; the app may let it through.
    case unhandled
    /// The pending sequence held a `@timeout` binding and the stroke continues nothing (or
    /// came after the sequence timeout): perform `binding` as for ``perform(binding:action:performer:)``,
    /// then decide the same event again (the dispatcher is idle, Grammar.md §5 rule 3).
    case performHeld(binding: Int, action: Int, performer: Int)
}
