import BindingRuntime

/// The shape of a condition tree: its height, and two ways to keep it low.
///
/// Source conditions are short, but layering narrows a binding once per later binding of its
/// chord (`earlier && !(later1) && !(later2) …`): built as a left-deep chain, 700 overrides
/// of one key made a condition 700 levels tall, past the table's limit
/// (``TableFormat/maxConditionHeight``, 512), and every recursive walk (printers, equality,
/// hashing, freeing) went as deep. `&&` and `||` are associative and conditions have no side
/// effects, so a chain may be grouped any way: layering adds each conjunct where it keeps the
/// chain about log₂ n levels tall (``conjoined(with:)``), and the emitter regroups any
/// condition still too tall for the table (``balanced()``: a keymap built by hand), leaving
/// every other condition as it is.
extension Condition {
    /// Levels from the root to the deepest leaf, a leaf counting 1: what the loader measures.
    /// Iterative, so no condition is too tall to measure.
    var height: Int {
        var tallest = 0
        var pending: [(Condition, Int)] = [(self, 1)]
        while let (c, level) = pending.popLast() {
            tallest = Swift.max(tallest, level)
            switch c {
            case .not(let x): pending.append((x, level + 1))
            case .and(let l, let r), .or(let l, let r):
                pending.append((r, level + 1))
                pending.append((l, level + 1))
            case .constant, .flag, .enumEquals, .stringEquals, .inside, .plays: break
            }
        }
        return tallest
    }

    /// The condition with every chain of one operator (`a && b && c`, however it is grouped)
    /// regrouped as the lowest tree of the same operands in the same order: never taller than
    /// the condition was, and a chain of n leaves about log₂ n levels tall. Iterative.
    func balanced() -> Condition {
        enum Work {
            case visit(Condition)
            case negate
            case join(and: Bool, count: Int)
        }
        var work: [Work] = [.visit(self)]
        // Subtrees built so far, with their heights.
        var built: [(condition: Condition, height: Int)] = []
        while let item = work.popLast() {
            switch item {
            case .visit(let c):
                switch c {
                case .not(let x):
                    work.append(.negate)
                    work.append(.visit(x))
                case .and, .or:
                    let isAnd: Bool
                    if case .and = c { isAnd = true } else { isAnd = false }
                    let operands = c.chain(and: isAnd)
                    work.append(.join(and: isAnd, count: operands.count))
                    // Visited first to last, so their results are built in order.
                    for operand in operands.reversed() { work.append(.visit(operand)) }
                case .constant, .flag, .enumEquals, .stringEquals, .inside, .plays:
                    built.append((c, 1))
                }
            case .negate:
                let (x, height) = built.removeLast()
                built.append((.not(x), height + 1))
            case .join(let isAnd, let count):
                var level = Array(built.suffix(count))
                built.removeLast(count)
                built.append(Self.join(&level, and: isAnd))
            }
        }
        return built[0].condition
    }

    /// Joins `operands` (with their heights) by one operator into the lowest tree keeping
    /// their order. Round by round, the lowest operands join a neighbour as low as they are;
    /// one with no such neighbour counts one level higher, which costs nothing, as whatever it
    /// later joins is higher. The rounds are at most the tallest operand plus log₂ n.
    private static func join(_ operands: inout [(condition: Condition, height: Int)], and isAnd: Bool) -> (condition: Condition, height: Int) {
        while operands.count > 1 {
            var lowest = operands[0].height
            for o in operands { lowest = Swift.min(lowest, o.height) }
            var next: [(condition: Condition, height: Int)] = []
            next.reserveCapacity(operands.count)
            var i = 0
            while i < operands.count {
                let o = operands[i]
                if o.height == lowest, i + 1 < operands.count, operands[i + 1].height == lowest {
                    let r = operands[i + 1].condition
                    next.append((isAnd ? .and(o.condition, r) : .or(o.condition, r), lowest + 1))
                    i += 2
                } else {
                    next.append((o.condition, o.height == lowest ? lowest + 1 : o.height))
                    i += 1
                }
            }
            operands = next
        }
        return operands[0]
    }

    /// `self && x`, with `x` added where the chain stays low: into the right operand while that
    /// is lower than the left one, else on top. The operands keep their order (`x` is last),
    /// and n conjuncts added one by one make a tree about 2 log₂ n levels tall, where always
    /// adding on top made it n. Walks only the right spine and the heights beside it.
    func conjoined(with x: Condition) -> Condition {
        // The right spine, down to where `x` goes.
        var lefts: [Condition] = []
        var c = self
        while case .and(let l, let r) = c, r.height < l.height {
            lefts.append(l)
            c = r
        }
        var joined: Condition = .and(c, x)
        while let l = lefts.popLast() { joined = .and(l, joined) }
        return joined
    }

    /// The top-level conjuncts: the operands of the maximal chain of `&&` at the root, left to
    /// right (the condition itself when it is not a conjunction).
    var conjuncts: [Condition] { chain(and: true) }

    /// The top-level disjuncts: the operands of the maximal chain of `||` at the root.
    var disjuncts: [Condition] { chain(and: false) }

    /// The operands of the maximal chain of `&&` (or `||`) at the root, left to right.
    private func chain(and isAnd: Bool) -> [Condition] {
        var operands: [Condition] = []
        var pending = [self]
        while let c = pending.popLast() {
            switch c {
            case .and(let l, let r) where isAnd, .or(let l, let r) where !isAnd:
                pending.append(r)
                pending.append(l)
            default:
                operands.append(c)
            }
        }
        return operands
    }
}
