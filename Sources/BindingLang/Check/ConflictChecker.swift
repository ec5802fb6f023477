import BindingRuntime

/// Finds the ambiguities of Grammar.md §10 among the final bindings (after layering), each
/// decided exactly by ``Satisfiability`` and reported with a witness: an error at the later
/// binding, a note at the earlier one.
///
/// The bindings are sorted by role and sequence (chord codes compared stroke by stroke, a
/// shorter sequence before its extensions), so bindings of one sequence are adjacent and the
/// bindings a sequence is a proper prefix of follow it directly. Only such neighbours are
/// compared, and main-menu key equivalents only with bindings whose first stroke is their
/// chord: the work grows with the number of related pairs, not with the square of the keymap.
struct ConflictChecker {
    let scope: Scope
    let satisfiability: Satisfiability
    /// The top file of a layered keymap: a `@timeout` of a file below it that nothing
    /// continues any more (a later file unbound the longer binding) is that file's own
    /// business, checked when it is compiled alone.
    var topFile: FileID? = nil
    /// More bindings of one role and sequence than this are an error instead of a quadratic
    /// comparison (no real keymap comes near it).
    static let maximumRun = 512
    /// The most (prefix, extension) pairs decided in one keymap.
    static let maximumPairs = 1_000_000
    /// Decisions already made, per ordered pair of conditions: keymaps reuse a few `when`
    /// clauses across many bindings, and deciding is pure, so each pair is searched once.
    private let memo = OverlapMemo()

    private final class OverlapMemo {
        /// Two conditions by their numbers (``ConditionFacts``): hashing two numbers, not
        /// two trees, per pair compared.
        struct Pair: Hashable {
            var a: Int32
            var b: Int32
        }
        var decisions: [Pair: Decision] = [:]
        /// The checked bindings' conditions, numbered and read as facts (set by `check`).
        var facts = ConditionFacts(count: 0)
    }

    /// Reports the conflicts among `bindings` (in declaration order). A binding is the
    /// primary location of at most one conflict, so one mistake gives one error.
    func check(_ bindings: [CheckedBinding], in order: BindingOrder, _ engine: inout DiagnosticEngine) {
        memo.facts = ConditionFacts(count: bindings.count)
        var reported = [Bool](repeating: false, count: bindings.count)
        let order = order.indices
        // The role of the binding at a place in the order (-1 for the main menu).
        func role(at position: Int) -> Int { bindings[order[position]].role ?? -1 }

        // 1. The same sequence twice in one role (or two menu items with one key equivalent):
        // runs of equal role and sequence, in declaration order within the run.
        var runStart = 0
        while runStart < order.count {
            var runEnd = runStart + 1
            let first = order[runStart]
            while runEnd < order.count, role(at: runEnd) == role(at: runStart),
                  bindings[order[runEnd]].sequence == bindings[first].sequence {
                runEnd += 1
            }
            if runEnd - runStart > Self.maximumRun {
                let last = bindings[order[runEnd - 1]]
                engine.error(Messages.tooManyBindings(last.sequence, role: scope.roleName(last.role)), at: last.range)
            } else if runEnd - runStart > 1 {
                sameSequence(Array(order[runStart..<runEnd]), bindings, &reported, &engine)
            }
            runStart = runEnd
        }

        // 2. A binding that is a proper prefix of another in its role: the bindings that
        // start with a sequence follow it (and its duplicates) in the sorted order.
        var pairs: [(short: Int, long: Int)] = []
        var hasLonger = [Bool](repeating: false, count: bindings.count)
        var capped = false
        for (position, index) in order.enumerated() where !capped {
            let keyRole = role(at: position)
            guard keyRole >= 0 else { continue }
            let short = bindings[index].sequence
            var next = position + 1
            while next < order.count, role(at: next) == keyRole {
                let long = bindings[order[next]].sequence
                if long.count == short.count && long == short {
                    next += 1
                    continue
                }
                guard long.count > short.count, long.starts(with: short) else { break }
                hasLonger[index] = true
                // A `@timeout` binding may start longer ones: it waits for them (§5 rule 2a).
                if bindings[index].timeoutRange != nil {
                    next += 1
                    continue
                }
                if pairs.count >= Self.maximumPairs {
                    let b = bindings[index]
                    engine.error(Messages.tooManyBindings(b.sequence, role: scope.roleName(b.role)), at: b.range)
                    capped = true
                    break
                }
                pairs.append((index, order[next]))
                next += 1
            }
        }
        pairs.sort { (max($0.short, $0.long), min($0.short, $0.long)) < (max($1.short, $1.long), min($1.short, $1.long)) }
        for (s, l) in pairs {
            let primary = max(s, l), other = min(s, l)
            if reported[primary] { continue }
            guard let w = overlap(s, l, bindings, &engine) else { continue }
            let short = bindings[s], long = bindings[l]
            // The fix-it makes the shorter binding wait for the longer (Vim's and Zed's way).
            let start = SourceRange(file: short.range.file, start: short.range.start, end: short.range.start)
            engine.error(
                Messages.prefixConflict(short.sequence, long.sequence, role: scope.roleName(short.role),
                                        witness: satisfiability.describe(w)),
                at: bindings[primary].range,
                notes: [DiagnosticNote(Messages.boundHere(bindings[other].sequence), at: bindings[other].range)],
                fixIts: [FixIt(range: start, replacement: "@timeout ")])
            reported[primary] = true
        }

        // A `@timeout` that nothing continues changes nothing.
        // (By index: iterating would copy every binding to look at three fields.)
        for i in bindings.indices where !hasLonger[i] && bindings[i].role != nil {
            guard let range = bindings[i].timeoutRange, topFile == nil || bindings[i].range.file == topFile else { continue }
            engine.warning(Messages.timeoutWithoutLonger(bindings[i].sequence, role: scope.roleName(bindings[i].role)), at: range)
        }

        // 3. A main-menu key equivalent that is the first stroke of a role's binding.
        menuConflicts(bindings, &reported, &engine)
    }

    /// Where bindings `i` and `j` are both live, or nil when never. A question too hard to
    /// decide is an error at the later binding (the checker does not guess).
    /// `seen`, when given, is `bindings[i]`'s condition as `bindings[j]` sees it (a menu
    /// item's, read from a role binding's anchor: ``menuCondition(_:seenFrom:)``); it is decided
    /// afresh, without the memo of the bindings' own conditions.
    private func overlap(_ i: Int, _ j: Int, _ bindings: [CheckedBinding], _ engine: inout DiagnosticEngine,
                         seen: Condition? = nil) -> Witness? {
        let decision: Decision
        if let seen {
            decision = satisfiability.decideOverlap(seen, bindings[j].condition)
        } else {
            let a = memo.facts.facts(i, bindings[i].condition), b = memo.facts.facts(j, bindings[j].condition)
            if ConditionFacts.neverTogether(a, b) { return nil }
            let pair = OverlapMemo.Pair(a: memo.facts.number(i, bindings[i].condition), b: memo.facts.number(j, bindings[j].condition))
            if let known = memo.decisions[pair] {
                decision = known
            } else {
                decision = satisfiability.decideOverlap(bindings[i].condition, bindings[j].condition)
                memo.decisions[pair] = decision
            }
        }
        switch decision {
        case .holds(let w): return satisfiability.tightened(w, of: .and(seen ?? bindings[i].condition, bindings[j].condition))
        case .never: return nil
        case .tooComplex:
            let (earlier, later) = bindings[i].range < bindings[j].range ? (bindings[i], bindings[j]) : (bindings[j], bindings[i])
            if let allowance = satisfiability.allowance, allowance.isSpent {
                budgetSpent(allowance, later, earlier, &engine)
                return nil
            }
            engine.error(Messages.conditionsTooComplex(later.sequence), at: later.range,
                         notes: [DiagnosticNote(Messages.otherBindingHere, at: earlier.range)])
            return nil
        }
    }

    /// The compilation's allowance ran out while comparing `later` with `earlier`: one error,
    /// there, for the whole compilation.
    private func budgetSpent(_ allowance: CheckBudget, _ later: CheckedBinding, _ earlier: CheckedBinding, _ engine: inout DiagnosticEngine) {
        guard !allowance.reported else { return }
        allowance.reported = true
        let role = later.role == nil ? "the menu" : "role '\(scope.roleName(later.role))'"
        engine.error(Messages.checkBudgetSpent(later.sequence, in: role, units: allowance.units), at: later.range,
                     notes: [DiagnosticNote(Messages.otherBindingHere, at: earlier.range)])
    }

    /// Rule 1 within one run of bindings of equal role and sequence (declaration order).
    /// Conditions that are conjunctions of literals are first compared as ``Cube``s: most
    /// bindings sharing a sequence are told apart by one contradictory literal, which that
    /// decides without a search or a memo lookup.
    private func sameSequence(_ members: [Int], _ bindings: [CheckedBinding], _ reported: inout [Bool], _ engine: inout DiagnosticEngine) {
        var strings: [String: Int] = [:]
        let cubes = members.map { Cube(bindings[$0].condition, strings: &strings) }
        for j in 1..<members.count {
            let later = bindings[members[j]]
            for i in 0..<j {
                if let allowance = satisfiability.allowance {
                    allowance.spend(1)
                    if allowance.isSpent {
                        budgetSpent(allowance, later, bindings[members[i]], &engine)
                        return
                    }
                }
                if let a = cubes[i], let b = cubes[j], a.contradicts(b) { continue }
                guard let w = overlap(members[i], members[j], bindings, &engine) else { continue }
                let witness = satisfiability.describe(w)
                let message = later.role == nil
                    ? Messages.keyEquivalentTwice(later.sequence, witness: witness)
                    : Messages.boundTwice(later.sequence, role: scope.roleName(later.role), witness: witness)
                engine.error(message, at: later.range, notes: [DiagnosticNote(Messages.otherBindingHere, at: bindings[members[i]].range)])
                reported[members[j]] = true
                break
            }
        }
    }

    private func menuConflicts(_ bindings: [CheckedBinding], _ reported: inout [Bool], _ engine: inout DiagnosticEngine) {
        var menuChords = Set<Chord>()
        for i in bindings.indices where bindings[i].role == nil {
            if let chord = bindings[i].sequence.first { menuChords.insert(chord) }
        }
        guard !menuChords.isEmpty else { return }
        var firstStrokes: [Chord: [Int]] = [:]
        for i in bindings.indices where bindings[i].role != nil {
            if let first = bindings[i].sequence.first, menuChords.contains(first) { firstStrokes[first, default: []].append(i) }
        }
        for m in bindings.indices where bindings[m].role == nil {
            guard let chord = bindings[m].sequence.first, let candidates = firstStrokes[chord] else { continue }
            let item = bindings[m]
            let asksTheChain = item.condition.mentionsChain
            for c in candidates {
                let primary = max(m, c), other = min(m, c)
                if reported[primary] { continue }
                let seen = asksTheChain
                    ? item.condition.asMenuItems(seenFrom: bindings[c].role, roleCount: satisfiability.roles.count) : nil
                guard let w = overlap(m, c, bindings, &engine, seen: seen) else { continue }
                let binding = bindings[c]
                let note = other == m
                    ? Messages.menuItemHere(item.menuItemTitle ?? item.title ?? "")
                    : Messages.boundHere(binding.sequence)
                engine.error(
                    Messages.menuConflict(item: item.menuItemTitle ?? item.title ?? "", item.sequence, other: binding.sequence,
                                          role: scope.roleName(binding.role), witness: satisfiability.describe(w)),
                    at: bindings[primary].range, notes: [DiagnosticNote(note, at: bindings[other].range)])
                reported[primary] = true
            }
        }
    }
}
