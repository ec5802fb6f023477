import BindingRuntime

/// Types `when` clauses (Grammar.md §4.6) and lowers them to ``Condition``: `x != y` becomes
/// `!(x == y)`, `x in (a, b)` becomes `x == a || x == b`, a Bool compared with `true` or
/// `false` becomes the flag or its negation. Each mistake is reported once: an operand that
/// failed (an unknown context, a parser error node) makes the whole condition nil without
/// further diagnostics about it.
struct ConditionChecker {
    let scope: Scope
    /// The platform compiled for: the value of the built-in `platform` (Grammar.md §4.7).
    var platform: Platform = .macOS
    /// The platforms the keymap is for (its `keymap "Name" for …` lists, all four when none
    /// has one): a condition that holds only on others is a mistake, not off-platform.
    var keymapPlatforms: [Platform] = Platform.allCases
    /// Expressions with a node deeper than this (the whole condition at 1, an `in` list's
    /// items as deep as its lowering to a chain of `||`) are an error: the parser's limit,
    /// ``Parser/maxConditionHeight``.
    static let maximumDepth = Parser.maxConditionHeight

    /// The lowered condition, or nil when it had errors (all of them reported).
    func lower(_ expression: Expression, _ engine: inout DiagnosticEngine) -> Condition? {
        // The recursion stops at `maximumDepth`, so deep input cannot overflow the stack.
        var walk = Walk()
        let result = condition(expression, depth: 1, &walk, &engine)
        if walk.tooDeep {
            engine.error(Messages.conditionTooDeep, at: expression.range)
            return nil
        }
        if let result, walk.comparesPlatform { return Self.fold(result) }
        return result
    }

    /// What lowering one condition found on the way.
    private struct Walk {
        /// It was deeper than ``maximumDepth`` (lowering stopped).
        var tooDeep = false
        /// It compares the built-in `platform` (a constant now: the result is folded).
        var comparesPlatform = false
    }

    // MARK: - Conditions

    private func condition(_ e: Expression, depth: Int, _ walk: inout Walk, _ engine: inout DiagnosticEngine) -> Condition? {
        if depth > Self.maximumDepth || walk.tooDeep {
            walk.tooDeep = true
            return nil
        }
        switch e {
        case .error:
            return nil
        case .bool(let b, _):
            return .constant(b)
        case .string(let s):
            engine.error(Messages.stringIsNotACondition, at: s.range)
            return nil
        case .identifier(let id):
            if let b = Self.boolLiteral(id.name) { return .constant(b) }
            if Self.isPlatform(id.name, scope) {
                engine.error(Messages.notACondition(Self.platformVariable), at: id.range)
                return nil
            }
            guard let v = context(id, asCondition: true, &engine) else { return nil }
            if case .bool = scope.contexts[v].type { return .flag(v) }
            engine.error(Messages.notACondition(scope.contexts[v]), at: id.range)
            return nil
        case .not(let x, _):
            return condition(x, depth: depth + 1, &walk, &engine).map { .not($0) }
        case .parenthesized(let x, _):
            return condition(x, depth: depth + 1, &walk, &engine)
        case .chain(let c):
            guard let role = scope.resolveRole(c.role, &engine) else { return nil }
            return c.kind == .inside ? .inside(role) : .plays(role)
        case .binary(.and, let l, let r, _):
            let a = condition(l, depth: depth + 1, &walk, &engine)
            let b = condition(r, depth: depth + 1, &walk, &engine)
            guard let a, let b else { return nil }
            return .and(a, b)
        case .binary(.or, let l, let r, _):
            let a = condition(l, depth: depth + 1, &walk, &engine)
            let b = condition(r, depth: depth + 1, &walk, &engine)
            guard let a, let b else { return nil }
            return .or(a, b)
        case .binary(let op, let l, let r, _):
            guard let equal = comparison(l, [r], op: op.rawValue, &walk, &engine) else { return nil }
            return op == .notEqual ? Self.negate(equal) : equal
        case .membership(let l, let items, let negated, _):
            // Lowered to a chain of `||` as long as the list.
            if depth + items.count > Self.maximumDepth {
                walk.tooDeep = true
                return nil
            }
            guard let any = comparison(l, items, op: negated ? "not in" : "in", &walk, &engine) else { return nil }
            return negated ? .not(any) : any
        }
    }

    /// `lhs == r1 || lhs == r2 || …` for a context `lhs`; every right side is checked.
    private func comparison(_ lhs: Expression, _ rhs: [Expression], op: String, _ walk: inout Walk,
                            _ engine: inout DiagnosticEngine) -> Condition? {
        let left = Self.unparenthesized(lhs)
        if case .error = left { return nil }
        guard case .identifier(let id) = left, Self.boolLiteral(id.name) == nil else {
            engine.error(Messages.leftSideNotAContext(op), at: lhs.range)
            return nil
        }
        if Self.isPlatform(id.name, scope) {
            walk.comparesPlatform = true
            return platformComparison(rhs, op: op, &engine)
        }
        guard let v = context(id, asCondition: false, &engine) else { return nil }
        var result: Condition?
        var failed = false
        for r in rhs {
            guard let equal = equality(v, r, op: op, &engine) else {
                failed = true
                continue
            }
            result = result.map { .or($0, equal) } ?? equal
        }
        if failed { return nil }
        return result ?? .constant(false)
    }

    /// `context == value` for one right-hand side.
    private func equality(_ v: Int, _ rhs: Expression, op: String, _ engine: inout DiagnosticEngine) -> Condition? {
        let variable = scope.contexts[v]
        let right = Self.unparenthesized(rhs)
        switch right {
        case .error:
            return nil
        case .bool(let b, let range):
            return boolEquality(v, b, range: range, &engine)
        case .identifier(let id):
            if let b = Self.boolLiteral(id.name) { return boolEquality(v, b, range: id.range, &engine) }
            switch variable.type {
            case .enumeration(let cases):
                if let k = cases.firstIndex(of: id.name) { return .enumEquals(v, k) }
                let suggestion = nearest(to: id.name, in: cases)
                engine.error(Messages.unknownCase(variable.name, id.name, suggestion), at: id.range,
                             fixIts: fixIt(id.range, suggestion))
            case .string:
                engine.error(Messages.cannotCompareWithIdentifier(variable, id.name), at: id.range,
                             fixIts: [FixIt(range: id.range, replacement: Messages.quoted(id.name))])
            case .bool:
                engine.error(Messages.cannotCompareWithIdentifier(variable, id.name), at: id.range)
            }
            return nil
        case .string(let s):
            switch variable.type {
            case .string:
                return .stringEquals(v, s.value)
            case .enumeration(let cases):
                let fix = cases.contains(s.value) ? [FixIt(range: s.range, replacement: s.value)] : []
                engine.error(Messages.cannotCompareWithString(variable), at: s.range, fixIts: fix)
            case .bool:
                engine.error(Messages.cannotCompareWithString(variable), at: s.range)
            }
            return nil
        default:
            engine.error(Messages.rightSideNotAValue(op), at: rhs.range)
            return nil
        }
    }

    private func boolEquality(_ v: Int, _ b: Bool, range: SourceRange, _ engine: inout DiagnosticEngine) -> Condition? {
        guard case .bool = scope.contexts[v].type else {
            engine.error(Messages.cannotCompareWithBool(scope.contexts[v]), at: range)
            return nil
        }
        return b ? .flag(v) : .not(.flag(v))
    }

    // MARK: - The built-in `platform`

    /// `platform` as the enumeration it reads as in messages: its cases are the platform names.
    static let platformVariable = ContextVariable(
        name: "platform", type: .enumeration(Platform.allCases.map(\.rawValue)))

    /// Whether `name` is the built-in `platform` (always: declaring a context of that name is
    /// an error, see ``Scope``).
    static func isPlatform(_ name: String, _ scope: Scope) -> Bool {
        name == "platform" && scope.contextIndex[name] == nil
    }

    /// `platform == p1 || platform == p2 …`, decided now: a compile-time constant.
    private func platformComparison(_ rhs: [Expression], op: String, _ engine: inout DiagnosticEngine) -> Condition? {
        var matches = false
        var failed = false
        for r in rhs {
            let right = Self.unparenthesized(r)
            switch right {
            case .error:
                failed = true
            case .identifier(let id) where Self.boolLiteral(id.name) == nil:
                if let p = Platform(rawValue: id.name) {
                    if p == platform { matches = true }
                } else {
                    let suggestion = KeymapPlatforms.suggestion(for: id.name)
                    engine.error(Messages.unknownPlatform(id.name, suggestion), at: id.range, fixIts: fixIt(id.range, suggestion))
                    failed = true
                }
            case .string(let s):
                let fix = Platform(rawValue: s.value) != nil ? [FixIt(range: s.range, replacement: s.value)] : []
                engine.error(Messages.cannotCompareWithString(Self.platformVariable), at: s.range, fixIts: fix)
                failed = true
            case .bool, .identifier:
                engine.error(Messages.cannotCompareWithBool(Self.platformVariable), at: r.range)
                failed = true
            default:
                engine.error(Messages.rightSideNotAValue(op), at: r.range)
                failed = true
            }
        }
        return failed ? nil : .constant(matches)
    }

    /// Whether `expression`, and-ed with `with`, holds in some state on some other platform
    /// than the one compiled for: then a condition that never holds here is off-platform
    /// (left out quietly), not a mistake (warned about).
    func holdsOnAnotherPlatform(_ expression: Expression, and with: Condition = .constant(true), _ sat: inout Satisfiability) -> Bool {
        holds(expression, and: with, on: keymapPlatforms, &sat)
    }

    /// The platforms the keymap is not for, when `expression` (and-ed with `with`) holds only
    /// there: `when platform == macOS` in a `keymap "P" for linux, windows` is never true on
    /// a platform of the keymap, which the never-true warning then says. Empty otherwise.
    func platformsOutsideTheKeymap(_ expression: Expression, and with: Condition = .constant(true), _ sat: inout Satisfiability) -> [Platform] {
        let others = Platform.allCases.filter { !keymapPlatforms.contains($0) }
        guard !others.isEmpty, holds(expression, and: with, on: others, &sat) else { return [] }
        return keymapPlatforms
    }

    /// Whether `expression` and `with` hold together in some state on one of `platforms`
    /// other than the one compiled for.
    private func holds(_ expression: Expression, and with: Condition, on platforms: [Platform], _ sat: inout Satisfiability) -> Bool {
        guard mentionsPlatform(expression) else { return false }
        for other in platforms where other != platform {
            var checker = self
            checker.platform = other
            var quiet = DiagnosticEngine()
            guard let c = checker.lower(expression, &quiet) else { continue }
            if sat.isSatisfiable(.and(with, c)) { return true }
        }
        return false
    }

    /// `c` with the constants a platform comparison leaves folded away (`!false` is `true`,
    /// `x && true` is `x`, …).
    static func fold(_ c: Condition) -> Condition {
        switch c {
        case .constant, .flag, .enumEquals, .stringEquals, .inside, .plays:
            return c
        case .not(let x):
            let f = fold(x)
            if case .constant(let b) = f { return .constant(!b) }
            return negate(f)
        case .and(let x, let y):
            let a = fold(x), b = fold(y)
            if case .constant(let v) = a { return v ? b : a }
            if case .constant(let v) = b { return v ? a : b }
            return .and(a, b)
        case .or(let x, let y):
            let a = fold(x), b = fold(y)
            if case .constant(let v) = a { return v ? a : b }
            if case .constant(let v) = b { return v ? b : a }
            return .or(a, b)
        }
    }

    /// Whether `expression` compares the built-in `platform` anywhere: a condition that is
    /// false only because of the platform is not warned about, its binding is left out.
    func mentionsPlatform(_ expression: Expression) -> Bool {
        switch expression {
        case .error, .bool, .string, .identifier, .chain:
            return false
        case .not(let x, _), .parenthesized(let x, _):
            return mentionsPlatform(x)
        case .binary(.and, let l, let r, _), .binary(.or, let l, let r, _):
            return mentionsPlatform(l) || mentionsPlatform(r)
        case .binary(_, let l, _, _), .membership(let l, _, _, _):
            if case .identifier(let id) = Self.unparenthesized(l) { return Self.isPlatform(id.name, scope) }
            return false
        }
    }

    // MARK: - Names

    /// The index of the context `id` names; reports an unknown name (silently nil for a
    /// context whose declaration was already an error). A bare identifier used as a condition
    /// that is a case of exactly one enumeration suggests the comparison (`mode == insert`).
    private func context(_ id: Identifier, asCondition: Bool, _ engine: inout DiagnosticEngine) -> Int? {
        if let v = scope.contextIndex[id.name] { return v }
        if scope.brokenContexts.contains(id.name) { return nil }
        if asCondition, id.name == "inside" || id.name == "is" {
            // The chain predicate without its role (`when inside`), not a misspelt context.
            engine.error(Messages.chainWordWithoutRole(id.name, example: scope.roles.first ?? "Editor"), at: id.range)
            return nil
        }
        var suggestion = nearest(to: id.name, in: scope.contexts.map(\.name) + ["platform"])
        if suggestion == nil && asCondition {
            let owners = scope.contexts.filter { c in
                if case .enumeration(let cases) = c.type { return cases.contains(id.name) }
                return false
            }
            if owners.count == 1, let owner = owners.first { suggestion = "\(owner.name) == \(id.name)" }
        }
        engine.error(Messages.unknownContext(id.name, suggestion), at: id.range, fixIts: fixIt(id.range, suggestion))
        return nil
    }

    // MARK: - Helpers

    private static func boolLiteral(_ name: String) -> Bool? {
        name == "true" ? true : name == "false" ? false : nil
    }

    private static func unparenthesized(_ e: Expression) -> Expression {
        var e = e
        var guardCount = 0
        while case .parenthesized(let inner, _) = e, guardCount < maximumDepth + 1 {
            e = inner
            guardCount += 1
        }
        return e
    }

    /// `!c`, cancelling a double negation (`loggedIn != false` is `loggedIn`).
    static func negate(_ c: Condition) -> Condition {
        if case .not(let inner) = c { return inner }
        return .not(c)
    }
}
