// Zed context predicates and VS Code `when` clauses, parsed into one small tree for the
// corpus converter. Constructs `.bind` cannot express are reported as `Unsupported` with a
// reason, which the converter counts. Test-only.

/// A parsed context predicate.
indirect enum WhenClause: Equatable, Sendable {
    /// A bare identifier: a Zed context type (`Editor`) or flag, a VS Code context key.
    case identifier(String)
    /// `key == value` (`!=` is `.not(.equals)`).
    case equals(String, WhenValue)
    case not(WhenClause)
    case and(WhenClause, WhenClause)
    case or(WhenClause, WhenClause)
    /// `true` / `false` as a whole operand.
    case constant(Bool)
}

/// The right side of a comparison.
enum WhenValue: Equatable, Hashable, Sendable {
    case string(String)
    case bool(Bool)
}

/// A construct the `.bind` language cannot express; `reason` names it for the report.
struct Unsupported: Error, Equatable {
    var reason: String
}

/// Which editor's predicate syntax to read.
enum WhenDialect: Sendable {
    /// `>` is the ancestor operator (lowest precedence).
    case zed
    /// `<`, `<=`, `>`, `>=` compare numbers, `=~` matches a regex, `in`/`not in` test list
    /// membership.
    case vscode
}

/// Recursive-descent parser for both dialects.
struct WhenClauseParser {
    private enum Token: Equatable {
        case word(String)
        case quoted(String)
        case op(String)
    }

    private var tokens: [Token] = []
    private var index = 0
    private let dialect: WhenDialect

    static func parse(_ text: String, dialect: WhenDialect) throws(Unsupported) -> WhenClause {
        var parser = WhenClauseParser(dialect: dialect)
        try parser.tokenize(text)
        let clause = try parser.child()
        guard parser.index == parser.tokens.count else { throw Unsupported(reason: "unparsable condition") }
        return clause
    }

    private init(dialect: WhenDialect) { self.dialect = dialect }

    private mutating func tokenize(_ text: String) throws(Unsupported) {
        let chars = Array(text.unicodeScalars)
        var i = 0
        let operators = ["&&", "||", "===", "!==", "==", "!=", "=~", "<=", ">=", "!", "(", ")", "<", ">"]
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" || c == "\n" { i += 1; continue }
            if c == "'" || c == "\"" {
                var j = i + 1
                var s = ""
                while j < chars.count, chars[j] != c { s.unicodeScalars.append(chars[j]); j += 1 }
                guard j < chars.count else { throw Unsupported(reason: "unparsable condition") }
                tokens.append(.quoted(s))
                i = j + 1
                continue
            }
            if let op = operators.first(where: { op in
                let u = Array(op.unicodeScalars)
                return i + u.count <= chars.count && Array(chars[i..<(i + u.count)]) == u
            }) {
                if op == "=~" { throw Unsupported(reason: "regular-expression match '=~'") }
                tokens.append(.op(op))
                i += op.unicodeScalars.count
                continue
            }
            var s = ""
            while i < chars.count, !" \t\n()!&|=<>'\"".unicodeScalars.contains(chars[i]) {
                s.unicodeScalars.append(chars[i])
                i += 1
            }
            guard !s.isEmpty else { throw Unsupported(reason: "unparsable condition") }
            tokens.append(.word(s))
        }
    }

    private func peek() -> Token? { index < tokens.count ? tokens[index] : nil }

    /// Zed: `a > b` (ancestor), lowest precedence. VS Code has no such level.
    private mutating func child() throws(Unsupported) -> WhenClause {
        let left = try or()
        if dialect == .zed, peek() == .op(">") {
            throw Unsupported(reason: "ancestor operator '>'")
        }
        return left
    }

    private mutating func or() throws(Unsupported) -> WhenClause {
        var left = try and()
        while peek() == .op("||") {
            index += 1
            left = .or(left, try and())
        }
        return left
    }

    private mutating func and() throws(Unsupported) -> WhenClause {
        var left = try unary()
        while peek() == .op("&&") {
            index += 1
            left = .and(left, try unary())
        }
        return left
    }

    private mutating func unary() throws(Unsupported) -> WhenClause {
        if peek() == .op("!") {
            index += 1
            return .not(try unary())
        }
        return try comparison()
    }

    private mutating func comparison() throws(Unsupported) -> WhenClause {
        guard let token = peek() else { throw Unsupported(reason: "unparsable condition") }
        index += 1
        let name: String
        switch token {
        case .op("("):
            let inner = try child()
            guard peek() == .op(")") else { throw Unsupported(reason: "unparsable condition") }
            index += 1
            return inner
        case .word(let w): name = w
        case .quoted, .op: throw Unsupported(reason: "unparsable condition")
        }
        if name == "true" { return .constant(true) }
        if name == "false" { return .constant(false) }
        switch peek() {
        case .op("=="), .op("==="), .op("!="), .op("!=="):
            let negated = peek() == .op("!=") || peek() == .op("!==")
            index += 1
            let value: WhenValue
            switch peek() {
            case .word("true"): value = .bool(true)
            case .word("false"): value = .bool(false)
            case .word(let w): value = .string(w)
            case .quoted(let q): value = .string(q)
            default: throw Unsupported(reason: "unparsable condition")
            }
            index += 1
            let eq = WhenClause.equals(name, value)
            return negated ? .not(eq) : eq
        case .op("<"), .op("<="), .op(">="):
            throw Unsupported(reason: "numeric comparison '<', '<=', '>', '>='")
        case .op(">") where dialect == .vscode:
            throw Unsupported(reason: "numeric comparison '<', '<=', '>', '>='")
        case .word("in"), .word("not"):
            throw Unsupported(reason: "membership in a context-key list 'in' / 'not in'")
        default:
            return .identifier(name)
        }
    }
}
