import BindingRuntime

/// A stand-in responder for `bindc explain`: it plays one role, refuses the actions named in
/// `refused`, can perform every other, and performs nothing.
final class SyntheticResponder: Responder {
    /// The role it plays, which is also its name in explanations.
    let name: String
    let responderRoles: [String]
    let refused: Set<String>
    private let next: SyntheticResponder?

    init(role: String, refused: Set<String>, next: SyntheticResponder?) {
        name = role
        responderRoles = [role]
        self.refused = refused
        self.next = next
    }

    var nextResponder: Responder? { next }
    func canPerform(_ action: ActionInvocation) -> Bool { !refused.contains(action.name) }
    func perform(_ action: ActionInvocation) {}

    /// A chain of one responder per role, first responder first.
    static func chain(roles: [String], refused: [String: Set<String>]) -> [SyntheticResponder] {
        var next: SyntheticResponder? = nil
        var chain: [SyntheticResponder] = []
        for role in roles.reversed() {
            let r = SyntheticResponder(role: role, refused: refused[role] ?? [], next: next)
            chain.insert(r, at: 0)
            next = r
        }
        return chain
    }
}
