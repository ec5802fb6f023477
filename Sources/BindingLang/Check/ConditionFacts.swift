/// The bindings' conditions numbered by structure, and read as facts, for the conflict
/// checker's comparisons of large conditions (an imported keymap narrows each binding by the
/// ones that override it: `E && !(L1) && !(L2) && …`, and a key such as `escape` has 84 of them).
///
/// **Numbers.** Equal conditions get equal numbers, so a condition tree is hashed once per
/// binding, not once per pair of bindings compared (the checker's memo of decisions is keyed
/// by the two numbers).
///
/// **Facts.** What every state making a condition true also makes true: its top-level
/// conjuncts, and the conjuncts negations give when pushed through (`!(a || b)` gives `!a` and
/// `!b`), the two lists ``Satisfiability``'s unit propagation reads; and, for each fact that
/// is a negation `!(D)`, the numbers of D's conjuncts. Two conditions never hold together when
/// some `!(D)` among the facts of either has every conjunct of D among the facts of the two:
/// D would be both true and false. The test answers only "never", which is what the search
/// would answer, so it cannot change a verdict; it reaches it without building, simplifying or
/// hashing the two conditions' conjunction.
final class ConditionFacts {
    /// One binding's condition.
    struct Facts {
        /// The condition's number.
        let number: Int32
        /// The numbers of its facts, sorted, each once.
        let present: [Int32]
        /// For each fact `!(D)`: the numbers of D's conjuncts.
        let denied: [[Int32]]
    }

    private var numbers: [Condition: Int32] = [:]
    /// By binding index; filled when a binding is first compared.
    private var facts: [Facts?]

    /// Facts for `count` bindings, none read yet.
    init(count: Int) {
        facts = [Facts?](repeating: nil, count: count)
    }

    /// The number of `condition` (equal conditions, equal numbers).
    func number(_ condition: Condition) -> Int32 {
        if let n = numbers[condition] { return n }
        let n = Int32(truncatingIfNeeded: numbers.count)
        numbers[condition] = n
        return n
    }

    /// The facts of binding `index`, whose condition is `condition`.
    func facts(_ index: Int, _ condition: Condition) -> Facts {
        if let known = facts[index] { return known }
        var present: [Int32] = []
        var denied: [[Int32]] = []
        func add(_ fact: Condition) {
            present.append(number(fact))
            if case .not(let d) = fact { denied.append(d.conjuncts.map(number)) }
        }
        let conjuncts = condition.conjuncts
        for c in conjuncts { add(c) }
        // The second list differs only where a negation can be pushed through.
        if conjuncts.contains(where: Self.pushesThrough) {
            for c in Satisfiability.literalConjuncts(condition) { add(c) }
        }
        present.sort()
        var unique: [Int32] = []
        unique.reserveCapacity(present.count)
        for n in present where unique.last != n { unique.append(n) }
        let f = Facts(number: number(condition), present: unique, denied: denied)
        facts[index] = f
        return f
    }

    /// Whether the two never hold together by the test above (false: not known).
    static func neverTogether(_ a: Facts, _ b: Facts) -> Bool {
        denies(a.denied, a, b) || denies(b.denied, a, b)
    }

    private static func denies(_ clauses: [[Int32]], _ a: Facts, _ b: Facts) -> Bool {
        for clause in clauses where clause.allSatisfy({ contains(a.present, $0) || contains(b.present, $0) }) {
            return true
        }
        return false
    }

    /// Binary search of a sorted array.
    private static func contains(_ sorted: [Int32], _ n: Int32) -> Bool {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < n { lo = mid + 1 } else { hi = mid }
        }
        return lo < sorted.count && sorted[lo] == n
    }

    /// Whether `c` is `!!x` or `!(x || y)`, which ``Satisfiability/literalConjuncts(_:)`` splits.
    private static func pushesThrough(_ c: Condition) -> Bool {
        switch c {
        case .not(.not), .not(.or): true
        default: false
        }
    }
}
