/// An object in the responder chain, in the spirit of `UIResponder`: it plays one or more
/// roles of the keymap (`responder TextView, Editor, …`), links to the next responder, and
/// says which actions it can perform.
///
/// The dispatcher walks the chain from the first responder through ``nextResponder``; it
/// tries each responder's roles in the order of ``responderRoles``; the first responder that
/// answers ``canPerform(_:)`` with true performs the action (`targetForAction` semantics).
/// Chains longer than ``Dispatcher/maxChainLength`` are cut there (a guard against cycles).
public protocol Responder: AnyObject {
    /// The role names this responder plays, tried in this order; names the keymap does not
    /// declare are ignored. Return a stored array: dispatch reads it on every stroke.
    var responderRoles: [String] { get }
    /// The next responder outwards (`UIResponder.next`), or nil at the end of the chain.
    var nextResponder: Responder? { get }
    /// Whether this responder can perform `action` now (`canPerformAction(_:withSender:)`).
    /// Must not have side effects: discoverability and menus ask it too.
    func canPerform(_ action: ActionInvocation) -> Bool
    /// Performs `action`; called only after ``canPerform(_:)`` returned true.
    func perform(_ action: ActionInvocation)
}
