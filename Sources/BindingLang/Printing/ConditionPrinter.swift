/// Renders a resolved ``Condition`` back in `.bind` `when` syntax, with the fewest parentheses
/// that keep its meaning: `!` binds tightest, then comparisons, then `&&`, then `||`. The
/// checker's lowerings are undone where they read better: `!(x == a)` prints `x != a`, and an
/// `||` of equalities on one variable prints `x in (a, b)` (`!` of it, `x not in (a, b)`).
public enum ConditionPrinter {
    /// The condition as source text, naming context variables from `contexts` and the roles
    /// of `inside`/`is` from `roles`.
    public static func render(_ condition: Condition, contexts: [ContextVariable], roles: [String] = []) -> String {
        Printer(contexts: contexts, roles: roles).render(condition, level: .or)
    }

    /// Binding strength, loosest first.
    private enum Level: Int, Comparable {
        case or, and, unary
        static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    private struct Printer {
        let contexts: [ContextVariable]
        let roles: [String]

        func roleName(_ index: Int) -> String {
            roles.indices.contains(index) ? roles[index] : "<role \(index)>"
        }

        func name(_ index: Int) -> String {
            contexts.indices.contains(index) ? contexts[index].name : "<context \(index)>"
        }

        func caseName(_ variable: Int, _ index: Int) -> String {
            if contexts.indices.contains(variable), case .enumeration(let cases) = contexts[variable].type,
                cases.indices.contains(index)
            {
                return cases[index]
            }
            return "<case \(index)>"
        }

        /// Renders `c` in a position that needs at least `level` strength, parenthesising if not.
        func render(_ c: Condition, level: Level) -> String {
            let (text, own) = renderBare(c)
            return own < level ? "(\(text))" : text
        }

        /// The text of `c` and how strongly it binds.
        func renderBare(_ c: Condition) -> (String, Level) {
            switch c {
            case .constant(let b): return (b ? "true" : "false", .unary)
            case .flag(let v): return (name(v), .unary)
            case .enumEquals(let v, let k): return ("\(name(v)) == \(caseName(v, k))", .unary)
            case .stringEquals(let v, let s): return ("\(name(v)) == \(SourceText.quoted(s))", .unary)
            case .inside(let r): return ("inside \(roleName(r))", .unary)
            case .plays(let r): return ("is \(roleName(r))", .unary)
            case .not(let inner):
                switch inner {
                case .enumEquals(let v, let k): return ("\(name(v)) != \(caseName(v, k))", .unary)
                case .stringEquals(let v, let s): return ("\(name(v)) != \(SourceText.quoted(s))", .unary)
                default:
                    if let (v, values) = membership(inner) {
                        return ("\(name(v)) not in (\(values.joined(separator: ", ")))", .unary)
                    }
                    let (text, own) = renderBare(inner)
                    // `!` applies to a name, a constant or a parenthesised expression; a
                    // comparison needs parentheses too (`!(x == a)` is not `!x == a`).
                    if case .flag = inner { return ("!" + text, .unary) }
                    if case .inside = inner { return ("!" + text, .unary) }
                    if case .plays = inner { return ("!" + text, .unary) }
                    if case .constant = inner { return ("!" + text, .unary) }
                    if case .not = inner, own == .unary { return ("!" + text, .unary) }
                    return ("!(\(text))", .unary)
                }
            case .and(let l, let r):
                return ("\(render(l, level: .and)) && \(render(r, level: .and))", .and)
            case .or(let l, let r):
                if let (v, values) = membership(c) {
                    return ("\(name(v)) in (\(values.joined(separator: ", ")))", .unary)
                }
                return ("\(render(l, level: .or)) || \(render(r, level: .or))", .or)
            }
        }

        /// When `c` is an `||` of two or more equalities of one variable, the variable and the
        /// values in order.
        func membership(_ c: Condition) -> (Int, [String])? {
            guard case .or = c else { return nil }
            var leaves: [Condition] = []
            func collect(_ c: Condition) {
                if case .or(let l, let r) = c { collect(l); collect(r) } else { leaves.append(c) }
            }
            collect(c)
            var variable: Int? = nil
            var values: [String] = []
            for leaf in leaves {
                switch leaf {
                case .enumEquals(let v, let k) where variable == nil || variable == v:
                    variable = v
                    values.append(caseName(v, k))
                case .stringEquals(let v, let s) where variable == nil || variable == v:
                    variable = v
                    values.append(SourceText.quoted(s))
                default:
                    return nil
                }
            }
            guard let variable else { return nil }
            return (variable, values)
        }
    }
}
