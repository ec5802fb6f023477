import Testing
@testable import BindingLang

/// The importer's own satisfiability test (``ImportCondition/isSatisfiable(budget:)``), with
/// the likely state it tries before searching, against every state of a few flags and one
/// String context; half the conditions narrowed as later-wins narrows them (`E && !(L)`).
struct ImportConditionSatisfiabilityTests {
    static let flags = ["a", "b", "c"]
    static let literals = ["x", "y"]

    static func random(_ rng: inout CheckSatisfiabilityTests.RNG, depth: Int) -> ImportCondition {
        switch depth == 0 ? rng.below(3) : rng.below(7) {
        case 0, 1: return .flag(flags[rng.below(flags.count)])
        case 2: return .equals("s", literals[rng.below(literals.count)])
        case 3: return random(&rng, depth: depth - 1).negated
        case 4, 5: return .all([random(&rng, depth: depth - 1), random(&rng, depth: depth - 1)])
        default: return .any([random(&rng, depth: depth - 1), random(&rng, depth: depth - 1)])
        }
    }

    /// The truth of `c` with these flags set and `s` equal to `text` (nil: another string).
    static func evaluate(_ c: ImportCondition, _ set: Set<String>, _ text: String?) -> Bool {
        switch c {
        case .constant(let b): b
        case .flag(let name): set.contains(name)
        case .equals(_, let value): text == value
        case .isRole, .inside: false
        case .not(let inner): !evaluate(inner, set, text)
        case .and(let parts): parts.allSatisfy { evaluate($0, set, text) }
        case .or(let parts): parts.contains { evaluate($0, set, text) }
        }
    }

    @Test(arguments: [UInt64(41), 42, 43])
    func agreesWithEveryState(seed: UInt64) {
        var rng = CheckSatisfiabilityTests.RNG(state: seed)
        var likely = 0
        for _ in 0..<400 {
            var c = Self.random(&rng, depth: 3)
            if rng.below(2) == 0 { c = .all([c, Self.random(&rng, depth: 2).negated]) }
            var holds = false
            for mask in 0..<(1 << Self.flags.count) {
                let set = Set(Self.flags.indices.filter { mask & (1 << $0) != 0 }.map { Self.flags[$0] })
                for text in Self.literals.map(Optional.some) + [nil] where Self.evaluate(c, set, text) { holds = true }
            }
            #expect(c.isSatisfiable() == holds, "\(c)")
            if c.holdsInLikelyState {
                #expect(holds, "\(c)")
                likely += 1
            }
        }
        #expect(likely >= 100, "\(likely)")
    }

    /// An entry narrowed by many later ones, each an alternative of conjunctions, as a
    /// user's keymap of many entries for one key gives (`(a && !b) || (c && d) || !(e || f)`):
    /// decided within the importer's budget, and as every state decides it. The importer's
    /// earlier search ran out of its 4,000 nodes on such conditions and kept the entry.
    @Test(arguments: [UInt64(7), 8])
    func narrowedByManyAlternatives(seed: UInt64) {
        var rng = CheckSatisfiabilityTests.RNG(state: seed)
        let names = (0..<9).map { "k\($0)" }
        func literal() -> ImportCondition {
            let atom: ImportCondition = rng.below(5) == 0 ? .equals("s", Self.literals[rng.below(2)]) : .flag(names[rng.below(names.count)])
            return rng.below(2) == 0 ? atom : atom.negated
        }
        func alternative() -> ImportCondition {
            .any((0..<3).map { _ in .all([literal(), literal()]) })
        }
        var never = 0
        for _ in 0..<60 {
            let c = ImportCondition.all([alternative()] + (0..<8).map { _ in alternative().negated })
            var holds = false
            for mask in 0..<(1 << names.count) where !holds {
                let set = Set(names.indices.filter { mask & (1 << $0) != 0 }.map { names[$0] })
                for text in Self.literals.map(Optional.some) + [nil] where Self.evaluate(c, set, text) { holds = true }
            }
            #expect(c.isSatisfiable(budget: 4_000) == holds, "\(c)")
            if !holds { never += 1 }
        }
        #expect(never >= 10, "\(never)")
    }
}
