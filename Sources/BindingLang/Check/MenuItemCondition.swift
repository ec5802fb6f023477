/// The responder chain as a menu item's condition asks about it (Grammar.md §4.6): a
/// main-menu or edit-menu item has no anchor, so its `inside R` holds when any responder of
/// the chain plays `R` and its `is R` is false.
extension Condition {
    /// Whether it asks about the responder chain (`inside R`, `is R`).
    var mentionsChain: Bool {
        switch self {
        case .inside, .plays: true
        case .constant, .flag, .enumEquals, .stringEquals: false
        case .not(let x): x.mentionsChain
        case .and(let a, let b), .or(let a, let b): a.mentionsChain || b.mentionsChain
        }
    }

    /// A menu item's condition for the checker. Alone (`role` nil), its `is R` is false and
    /// each `inside R` a free Bool. Beside a binding of `role` (rule 3 of §10), in the
    /// binding's terms: its `inside R` is the binding's `inside R` (further out than its
    /// anchor), or `is R` (its anchor), or `R` played by a responder nearer than the anchor,
    /// a chain predicate of its own (`inside` of role `roleCount + R`, after the declared
    /// ones); the binding's own role is played by its anchor whenever it is live, so there it
    /// is true.
    func asMenuItems(seenFrom role: Int?, roleCount: Int) -> Condition {
        switch self {
        case .inside(let r):
            guard let role else { return self }
            if r == role { return .constant(true) }
            return .or(.inside(r), .or(.plays(r), .inside(roleCount + r)))
        case .plays: return .constant(false)
        case .constant, .flag, .enumEquals, .stringEquals: return self
        case .not(let x): return .not(x.asMenuItems(seenFrom: role, roleCount: roleCount))
        case .and(let a, let b):
            return .and(a.asMenuItems(seenFrom: role, roleCount: roleCount), b.asMenuItems(seenFrom: role, roleCount: roleCount))
        case .or(let a, let b):
            return .or(a.asMenuItems(seenFrom: role, roleCount: roleCount), b.asMenuItems(seenFrom: role, roleCount: roleCount))
        }
    }
}
