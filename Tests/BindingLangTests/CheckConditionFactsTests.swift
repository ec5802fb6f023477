import Testing
@testable import BindingLang

/// Two shortcuts the checker takes before a search: the conflict checker's facts
/// (``ConditionFacts``), which only ever prove two conditions disjoint, and the likely state
/// ``Satisfiability/isSatisfiable(_:)`` tries first, which only ever proves a condition can
/// hold. Each is checked against every state of small random keymaps, half of the conditions
/// narrowed as an importer narrows a binding by the one overriding it (`E && !(L)`).
struct CheckConditionFactsTests {
    typealias Random = CheckSatisfiabilityTests

    static func contexts(_ rng: inout Random.RNG) -> [ContextVariable] {
        (0..<(2 + rng.below(2))).map { i -> ContextVariable in
            switch rng.below(5) {
            case 0, 1: return ContextVariable(name: "b\(i)", type: .bool)
            case 2, 3: return ContextVariable(name: "e\(i)", type: .enumeration(Array(["x", "y", "z"].prefix(2 + rng.below(2)))))
            default: return ContextVariable(name: "s\(i)", type: .string)
            }
        }
    }

    @Test(arguments: [UInt64(21), 22, 23, 24])
    func factsProveOnlyWhatIsTrue(seed: UInt64) {
        var rng = Random.RNG(state: seed)
        var proved = 0
        for _ in 0..<300 {
            let contexts = Self.contexts(&rng)
            var a = Random.randomCondition(&rng, contexts, depth: 2)
            var b = Random.randomCondition(&rng, contexts, depth: 2)
            switch rng.below(4) {
            case 0: a = .and(a, .not(b))  // `a` narrowed by `b`
            case 1: b = .and(.not(.and(a, Random.randomCondition(&rng, contexts, depth: 1))), b)
            case 2: a = .and(a, .not(.or(b, .flag(0))))  // a negated disjunction, pushed through
            default: break
            }
            let facts = ConditionFacts(count: 2)
            let never = ConditionFacts.neverTogether(facts.facts(0, a), facts.facts(1, b))
            let states = Random.allStates(contexts)
            let together = states.contains { Satisfiability.evaluate(a, $0) && Satisfiability.evaluate(b, $0) }
            if never {
                #expect(!together, "\(a) vs \(b)")
                proved += 1
            }
        }
        // Every `a && !(b)` against `b` is proved disjoint (about a quarter of the pairs).
        #expect(proved >= 60, "\(proved)")
    }

    @Test func equalConditionsShareANumber() {
        let facts = ConditionFacts(count: 3)
        let a = facts.facts(0, .and(.flag(0), .not(.flag(1))))
        let b = facts.facts(1, .and(.flag(0), .not(.flag(1))))
        let c = facts.facts(2, .and(.flag(0), .flag(1)))
        #expect(facts.number(0, .and(.flag(0), .not(.flag(1)))) == facts.number(1, .and(.flag(0), .not(.flag(1)))))
        #expect(facts.number(0, .and(.flag(0), .not(.flag(1)))) != facts.number(2, .and(.flag(0), .flag(1))))
        // `flag1 && flag0` against `flag0 && !flag1`: the `!flag1` fact's one conjunct is
        // among the other's facts.
        #expect(ConditionFacts.neverTogether(a, c))
        #expect(!ConditionFacts.neverTogether(a, b))
    }

    @Test func twoValuesOfOneVariableNeverHoldTogether() {
        let facts = ConditionFacts(count: 4)
        let insert = facts.facts(0, .and(.enumEquals(0, 1), .or(.flag(1), .flag(2))))
        let visual = facts.facts(1, .and(.or(.flag(1), .flag(3)), .enumEquals(0, 2)))
        let swift = facts.facts(2, .and(.stringEquals(4, "swift"), .enumEquals(0, 1)))
        let rust = facts.facts(3, .and(.not(.or(.flag(1), .flag(2))), .stringEquals(4, "rust")))
        #expect(ConditionFacts.neverTogether(insert, visual))
        #expect(!ConditionFacts.neverTogether(insert, swift))
        #expect(ConditionFacts.neverTogether(swift, rust))
        // `!(flag1 || flag2)` denies `flag1 || flag2` as a whole; `!flag1` alone does not
        // (not known from the facts: the search decides it).
        #expect(ConditionFacts.neverTogether(insert, rust))
        let more = ConditionFacts(count: 2)
        #expect(!ConditionFacts.neverTogether(more.facts(0, .and(.enumEquals(0, 1), .or(.flag(1), .flag(2)))),
                                              more.facts(1, .not(.flag(1)))))
    }

    @Test(arguments: [UInt64(31), 32, 33, 34])
    func satisfiabilityAgreesWithEveryState(seed: UInt64) {
        var rng = Random.RNG(state: seed)
        for _ in 0..<300 {
            let contexts = Self.contexts(&rng)
            var c = Random.randomCondition(&rng, contexts, depth: 3)
            if rng.below(2) == 0 { c = .and(c, .not(Random.randomCondition(&rng, contexts, depth: 2))) }
            var sat = Satisfiability(contexts: contexts)
            let holds = Random.allStates(contexts).contains { Satisfiability.evaluate(c, $0) }
            #expect(sat.isSatisfiable(c) == holds, "\(c)")
        }
    }

    /// An imported key bound 84 times, each binding narrowed by every later one that overlaps
    /// it (VS Code's `escape`): every pair is decided by the facts and every binding's
    /// condition holds in its likely state, so checking it spends almost none of the
    /// allowance (without the two shortcuts: 4,593,576 units).
    @Test func anImportedRunOfNarrowedBindingsNeedsNoSearch() {
        let count = 84
        var text = (0..<count).map { "context c\($0): Bool\n" }.joined() + "context d: Bool\nresponder R\naction go(Int)\nin R {\n"
        for i in 0..<count {
            // Its own condition, `ci && d`, less those of the later bindings.
            let condition = ["c\(i) && d"] + ((i + 1)..<count).map { "!(c\($0) && d)" }
            text += "  escape -> go(\(i)) when \(condition.joined(separator: " && "))\n"
        }
        text += "}\n"
        let allowance = CheckBudget(units: Int.max / 2)
        var sources = SourceManager()
        let file = SourceFile(path: "escape.bind", text: text)
        let id = sources.add(file)
        let (syntax, parseDiagnostics) = Parser.parse(file, file: id)
        #expect(parseDiagnostics.isEmpty)
        let (keymap, diagnostics) = Checker.check(
            [syntax], sources: sources, platform: .apple, checkConflicts: true, allowance: allowance)
        #expect(keymap?.bindings.count == count, "\(diagnostics.prefix(3).map(\.message))")
        let used = allowance.units - allowance.remaining
        print("narrowed run: \(used) units")
        #expect(used < 10_000, "\(used) units")
    }
}
