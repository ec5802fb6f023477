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
        /// One pass with an explicit stack of what is left to write, so the text is linear in
        /// the condition's size and no level of the condition costs a call.
        func render(_ c: Condition, level: Level) -> String {
            enum Step {
                /// `c` where its parent needs `level`: in parentheses when it binds less.
                case render(Condition, Level)
                /// `c` without parentheses of its own.
                case bare(Condition)
                case write(String)
            }
            var out = ""
            var steps: [Step] = [.render(c, level)]
            while let step = steps.popLast() {
                switch step {
                case .write(let text):
                    out += text
                case .render(let c, let level):
                    if strength(c) < level {
                        out += "("
                        steps.append(.write(")"))
                    }
                    steps.append(.bare(c))
                case .bare(let c):
                    switch c {
                    case .constant(let b): out += b ? "true" : "false"
                    case .flag(let v): out += name(v)
                    case .enumEquals(let v, let k): out += "\(name(v)) == \(caseName(v, k))"
                    case .stringEquals(let v, let s): out += "\(name(v)) == \(SourceText.quoted(s))"
                    case .inside(let r): out += "inside \(roleName(r))"
                    case .plays(let r): out += "is \(roleName(r))"
                    case .not(let inner):
                        switch inner {
                        case .enumEquals(let v, let k): out += "\(name(v)) != \(caseName(v, k))"
                        case .stringEquals(let v, let s): out += "\(name(v)) != \(SourceText.quoted(s))"
                        case .flag, .inside, .plays, .constant, .not:
                            // `!` applies to a name, a constant or another `!` directly.
                            out += "!"
                            steps.append(.bare(inner))
                        case .and, .or:
                            if let (v, values) = membership(inner) {
                                out += "\(name(v)) not in (\(values.joined(separator: ", ")))"
                            } else {
                                // A comparison needs parentheses too (`!(x == a)` is not `!x == a`).
                                out += "!("
                                steps.append(.write(")"))
                                steps.append(.bare(inner))
                            }
                        }
                    case .and(let l, let r):
                        // Pushed in reverse: the left operand is written first.
                        steps.append(.render(r, .and))
                        steps.append(.write(" && "))
                        steps.append(.render(l, .and))
                    case .or(let l, let r):
                        if let (v, values) = membership(c) {
                            out += "\(name(v)) in (\(values.joined(separator: ", ")))"
                        } else {
                            steps.append(.render(r, .or))
                            steps.append(.write(" || "))
                            steps.append(.render(l, .or))
                        }
                    }
                }
            }
            return out
        }

        /// How strongly `c` binds as written: an `||` that prints as `x in (…)` is one name.
        func strength(_ c: Condition) -> Level {
            switch c {
            case .and: return .and
            case .or: return membership(c) == nil ? .or : .unary
            case .constant, .flag, .enumEquals, .stringEquals, .inside, .plays, .not: return .unary
            }
        }

        /// When `c` is an `||` of two or more equalities of one variable, the variable and the
        /// values in order.
        func membership(_ c: Condition) -> (Int, [String])? {
            guard case .or = c else { return nil }
            var variable: Int? = nil
            var values: [String] = []
            // The chain's operands left to right, stopping at the first that is not an equality.
            var pending = [c]
            while let leaf = pending.popLast() {
                switch leaf {
                case .or(let l, let r):
                    pending.append(r)
                    pending.append(l)
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
