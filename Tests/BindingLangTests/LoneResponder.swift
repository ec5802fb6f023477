import BindingRuntime

/// A responder alone in its chain, playing `roles` and able to perform every action: what
/// tests that dispatch or explain a press need when the chain itself is not what they test.
final class LoneResponder: Responder {
    let responderRoles: [String]
    var nextResponder: (any Responder)? { nil }
    init(roles: [String]) { responderRoles = roles }
    func canPerform(_ action: ActionInvocation) -> Bool { true }
    func perform(_ action: ActionInvocation) {}
}
