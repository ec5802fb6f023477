/// A foreign keymap's condition as written: a Zed context predicate or a VS Code `when` clause,
/// parsed by ``WhenClauseParser``. Names are the editor's own; the converters map them.
public indirect enum WhenClause: Sendable, Hashable {
    /// A bare name: a Zed context identifier (`Editor`, `menu`, `showing_completions`), a VS
    /// Code context key tested for truth.
    case identifier(String)
    /// `key == value` (`!=` is `.not(.equals)`); VS Code's `key == true` has a Boolean value.
    case equals(String, WhenValue)
    /// `!x`.
    case not(WhenClause)
    /// `a && b`.
    case and(WhenClause, WhenClause)
    /// `a || b`.
    case or(WhenClause, WhenClause)
    /// `true` / `false` written as an operand.
    case constant(Bool)
    /// Zed's `parent > child`: `child` holds on the focused element and `parent` on one outside it.
    case child(parent: WhenClause, child: WhenClause)
}

/// The right side of a comparison.
public enum WhenValue: Sendable, Hashable {
    /// A name or quoted string.
    case string(String)
    /// `true` / `false`.
    case bool(Bool)
}

/// Which editor's predicate syntax to read.
public enum WhenDialect: Sendable {
    /// Zed: `>` (lowest precedence), `||`, `&&`, `==` `!=`, `!`; identifiers may contain `-`.
    case zed
    /// VS Code: `||`, `&&`, `!`, `==` `!=` (and `===` `!==`); `<` `<=` `>` `>=`, `=~` and
    /// `in` / `not in` become ``ForeignPredicate``s (a match of an anchored list of literals
    /// becomes `==`s).
    case vscode
}

/// A condition the importer cannot carry over, with the reason the report gives.
public struct UnsupportedCondition: Error, Sendable, Equatable {
    /// Why, e.g. `regular-expression match '=~'`.
    public var reason: String

    /// A condition the parser cannot read at all (VS Code would not read it either).
    static let unparsable = UnsupportedCondition(reason: "unparsable condition")
}

/// Parses conditions of both dialects by recursive descent (nesting capped at 64).
public struct WhenClauseParser {
    private enum Token: Equatable {
        case word(String)
        case quoted(String)
        case op(String)
        /// A regular-expression literal as written, slashes and flags included.
        case regex(String)
    }

    private var tokens: [Token] = []
    private var index = 0
    private var depth = 0
    private let dialect: WhenDialect

    /// Parses `text` in `dialect`.
    public static func parse(_ text: String, dialect: WhenDialect) throws(UnsupportedCondition) -> WhenClause {
        var parser = WhenClauseParser(dialect: dialect)
        try parser.tokenize(text)
        guard !parser.tokens.isEmpty else { throw UnsupportedCondition(reason: "empty condition") }
        let clause = try parser.child()
        guard parser.index == parser.tokens.count else { throw .unparsable }
        return clause
    }

    private init(dialect: WhenDialect) { self.dialect = dialect }

    private mutating func tokenize(_ text: String) throws(UnsupportedCondition) {
        let chars = Array(text.unicodeScalars)
        var i = 0
        let operators = ["===", "!==", "&&", "||", "==", "!=", "=~", "<=", ">=", "!", "(", ")", "<", ">"]
        // VS Code's scanner reads a key name with `<` and `>` in it once the name has begun
        // (VSCodeVim's `vim.use<C-f>`); so does Zed's, and `"` too (`Pane>Editor` is one name
        // there, and `vim_operator == >` compares with `>`): only a `<` or `>` that starts a
        // token can compare.
        let stops = dialect == .vscode ? " \t\n\r()!&|='\"" : " \t\n\r()!&|='"
        func word(from i: inout Int) -> String {
            var s = ""
            while i < chars.count, !stops.unicodeScalars.contains(chars[i]) {
                s.unicodeScalars.append(chars[i])
                i += 1
            }
            return s
        }
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" || c == "\n" || c == "\r" { i += 1; continue }
            if c == "'" || (c == "\"" && dialect == .vscode) {
                var j = i + 1
                var s = ""
                while j < chars.count, chars[j] != c { s.unicodeScalars.append(chars[j]); j += 1 }
                guard j < chars.count else { throw .unparsable }
                tokens.append(.quoted(s))
                i = j + 1
                continue
            }
            if dialect == .vscode, c == "/", tokens.last == .op("=~") {
                // A regular expression literal: up to the closing slash, then its flags.
                var j = i + 1
                while j < chars.count, chars[j] != "/" { j += chars[j] == "\\" ? 2 : 1 }
                guard j < chars.count else { throw .unparsable }
                j += 1
                while j < chars.count, chars[j].properties.isAlphabetic { j += 1 }
                var literal = ""
                literal.unicodeScalars.append(contentsOf: chars[i..<j])
                tokens.append(.regex(literal))
                i = j
                continue
            }
            // Zed reads `> < " ~ ?` as identifier characters (its vim operators:
            // `vim_operator == >`), so one that starts a token where an operand is due begins
            // a name; elsewhere `>` is the child operator (`Pane > Editor`).
            let operandDue = tokens.last.map { if case .op(let o) = $0 { o != ")" } else { false } } ?? true
            if dialect == .zed, c == ">" || c == "<" || c == "\"", operandDue {
                tokens.append(.word(word(from: &i)))
                continue
            }
            if let op = operators.first(where: { op in
                let u = Array(op.unicodeScalars)
                return i + u.count <= chars.count && Array(chars[i..<(i + u.count)]) == u
            }) {
                tokens.append(.op(op))
                i += op.unicodeScalars.count
                continue
            }
            let s = word(from: &i)
            guard !s.isEmpty else { throw .unparsable }
            tokens.append(.word(s))
        }
    }

    private func peek() -> Token? { index < tokens.count ? tokens[index] : nil }

    private mutating func nest() throws(UnsupportedCondition) {
        depth += 1
        if depth > 64 { throw UnsupportedCondition(reason: "condition nested too deeply") }
    }

    /// Zed: `a > b`, lowest precedence, left associative. VS Code has no such level.
    private mutating func child() throws(UnsupportedCondition) -> WhenClause {
        try nest()
        defer { depth -= 1 }
        var left = try or()
        while dialect == .zed, peek() == .op(">") {
            index += 1
            left = .child(parent: left, child: try or())
        }
        return left
    }

    private mutating func or() throws(UnsupportedCondition) -> WhenClause {
        var left = try and()
        while peek() == .op("||") {
            index += 1
            left = .or(left, try and())
        }
        return left
    }

    private mutating func and() throws(UnsupportedCondition) -> WhenClause {
        var left = try unary()
        while peek() == .op("&&") {
            index += 1
            left = .and(left, try unary())
        }
        return left
    }

    private mutating func unary() throws(UnsupportedCondition) -> WhenClause {
        if peek() == .op("!") {
            index += 1
            try nest()
            defer { depth -= 1 }
            // VS Code's `!` takes a key, `true`, `false` or a parenthesised expression, never a
            // comparison or another `!`: `!key =~ /x/`, `!key == v`, `!!key` fail to parse there
            // (so VS Code ignores the `when`), and must not gain a meaning here.
            if dialect == .vscode {
                if peek() == .op("!") { throw .unparsable }
                if case .word = peek(), index + 1 < tokens.count {
                    switch tokens[index + 1] {
                    case .op(let o) where ["==", "!=", "===", "!==", "=~", "<", "<=", ">", ">="].contains(o): throw .unparsable
                    case .word("in"), .word("not"): throw .unparsable
                    default: break
                    }
                }
            }
            return .not(try unary())
        }
        return try comparison()
    }

    private mutating func comparison() throws(UnsupportedCondition) -> WhenClause {
        guard let token = peek() else { throw .unparsable }
        index += 1
        let name: String
        switch token {
        case .op("("):
            let inner = try child()
            guard peek() == .op(")") else { throw .unparsable }
            index += 1
            return inner
        case .word(let w): name = w
        case .quoted, .op, .regex: throw .unparsable
        }
        if name == "true" { return .constant(true) }
        if name == "false" { return .constant(false) }
        switch peek() {
        case .op("=="), .op("==="), .op("!="), .op("!=="):
            let negated = peek() == .op("!=") || peek() == .op("!==")
            index += 1
            let value: WhenValue
            switch peek() {
            case .word("true") where dialect == .vscode: value = .bool(true)
            case .word("false") where dialect == .vscode: value = .bool(false)
            case .word(let w): value = .string(w)
            case .quoted(let q): value = .string(q)
            default:
                // Nothing after the operator (`foo != `, `foo == && bar`): VS Code compares
                // with the empty string and reads on (`Parser._value`, kept for extensions
                // that write it); Zed has no such rule.
                guard dialect == .vscode else { throw .unparsable }
                let eq = WhenClause.equals(name, .string(""))
                return negated ? .not(eq) : eq
            }
            index += 1
            let eq = WhenClause.equals(name, value)
            return negated ? .not(eq) : eq
        case .op("=~"):
            guard dialect == .vscode else { throw UnsupportedCondition(reason: "regular-expression match '=~'") }
            index += 1
            guard case .regex(let literal) = peek() else { throw .unparsable }
            index += 1
            if let exact = ForeignPredicate.literals(ofAnchoredPattern: literal) {
                return exact.dropFirst().reduce(WhenClause.equals(name, .string(exact[0]))) { .or($0, .equals(name, .string($1))) }
            }
            return .identifier(ForeignPredicate.match(name, regex: literal))
        case .op("<") where dialect == .vscode, .op("<=") where dialect == .vscode,
             .op(">") where dialect == .vscode, .op(">=") where dialect == .vscode:
            guard case .op(let op) = peek() else { throw .unparsable }
            index += 1
            guard case .word(let value) = peek(), Double(value) != nil else {
                throw UnsupportedCondition(reason: "numeric comparison with something other than a number")
            }
            index += 1
            return .identifier(ForeignPredicate.comparison(name, op, value))
        case .op("<"), .op("<="), .op(">="):
            throw UnsupportedCondition(reason: "numeric comparison '<', '<=', '>', '>='")
        case .word("in") where dialect == .vscode, .word("not") where dialect == .vscode:
            let negated = peek() == .word("not")
            index += 1
            if negated {
                guard peek() == .word("in") else { throw .unparsable }
                index += 1
            }
            // The list's key, bare or quoted (vscode-neovim writes `not in 'neovim.…'`).
            let list: String
            switch peek() {
            case .word(let w)?: list = w
            case .quoted(let q)? where !q.isEmpty: list = q
            default: throw .unparsable
            }
            index += 1
            let member = WhenClause.identifier(ForeignPredicate.membership(name, list: list))
            return negated ? .not(member) : member
        case .word("in"), .word("not"):
            throw UnsupportedCondition(reason: "membership in a context-key list 'in' / 'not in'")
        default:
            return .identifier(name)
        }
    }
}
