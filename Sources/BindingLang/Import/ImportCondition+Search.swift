/// The importer's conditions decided by the checker's search (``Satisfiability``): a condition
/// is lowered to numbered variables, each Bool atom (a flag, `is Role`, `inside Role`) one
/// Bool variable and each String context one String variable, as the importer's own model has
/// them (a flag and a comparison of the same key are independent atoms), and the search's unit
/// propagation and pruning decide it without rebuilding the tree at every step.
extension ImportCondition {
    /// Whether some state makes this true; true also when the search runs out of `budget`
    /// nodes (callers then keep a rewrite they could have skipped).
    func searchSatisfiable(budget: Int) -> Bool {
        var lowering = Lowering()
        let condition = lowering.lower(self)
        var contexts = [ContextVariable](repeating: ContextVariable(name: "", type: .bool), count: lowering.count)
        for (name, v) in lowering.keys { contexts[v] = ContextVariable(name: name, type: .string) }
        var sat = Satisfiability(contexts: contexts)
        sat.searchBudget = budget
        sat.propagatesUnits = true
        return sat.canHold(condition) ?? true
    }

    /// Numbers for the atoms' names, given as they are first met.
    private struct Lowering {
        var flags: [String: Int] = [:]
        var keys: [String: Int] = [:]
        var roles: [String: Int] = [:]
        /// Context variables numbered so far (flags and String contexts).
        var count = 0

        mutating func flag(_ name: String) -> Int {
            if let v = flags[name] { return v }
            flags[name] = count
            count += 1
            return count - 1
        }

        mutating func key(_ name: String) -> Int {
            if let v = keys[name] { return v }
            keys[name] = count
            count += 1
            return count - 1
        }

        mutating func role(_ name: String) -> Int {
            if let r = roles[name] { return r }
            roles[name] = roles.count
            return roles.count - 1
        }

        mutating func lower(_ c: ImportCondition) -> Condition {
            switch c {
            case .constant(let b): return .constant(b)
            case .flag(let name): return .flag(flag(name))
            case .equals(let key, let value): return .stringEquals(self.key(key), value)
            case .isRole(let name): return .plays(role(name))
            case .inside(let name): return .inside(role(name))
            case .not(let inner): return .not(lower(inner))
            case .and(let parts): return fold(parts, Condition.and)
            case .or(let parts): return fold(parts, Condition.or)
            }
        }

        private mutating func fold(_ parts: [ImportCondition], _ join: (Condition, Condition) -> Condition) -> Condition {
            guard let first = parts.first else { return .constant(true) }
            var out = lower(first)
            for p in parts.dropFirst() { out = join(out, lower(p)) }
            return out
        }
    }
}
