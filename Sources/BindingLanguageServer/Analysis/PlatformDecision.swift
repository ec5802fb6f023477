import BindingLang
import BindingRuntime

/// What a `when` condition is worth once the built-in `platform` is known, as the compiler
/// decides it (Grammar.md §4.7): `platform == X`, `!=`, `in` and `not in` are constants, every
/// other operand is unknown. Hover uses it to tell a binding the platform leaves out from one
/// a later file replaced.
enum PlatformDecision {
    /// True or false when the platform alone decides `expression`, else nil.
    static func value(of expression: Expression, on platform: Platform) -> Bool? {
        switch expression {
        case .parenthesized(let e, _):
            return value(of: e, on: platform)
        case .not(let e, _):
            return value(of: e, on: platform).map { !$0 }
        case .binary(.and, let l, let r, _):
            let a = value(of: l, on: platform), b = value(of: r, on: platform)
            if a == false || b == false { return false }
            return a == true && b == true ? true : nil
        case .binary(.or, let l, let r, _):
            let a = value(of: l, on: platform), b = value(of: r, on: platform)
            if a == true || b == true { return true }
            return a == false && b == false ? false : nil
        case .binary(let op, let l, let r, _):
            guard let isPlatform = comparesPlatform(l, [r], on: platform) else { return nil }
            return op == .equal ? isPlatform : !isPlatform
        case .membership(let l, let items, let negated, _):
            guard let isPlatform = comparesPlatform(l, items, on: platform) else { return nil }
            return negated ? !isPlatform : isPlatform
        case .identifier, .string, .bool, .chain, .error:
            return nil
        }
    }

    /// Whether `platform` is one of the platforms named in `names`, when `lhs` is the built-in
    /// `platform` and every name is a platform; nil otherwise.
    private static func comparesPlatform(_ lhs: Expression, _ names: [Expression], on platform: Platform) -> Bool? {
        guard case .identifier(let id) = unparenthesized(lhs), id.name == Symbol.platformContext else { return nil }
        var matches = false
        for n in names {
            guard case .identifier(let name) = unparenthesized(n), let p = Platform(rawValue: name.name) else { return nil }
            if p == platform { matches = true }
        }
        return matches
    }

    private static func unparenthesized(_ e: Expression) -> Expression {
        var e = e
        while case .parenthesized(let inner, _) = e { e = inner }
        return e
    }
}
