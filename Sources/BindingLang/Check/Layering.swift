import BindingRuntime

/// Applies files in order, each over the earlier ones (Grammar.md §9): a binding overrides
/// the earlier files' bindings of its role and sequence where its condition holds (their
/// conditions become `earlier && !(later)`, and a binding whose condition can no longer hold
/// is removed), `unbind` does the same without binding anything, and menus and quick actions
/// replace earlier ones of the same title or type, keeping their place.
struct Layering {
    /// Bindings in file order, then source order, including removed ones; conditions are the
    /// effective ones (narrowed by later files).
    private(set) var all: [CheckedBinding] = []
    /// Whether a later file removed `all[i]` (its condition can no longer hold).
    private var removed: [Bool] = []
    /// Where the live bindings of each role and sequence are in `all`; built only when a
    /// second file arrives (a single file needs no index).
    private var index: [BindingKey: [Int]]?
    private(set) var editMenu: [CheckedEditItem] = []
    private(set) var mainMenus: [CheckedMenu] = []
    private var menuIndex: [String: Int] = [:]
    private(set) var quickActions: [QuickAction] = []
    private var quickActionIndex: [String: Int] = [:]
    private var files = 0

    /// The bindings that survived, in declaration order.
    var bindings: [CheckedBinding] {
        guard removed.contains(true) else { return all }
        return all.indices.compactMap { removed[$0] ? nil : all[$0] }
    }

    /// Layers one file (checked on its own) over everything applied before it.
    mutating func apply(
        _ file: FileResult, scope: Scope, _ sat: inout Satisfiability, _ engine: inout DiagnosticEngine
    ) {
        defer { files += 1 }
        // Per binding of this file (by position): where the earlier bindings it overrides are.
        var overrides: [(Int, [SourceRange])] = []
        if files > 0 || !file.unbinds.isEmpty {
            var index = self.index ?? buildIndex()
            for u in file.unbinds {
                let key = BindingKey(role: u.role, sequence: u.sequence)
                let earlier = index[key] ?? []
                var hit = false
                for i in earlier where override(i, where: u.condition, by: u.range, unbind: true, &sat) { hit = true }
                if !hit {
                    let message = earlier.isEmpty || u.condition.isTrue
                        ? Messages.nothingToUnbind(u.sequence, role: scope.roleName(u.role))
                        : Messages.nothingToUnbind(
                            u.sequence, role: scope.roleName(u.role),
                            when: ConditionPrinter.render(u.condition, contexts: scope.contexts, roles: scope.roles))
                    engine.warning(message, at: u.range)
                }
                index[key] = earlier.filter { !removed[$0] }
            }
            // A file's bindings of one role and sequence hold in disjoint states (section 10,
            // rule 1), so each meets an earlier binding where that binding held before this
            // file: overlap is decided against that condition, and whether the narrowed one can
            // still hold once, after all of them. Deciding each step on the growing `e && !(l1)
            // && !(l2) && …` was quadratic in a key's bindings: an Emacs extension's 80
            // `ctrl+g` over VS Code's two spent the whole work budget.
            var before: [Int: Condition] = [:]
            for (n, b) in file.bindings.enumerated() {
                let key = BindingKey(b)
                guard let earlier = index[key], !earlier.isEmpty else { continue }
                var overridden: [SourceRange] = []
                for i in earlier {
                    let was = before[i] ?? all[i].condition
                    before[i] = was
                    guard sat.canOverlap(was, b.condition) else { continue }
                    all[i].condition = Layering.andNot(all[i].condition, b.condition)
                    all[i].overriddenBy.append((b.range, b.condition, false))
                    overridden.append(all[i].range)
                }
                overrides.append((n, overridden))
            }
            for (i, was) in before where all[i].condition != was && !sat.isSatisfiable(all[i].condition) {
                removed[i] = true
            }
            for key in Set(file.bindings.map { BindingKey($0) }) {
                if let earlier = index[key] { index[key] = earlier.filter { !removed[$0] } }
            }
            for (i, b) in file.bindings.enumerated() {
                index[BindingKey(b), default: []].append(all.count + i)
            }
            self.index = index
        }
        if all.isEmpty {
            all = file.bindings  // shares the storage: no copy
        } else {
            all += file.bindings
        }
        for (n, overridden) in overrides { all[all.count - file.bindings.count + n].overrides = overridden }
        removed += repeatElement(false, count: file.bindings.count)
        if let edit = file.editMenu { editMenu = edit }
        for menu in file.mainMenus {
            if let i = menuIndex[menu.title] {
                mainMenus[i] = menu
            } else {
                menuIndex[menu.title] = mainMenus.count
                mainMenus.append(menu)
            }
        }
        for (action, _) in file.quickActions {
            if let i = quickActionIndex[action.type] {
                quickActions[i] = action
            } else {
                quickActionIndex[action.type] = quickActions.count
                quickActions.append(action)
            }
        }
    }
}

extension Layering {
    /// Narrows `all[i]` to where `later` does not hold: `earlier && !(later)`, simplified;
    /// removed when that can never hold. Returns whether the two overlapped at all (else
    /// nothing changes). `by` is where the overriding binding or `unbind` (`unbind`) is written.
    fileprivate mutating func override(
        _ i: Int, where later: Condition, by: SourceRange, unbind: Bool, _ sat: inout Satisfiability
    ) -> Bool {
        let earlier = all[i].condition
        if !sat.canOverlap(earlier, later) { return false }
        let narrowed = Layering.andNot(earlier, later)
        all[i].overriddenBy.append((by, later, unbind))
        if !sat.isSatisfiable(narrowed) {
            removed[i] = true
        } else {
            all[i].condition = narrowed
        }
        return true
    }

    /// `a && !(b)` with the obvious simplifications: `true && x` is `x`, `!!x` is `x`, and a
    /// conjunct of `b` that is also one of `a` is dropped from `b` (where `a` holds it holds
    /// too), so `e && !(e && r)` is `e && !r`.
    static func andNot(_ a: Condition, _ b: Condition) -> Condition {
        // `b`'s conjuncts (few) are looked up in `a`'s (as many as the layers that narrowed
        // it), so the cost is one walk of `a` without building anything of its size.
        let bConjuncts = b.conjuncts
        var inA = [Bool](repeating: false, count: bConjuncts.count)
        let lookup = bConjuncts.count > 8 ? Dictionary(bConjuncts.enumerated().map { ($1, $0) }) { first, _ in first } : nil
        var stack = [a]
        while let c = stack.popLast() {
            if case .and(let l, let r) = c {
                stack.append(r)
                stack.append(l)
            } else if let lookup {
                if let k = lookup[c] { inA[k] = true }
            } else {
                for k in bConjuncts.indices where !inA[k] && bConjuncts[k] == c { inA[k] = true }
            }
        }
        // (The lookup marks a repeated conjunct of `b` at its first place.)
        var rest: [Condition] = []
        for (k, c) in bConjuncts.enumerated() where !(lookup.map { inA[$0[c]!] } ?? inA[k]) { rest.append(c) }
        let b: Condition = rest.isEmpty ? .constant(true) : rest.dropFirst().reduce(rest[0]) { .and($0, $1) }
        let notB: Condition
        switch b {
        case .constant(let v): notB = .constant(!v)
        case .not(let inner): notB = inner
        default: notB = .not(b)
        }
        switch (a, notB) {
        case (.constant(false), _), (_, .constant(false)): return .constant(false)
        case (.constant(true), _): return notB
        case (_, .constant(true)): return a
        default: return a.conjoined(with: notB)
        }
    }

    /// The index of the live bindings so far.
    fileprivate func buildIndex() -> [BindingKey: [Int]] {
        var index: [BindingKey: [Int]] = [:]
        index.reserveCapacity(all.count)
        for (i, b) in all.enumerated() where !removed[i] { index[BindingKey(b), default: []].append(i) }
        return index
    }
}
