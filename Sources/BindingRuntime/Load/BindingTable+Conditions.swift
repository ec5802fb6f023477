// MARK: - Compiled conditions

extension BindingTable {
    /// Number of compiled conditions.
    var conditionCount: Int { count(.conditions) }

    /// Evaluates condition `ref` against context `values` (one word per context variable,
    /// as ``ContextState`` keeps them) and, for `inside`/`is`, the chain `chain` describes:
    /// postfix code over a 64-bit stack of Booleans, no allocation. The validator guarantees
    /// the code is well formed and fits the stack.
    @inline(__always)
    func evaluate<C: ChainFacts>(_ ref: UInt32, _ values: [UInt32], _ chain: C) -> Bool {
        if ref == TableFormat.conditionTrue { return true }
        if ref == TableFormat.conditionFalse { return false }
        let start = Int(reader.u32(conditionsAt + Int(ref) &* 8))
        let n = Int(reader.u32(conditionsAt + Int(ref) &* 8 + 4))
        var stack: UInt64 = 0
        var pc = codeAt + start &* 12
        let end = pc + n &* 12
        while pc < end {
            let op = reader.u32(pc)
            let a = Int(reader.u32(pc + 4))
            let b = reader.u32(pc + 8)
            switch op {
            case TableFormat.Op.constant.rawValue: stack = stack << 1 | UInt64(a & 1)
            case TableFormat.Op.flag.rawValue:
                let value: UInt32 = a < values.count ? values[a] : 0
                stack = stack << 1 | (value != 0 ? 1 : 0)
            case TableFormat.Op.enumEquals.rawValue, TableFormat.Op.stringEquals.rawValue:
                let value: UInt32 = a < values.count ? values[a] : 0
                stack = stack << 1 | (value == b ? 1 : 0)
            case TableFormat.Op.not.rawValue: stack ^= 1
            case TableFormat.Op.and.rawValue, TableFormat.Op.andSwapped.rawValue:
                stack = (stack >> 2) << 1 | (stack & (stack >> 1) & 1)
            case TableFormat.Op.inside.rawValue: stack = stack << 1 | (chain.inside(a) ? 1 : 0)
            case TableFormat.Op.plays.rawValue: stack = stack << 1 | (chain.plays(a) ? 1 : 0)
            default: // or, orSwapped
                stack = (stack >> 2) << 1 | ((stack | (stack >> 1)) & 1)
            }
            pc &+= 12
        }
        return stack & 1 != 0
    }

    /// Whether condition `ref` mentions the chain (`inside`, `is`) at all.
    public func conditionUsesChain(_ ref: UInt32) -> Bool {
        guard ref != TableFormat.conditionTrue, ref != TableFormat.conditionFalse, Int(ref) < conditionCount else { return false }
        let start = Int(reader.u32(conditionsAt + Int(ref) &* 8))
        let n = Int(reader.u32(conditionsAt + Int(ref) &* 8 + 4))
        for pc in start..<(start + n) {
            let op = reader.u32(codeAt + pc * 12)
            if op == TableFormat.Op.inside.rawValue || op == TableFormat.Op.plays.rawValue { return true }
        }
        return false
    }

    /// The condition `ref` as an expression tree (for tools, `explain` and reading a table
    /// back into a keymap).
    public func condition(_ ref: UInt32) -> TableCondition {
        if ref == TableFormat.conditionTrue { return .constant(true) }
        if ref == TableFormat.conditionFalse { return .constant(false) }
        guard Int(ref) < conditionCount else { return .constant(false) }
        let start = Int(reader.u32(conditionsAt + Int(ref) * 8))
        let n = Int(reader.u32(conditionsAt + Int(ref) * 8 + 4))
        var stack: [TableCondition] = []
        for pc in start..<(start + n) {
            let at = codeAt + pc * 12
            let op = reader.u32(at), a = Int(reader.u32(at + 4)), b = Int(reader.u32(at + 8))
            switch TableFormat.Op(rawValue: op) {
            case .constant?: stack.append(.constant(a != 0))
            case .flag?: stack.append(.flag(a))
            case .enumEquals?: stack.append(.enumEquals(a, b))
            case .stringEquals?: stack.append(.stringEquals(a, string(contextValueString(a, b)) ?? ""))
            case .inside?: stack.append(.inside(a))
            case .plays?: stack.append(.plays(a))
            case .not?: if let x = stack.popLast() { stack.append(.not(x)) }
            case .and?, .or?, .andSwapped?, .orSwapped?:
                guard let top = stack.popLast(), let below = stack.popLast() else { return .constant(false) }
                let swapped = op == TableFormat.Op.andSwapped.rawValue || op == TableFormat.Op.orSwapped.rawValue
                let (l, r) = swapped ? (top, below) : (below, top)
                let isAnd = op == TableFormat.Op.and.rawValue || op == TableFormat.Op.andSwapped.rawValue
                stack.append(isAnd ? .and(l, r) : .or(l, r))
            case nil: return .constant(false)
            }
        }
        return stack.last ?? .constant(false)
    }

    /// Source-like text of a condition (`mode == insert && !readOnly`), for explanations.
    /// Written into one string as it goes (no text per subtree, so the work is linear in the
    /// condition's size), with an explicit stack instead of a call per level: a 512-level
    /// condition needs no more stack than a short one, on any thread.
    public func text(of condition: TableCondition) -> String {
        enum Step {
            /// Render a subtree where its parent binds this strongly (0 loosest, 3 `!`).
            case render(TableCondition, parent: Int)
            case write(String)
        }
        var out = ""
        var steps: [Step] = [.render(condition, parent: 0)]
        while let step = steps.popLast() {
            let c: TableCondition, parentPrecedence: Int
            switch step {
            case .write(let text): out += text; continue
            case .render(let x, let p): (c, parentPrecedence) = (x, p)
            }
            switch c {
            case .constant(let v): out += v ? "true" : "false"
            case .flag(let i): out += contextName(i)
            case .enumEquals(let i, let k): out += contextName(i) + " == " + caseName(i, k)
            case .stringEquals(let i, let s): out += contextName(i) + " == " + quoted(s)
            case .inside(let r): out += "inside " + roleName(r)
            case .plays(let r): out += "is " + roleName(r)
            case .not(let x):
                if case .enumEquals(let i, let k) = x {
                    out += contextName(i) + " != " + caseName(i, k)
                } else if case .stringEquals(let i, let s) = x {
                    out += contextName(i) + " != " + quoted(s)
                } else {
                    out += "!"
                    steps.append(.render(x, parent: 3))
                }
            case .and(let l, let r), .or(let l, let r):
                let precedence: Int
                if case .and = c { precedence = 2 } else { precedence = 1 }
                // Pushed in reverse: the left operand is written first.
                if parentPrecedence > precedence { steps.append(.write(")")) }
                steps.append(.render(r, parent: precedence))
                steps.append(.write(precedence == 2 ? " && " : " || "))
                steps.append(.render(l, parent: precedence))
                if parentPrecedence > precedence { out += "(" }
            }
        }
        return out
    }

    /// Case `k` of enumeration context `i` (`?` when out of range), read alone rather than
    /// with all its siblings.
    private func caseName(_ i: Int, _ k: Int) -> String {
        guard i >= 0, i < contextCount, k >= 0, k < contextValueCount(i) else { return "?" }
        return string(contextValueString(i, k)) ?? "?"
    }
}

/// `"text"` with the `.bind` escapes.
func quoted(_ s: String) -> String {
    SourceLiteral.quoted(s)
}

/// What a condition's chain predicates ask about the responder chain (Grammar.md §4.6), for
/// the responder holding the binding being decided. Implementations answer without allocating.
protocol ChainFacts {
    /// `inside role`: a responder further out than the one holding the binding plays `role`.
    func inside(_ role: Int) -> Bool
    /// `is role`: the responder holding the binding also plays `role`.
    func plays(_ role: Int) -> Bool
}

/// No chain: every chain predicate is false (conditions of keymaps that use none).
struct NoChain: ChainFacts {
    @inline(__always) func inside(_ role: Int) -> Bool { false }
    @inline(__always) func plays(_ role: Int) -> Bool { false }
}
