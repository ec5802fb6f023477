/// The bindings' conditions numbered by structure, and read as facts, for the conflict
/// checker's comparisons of large conditions (an imported keymap narrows each binding by the
/// ones that override it: `E && !(L1) && !(L2) && …`, and a key such as `escape` has 84 of them).
///
/// **Numbers.** Equal conditions get equal numbers, so a condition tree is hashed once per
/// binding, not once per pair of bindings compared (the checker's memo of decisions is keyed
/// by the two numbers, taken only for pairs the facts do not settle).
///
/// **Facts.** What every state making a condition true also makes true: its top-level
/// conjuncts, and the conjuncts negations give when pushed through (`!(a || b)` gives `!a` and
/// `!b`), the two lists ``Satisfiability``'s unit propagation reads; and, for each fact that
/// is a negation `!(D)`, the numbers of D's conjuncts (and of the conjuncts of each way an
/// `||` among them can hold: ``ways(_:)``). Two conditions never hold together when some
/// `!(D)` among the facts of either has every conjunct of D, or of one of those ways, among
/// the facts of the two (D would be both true and false), or when their facts give one variable two values
/// (`mode == insert` and `mode == visual`). The test answers only "never", which is what the
/// search would answer, so it cannot change a verdict; it reaches it without building,
/// simplifying or hashing the two conditions' conjunction.
final class ConditionFacts {
    /// One binding's condition.
    struct Facts {
        /// The numbers of its facts, sorted, each once.
        let present: [Int32]
        /// For each fact `!(D)`: the numbers of D's conjuncts that are not among ``present``
        /// (sorted), the ones another condition must supply to deny it.
        let missing: [[Int32]]
        /// Its facts that are equalities (`mode == insert`, `lang == "swift"`), sorted by
        /// variable: the value is the case's index or the string's number.
        let equalities: [(variable: Int, value: Int)]
    }

    private var numbers: [Condition: Int32] = [:]
    private var strings: [String: Int] = [:]
    /// How many bindings there are.
    private let count: Int
    /// By binding index; filled when a binding is first compared (allocated then: most
    /// keymaps' pairs are settled before, by ``Cube``s).
    private var facts: [Facts?] = []
    /// By binding index, its condition's number (-1: not numbered yet).
    private var conditionNumbers: [Int32] = []

    /// Facts for `count` bindings, none read yet.
    init(count: Int) {
        self.count = count
    }

    /// The number of binding `index`'s condition, `condition` (numbered when first asked:
    /// only pairs the facts do not settle need it).
    func number(_ index: Int, _ condition: Condition) -> Int32 {
        if conditionNumbers.isEmpty { conditionNumbers = [Int32](repeating: -1, count: count) }
        if conditionNumbers[index] < 0 { conditionNumbers[index] = number(condition) }
        return conditionNumbers[index]
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
        if facts.isEmpty { facts = [Facts?](repeating: nil, count: count) }
        if let known = facts[index] { return known }
        var present: [Int32] = []
        var denied: [[Int32]] = []
        var equalities: [(variable: Int, value: Int)] = []
        func add(_ fact: Condition) {
            present.append(number(fact))
            switch fact {
            case .not(let d): for way in Self.ways(d) { denied.append(way.map(number)) }
            case .enumEquals(let v, let k): equalities.append((v, k))
            case .stringEquals(let v, let text):
                let n = strings[text] ?? strings.count
                strings[text] = n
                equalities.append((v, n))
            default: break
            }
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
        let missing = denied.map { clause in clause.filter { !Self.contains(unique, $0) }.sorted() }
        equalities.sort { $0.variable < $1.variable }
        let f = Facts(present: unique, missing: missing, equalities: equalities)
        facts[index] = f
        return f
    }

    /// Sets of conditions each of which, all true, makes `d` true: its conjuncts, and, where
    /// conjuncts are `||`s, its conjuncts with each `||` replaced by the conjuncts of one of
    /// its operands, in turn (`e && (a || b && c)`: `[e, a]`, `[e, b, c]`), at most
    /// ``maximumWays`` of them. An importer's unbind of the union of a layer's bindings of one
    /// key, `!(m && (a || b || …))`, is denied by any of those bindings' conjuncts.
    static func ways(_ d: Condition) -> [[Condition]] {
        let conjuncts = d.conjuncts
        guard conjuncts.contains(where: { if case .or = $0 { true } else { false } }) else { return [conjuncts] }
        var found: [[Condition]] = [[]]
        for c in conjuncts {
            guard case .or = c else {
                for k in found.indices { found[k].append(c) }
                continue
            }
            let options = c.disjuncts.flatMap { ways($0) }
            guard found.count * options.count <= maximumWays else { return [conjuncts] }
            found = found.flatMap { w in options.map { w + $0 } }
        }
        return [conjuncts] + found
    }

    /// The most sets ``ways(_:)`` gives one negation.
    static let maximumWays = 512

    /// Whether the two never hold together by the test above, or because they give one
    /// variable two values (false: not known).
    static func neverTogether(_ a: Facts, _ b: Facts) -> Bool {
        denies(a.missing, b) || denies(b.missing, a) || clash(a.equalities, b.equalities)
    }

    /// Whether `other` supplies every missing conjunct of one of `clauses`.
    private static func denies(_ clauses: [[Int32]], _ other: Facts) -> Bool {
        for clause in clauses where clause.allSatisfy({ contains(other.present, $0) }) {
            return true
        }
        return false
    }

    /// Whether some variable equals one value in `a` and another in `b` (a merge of the two
    /// sorted lists).
    private static func clash(_ a: [(variable: Int, value: Int)], _ b: [(variable: Int, value: Int)]) -> Bool {
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i].variable < b[j].variable { i += 1; continue }
            if b[j].variable < a[i].variable { j += 1; continue }
            let v = a[i].variable
            var jEnd = j
            while jEnd < b.count && b[jEnd].variable == v { jEnd += 1 }
            while i < a.count && a[i].variable == v {
                for k in j..<jEnd where b[k].value != a[i].value { return true }
                i += 1
            }
            j = jEnd
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
