import BindingRuntime

/// A stand-in responder for `bindc explain`: it plays one role, or several written with `+`
/// between them (`Editor+VimControl`, as one Zed element plays both), refuses the actions
/// named in `refused`, can perform every other, and performs nothing.
final class SyntheticResponder: Responder {
    /// Its roles as written (`Editor+VimControl`), which is also its name in explanations.
    let name: String
    let responderRoles: [String]
    let refused: Set<String>
    private let next: SyntheticResponder?

    init(name: String, refused: Set<String>, next: SyntheticResponder?) {
        self.name = name
        responderRoles = SyntheticResponder.roles(of: name)
        self.refused = refused
        self.next = next
    }

    /// The roles a responder written `name` plays, in order.
    static func roles(of name: String) -> [String] { name.split(separator: "+").map(String.init) }

    var nextResponder: Responder? { next }
    func canPerform(_ action: ActionInvocation) -> Bool { !refused.contains(action.name) }
    func perform(_ action: ActionInvocation) {}

    /// A chain of the responders `names`, first responder first; each refuses what any of
    /// its roles refuses.
    static func chain(_ names: [String], refused: [String: Set<String>]) -> [SyntheticResponder] {
        var next: SyntheticResponder? = nil
        var chain: [SyntheticResponder] = []
        for name in names.reversed() {
            let refusedHere = roles(of: name).reduce(into: Set<String>()) { $0.formUnion(refused[$1] ?? []) }
            let r = SyntheticResponder(name: name, refused: refusedHere, next: next)
            chain.insert(r, at: 0)
            next = r
        }
        return chain
    }
}
