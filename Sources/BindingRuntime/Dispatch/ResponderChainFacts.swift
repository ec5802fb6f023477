/// The chain predicates of one role's bindings over a live responder chain (Grammar.md §4.6):
/// a role is decided at the nearest responder that plays it, its **anchor**; `is R` asks
/// whether the anchor also plays `R`, `inside R` whether a responder further out does. For
/// the menu role (key equivalents, menu items) there is no anchor: `inside R` asks whether any
/// responder of the chain plays `R`, and `is R` is false.
///
/// Answers walk the chain from the first responder; nothing is computed unless a condition
/// asks, and nothing allocates (roles resolve through the dispatcher's ``RoleCache``).
struct ResponderChainFacts: ChainFacts {
    let firstResponder: any Responder
    /// The role whose binding is being decided, or ``TableFormat/menuRole``.
    let role: UInt32
    let table: BindingTable
    let cache: RoleCache

    func plays(_ other: Int) -> Bool {
        guard role != TableFormat.menuRole, let (anchor, _) = anchor() else { return false }
        return Self.responder(anchor, plays: other, table, cache)
    }

    func inside(_ other: Int) -> Bool {
        var next: (any Responder)?
        var depth = 0
        if role == TableFormat.menuRole {
            next = firstResponder
        } else {
            guard let (anchor, d) = anchor() else { return false }
            next = anchor.nextResponder
            depth = d + 1
        }
        while let r = next, depth < Dispatcher.maxChainLength {
            if Self.responder(r, plays: other, table, cache) { return true }
            next = r.nextResponder
            depth += 1
        }
        return false
    }

    /// The nearest responder playing ``role`` and its position in the chain.
    private func anchor() -> (any Responder, Int)? {
        var next: (any Responder)? = firstResponder
        var depth = 0
        while let r = next, depth < Dispatcher.maxChainLength {
            if Self.responder(r, plays: Int(role), table, cache) { return (r, depth) }
            next = r.nextResponder
            depth += 1
        }
        return nil
    }

    /// Whether `responder` gives the name of role `role` of `table` among its roles.
    @inline(__always)
    static func responder(_ responder: any Responder, plays role: Int, _ table: BindingTable, _ cache: RoleCache) -> Bool {
        let names = responder.responderRoles
        if let cached = cache.roles(of: names, in: table) {
            for k in 0..<cached.count where Int(cached.indices[k]) == role { return true }
            return false
        }
        for name in names where table.roleIndex(named: name) == role { return true }
        return false
    }
}
