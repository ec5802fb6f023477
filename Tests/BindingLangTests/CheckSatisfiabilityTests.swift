import Testing
@testable import BindingLang

/// The exact overlap decision (Grammar.md §10) on hand-built conditions.
struct CheckSatisfiabilityTests {
    // 0 loggedIn: Bool, 1 readOnly: Bool, 2 mode: normal | insert | visual, 3 lang: String
    static let contexts = [
        ContextVariable(name: "loggedIn", type: .bool),
        ContextVariable(name: "readOnly", type: .bool),
        ContextVariable(name: "mode", type: .enumeration(["normal", "insert", "visual"])),
        ContextVariable(name: "lang", type: .string),
    ]
    let sat = Satisfiability(contexts: CheckSatisfiabilityTests.contexts)

    func overlapText(_ a: Condition, _ b: Condition) -> String? {
        sat.overlap(a, b).map { sat.describe($0) }
    }

    @Test func differentEnumCasesNeverOverlap() {
        #expect(overlapText(.enumEquals(2, 1), .enumEquals(2, 0)) == nil)
    }

    @Test func complementaryFlagsNeverOverlap() {
        // a && !b  vs  b
        #expect(overlapText(.and(.flag(0), .not(.flag(1))), .flag(1)) == nil)
    }

    @Test func differentStringsNeverOverlap() {
        #expect(overlapText(.stringEquals(3, "swift"), .stringEquals(3, "rust")) == nil)
    }

    @Test func orOverlapsNegationWithWitness() {
        // a || b  vs  !a: only a == false, b == true
        #expect(overlapText(.or(.flag(0), .flag(1)), .not(.flag(0))) == "loggedIn == false, readOnly == true")
    }

    @Test func unconditionalOverlapHasEmptyWitness() {
        #expect(overlapText(.constant(true), .constant(true)) == "")
        #expect(overlapText(.constant(false), .constant(true)) == nil)
    }

    @Test func witnessListsOnlyVariablesThatMatter() {
        // mode == insert && (loggedIn || readOnly)  vs  loggedIn
        let a = Condition.and(.enumEquals(2, 1), .or(.flag(0), .flag(1)))
        #expect(overlapText(a, .flag(0)) == "loggedIn == true, mode == insert")
    }

    @Test func stringOtherValueIsConcrete() {
        #expect(overlapText(.not(.stringEquals(3, "swift")), .constant(true)) == "lang == \"\"")
        #expect(overlapText(.not(.or(.stringEquals(3, ""), .stringEquals(3, "other"))), .constant(true)) == "lang == \"other2\"")
    }

    @Test func enumNotEqualOverlapsOtherCase() {
        // mode != normal  vs  mode != insert → visual
        #expect(overlapText(.not(.enumEquals(2, 0)), .not(.enumEquals(2, 1))) == "mode == visual")
    }

    @Test func unsatisfiableConditions() {
        #expect(sat.witness(.and(.flag(0), .not(.flag(0)))) == nil)
        #expect(sat.witness(.and(.enumEquals(2, 0), .enumEquals(2, 2))) == nil)
        #expect(sat.witness(.or(.enumEquals(2, 0), .enumEquals(2, 2))) != nil)
        #expect(sat.witness(.and(.not(.enumEquals(2, 0)), .and(.not(.enumEquals(2, 1)), .not(.enumEquals(2, 2))))) == nil)
        var cached = sat
        let c = Condition.and(.stringEquals(3, "a"), .stringEquals(3, "b"))
        let first = cached.isSatisfiable(c)
        let second = cached.isSatisfiable(c)
        #expect(!first && !second)
    }

    // MARK: - Property: agrees with brute force

    /// A small deterministic generator (SplitMix64).
    struct RNG {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static func randomCondition(_ rng: inout RNG, _ contexts: [ContextVariable], depth: Int) -> Condition {
        let choice = depth == 0 ? rng.below(2) : rng.below(6)
        switch choice {
        case 0, 1:
            let v = rng.below(contexts.count)
            switch contexts[v].type {
            case .bool: return .flag(v)
            case .enumeration(let cases): return .enumEquals(v, rng.below(cases.count))
            case .string: return .stringEquals(v, ["a", "b"][rng.below(2)])
            }
        case 2: return .not(randomCondition(&rng, contexts, depth: depth - 1))
        case 3, 4: return .and(randomCondition(&rng, contexts, depth: depth - 1), randomCondition(&rng, contexts, depth: depth - 1))
        default: return .or(randomCondition(&rng, contexts, depth: depth - 1), randomCondition(&rng, contexts, depth: depth - 1))
        }
    }

    /// Every full state of the variables.
    static func allStates(_ contexts: [ContextVariable]) -> [[Int: ContextValue]] {
        var states: [[Int: ContextValue]] = [[:]]
        for (v, c) in contexts.enumerated() {
            let values: [ContextValue]
            switch c.type {
            case .bool: values = [.bool(false), .bool(true)]
            case .enumeration(let cases): values = cases.indices.map { .enumCase($0) }
            case .string: values = [.string("a"), .string("b"), .string("zzz")]
            }
            states = states.flatMap { s in values.map { value in s.merging([v: value]) { $1 } } }
        }
        return states
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func overlapAgreesWithBruteForce(seed: UInt64) {
        var rng = RNG(state: seed)
        for _ in 0..<300 {
            // 2–3 variables, each Bool or a 2–3-case enumeration (sometimes a String).
            let count = 2 + rng.below(2)
            let contexts = (0..<count).map { i -> ContextVariable in
                switch rng.below(5) {
                case 0, 1: return ContextVariable(name: "b\(i)", type: .bool)
                case 2, 3: return ContextVariable(name: "e\(i)", type: .enumeration(Array(["x", "y", "z"].prefix(2 + rng.below(2)))))
                default: return ContextVariable(name: "s\(i)", type: .string)
                }
            }
            let a = Self.randomCondition(&rng, contexts, depth: 3)
            let b = Self.randomCondition(&rng, contexts, depth: 3)
            let sat = Satisfiability(contexts: contexts)
            let states = Self.allStates(contexts)
            let bruteForce = states.contains { Satisfiability.evaluate(a, $0) && Satisfiability.evaluate(b, $0) }
            let witness = sat.overlap(a, b)
            #expect((witness != nil) == bruteForce, "\(a) vs \(b)")
            // The witness makes both true whatever the unlisted variables hold.
            if let witness {
                let fixed = Dictionary(uniqueKeysWithValues: witness.map { ($0.variable, $0.value) })
                for state in states {
                    let full = state.merging(fixed) { $1 }
                    #expect(Satisfiability.evaluate(a, full) && Satisfiability.evaluate(b, full), "\(a) vs \(b) at \(witness)")
                }
            }
        }
    }

    /// A long condition narrowed by `!z` never overlaps `z`, however many variables come
    /// before `z` (the search used to try them one by one, 2^40 states, and gave up as too
    /// complex): unit propagation refutes it in a few steps. The same with the narrowing a
    /// layer's binding of the same keys gives (`!(z && lang == "py")`, then `z && lang == "py"`).
    @Test func aConjunctFarToTheRightRefutesALongCondition() {
        let pairs = 40
        var contexts = (0..<(2 * pairs)).map { ContextVariable(name: "v\($0)", type: .bool) }
        let z = contexts.count
        contexts.append(ContextVariable(name: "z", type: .bool))
        contexts.append(ContextVariable(name: "lang", type: .string))
        // (v0 || v1) && !(v2 && v3) && !(v4 && v5) && ... : many states, none forced.
        var long: Condition = .or(.flag(0), .flag(1))
        for k in 1..<pairs { long = .and(long, .not(.and(.flag(2 * k), .flag(2 * k + 1)))) }
        let sat = Satisfiability(contexts: contexts)
        let budget = CheckBudget(units: 10_000_000)
        var counted = sat
        counted.allowance = budget
        #expect(counted.overlap(.and(long, .not(.flag(z))), .flag(z)) == nil)
        if case .never = counted.decideOverlap(.and(long, .not(.flag(z))), .flag(z)) {} else { Issue.record("not decided") }
        let units = budget.units - budget.remaining
        #expect(units < 10_000, "\(units) units")
        let layer: Condition = .and(.flag(z), .stringEquals(z + 1, "py"))
        if case .never = sat.decideOverlap(.and(long, .not(layer)), layer) {} else { Issue.record("narrowed: not decided") }
        // Still a witness where one exists, the one the plain search gives.
        var plain = sat
        plain.pruning = false
        let open: Condition = .and(long, .not(.flag(z)))
        let witness = sat.overlap(open, .flag(0)).map(sat.describe)
        #expect(witness != nil)
        #expect(witness == plain.overlap(open, .flag(0)).map(plain.describe))
        #expect(witness?.hasPrefix("v0 == true, ") == true && witness?.hasSuffix(", z == false") == true, "\(witness ?? "nil")")
    }

    /// The pruned search (values a top-level conjunct rules out skipped, and only the first of
    /// the values a condition does not mention tried) finds exactly the witness of the plain one.
    @Test(arguments: [UInt64(11), 12, 13])
    func pruningFindsThePlainSearchWitness(seed: UInt64) {
        var rng = RNG(state: seed)
        for _ in 0..<300 {
            let contexts = (0..<(2 + rng.below(3))).map { i -> ContextVariable in
                switch rng.below(5) {
                case 0, 1: return ContextVariable(name: "b\(i)", type: .bool)
                case 2, 3: return ContextVariable(name: "e\(i)", type: .enumeration((0..<(2 + rng.below(6))).map { "c\($0)" }))
                default: return ContextVariable(name: "s\(i)", type: .string)
                }
            }
            let a = Self.randomCondition(&rng, contexts, depth: 4)
            let b = Self.randomCondition(&rng, contexts, depth: 4)
            var plain = Satisfiability(contexts: contexts)
            plain.pruning = false
            let pruned = Satisfiability(contexts: contexts)
            let expected = plain.overlap(a, b).map(plain.describe)
            #expect(pruned.overlap(a, b).map(pruned.describe) == expected, "\(a) vs \(b)")
            #expect(pruned.overlap(.not(a), b).map(pruned.describe) == plain.overlap(.not(a), b).map(plain.describe))
        }
    }

    /// A conflict's witness names only the variables that matter, also one whose every value
    /// works only a search shows (Grammar.md §10).
    @Test func witnessesLeaveOutVariablesThatDoNotMatter() {
        expectInlineDiagnostics("""
            context f: Bool
            context h: Bool
            context mode: a | b
            responder Editor
            action x1
            action x2
            in Editor {
              k -> x1 when h                                  // note: the other binding is here
              k -> x2 when f || !f                            // error: 'k' is bound twice in role 'Editor' when h == true
              j -> x1 when mode == a || mode == b || f         // note: the other binding is here
              j -> x2 when h && (f || !f)                       // error: 'j' is bound twice in role 'Editor' when h == true
            }
            """)
    }
}
