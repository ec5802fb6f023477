/// Converts a ``ZedKeymap`` into an ``ImportedKeymap`` (see Docs/Import.md for the mapping).
///
/// Zed evaluates a context predicate against one element of the focus path (the element's
/// identifiers and key-value pairs); `A > B` puts `A` on an element outside. Element names
/// (identifiers starting with an upper-case letter, and `menu`, which is both the context
/// menu's element name and a flag an editor sets while it shows a menu, so it is an element
/// name either way) become roles; the predicate is put in disjunctive normal form, each
/// disjunct is anchored at its first positive element name (`Global` when it has none, a
/// role every responder plays last, because Zed ranks a binding without an element at the
/// focused element), the other element names of the disjunct become `is Role`, those of the
/// parent side of `>` become `inside Role`, and the rest become contexts.
enum ZedConverter {
    /// The role of bindings whose context names no element.
    static let globalRole = "Global"

    static func isElementName(_ name: String) -> Bool {
        name == "menu" || (name.first.map { $0.isUppercase } ?? false)
    }

    static func convert(_ keymap: ZedKeymap, name: String, language: ImportLanguage) -> ImportedKeymap {
        var result = ImportedKeymap(format: .zed, name: name)
        for section in keymap.sections {
            var groups: [(role: String, condition: ImportCondition)] = [(globalRole, .constant(true))]
            var failure: String?
            if let context = section.context {
                do throws(UnsupportedCondition) {
                    let clause = try WhenClauseParser.parse(context, dialect: .zed)
                    groups = try roleGroups(translate(clause, outside: false), result: &result)
                    if !language.chainPredicates, groups.contains(where: { $0.condition.usesChainPredicates }) {
                        throw UnsupportedCondition(reason: chainReason(clause))
                    }
                } catch {
                    failure = error.reason
                }
            }
            for binding in section.bindings {
                let command: String
                var argument: JSONC?
                switch binding.action {
                case .name(let n): command = n
                case .withArgument(let n, let a): command = n; argument = a
                case .disable: command = "null"
                }
                let index = result.entries.count
                result.entries.append(ImportedKeymap.Entry(
                    keys: binding.keys, command: command,
                    range: binding.keysRange.lowerBound..<binding.actionRange.upperBound, outcome: .converted))
                if let failure {
                    result.entries[index].outcome = .leftOut(failure)
                    continue
                }
                var sequence: [String] = []
                do throws(UnsupportedCondition) {
                    for stroke in binding.keys.split(separator: " ") {
                        sequence.append(try ForeignKey.chord(String(stroke), separator: "-"))
                    }
                    if sequence.isEmpty { throw UnsupportedCondition(reason: "empty key sequence") }
                } catch {
                    result.entries[index].outcome = .leftOut(error.reason)
                    continue
                }
                if case .disable = binding.action { result.entries[index].outcome = .disables }
                for group in groups {
                    result.bindings.append(ImportedKeymap.Binding(
                        entry: index, sequence: sequence, role: group.role, condition: group.condition,
                        original: group.condition, command: command, argument: argument))
                }
            }
        }
        return result
    }

    /// Why a predicate needs chain predicates, for the report.
    static func chainReason(_ clause: WhenClause) -> String {
        var hasChild = false, hasNegated = false
        func walk(_ c: WhenClause, negated: Bool) {
            switch c {
            case .child: hasChild = true
            case .identifier(let n) where isElementName(n) && negated: hasNegated = true
            case .not(let inner): walk(inner, negated: !negated)
            case .and(let a, let b), .or(let a, let b): walk(a, negated: negated); walk(b, negated: negated)
            default: break
            }
        }
        walk(clause, negated: false)
        if hasChild { return "needs 'inside Role' (Zed's 'A > B')" }
        if hasNegated { return "needs '!is Role' (Zed's '!Editor')" }
        return "needs 'is Role' (two elements on one, Zed's 'A && B')"
    }

    /// The predicate in `.bind` atoms: element names as `is` (on the focused element) or
    /// `inside` (on the parent side of `>`), other names as contexts.
    static func translate(_ clause: WhenClause, outside: Bool) -> ImportCondition {
        switch clause {
        case .identifier(let n):
            if isElementName(n) { return outside ? .inside(n) : .isRole(n) }
            return .flag(n)
        case .equals(let k, .string(let v)): return .equals(k, v)
        case .equals(let k, .bool(let b)): return .equals(k, b ? "true" : "false")
        case .constant(let b): return .constant(b)
        case .not(let inner): return translate(inner, outside: outside).negated
        case .and(let a, let b): return .all([translate(a, outside: outside), translate(b, outside: outside)])
        case .or(let a, let b): return .any([translate(a, outside: outside), translate(b, outside: outside)])
        case .child(let parent, let child): return .all([translate(parent, outside: true), translate(child, outside: outside)])
        }
    }

    /// Disjunctive normal form: a list of conjunctions of literals (atoms or negated atoms).
    static func dnf(_ c: ImportCondition, negated: Bool = false) throws(UnsupportedCondition) -> [[ImportCondition]] {
        func product(_ a: [[ImportCondition]], _ b: [[ImportCondition]]) throws(UnsupportedCondition) -> [[ImportCondition]] {
            guard a.count * b.count <= 64 else { throw UnsupportedCondition(reason: "condition too complex") }
            return a.flatMap { x in b.map { x + $0 } }
        }
        switch c {
        case .constant(let b): return b != negated ? [[]] : []
        case .flag, .equals, .isRole, .inside: return [[negated ? c.negated : c]]
        case .not(let inner): return try dnf(inner, negated: !negated)
        case .and(let parts), .or(let parts):
            let isAnd: Bool = if case .and = c { true } else { false }
            if isAnd != negated {
                var acc: [[ImportCondition]] = [[]]
                for p in parts { acc = try product(acc, dnf(p, negated: negated)) }
                return acc
            }
            var acc: [[ImportCondition]] = []
            for p in parts { acc += try dnf(p, negated: negated) }
            guard acc.count <= 64 else { throw UnsupportedCondition(reason: "condition too complex") }
            return acc
        }
    }

    /// Groups the disjuncts of `c` by the role they are anchored at.
    static func roleGroups(
        _ c: ImportCondition, result: inout ImportedKeymap
    ) throws(UnsupportedCondition) -> [(role: String, condition: ImportCondition)] {
        var order: [String] = []
        var byRole: [String: [ImportCondition]] = [:]
        for term in try dnf(c) {
            var literals = term
            var role = globalRole
            if let i = literals.firstIndex(where: { if case .isRole = $0 { true } else { false } }),
               case .isRole(let r) = literals[i] {
                role = r
                literals.remove(at: i)
                literals = literals.map { $0.assuming([.isRole(r)]) }
                for case .isRole(let other) in literals where other != r {
                    result.cooccurring.insert([r, other].sorted())
                }
            }
            let condition = ImportCondition.all(literals)
            if case .constant(false) = condition { continue }
            if byRole[role] == nil { order.append(role) }
            byRole[role, default: []].append(condition)
        }
        return order.map { ($0, ImportCondition.any(byRole[$0] ?? [])) }
    }
}
