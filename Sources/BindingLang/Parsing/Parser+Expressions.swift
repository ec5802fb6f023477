/// `when` conditions (Grammar.md §4.6), read without recursion.
///
/// ```
/// expr       = orExpr ;
/// orExpr     = andExpr { "||" andExpr } ;
/// andExpr    = comparison { "&&" comparison } ;
/// comparison = unary [ ( "==" | "!=" ) unary
///                    | [ "not" ] "in" "(" primary { "," primary } ")" ] ;
/// unary      = "!" unary | primary ;
/// primary    = ident | string | "true" | "false" | "(" expr ")"
///            | ( "inside" | "is" ) NL ident ;
/// ```
/// The grammar is read by precedence climbing, but what a recursive reader would keep on the
/// call stack (an operator waiting for its right operand, a `!` or `(` waiting for what it
/// applies to, an `in` list being read) is kept on an explicit stack of ``ExpressionFrame``s.
/// So however deeply a condition nests, parsing it uses a fixed amount of the thread's stack;
/// the nesting limit (``Parser/maxDepth``) and the height limit
/// (``Parser/maxConditionHeight``) are reported exactly as before.
extension Parser.State {
    /// A construct waiting for an operand.
    enum ExpressionFrame {
        /// One level of precedence climbing: operators binding at least `minPrecedence` are
        /// taken here. `lhs` is what was read so far; `pending` the operator whose right
        /// operand is being read. A new level's first operand arrives with both `nil`.
        case climb(minPrecedence: Int, lhs: Parser.Sized?, comparedAlready: Bool, pending: PendingOperator?)
        /// `!` or the word `not`, waiting for its operand.
        case not(Token)
        /// `(`, waiting for the expression inside.
        case parenthesis(Token)
        /// `lhs in (…)` / `lhs not in (…)`, waiting for its next item.
        case membership(MembershipList)
    }

    /// An infix operator read, waiting for its right operand.
    struct PendingOperator {
        let binary: BinaryOperator
        let token: Token
        /// A second comparison in a row (`a == b == c`), already reported.
        let chained: Bool
    }

    /// An `in` list being read.
    struct MembershipList {
        let lhs: Parser.Sized
        var values: [Expression]
        let negated: Bool
        /// `in` (or `not`), where a too-tall list is reported.
        let op: Token
        let open: Token
        let chained: Bool
    }

    /// What the reader does next: read an operand (with prefix operators when `unary`, a
    /// primary alone for an `in` item), or hand a finished operand to the top frame.
    enum ExpressionStep {
        case operand(unary: Bool)
        case value(Parser.Sized)
    }

    /// A whole `when` condition. Its tree is never taller than ``Parser/maxConditionHeight``
    /// (``Parser/maxConditionDepth`` levels of operators above an operand): past it,
    /// `condition is nested too deeply` is
    /// reported once, the rest of the condition is read without building anything, and the
    /// result is an `.error` node. So no later walk over a condition can recurse deeply.
    mutating func parseExpression() -> Expression {
        let outer = conditionTooDeep
        conditionTooDeep = false
        defer { conditionTooDeep = outer }
        let start = tok.start
        let (e, _) = parseCondition()
        return conditionTooDeep ? .error(range(start, max(start, prevEnd))) : e
    }

    /// Binding powers of the infix operators: `||` 1, `&&` 2, `==` `!=` `in` `not in` 3.
    mutating func infixPrecedence() -> Int {
        switch tok.kind {
        case .orOr: return 1
        case .andAnd: return 2
        case .equalEqual, .bangEqual: return 3
        case .punct(UInt8(ascii: "=")) where !tok.precededByNewline: return 3  // `=` for `==`: reported
        case .identifier:
            let next = peek()
            if isWord(tok, "in") && next.kind == .leftParen { return 3 }
            if isWord(tok, "not") && isWord(next.token, "in") { return 3 }
            // `and` / `or` for `&&` / `||` between operands on one line: reported.
            if !tok.precededByNewline && startsOperand(next.token) {
                if isWord(tok, "or") { return 1 }
                if isWord(tok, "and") { return 2 }
            }
            return 0
        default: return 0
        }
    }

    /// Reads one condition and returns it with its height (a leaf is 1). `&&` and `||`
    /// associate to the left, comparisons do not chain. The mistakes other languages teach
    /// (`=`, `and`, `or`, `not`) are reported with their fix and read as what they stand for,
    /// so nothing cascades; a chained comparison is reported once and becomes an error node
    /// the checker skips.
    mutating func parseCondition() -> Parser.Sized {
        // The stack of the last condition, emptied: a condition then allocates no stack.
        var frames: [ExpressionFrame] = []
        swap(&frames, &frameBuffer)
        defer {
            frames.removeAll(keepingCapacity: true)
            frameBuffer = frames
        }
        frames.append(.climb(minPrecedence: 1, lhs: nil, comparedAlready: false, pending: nil))
        var step = ExpressionStep.operand(unary: true)
        while true {
            switch step {
            case .operand(let unary):
                step = readOperand(unary: unary, into: &frames)
            case .value(let value):
                switch frames.removeLast() {
                case .not(let t):
                    step = .value(bounded(
                        .not(value.expression, range: range(t.start, max(value.expression.range.end, t.end))),
                        value.height + 1, at: t))
                    leave()
                case .parenthesis(let t):
                    if expectClose(.rightParen, "')'", opener: t) {
                        step = .value(bounded(
                            .parenthesized(value.expression, range: range(t.start, prevEnd)), value.height + 1, at: t))
                    } else {
                        step = .value((.error(range(t.start, prevEnd)), 1))
                    }
                    leave()
                case .membership(var list):
                    // Past the limit the items are still read (to find the `)`), but not kept.
                    if list.values.count <= Parser.maxConditionDepth { list.values.append(value.expression) }
                    if case .comma = tok.kind {
                        advance()
                        frames.append(.membership(list))
                        step = .operand(unary: false)
                    } else {
                        step = .value(finish(list))
                    }
                case .climb(let minPrecedence, let lhs, let comparedAlready, let pending):
                    var current = value
                    if let pending, let lhs {
                        current = combine(lhs, pending, value)
                    }
                    step = climb(minPrecedence: minPrecedence, lhs: current, comparedAlready: comparedAlready, into: &frames)
                    if case .value(let done) = step, frames.isEmpty { return done }
                }
            }
        }
    }

    /// Reads the prefix operators and the primary of an operand. A `(` or prefix pushes its
    /// frame and asks for the operand inside; a leaf (or an error) is handed on as a value.
    mutating func readOperand(unary: Bool, into frames: inout [ExpressionFrame]) -> ExpressionStep {
        let t = tok
        if unary, isWord(t, "not"), startsOperand(peek().token), !isWord(peek().token, "in") {
            // `not x` for `!x`: reported, read as `!`.
            error(Messages.wordOperator("not", "!"), t.start, t.end,
                  fixIts: [FixIt(range: range(t.start, peek().token.start), replacement: "!")])
            return open(.not(t), at: t, into: &frames)
        }
        switch t.kind {
        case .bang where unary:
            return open(.not(t), at: t, into: &frames)
        case .leftParen:
            return open(.parenthesis(t), at: t, into: &frames)
        case .identifier:
            if isWord(t, "inside") || isWord(t, "is") {
                let next = peek()
                if case .identifier = next.kind, !next.token.precededByNewline,
                   !isWord(next.token, "in"), !isWord(next.token, "not") {
                    advance()
                    let role = tok
                    advance()
                    return .value((.chain(ChainPredicateSyntax(
                        kind: isWord(t, "inside") ? .inside : .is,
                        role: Identifier(name: text(role), range: range(role.start, role.end)),
                        range: range(t.start, role.end))), 1))
                }
            }
            advance()
            if isWord(t, "true") || isWord(t, "false") {
                return .value((.bool(isWord(t, "true"), range: range(t.start, t.end)), 1))
            }
            return .value((.identifier(Identifier(name: text(t), range: range(t.start, t.end))), 1))
        case .string:
            return .value((.string(stringLiteral()), 1))
        default:
            errorExpected("expression")
            return .value((.error(range(t.start, t.start)), 1))
        }
    }

    /// Enters `frame` (a `!` or `(` at `t`): one nesting level, then the operand inside, which
    /// for `(` is a whole expression. Too deep: reported, and `t` becomes an error node
    /// without being consumed.
    mutating func open(_ frame: ExpressionFrame, at t: Token, into frames: inout [ExpressionFrame]) -> ExpressionStep {
        guard enter() else {
            conditionTooDeep = true
            return .value((.error(range(t.start, t.end)), 1))
        }
        advance()
        frames.append(frame)
        if case .parenthesis = frame {
            frames.append(.climb(minPrecedence: 1, lhs: nil, comparedAlready: false, pending: nil))
        }
        return .operand(unary: true)
    }

    /// Takes the infix operators of one precedence level after `lhs`. Returns `.operand` when
    /// an operator needs its right operand (its frame pushed), or the level's value when it
    /// is done.
    mutating func climb(minPrecedence: Int, lhs: Parser.Sized, comparedAlready: Bool,
                        into frames: inout [ExpressionFrame]) -> ExpressionStep {
        var lhs = lhs
        var comparedAlready = comparedAlready
        while true {
            let precedence = infixPrecedence()
            if precedence == 0 || precedence < minPrecedence { return .value(lhs) }
            let before = pos
            let op = tok
            var chained = false
            if precedence == 3 {
                if comparedAlready { error(Messages.chainedComparison, op.start, op.end); chained = true }
                comparedAlready = true
            } else {
                comparedAlready = false
            }
            var binary: BinaryOperator? = nil
            switch op.kind {
            case .orOr: binary = .or
            case .andAnd: binary = .and
            case .equalEqual: binary = .equal
            case .bangEqual: binary = .notEqual
            case .punct(UInt8(ascii: "=")):
                error(Messages.assignmentInCondition, op.start, op.end, fixIts: [FixIt(range: range(op.start, op.end), replacement: "==")])
                binary = .equal
            case .identifier where isWord(op, "and") || isWord(op, "or"):
                let symbol = isWord(op, "and") ? "&&" : "||"
                error(Messages.wordOperator(text(op), symbol), op.start, op.end,
                      fixIts: [FixIt(range: range(op.start, op.end), replacement: symbol)])
                binary = isWord(op, "and") ? .and : .or
            default: break
            }
            if let binary {
                advance()
                frames.append(.climb(minPrecedence: minPrecedence, lhs: lhs, comparedAlready: comparedAlready,
                                     pending: PendingOperator(binary: binary, token: op, chained: chained)))
                frames.append(.climb(minPrecedence: precedence + 1, lhs: nil, comparedAlready: false, pending: nil))
                return .operand(unary: true)
            }
            let negated = isWord(op, "not")
            advance()
            if negated { advance() }  // `in`
            let open = tok
            guard case .leftParen = open.kind else {
                errorExpected("'(' after 'in'")
                lhs = (.error(range(lhs.expression.range.start, prevEnd)), 1)
                if chained { lhs = (.error(lhs.expression.range), 1) }
                assert(pos > before)
                continue
            }
            advance()
            frames.append(.climb(minPrecedence: minPrecedence, lhs: nil, comparedAlready: comparedAlready, pending: nil))
            frames.append(.membership(MembershipList(
                lhs: lhs, values: [], negated: negated, op: op, open: open, chained: chained)))
            return .operand(unary: false)
        }
    }

    /// `lhs op rhs`, or an error node for a chained comparison.
    mutating func combine(_ lhs: Parser.Sized, _ op: PendingOperator, _ rhs: Parser.Sized) -> Parser.Sized {
        if op.chained {
            return (.error(range(lhs.expression.range.start, max(rhs.expression.range.end, op.token.end))), 1)
        }
        return bounded(
            .binary(op.binary, lhs.expression, rhs.expression, operatorRange: range(op.token.start, op.token.end)),
            1 + max(lhs.height, rhs.height), at: op.token)
    }

    /// The `in` list after its last item: `)` expected. Its height is one more than the
    /// tallest of the left operand and the number of items (the checker lowers the list to a
    /// chain of `||`).
    mutating func finish(_ list: MembershipList) -> Parser.Sized {
        var result: Parser.Sized
        if expectClose(.rightParen, "',' or ')'", opener: list.open) {
            result = bounded(
                .membership(list.lhs.expression, list.values, negated: list.negated,
                            range: range(list.lhs.expression.range.start, prevEnd)),
                1 + max(list.lhs.height, list.values.count), at: list.op)
        } else {
            result = (.error(range(list.lhs.expression.range.start, prevEnd)), 1)
        }
        if list.chained { result = (.error(result.expression.range), 1) }
        return result
    }

    /// `e` (of height `height`), or an `.error` node of height 1 when `height` is past
    /// ``Parser/maxConditionHeight`` (reported once per condition, at `t`).
    mutating func bounded(_ e: Expression, _ height: Int, at t: Token) -> Parser.Sized {
        if height <= Parser.maxConditionHeight && !conditionTooDeep { return (e, height) }
        if !conditionTooDeep { error(Messages.conditionTooDeep, t.start, t.end) }
        conditionTooDeep = true
        return (.error(range(t.start, t.end)), 1)
    }

    /// Whether `t` can begin an operand: a name, a string, `!` or `(`.
    func startsOperand(_ t: Token) -> Bool {
        switch t.kind {
        case .identifier, .string, .bang, .leftParen: return !t.precededByNewline
        default: return false
        }
    }
}
