import BindingRuntime

/// Bounds what one key press can cost at run time (Docs/TableFormat.md, "Limits"), so the
/// emitter never writes a table the loader would reject: per role and sequence, the
/// conditions of the bindings of exactly that sequence (the dispatcher may evaluate each), and
/// the distinct conditions of the bindings that continue it (the table's longer entry is their
/// disjunction), each at most ``TableFormat/maxPressCode`` instructions.
///
/// One pass over the bindings sorted by role and sequence, keeping the chain of prefixes of
/// the current sequence: each binding adds to at most ``TableFormat/maxSequenceLength``
/// prefixes, so the work is linear in the number of bindings.
struct PressCost {
    let scope: Scope

    /// The sum, for one role and prefix, being accumulated.
    private struct Prefix {
        var code: UInt32
        var continuations = 0
        var distinct = Set<Condition>()
        /// The first binding continuing it (where an error is reported).
        var first: Int
    }

    func check(_ bindings: [CheckedBinding], _ engine: inout DiagnosticEngine) {
        let order = Self.sortedByRoleAndSequence(bindings)
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
        for i in order {
            let b = bindings[i]
            if b.role != role {
                pop(to: 0, &engine)
                role = b.role
            }
            // Keep the prefixes of `path` this sequence shares.
            var shared = 0
            while shared < path.count, shared < b.sequence.count - 1, path[shared].code == b.sequence[shared].code { shared += 1 }
            pop(to: shared, &engine)
            while path.count < b.sequence.count - 1 { path.append(Prefix(code: b.sequence[path.count].code, first: i)) }
            // Bindings of exactly the same sequence are adjacent.
            if ownStart < 0 || bindings[ownStart].role != b.role || bindings[ownStart].sequence != b.sequence {
                closeOwn(&engine)
                own = 0
                ownStart = i
            }
            let size = Self.size(b.condition)
            own += size
            if b.condition == .constant(false) { continue }
            for k in path.indices where path[k].continuations <= TableFormat.maxPressCode {
                // Count each distinct condition once, plus the `or` joining it.
                if path[k].distinct.insert(b.condition).inserted { path[k].continuations += size + 1 }
            }
        }
        pop(to: 0, &engine)
        closeOwn(&engine)
    }

    /// The indices of `bindings` ordered by role (main menu first), then sequence (chord codes
    /// stroke by stroke, a sequence before its extensions), then declaration order. The sort
    /// compares precomputed keys (the first two strokes packed into one integer, as
    /// ``ConflictChecker`` does) and reads sequences only to break ties past the second stroke.
    static func sortedByRoleAndSequence(_ bindings: [CheckedBinding]) -> [Int] {
        struct Key {
            var role: Int32
            var packed: UInt64
            var index: Int32
        }
        var keys: [Key] = []
        keys.reserveCapacity(bindings.count)
        for i in bindings.indices {
            let sequence = bindings[i].sequence
            // A missing stroke packs as 0, which no chord code is, so a sequence sorts before
            // its extensions.
            var packed: UInt64 = 0
            if let first = sequence.first { packed = UInt64(first.code) << 32 }
            if sequence.count > 1 { packed |= UInt64(sequence[1].code) }
            keys.append(Key(role: Int32(truncatingIfNeeded: bindings[i].role ?? -1), packed: packed, index: Int32(truncatingIfNeeded: i)))
        }
        keys.sort { a, b in
            if a.role != b.role { return a.role < b.role }
            if a.packed != b.packed { return a.packed < b.packed }
            let sa = bindings[Int(a.index)].sequence, sb = bindings[Int(b.index)].sequence
            if sa.count > 2 || sb.count > 2 {
                let common = min(sa.count, sb.count)
                if common > 2 {
                    for k in 2..<common where sa[k].code != sb[k].code { return sa[k].code < sb[k].code }
                }
                if sa.count != sb.count { return sa.count < sb.count }
            }
            return a.index < b.index
        }
        return keys.map { Int($0.index) }
    }

    /// Instructions the emitter writes for `c` (one per node).
    static func size(_ c: Condition) -> Int {
        // Most bindings' conditions are one node (`true`, a flag): no stack for them.
        switch c {
        case .constant, .flag, .enumEquals, .stringEquals, .inside, .plays: return 1
        case .not, .and, .or: break
        }
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
}
