import BindingRuntime

/// Bounds what one key press can cost at run time (Docs/TableFormat.md, "Limits"), so the
/// emitter never writes a table the loader would reject: per role and sequence, the
/// conditions of the bindings of exactly that sequence (the dispatcher may evaluate each), and
/// the distinct conditions of the bindings that continue it (the table's longer entry is their
/// disjunction), each at most ``TableFormat/maxPressCode`` instructions.
///
/// One pass over the bindings in ``BindingOrder``, keeping the chain of prefixes of
/// the current sequence: each binding adds to at most ``TableFormat/maxSequenceLength``
/// prefixes, so the work is linear in the number of bindings.
struct PressCost {
    let scope: Scope

    /// The sum, for one role and prefix, being accumulated.
    ///
    /// Counting distinct conditions needs a set, and hashing every continuation's condition
    /// into one was most of this check's time, so the sum starts as an upper bound that counts
    /// every condition as distinct: while that stays within ``TableFormat/maxPressCode`` the
    /// exact sum does too. Only when the bound passes the limit is the sum counted again,
    /// exactly, from the prefix's first continuation (its continuations are adjacent in
    /// ``BindingOrder``), and exactly from then on.
    private struct Prefix {
        var code: UInt32
        var continuations = 0
        /// Whether `continuations` is exact (else an upper bound).
        var exact = false
        var distinct = Set<Condition>()
        /// The first binding continuing it (where an error is reported).
        var first: Int
        /// That binding's position in the order.
        var firstPosition: Int
    }

    func check(_ bindings: [CheckedBinding], in order: BindingOrder, _ engine: inout DiagnosticEngine) {
        var path: [Prefix] = []
        var role: Int? = -2
        var own = 0
        var ownStart = -1
        func closeOwn(_ engine: inout DiagnosticEngine) {
            if ownStart >= 0 && own > TableFormat.maxPressCode {
                let b = bindings[ownStart]
                engine.error(Messages.bindingsTooCostly(b.sequence, role: scope.roleName(b.role), own), at: b.range)
            }
        }
        func pop(to depth: Int, _ engine: inout DiagnosticEngine) {
            while path.count > depth {
                let p = path.removeLast()
                if p.continuations > TableFormat.maxPressCode {
                    let b = bindings[p.first]
                    let prefix = Array(b.sequence.prefix(path.count + 1))
                    engine.error(Messages.continuationsTooCostly(prefix, role: scope.roleName(b.role), p.continuations), at: b.range)
                }
            }
        }
        /// Counts `prefix`'s continuations exactly, from its first through position `last`
        /// of the order, as the exact count would have gone: a condition is added while the
        /// sum is within the limit.
        func recount(_ prefix: inout Prefix, through last: Int) {
            prefix.continuations = 0
            prefix.exact = true
            for position in prefix.firstPosition...last where prefix.continuations <= TableFormat.maxPressCode {
                let condition = bindings[order.indices[position]].condition
                if condition.isFalse { continue }
                if prefix.distinct.insert(condition).inserted { prefix.continuations += Self.size(condition) + 1 }
            }
        }
        for (position, i) in order.indices.enumerated() {
            // Only the fields used: a whole binding's copy retains every reference it holds.
            let bRole = bindings[i].role, sequence = bindings[i].sequence
            if bRole != role {
                pop(to: 0, &engine)
                role = bRole
            }
            // Keep the prefixes of `path` this sequence shares.
            var shared = 0
            while shared < path.count, shared < sequence.count - 1, path[shared].code == sequence[shared].code { shared += 1 }
            pop(to: shared, &engine)
            while path.count < sequence.count - 1 {
                path.append(Prefix(code: sequence[path.count].code, first: i, firstPosition: position))
            }
            // Bindings of exactly the same sequence are adjacent.
            if ownStart < 0 || bindings[ownStart].role != bRole || bindings[ownStart].sequence != sequence {
                closeOwn(&engine)
                own = 0
                ownStart = i
            }
            let condition = bindings[i].condition
            let size = Self.size(condition)
            own += size
            if condition.isFalse { continue }
            for k in path.indices where path[k].continuations <= TableFormat.maxPressCode {
                // Count each distinct condition once, plus the `or` joining it.
                if path[k].exact {
                    if path[k].distinct.insert(condition).inserted { path[k].continuations += size + 1 }
                } else {
                    path[k].continuations += size + 1
                    if path[k].continuations > TableFormat.maxPressCode { recount(&path[k], through: position) }
                }
            }
        }
        pop(to: 0, &engine)
        closeOwn(&engine)
    }

    /// Instructions the emitter writes for `c` (one per node).
    static func size(_ c: Condition) -> Int {
        // Most bindings' conditions are a few nodes: counted without a stack.
        if let n = smallSize(c, depth: 0) { return n }
        var count = 0
        var stack = [c]
        while let x = stack.popLast() {
            count += 1
            switch x {
            case .constant, .flag, .enumEquals, .stringEquals, .inside, .plays: break
            case .not(let y): stack.append(y)
            case .and(let l, let r), .or(let l, let r): stack.append(l); stack.append(r)
            }
        }
        return count
    }

    /// `size(c)` when `c` is at most 8 levels tall, counted recursively (no allocation);
    /// nil for a taller condition.
    private static func smallSize(_ c: Condition, depth: Int) -> Int? {
        switch c {
        case .constant, .flag, .enumEquals, .stringEquals, .inside, .plays: return 1
        case .not(let x):
            guard depth < 8, let n = smallSize(x, depth: depth + 1) else { return nil }
            return n + 1
        case .and(let l, let r), .or(let l, let r):
            guard depth < 8, let a = smallSize(l, depth: depth + 1), let b = smallSize(r, depth: depth + 1) else { return nil }
            return a + b + 1
        }
    }
}
