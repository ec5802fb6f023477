import BindingRuntime

/// The value one context variable takes in a witness.
enum ContextValue: Hashable, Sendable {
    case bool(Bool)
    case enumCase(Int)
    case string(String)
}

/// An assignment of values to some context variables (by index), in index order. Variables
/// not listed do not matter: the conditions hold whatever values they take.
typealias Witness = [(variable: Int, value: ContextValue)]

/// The answer to "can this hold?": yes with a witness, never, or not decided within the
/// search budget (only conditions built to be hard get there; the checker reports it rather
/// than guess).
enum Decision {
    case holds(Witness)
    case never
    case tooComplex
}

/// Decides exactly whether conditions can hold, and names a state in which they do.
///
/// Every context variable has a finite set of values that matter: a Bool its two values, an
/// enumeration its cases, and a String context each literal the conditions compare it with
/// plus one "other" value. The search (DPLL-style) picks a variable the simplified condition
/// still mentions, tries each of its values, simplifies, and stops at `true` or `false`; so it
/// only assigns variables that matter on the way, and is exact. Found witnesses are then
/// minimised: a variable is dropped when the condition stays true without it.
///
/// A chain predicate (`inside R`, `is R`) is one more Bool variable, numbered after the
/// contexts (``chainVariable(inside:role:)``): the checker assumes any combination of them and
/// of context values can occur (Grammar.md §4.6).
struct Satisfiability {
    let contexts: [ContextVariable]
    /// Role names, for describing witnesses that mention chain predicates.
    var roles: [String] = []
    /// Search nodes one decision may visit before giving up.
    static let budget = 5_000
    /// This search's limit of nodes per decision (``budget`` unless a caller asks for another).
    var searchBudget = Satisfiability.budget
    /// Whether every search node first gives the variables its top-level literals fix their
    /// values (unit propagation at every node, not only before the search). Fewer nodes on
    /// conditions made of many alternatives, but another search order, hence other witnesses:
    /// only callers that need no witness (the importer) turn it on, so the checker's
    /// diagnostics stay as they are.
    var propagatesUnits = false
    /// Whether the search skips values that cannot help (``VariableFacts``); tests turn it off
    /// to check the pruned search finds exactly what the plain one does.
    var pruning = true
    /// The compilation's allowance of work, shared by every decision (nil: only the
    /// per-decision limit applies, as for `bindc diff` and layout analysis).
    var allowance: CheckBudget? = nil
    /// Results for single conditions (most bindings share a few block conditions).
    private var cache: [Condition: Bool] = [:]
    /// The last few conditions asked about: neighbouring bindings usually share a few, and
    /// comparing is cheaper than hashing.
    private var recent: [(Condition, Bool)] = []
    private var nextRecent = 0

    /// Whether some context is a String (else no condition has string literals to collect).
    private let hasStrings: Bool

    init(contexts: [ContextVariable], roles: [String] = []) {
        self.contexts = contexts
        self.roles = roles
        hasStrings = contexts.contains { if case .string = $0.type { true } else { false } }
    }

    /// The search variable of `inside role` (or `is role`): after every context.
    func chainVariable(inside: Bool, role: Int) -> Int { Self.chainVariable(inside: inside, role: role, contexts: contexts.count) }

    static func chainVariable(inside: Bool, role: Int, contexts: Int) -> Int { contexts + 2 * role + (inside ? 0 : 1) }

    /// Whether some state makes `condition` true (memoised).
    mutating func isSatisfiable(_ condition: Condition) -> Bool {
        if case .constant(let b) = condition { return b }
        for (c, known) in recent where c == condition { return known }
        let result: Bool
        if let known = cache[condition] {
            result = known
        } else {
            if holdsInLikelyState(condition) {
                result = true
            } else if case .never = decide(condition) {
                result = false
            } else {
                result = true
            }
            cache[condition] = result
        }
        if recent.count < 4 {
            recent.append((condition, result))
        } else {
            recent[nextRecent] = (condition, result)
            nextRecent = (nextRecent + 1) % 4
        }
        return result
    }

    /// Whether `condition` is true in one likely state: the values its top-level literals
    /// force (`flag`, `!flag`, `mode == insert`, `is R`), and every other Bool and chain
    /// predicate false, every other enumeration its first case no top-level literal rules out,
    /// every other String equal to none of the literals. That is a state that can occur, so
    /// true proves the condition can hold, without a search (an imported keymap's binding
    /// narrowed by the ones overriding it, `E && !(L1) && !(L2) && …`, usually holds there);
    /// false proves nothing.
    private func holdsInLikelyState(_ condition: Condition) -> Bool {
        let n = contexts.count
        var given = Assignment()
        // Enumeration cases ruled out, by variable.
        var excluded: [Int: Set<Int>] = [:]
        for c in Self.literalConjuncts(condition) {
            var atom = c, truth = true
            if case .not(let inner) = c { atom = inner; truth = false }
            guard let (v, value) = Self.unit(atom, contexts: n) else { continue }
            let wanted: SearchValue
            switch value {
            case .bool: wanted = .bool(truth)
            case .enumCase(let k) where !truth:
                excluded[v, default: []].insert(k)
                continue
            default:
                guard truth else { continue }  // `s != "x"`: the other strings are unequal to it
                wanted = value
            }
            if let other = given[v], other != wanted { return false }
            given[v] = wanted
        }
        // That state in full, as ``evaluate(_:_:contexts:)`` reads one: every enumeration not
        // given a value takes its first case not ruled out.
        var state: [Int: ContextValue] = [:]
        for v in 0..<n {
            if let value = given[v] {
                switch value {
                case .bool(let b): state[v] = .bool(b)
                case .enumCase(let k): state[v] = .enumCase(k)
                case .string(let text): if let text { state[v] = .string(text) }
                }
            } else if case .enumeration(let cases) = contexts[v].type {
                let ruledOut = excluded[v] ?? []
                guard let k = cases.indices.first(where: { !ruledOut.contains($0) }) else { return false }
                state[v] = .enumCase(k)
            }
        }
        for v in n..<max(n, given.variableCount) {
            if case .bool(let b)? = given[v] { state[v] = .bool(b) }
        }
        return Self.evaluate(condition, state, contexts: n)
    }

    /// Whether both conditions can hold at once, with a state in which they do.
    func decideOverlap(_ a: Condition, _ b: Condition) -> Decision {
        switch (a, b) {
        case (.constant(false), _), (_, .constant(false)): return .never
        case (.constant(true), .constant(true)): return .holds([])
        case (.constant(true), _): return decide(b)
        case (_, .constant(true)): return decide(a)
        default: return decide(.and(a, b))
        }
    }

    /// Whether both conditions can hold at once, or the question is too hard (what
    /// ``decideOverlap(_:_:)`` answers other than `.never`), without a witness: a likely
    /// state first (``holdsInLikelyState(_:)``), then the search.
    func canOverlap(_ a: Condition, _ b: Condition) -> Bool {
        if holdsInLikelyState(.and(a, b)) { return true }
        if case .never = decideOverlap(a, b) { return false }
        return true
    }

    /// A state in which both conditions hold, or nil when they never hold together (or the
    /// question is too hard; see ``decideOverlap(_:_:)``).
    func overlap(_ a: Condition, _ b: Condition) -> Witness? {
        if case .holds(let w) = decideOverlap(a, b) { return w }
        return nil
    }

    /// A minimal state making `condition` true, or nil when none does (or it is too hard).
    func witness(_ condition: Condition) -> Witness? {
        if case .holds(let w) = decide(condition) { return w }
        return nil
    }

    /// Whether `condition` can hold, with a minimal state in which it does.
    func decide(_ condition: Condition) -> Decision {
        let (found, assignmentFound, literals, size) = find(condition)
        var assignment = assignmentFound
        switch found {
        case nil: return .tooComplex
        case false?: return .never
        case true?: break
        }
        allowance?.spend(assignment.count * size)
        // Minimise: drop each variable whose value the condition does not need.
        for variable in assignment.keys {
            var without = assignment
            without[variable] = nil
            if case .constant(true) = Self.simplify(condition, without, contexts: contexts.count) { assignment = without }
        }
        return .holds(assignment.keys.map { v in
            switch assignment[v] {
            case .bool(let b)?: return (v, .bool(b))
            case .enumCase(let c)?: return (v, .enumCase(c))
            case .string(let s)?: return (v, .string(s ?? Self.otherString(avoiding: literals[v] ?? [])))
            case nil: return (v, .bool(false))  // unreachable: keys come from the assignment
            }
        })
    }

    /// `witness` (a state that makes `condition` true, from ``decide(_:)``) without the
    /// variables the condition holds whatever their values, also those only a search shows
    /// to be free (`h && (f || !f)` holds with `h` alone): for the witnesses diagnostics
    /// print, which list only the variables that matter (Grammar.md §10). A variable stays
    /// when the question is too hard.
    func tightened(_ witness: Witness, of condition: Condition) -> Witness {
        var literals: [Int: [String]] = [:]
        if hasStrings { Self.collectStrings(condition, into: &literals) }
        var assignment = Assignment()
        for (v, value) in witness {
            switch value {
            case .bool(let b): assignment[v] = .bool(b)
            case .enumCase(let c): assignment[v] = .enumCase(c)
            case .string(let s): assignment[v] = .string(literals[v]?.contains(s) == true ? s : nil)
            }
        }
        var kept = witness
        for (v, _) in witness {
            var without = assignment
            without[v] = nil
            let residual = Self.simplify(condition, without, contexts: contexts.count)
            let free: Bool
            switch residual {
            case .constant(let b): free = b
            default: free = canHold(.not(residual)) == false
            }
            if free {
                assignment = without
                kept.removeAll { $0.variable == v }
            }
        }
        return kept
    }

    /// Whether `condition` can hold (nil: too hard), without the minimal state ``decide(_:)``
    /// would name: for callers that need only the answer.
    func canHold(_ condition: Condition) -> Bool? {
        find(condition).found
    }

    /// The search of ``decide(_:)``: whether `condition` can hold (nil: the budget ran out),
    /// the assignment found, the String literals by variable, and the condition's size.
    private func find(_ condition: Condition) -> (found: Bool?, assignment: Assignment, literals: [Int: [String]], size: Int) {
        var literals: [Int: [String]] = [:]
        if hasStrings { Self.collectStrings(condition, into: &literals) }
        var assignment = Assignment()
        var steps = 0
        // Each step simplifies the condition and (pruning) reads what it says about the next
        // variable: each walk costs the condition's size in units of the compilation's
        // allowance, and the search stops where the allowance would run out.
        let size = allowance == nil ? 1 : PressCost.size(condition)
        let walksPerStep = pruning ? 2 : 1
        let maxSteps = allowance.map { min(searchBudget, max(0, $0.remaining / (size * walksPerStep))) } ?? searchBudget
        let found: Bool?
        switch pruning ? refutedByUnits(condition, assignment, steps: &steps, maxSteps: maxSteps) : false {
        case true?: found = false
        case nil: found = nil
        case false?: found = search(condition, &assignment, literals: literals, steps: &steps, maxSteps: maxSteps)
        }
        allowance?.spend(max(1, steps * walksPerStep) * size)
        return (found, assignment, literals, size)
    }

    // MARK: - Search

    /// A value during the search; a nil string is "some string equal to none of the literals".
    private enum SearchValue: Hashable {
        case bool(Bool)
        case enumCase(Int)
        case string(String?)
    }

    /// True when some extension of `assignment` makes `condition` true (and leaves it in
    /// `assignment`), false when none does, nil when the budget ran out.
    private func search(
        _ condition: Condition, _ assignment: inout Assignment, literals: [Int: [String]], steps: inout Int,
        maxSteps: Int
    ) -> Bool? {
        steps += 1
        if steps > maxSteps { return nil }
        var residual = Self.simplify(condition, assignment, contexts: contexts.count)
        if case .constant(let b) = residual { return b }
        // Values unit propagation gave here, taken back when this subtree holds no witness.
        var given: [Int] = []
        func fail() -> Bool {
            for v in given { assignment[v] = nil }
            return false
        }
        if propagatesUnits {
            guard propagateUnits(&residual, &assignment, given: &given) else { return fail() }
            if case .constant(let b) = residual { return b ? true : fail() }
        }
        guard let variable = Self.firstVariable(residual, contexts: contexts.count) else { return fail() }
        let values = pruning
            ? candidates(of: variable, facts(about: variable, in: residual), literals: literals)
            : domain(of: variable, literals: literals)
        for value in values {
            assignment[variable] = value
            switch search(residual, &assignment, literals: literals, steps: &steps, maxSteps: maxSteps) {
            case true?: return true
            case nil: return nil
            case false?: continue
            }
        }
        assignment[variable] = nil
        return fail()
    }

    /// Gives every variable that a top-level literal of `residual` fixes (`flag`, `!flag`,
    /// `mode == insert`, `is R`) its value, simplifies, and again while new ones appear
    /// (``propagatesUnits``); the variables given are appended to `given`. False when two
    /// literals fix one variable to different values.
    private func propagateUnits(_ residual: inout Condition, _ assignment: inout Assignment, given: inout [Int]) -> Bool {
        let n = contexts.count
        while true {
            var progressed = false
            for c in Self.literalConjuncts(residual) {
                var atom = c, positive = true
                if case .not(let inner) = c { atom = inner; positive = false }
                guard let (v, value) = Self.unit(atom, contexts: n) else { continue }
                let wanted: SearchValue
                if case .bool = value { wanted = .bool(positive) } else if positive { wanted = value } else { continue }
                if let had = assignment[v] {
                    if had != wanted { return false }
                    continue
                }
                assignment[v] = wanted
                given.append(v)
                progressed = true
            }
            if !progressed { return true }
            residual = Self.simplify(residual, assignment, contexts: n)
            if case .constant = residual { return true }
        }
    }

    /// Whether unit propagation refutes `residual` (before the search): the values its
    /// top-level conjuncts force (`flag`, `!flag`, `mode == insert`, `is R`) are given, the
    /// condition simplified, and again while new ones appear; true when two force different
    /// values, a forced value is ruled out, or the condition becomes false. It simplifies only
    /// when a top-level conjunct is compound (`!(a && b)`, `a || b`): else the search
    /// decides at once anyway. Every state that makes `residual` true gives
    /// those values, so a refuted subtree holds no witness and the search order (and the witness
    /// it finds) is unchanged; the search no longer explores, variable by variable, a
    /// condition that a conjunct contradicts far to its right (an imported keymap's long
    /// condition narrowed by a layer's `!inZenMode`, checked against `inZenMode`: 2^k states
    /// of the k variables before it). Each round that gives values counts as a search step;
    /// nil when the steps run out.
    private func refutedByUnits(_ residual: Condition, _ assignment: Assignment, steps: inout Int, maxSteps: Int) -> Bool? {
        let n = contexts.count
        var current = residual
        var given = assignment
        while true {
            var forced: [(Int, SearchValue)] = []
            var excluded: [(Int, SearchValue)] = []
            var compound = false
            let conjuncts = Self.literalConjuncts(current)
            if Self.deniesItsOwnConjuncts(current.conjuncts) || Self.deniesItsOwnConjuncts(conjuncts) { return true }
            for c in conjuncts {
                if case .not(let atom) = c {
                    guard let (v, value) = Self.unit(atom, contexts: n) else {
                        compound = true
                        continue
                    }
                    if case .bool = value { forced.append((v, .bool(false))) } else { excluded.append((v, value)) }
                } else if let unit = Self.unit(c, contexts: n) {
                    forced.append(unit)
                } else {
                    compound = true
                }
            }
            if forced.isEmpty { return false }
            for (v, value) in forced {
                if let other = given[v], other != value { return true }
                given[v] = value
            }
            for (v, value) in excluded where given[v] == value { return true }
            if !compound { return false }
            steps += 1
            if steps > maxSteps { return nil }
            current = Self.simplify(current, given, contexts: n)
            if case .constant(let b) = current { return !b }
        }
    }

    /// The top-level conjuncts of `condition` with negations pushed through what they
    /// distribute over: `!(a || b)` is `!a` and `!b`, `!!a` is `a` (a layer's `unbind … when
    /// a || b` narrows a base binding to `E && !(a || b)`, whose units are then seen).
    static func literalConjuncts(_ condition: Condition) -> [Condition] {
        var out: [Condition] = []
        func add(_ c: Condition) {
            switch c {
            case .and: for part in c.conjuncts { add(part) }
            case .not(.not(let inner)): add(inner)
            case .not(.or(let a, let b)): add(.not(a)); add(.not(b))
            default: out.append(c)
            }
        }
        add(condition)
        return out
    }

    /// Whether one of `conjuncts` is `!(X)` for an `X` whose own conjuncts are all among them:
    /// a layer's binding `L` against a base binding it narrowed to `E && !(L)`, whatever `L`
    /// is made of.
    private static func deniesItsOwnConjuncts(_ conjuncts: [Condition]) -> Bool {
        guard conjuncts.count > 1 else { return false }
        let present = Set(conjuncts)
        for case .not(let denied) in conjuncts where denied.conjuncts.allSatisfy(present.contains) {
            return true
        }
        return false
    }

    /// The variable an atom is about and the value that makes it true (nil for a compound).
    private static func unit(_ atom: Condition, contexts n: Int) -> (Int, SearchValue)? {
        switch atom {
        case .flag(let v): return (v, .bool(true))
        case .inside(let r): return (chainVariable(inside: true, role: r, contexts: n), .bool(true))
        case .plays(let r): return (chainVariable(inside: false, role: r, contexts: n), .bool(true))
        case .enumEquals(let v, let k): return (v, .enumCase(k))
        case .stringEquals(let v, let s): return (v, .string(s))
        case .constant, .not, .and, .or: return nil
        }
    }

    /// Values by variable (an array: the search looks one up at every atom it simplifies).
    private struct Assignment {
        private var values: [SearchValue?] = []
        /// How many variables have a value.
        private(set) var count = 0

        subscript(variable: Int) -> SearchValue? {
            get { variable >= 0 && variable < values.count ? values[variable] : nil }
            set {
                guard variable >= 0 else { return }
                if variable >= values.count {
                    guard newValue != nil else { return }
                    values += repeatElement(nil, count: variable - values.count + 1)
                }
                count += (newValue == nil ? 0 : 1) - (values[variable] == nil ? 0 : 1)
                values[variable] = newValue
            }
        }

        /// The variables with a value, in increasing order.
        var keys: [Int] { values.indices.filter { values[$0] != nil } }

        /// One more than the highest variable that may have a value.
        var variableCount: Int { values.count }
    }

    /// What `residual` says about one variable: the values its top-level conjuncts (the
    /// operands of its outermost chain of `&&`) force or rule out (any state making `residual`
    /// true gives the variable an allowed value), and, when none is forced, the values its
    /// atoms mention.
    private struct VariableFacts {
        /// The one value a conjunct requires (`mode == insert`, `flag`, `!flag`).
        var forced: SearchValue?
        /// Two conjuncts require different values: nothing is allowed.
        var contradictory = false
        /// Values a conjunct rules out (`!(mode == insert)`).
        var excluded: [SearchValue] = []
        /// The values (other than a Bool's) some atom compares the variable with; filled only
        /// when no value is forced.
        var mentioned: [SearchValue] = []

        mutating func require(_ value: SearchValue) {
            if let forced, forced != value { contradictory = true }
            forced = value
        }
    }

    /// The ``VariableFacts`` of `variable` in `residual` (without recursion). The values
    /// mentioned are collected only for an enumeration or a String (a Bool has two values).
    private func facts(about variable: Int, in residual: Condition) -> VariableFacts {
        let n = contexts.count
        var facts = VariableFacts()
        /// The value an atom compares `variable` with, or nil when it is about another one.
        func value(of atom: Condition) -> SearchValue? {
            guard let (v, value) = Self.unit(atom, contexts: n), v == variable else { return nil }
            return value
        }
        for c in residual.conjuncts {
            if case .not(let atom) = c {
                guard let v = value(of: atom) else { continue }
                if case .bool = v { facts.require(.bool(false)) } else { facts.excluded.append(v) }
            } else if let v = value(of: c) {
                facts.require(v)
            }
        }
        if facts.forced != nil || facts.contradictory { return facts }
        guard variable >= 0, variable < n else { return facts }
        if case .bool = contexts[variable].type { return facts }
        // Every atom.
        var stack = [residual]
        while let c = stack.popLast() {
            switch c {
            case .and(let l, let r), .or(let l, let r):
                stack.append(r)
                stack.append(l)
            case .not(let x):
                stack.append(x)
            default:
                if let v = value(of: c), v != .bool(true) { facts.mentioned.append(v) }
            }
        }
        return facts
    }

    /// The values of `variable` worth trying, in the order of ``domain(of:literals:)``: those
    /// `facts` allows, and of the values the residual does not mention only the first (any
    /// other leaves the same residual, so it holds exactly where the first does). The search
    /// finds the witness the whole domain would give, in fewer steps.
    private func candidates(of variable: Int, _ facts: VariableFacts, literals: [Int: [String]]) -> [SearchValue] {
        guard variable >= 0, !facts.contradictory else { return [] }
        if let forced = facts.forced { return facts.excluded.contains(forced) ? [] : [forced] }
        guard variable < contexts.count else { return [.bool(true), .bool(false)] }  // a chain predicate
        switch contexts[variable].type {
        case .bool:
            return [.bool(true), .bool(false)]
        case .enumeration(let cases):
            // 1: mentioned, 2: ruled out.
            var marks = [UInt8](repeating: 0, count: cases.count)
            for case .enumCase(let k) in facts.mentioned where k >= 0 && k < cases.count { marks[k] = 1 }
            for case .enumCase(let k) in facts.excluded where k >= 0 && k < cases.count { marks[k] = 2 }
            var values: [SearchValue] = []
            var triedUnmentioned = false
            for k in cases.indices {
                switch marks[k] {
                case 1: values.append(.enumCase(k))
                case 0 where !triedUnmentioned:
                    triedUnmentioned = true
                    values.append(.enumCase(k))
                default: continue
                }
            }
            return values
        case .string:
            let mentioned = Set(facts.mentioned), excluded = Set(facts.excluded)
            var triedUnmentioned = false
            return domain(of: variable, literals: literals).filter { value in
                if excluded.contains(value) { return false }
                if mentioned.contains(value) { return true }
                defer { triedUnmentioned = true }
                return !triedUnmentioned
            }
        }
    }

    private func domain(of variable: Int, literals: [Int: [String]]) -> [SearchValue] {
        if variable >= contexts.count { return [.bool(true), .bool(false)] }  // a chain predicate
        guard variable >= 0 else { return [] }
        switch contexts[variable].type {
        case .bool: return [.bool(true), .bool(false)]
        case .enumeration(let cases): return cases.indices.map { .enumCase($0) }
        case .string: return (literals[variable] ?? []).map { .string($0) } + [.string(nil)]
        }
    }

    /// `condition` with the assigned variables replaced by their truth and constants folded.
    /// A variable given a value of the wrong kind counts as false (never happens for checked
    /// conditions), so the result never mentions an assigned variable.
    private static func simplify(_ condition: Condition, _ a: Assignment, contexts n: Int) -> Condition {
        simplified(condition, a, contexts: n) ?? condition
    }

    /// ``simplify(_:_:contexts:)``, or nil when it would rebuild `condition` node for node
    /// (no variable of it assigned, no constant in it): the caller keeps the tree it has, so
    /// the search allocates only the nodes an assignment changes.
    private static func simplified(_ condition: Condition, _ a: Assignment, contexts n: Int) -> Condition? {
        switch condition {
        case .constant: return condition
        case .inside(let r), .plays(let r):
            let isInside: Bool
            if case .inside = condition { isInside = true } else { isInside = false }
            guard let value = a[chainVariable(inside: isInside, role: r, contexts: n)] else { return nil }
            if case .bool(let b) = value { return .constant(b) }
            return .constant(false)
        case .flag(let v):
            guard let value = a[v] else { return nil }
            if case .bool(let b) = value { return .constant(b) }
            return .constant(false)
        case .enumEquals(let v, let k):
            guard let value = a[v] else { return nil }
            if case .enumCase(let c) = value { return .constant(c == k) }
            return .constant(false)
        case .stringEquals(let v, let s):
            guard let value = a[v] else { return nil }
            if case .string(let t) = value { return .constant(t == s) }
            return .constant(false)
        case .not(let x):
            guard let s = simplified(x, a, contexts: n) else { return nil }
            if case .constant(let b) = s { return .constant(!b) }
            return .not(s)
        case .and(let l, let r):
            let changedL = simplified(l, a, contexts: n)
            if case .constant(false)? = changedL { return changedL }
            let changedR = simplified(r, a, contexts: n)
            if changedL == nil && changedR == nil { return nil }
            let sl = changedL ?? l, sr = changedR ?? r
            if case .constant(true) = sl { return sr }
            if case .constant(let b) = sr { return b ? sl : sr }
            return .and(sl, sr)
        case .or(let l, let r):
            let changedL = simplified(l, a, contexts: n)
            if case .constant(true)? = changedL { return changedL }
            let changedR = simplified(r, a, contexts: n)
            if changedL == nil && changedR == nil { return nil }
            let sl = changedL ?? l, sr = changedR ?? r
            if case .constant(false) = sl { return sr }
            if case .constant(let b) = sr { return b ? sr : sl }
            return .or(sl, sr)
        }
    }

    /// The leftmost variable `condition` mentions.
    private static func firstVariable(_ condition: Condition, contexts n: Int) -> Int? {
        switch condition {
        case .constant: return nil
        case .flag(let v), .enumEquals(let v, _), .stringEquals(let v, _): return v
        case .inside(let r): return chainVariable(inside: true, role: r, contexts: n)
        case .plays(let r): return chainVariable(inside: false, role: r, contexts: n)
        case .not(let x): return firstVariable(x, contexts: n)
        case .and(let l, let r), .or(let l, let r): return firstVariable(l, contexts: n) ?? firstVariable(r, contexts: n)
        }
    }

    /// The string literals each String variable is compared with, in first-use order.
    private static func collectStrings(_ condition: Condition, into out: inout [Int: [String]]) {
        switch condition {
        case .constant, .flag, .enumEquals, .inside, .plays: return
        case .stringEquals(let v, let s):
            if !(out[v]?.contains(s) ?? false) { out[v, default: []].append(s) }
        case .not(let x): collectStrings(x, into: &out)
        case .and(let l, let r), .or(let l, let r):
            collectStrings(l, into: &out)
            collectStrings(r, into: &out)
        }
    }

    /// A concrete string equal to none of `literals`: the initial value `""` when possible.
    static func otherString(avoiding literals: [String]) -> String {
        if !literals.contains("") { return "" }
        var candidate = "other"
        var n = 1
        while literals.contains(candidate) {
            n += 1
            candidate = "other\(n)"
        }
        return candidate
    }

    // MARK: - Evaluation

    /// The truth of `condition` in a full state (`values[i]` for variable `i`, chain
    /// predicates numbered after `contexts` variables); a variable without a value, or with
    /// one of the wrong kind, counts as false.
    static func evaluate(_ condition: Condition, _ values: [Int: ContextValue], contexts n: Int = 0) -> Bool {
        switch condition {
        case .constant(let b): return b
        case .inside(let r):
            if case .bool(let b)? = values[chainVariable(inside: true, role: r, contexts: n)] { return b } else { return false }
        case .plays(let r):
            if case .bool(let b)? = values[chainVariable(inside: false, role: r, contexts: n)] { return b } else { return false }
        case .flag(let v): if case .bool(let b)? = values[v] { return b } else { return false }
        case .enumEquals(let v, let k): if case .enumCase(let c)? = values[v] { return c == k } else { return false }
        case .stringEquals(let v, let s): if case .string(let t)? = values[v] { return t == s } else { return false }
        case .not(let x): return !evaluate(x, values, contexts: n)
        case .and(let l, let r): return evaluate(l, values, contexts: n) && evaluate(r, values, contexts: n)
        case .or(let l, let r): return evaluate(l, values, contexts: n) || evaluate(r, values, contexts: n)
        }
    }

    /// `mode == insert, loggedIn == true`: a witness as readers write conditions.
    func describe(_ witness: Witness) -> String {
        witness.map { entry in
            if entry.variable >= contexts.count {
                let k = entry.variable - contexts.count
                let holds: Bool
                if case .bool(let b) = entry.value { holds = b } else { holds = false }
                // A menu item's `inside R` met from a binding's anchor (``ConflictChecker``).
                if k / 2 >= roles.count, k % 2 == 0, roles.indices.contains(k / 2 - roles.count) {
                    return "'\(roles[k / 2 - roles.count])' \(holds ? "played" : "not played") by a responder nearer than the binding's"
                }
                let role = roles.indices.contains(k / 2) ? roles[k / 2] : "<role \(k / 2)>"
                return (holds ? "" : "!") + (k % 2 == 0 ? "inside " : "is ") + role
            }
            guard entry.variable >= 0 else { return "?" }
            let variable = contexts[entry.variable]
            switch (entry.value, variable.type) {
            case (.bool(let b), _): return "\(variable.name) == \(b)"
            case (.enumCase(let c), .enumeration(let cases)) where c >= 0 && c < cases.count:
                return "\(variable.name) == \(cases[c])"
            case (.enumCase(let c), _): return "\(variable.name) == #\(c)"
            case (.string(let s), _): return "\(variable.name) == \(Messages.quoted(s))"
            }
        }.joined(separator: ", ")
    }
}
