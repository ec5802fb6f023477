import BindingRuntime

/// Finds the ambiguities of Grammar.md §10 among the final bindings (after layering), each
/// decided exactly by ``Satisfiability`` and reported with a witness: an error at the later
/// binding, a note at the earlier one. Bindings are only compared within a group of equal
/// role and sequence, with the bindings their sequence is a proper prefix of, and (for menu
/// key equivalents) with the bindings whose first stroke is the same chord; so the work
/// grows with the number of such pairs, not with the square of the keymap.
struct ConflictChecker {
    let scope: Scope
    let satisfiability: Satisfiability

    /// Reports the conflicts among `bindings` (in declaration order). A binding is the
    /// primary location of at most one conflict, so one mistake gives one error.
    func check(_ bindings: [CheckedBinding], _ engine: inout DiagnosticEngine) {
        var reported = [Bool](repeating: false, count: bindings.count)
        var groups: [BindingKey: [Int]] = [:]
        var prefixes: [BindingKey: [Int]] = [:]
        var firstStrokes: [Chord: [Int]] = [:]
        for (i, b) in bindings.enumerated() {
            groups[BindingKey(b), default: []].append(i)
            guard b.role != nil, let first = b.sequence.first else { continue }
            firstStrokes[first, default: []].append(i)
            if b.sequence.count > 1 {
                for length in 1..<b.sequence.count {
                    prefixes[BindingKey(role: b.role, sequence: Array(b.sequence[0..<length])), default: []].append(i)
                }
            }
        }

        // 1. The same sequence twice in one role (or two menu items with one key equivalent).
        for (_, members) in groups where members.count > 1 {
            for j in 1..<members.count {
                let later = bindings[members[j]]
                for i in 0..<j {
                    let earlier = bindings[members[i]]
                    guard let w = satisfiability.overlap(earlier.condition, later.condition) else { continue }
                    let witness = satisfiability.describe(w)
                    let message = later.role == nil
                        ? Messages.keyEquivalentTwice(later.sequence, witness: witness)
                        : Messages.boundTwice(later.sequence, role: scope.roleName(later.role), witness: witness)
                    engine.error(message, at: later.range, notes: [DiagnosticNote(Messages.otherBindingHere, at: earlier.range)])
                    reported[members[j]] = true
                    break
                }
            }
        }

        // 2. A binding that is a proper prefix of another in its role.
        for (s, short) in bindings.enumerated() where short.role != nil {
            guard let longer = prefixes[BindingKey(short)] else { continue }
            for l in longer {
                let primary = max(s, l), other = min(s, l)
                if reported[primary] { continue }
                let long = bindings[l]
                guard let w = satisfiability.overlap(short.condition, long.condition) else { continue }
                engine.error(
                    Messages.prefixConflict(short.sequence, long.sequence, role: scope.roleName(short.role),
                                            witness: satisfiability.describe(w)),
                    at: bindings[primary].range,
                    notes: [DiagnosticNote(Messages.boundHere(bindings[other].sequence), at: bindings[other].range)])
                reported[primary] = true
            }
        }

        // 3. A main-menu key equivalent that is the first stroke of a role's binding.
        for (m, item) in bindings.enumerated() where item.role == nil {
            guard let chord = item.sequence.first, let candidates = firstStrokes[chord] else { continue }
            for c in candidates {
                let primary = max(m, c), other = min(m, c)
                if reported[primary] { continue }
                let binding = bindings[c]
                guard let w = satisfiability.overlap(item.condition, binding.condition) else { continue }
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
