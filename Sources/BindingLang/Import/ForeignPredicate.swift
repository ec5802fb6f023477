/// A VS Code `when` operand the language has no operator for, kept as a Bool context that the
/// app sets: a regular-expression match (`supportedCodeAction =~ /(\s|^)quickfix\b/`), a
/// numeric comparison (`notebookKernelCount > 0`) or a list membership (`resourceLangId in
/// supportedLangs`). The binding keeps its meaning as long as the app sets the context to the
/// predicate's value, as VS Code would compute it; the conflict checker treats each predicate
/// as independent of the others, so it may report a conflict two predicates rule out, never
/// miss one. A match against an anchored list of literals (`editorLangId =~
/// /^(markdown|prompt)$/`) needs no such context: it is converted exactly, to `==`s.
///
/// The predicate's text, normalised (`key op operand`), is its foreign key: the same predicate
/// in a base and a layer is one context.
enum ForeignPredicate {
    /// Which kind of operand.
    enum Kind: Equatable {
        case match, comparison, membership

        /// The report's name for the kind.
        var reportName: String {
            switch self {
            case .match: "regular-expression match '=~' kept as a Bool context the app sets"
            case .comparison: "numeric comparison '<', '<=', '>', '>=' kept as a Bool context the app sets"
            case .membership: "membership 'in' kept as a Bool context the app sets"
            }
        }
    }

    /// The foreign key of `key =~ /pattern/flags`.
    static func match(_ key: String, regex: String) -> String { "\(key) =~ \(regex)" }

    /// The foreign key of `key op value` for `<`, `<=`, `>`, `>=`.
    static func comparison(_ key: String, _ op: String, _ value: String) -> String { "\(key) \(op) \(value)" }

    /// The foreign key of `key in list` (`not in` is its negation).
    static func membership(_ key: String, list: String) -> String { "\(key) in \(list)" }

    /// The kind of a foreign key made by this type; nil for an ordinary context key (VS Code's
    /// keys have no spaces).
    static func kind(of foreignKey: String) -> Kind? {
        let parts = foreignKey.split(separator: " ", maxSplits: 2)
        guard parts.count == 3 else { return nil }
        switch parts[1] {
        case "=~": return .match
        case "<", "<=", ">", ">=": return .comparison
        case "in": return .membership
        default: return nil
        }
    }

    /// The identifier the context is spelled with (before mangling and de-duplication):
    /// `supportedCodeAction_matches_quickfix`, `notebookKernelCount_gt_0`,
    /// `resourceLangId_in_supportedLangs`.
    static func spelling(of foreignKey: String) -> String? {
        let parts = foreignKey.split(separator: " ", maxSplits: 2).map(String.init)
        guard parts.count == 3 else { return nil }
        let (key, op, operand) = (parts[0], parts[1], parts[2])
        switch op {
        case "=~": return "\(key)_matches_\(words(ofPattern: operand))"
        case "<": return "\(key)_lt_\(number(operand))"
        case "<=": return "\(key)_le_\(number(operand))"
        case ">": return "\(key)_gt_\(number(operand))"
        case ">=": return "\(key)_ge_\(number(operand))"
        case "in": return "\(key)_in_\(operand)"
        default: return nil
        }
    }

    /// The literal words of a `/pattern/flags` literal, joined by `_` (escapes such as `\s`
    /// and `\b` dropped), at most 40 characters; `pattern` when it has none.
    private static func words(ofPattern literal: String) -> String {
        var body = Substring(literal)
        if body.hasPrefix("/"), let close = body.lastIndex(of: "/"), close > body.startIndex {
            body = body[body.index(after: body.startIndex)..<close]
        }
        var out: [String] = []
        var current = ""
        var escaped = false
        for c in body.unicodeScalars {
            if escaped {
                escaped = false
                // `\s`, `\b`, `\d`: a class, not a letter of the text.
                if c.properties.isAlphabetic { if !current.isEmpty { out.append(current); current = "" }; continue }
            } else if c == "\\" {
                escaped = true
                continue
            }
            if c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c)) {
                current.unicodeScalars.append(c)
            } else if !current.isEmpty {
                out.append(current)
                current = ""
            }
        }
        if !current.isEmpty { out.append(current) }
        let joined = String(out.joined(separator: "_").prefix(40))
        return joined.isEmpty ? "pattern" : joined
    }

    /// `0` → `0`, `-1` → `minus1`, `1.5` → `1_5`.
    private static func number(_ text: String) -> String {
        (text.hasPrefix("-") ? "minus" + text.dropFirst() : text).replacing(".", with: "_")
    }

    /// The literals `/^(a|b)$/` (or `/^a$/`, `/^a$|^b$/`, `(?:…)` groups too) matches exactly,
    /// when it is an anchored alternation of plain text without flags; nil for any other pattern.
    static func literals(ofAnchoredPattern literal: String) -> [String]? {
        guard literal.hasPrefix("/"), literal.hasSuffix("/"), literal.count >= 2 else { return nil }
        var body = Substring(literal.dropFirst().dropLast())
        // `^a$|^b$`: alternatives anchored one by one (the escape-free `|`s split it).
        if !body.contains("\\"), !body.contains("("), body.contains("$|^") {
            var all: [String] = []
            for part in body.split(separator: "|", omittingEmptySubsequences: false) {
                guard let one = literals(ofAnchoredPattern: "/" + part + "/") else { return nil }
                all += one
            }
            return all
        }
        guard body.hasPrefix("^"), body.hasSuffix("$"), !body.hasSuffix("\\$") else { return nil }
        body = body.dropFirst().dropLast()
        if body.hasPrefix("(?:"), body.hasSuffix(")") {
            body = body.dropFirst(3).dropLast()
        } else if body.hasPrefix("("), body.hasSuffix(")") {
            body = body.dropFirst().dropLast()
        }
        var alternatives: [String] = []
        var current = ""
        var escaped = false
        for c in body.unicodeScalars {
            if escaped {
                // An escaped letter or digit is a class or a back-reference, not text.
                guard !c.properties.isAlphabetic, !("0"..."9").contains(c) else { return nil }
                current.unicodeScalars.append(c)
                escaped = false
                continue
            }
            switch c {
            case "\\": escaped = true
            case "|": alternatives.append(current); current = ""
            case ".", "*", "+", "?", "[", "]", "(", ")", "{", "}", "^", "$": return nil
            default: current.unicodeScalars.append(c)
            }
        }
        guard !escaped else { return nil }
        alternatives.append(current)
        return alternatives
    }
}
