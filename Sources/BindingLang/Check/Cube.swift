/// A condition that is a conjunction of literals (`a && !b && mode == insert && lang != "x"`),
/// as sorted literals, for the conflict checker's quick disjointness test: two cubes with
/// contradictory literals (`a` and `!a`, `mode == x` and `mode == y`, `mode == x` and
/// `mode != x`) can never hold together, which decides most pairs of bindings that share a
/// chord without a search. Anything else goes to ``Satisfiability``: the test only ever
/// answers "never", so it cannot change a verdict, only reach it sooner.
struct Cube {
    /// One literal: variable `variable` equals value `value` (Bool: 1 for true; an enum case
    /// index; a String literal's index in `strings`), or differs from it when `negated`.
    struct Literal {
        var variable: Int
        var value: Int
        var negated: Bool
    }

    /// Sorted by variable.
    let literals: [Literal]

    /// The literals of `condition`, or nil when it is not a conjunction of literals. Walks
    /// the `&&` tree with an explicit stack (no recursion) and gives up past 64 literals.
    init?(_ condition: Condition, strings: inout [String: Int]) {
        var out: [Literal] = []
        var stack: [Condition] = [condition]
        while let c = stack.popLast() {
            switch c {
            case .constant(true): continue
            case .and(let l, let r):
                stack.append(r)
                stack.append(l)
            default:
                guard out.count < 64, let literal = Cube.literal(c, &strings) else { return nil }
                out.append(literal)
            }
        }
        out.sort { $0.variable < $1.variable }
        literals = out
    }

    private static func literal(_ c: Condition, _ strings: inout [String: Int]) -> Literal? {
        var negated = false
        var c = c
        if case .not(let inner) = c {
            negated = true
            c = inner
        }
        switch c {
        case .flag(let v): return Literal(variable: v, value: negated ? 0 : 1, negated: false)
        case .enumEquals(let v, let k): return Literal(variable: v, value: k, negated: negated)
        case .stringEquals(let v, let s):
            let id = strings[s] ?? strings.count
            strings[s] = id
            return Literal(variable: v, value: id, negated: negated)
        default: return nil
        }
    }

    /// Whether some variable is constrained contradictorily by the two cubes, so that they
    /// never hold together. A merge of the two sorted literal lists.
    func contradicts(_ other: Cube) -> Bool {
        let a = literals, b = other.literals
        var i = 0, j = 0
        while i < a.count && j < b.count {
            let va = a[i].variable, vb = b[j].variable
            if va < vb { i += 1; continue }
            if vb < va { j += 1; continue }
            // Every pair of literals on this variable.
            var iEnd = i
            while iEnd < a.count && a[iEnd].variable == va { iEnd += 1 }
            var jEnd = j
            while jEnd < b.count && b[jEnd].variable == va { jEnd += 1 }
            for x in a[i..<iEnd] {
                for y in b[j..<jEnd] where Cube.clash(x, y) { return true }
            }
            i = iEnd
            j = jEnd
        }
        return false
    }

    /// `x == p` and `x == q` with p ≠ q, or `x == p` and `x != p`.
    private static func clash(_ x: Literal, _ y: Literal) -> Bool {
        switch (x.negated, y.negated) {
        case (false, false): x.value != y.value
        case (false, true), (true, false): x.value == y.value
        case (true, true): false
        }
    }
}
