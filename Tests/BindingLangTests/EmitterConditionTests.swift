import BindingRuntime
import Testing
@testable import BindingLang

/// Issue 16, recursion audit: the emitter's condition compiler walks the tree with explicit
/// stacks (no call per level) and computes each node's stack need once (it was recomputed at
/// every level, quadratic for a chain). Its code is the recursive definition's, operator by
/// operator.
struct EmitterConditionTests {
    /// The recursive definition the compiler follows, for small trees.
    static func reference(_ c: Condition, _ out: inout [UInt32]) {
        func need(_ c: Condition) -> Int {
            switch c {
            case .not(let x): return need(x)
            case .and(let l, let r), .or(let l, let r):
                let a = need(l), b = need(r)
                return a == b ? a + 1 : max(a, b)
            default: return 1
            }
        }
        switch c {
        case .constant(let v): out += [TableFormat.Op.constant.rawValue, v ? 1 : 0, 0]
        case .flag(let i): out += [TableFormat.Op.flag.rawValue, UInt32(i), 0]
        case .not(let x):
            reference(x, &out)
            out += [TableFormat.Op.not.rawValue, 0, 0]
        case .and(let l, let r), .or(let l, let r):
            let isAnd: Bool
            if case .and = c { isAnd = true } else { isAnd = false }
            if need(r) > need(l) {
                reference(r, &out); reference(l, &out)
                out += [(isAnd ? TableFormat.Op.andSwapped : .orSwapped).rawValue, 0, 0]
            } else {
                reference(l, &out); reference(r, &out)
                out += [(isAnd ? TableFormat.Op.and : .or).rawValue, 0, 0]
            }
        default: break
        }
    }

    static func words(_ c: Condition) -> [UInt32] {
        let builder = TableBuilder(keymap: Keymap(name: "t", platform: .apple), strip: true)
        var code = ByteWriter()
        builder.compile(c, into: &code)
        return stride(from: 0, to: code.bytes.count, by: 4).map { k in
            UInt32(code.bytes[k]) | UInt32(code.bytes[k + 1]) << 8 | UInt32(code.bytes[k + 2]) << 16 | UInt32(code.bytes[k + 3]) << 24
        }
    }

    @Test func compilesAsTheRecursiveDefinition() {
        var rng = SplitMix64(seed: 16)
        func random(_ depth: Int) -> Condition {
            let k = depth == 0 ? 0 : Int(rng.next() % 5)
            switch k {
            case 0: return .flag(Int(rng.next() % 8))
            case 1: return .not(random(depth - 1))
            case 2: return .and(random(depth - 1), random(depth - 1))
            case 3: return .or(random(depth - 1), random(Int(rng.next() % UInt64(depth))))
            default: return .and(random(Int(rng.next() % UInt64(depth))), random(depth - 1))
            }
        }
        for _ in 0..<300 {
            let c = random(7)
            var expected: [UInt32] = []
            Self.reference(c, &expected)
            #expect(Self.words(c) == expected)
        }
    }

    /// Chains far taller than any checked source: the compiler needs no call per level.
    @Test func deepChainsCompile() {
        let n = 5_000
        var left: Condition = .flag(0)
        var right: Condition = .flag(0)
        var nots: Condition = .flag(1)
        for i in 1..<n {
            left = .and(left, .flag(i % 30))
            right = .or(.flag(i % 30), right)
            nots = .not(nots)
        }
        let l = Self.words(left), r = Self.words(right), x = Self.words(nots)
        #expect(l.count == 3 * (2 * n - 1) && r.count == 3 * (2 * n - 1) && x.count == 3 * n)
        // The left-deep chain runs in order with a two-entry stack: flag, flag, and, flag, and, …
        #expect(l[6] == TableFormat.Op.and.rawValue && l[12] == TableFormat.Op.and.rawValue)
        // The right-deep one evaluates its deeper right operand first (orSwapped).
        #expect(r.last.map { _ in r[r.count - 3] } == TableFormat.Op.orSwapped.rawValue)
        #expect(TableBuilder.need(left) == 2 && TableBuilder.need(right) == 2 && TableBuilder.need(nots) == 1)
    }
}
