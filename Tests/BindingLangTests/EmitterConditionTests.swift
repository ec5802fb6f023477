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

/// Issue 16: layering narrows a binding once per later binding of its chord, and 700
/// overrides made a condition 700 levels tall, past the loader's 512: `compile` succeeded and
/// the table was rejected on load, and every recursive walk went 700 levels deep. Layering now
/// adds conjuncts where the chain stays low, and the emitter regroups a condition that would
/// still be too tall (ConditionShape.swift), leaving the others as they are.
struct ConditionShapeTests {
    /// Evaluates `c` with flag `i` set to bit `i` of `bits` (small trees only: recursive).
    static func value(_ c: Condition, _ bits: UInt64) -> Bool {
        switch c {
        case .constant(let v): return v
        case .flag(let i): return bits >> UInt64(i) & 1 == 1
        case .not(let x): return !value(x, bits)
        case .and(let l, let r): return value(l, bits) && value(r, bits)
        case .or(let l, let r): return value(l, bits) || value(r, bits)
        default: return false
        }
    }

    /// The leaves of `c`, left to right (negations looked through).
    static func leaves(_ c: Condition) -> [Condition] {
        var out: [Condition] = []
        var pending = [c]
        while let c = pending.popLast() {
            switch c {
            case .not(let x): pending.append(x)
            case .and(let l, let r), .or(let l, let r):
                pending.append(r)
                pending.append(l)
            default: out.append(c)
            }
        }
        return out
    }

    @Test func balancedKeepsMeaningAndOrder() {
        var rng = SplitMix64(seed: 1_607)
        func random(_ depth: Int) -> Condition {
            switch depth == 0 ? 0 : Int(rng.next() % 6) {
            case 0: return .flag(Int(rng.next() % 10))
            case 1: return .not(random(depth - 1))
            case 2, 3: return .and(random(depth - 1), random(Int(rng.next() % UInt64(depth))))
            default: return .or(random(Int(rng.next() % UInt64(depth))), random(depth - 1))
            }
        }
        for _ in 0..<300 {
            let c = random(8), b = c.balanced()
            #expect(Self.leaves(b) == Self.leaves(c))
            #expect(b.height <= c.height)
            for _ in 0..<16 {
                let bits = rng.next()
                #expect(Self.value(b, bits) == Self.value(c, bits))
            }
        }
    }

    @Test func conjoiningKeepsOrderAndStaysLow() {
        var rng = SplitMix64(seed: 24)
        var low: Condition = .flag(0)
        var expected: [Condition] = [.flag(0)]
        for n in 2...2_000 {
            // Mostly leaves and negations, sometimes a taller operand.
            let x: Condition = switch rng.next() % 8 {
            case 0: .or(.flag(1), .and(.flag(2), .flag(3)))
            case 1, 2, 3: .not(.flag(n % 60))
            default: .flag(n % 60)
            }
            low = low.conjoined(with: x)
            expected.append(x)
            if n == 1_000 || n == 2_000 {
                // The same operands in the same order (the leaves of a left-deep chain of them).
                #expect(Self.leaves(low) == expected.flatMap { Self.leaves($0) })
                // 2 log₂ n plus the operands' own height.
                #expect(low.height <= 2 * (n == 1_000 ? 10 : 11) + 3, "n \(n): height \(low.height)")
            }
        }
        // An `&&` on top of an existing condition is joined after it, whatever its shape.
        let base: Condition = .and(.flag(1), .or(.flag(2), .flag(3)))
        #expect(base.conjoined(with: .flag(4)) == .and(base, .flag(4)))
    }

    @Test func chainsBecomeLogarithmic() {
        var chain: Condition = .flag(0)
        for i in 1..<1_000 { chain = .and(chain, .not(.flag(i % 60))) }
        #expect(chain.height == 1_001)
        // 1,000 operands: 10 levels of `&&`, then `!` and its flag.
        #expect(chain.balanced().height == 12)
        // The `&&` under `||` joins `flag(1)` to the chain's operands: one chain of 1,001.
        let mixed: Condition = .or(.not(chain), .and(.flag(1), chain))
        #expect(mixed.balanced().height == 14)
    }

    /// What fits is written as before (read back as the same tree); only a condition that
    /// would be too tall is regrouped.
    @Test func onlyTooTallConditionsAreRegrouped() throws {
        func chain(_ height: Int) -> Condition {
            var c: Condition = .flag(0)
            for i in 1..<height { c = .and(c, .flag(i % 60)) }
            return c
        }
        let fits = chain(TableFormat.maxConditionHeight), tall = chain(TableFormat.maxConditionHeight + 1)
        #expect(fits.height == TableFormat.maxConditionHeight)
        let chord = try #require(try? Chord.parse("k", platform: .apple).get())
        let keymap = Keymap(
            name: "t", platform: .apple, contexts: (0..<60).map { ContextVariable(name: "f\($0)", type: .bool) },
            roles: ["R"], actions: [Action(name: "go")], groups: [],
            bindings: [
                Binding(sequence: [chord], role: 0, action: 0, condition: fits),
                Binding(sequence: [chord, chord], role: 0, action: 0, condition: tall),
            ])
        let back = Keymap(table: try BindingTable(bytes: Emitter.emit(keymap)))
        #expect(back.bindings[0].condition == fits)
        #expect(back.bindings[1].condition == tall.balanced())
        #expect(back.bindings[1].condition.height == 11)
    }

    /// The case that failed, end to end: a base binding and 600 overrides of its chord in a
    /// layer (300 rebinds, 300 unbinds) narrow the base to a low condition and compile to a
    /// table that loads and dispatches as the layers say.
    @Test func sixHundredOverridesLoadAndDispatch() throws {
        let cases = (0..<700).map { "m\($0)" }
        let base = "context mode: \(cases.joined(separator: " | "))\nresponder Editor\naction a\naction b\nin Editor {\n  ctrl+j -> a\n}\n"
        var layer = "layer over \"base.bind\"\nin Editor {\n"
        for i in 0..<300 { layer += "  ctrl+j -> b when mode == m\(i)\n" }
        for i in 300..<600 { layer += "  unbind ctrl+j when mode == m\(i)\n" }
        layer += "}\n"
        let compilation = checkLayered([("base.bind", base), ("user.bind", layer)], roots: ["user.bind"])
        #expect(!compilation.hasErrors, "\(compilation.diagnostics.map(\.message))")
        let narrowed = try #require(compilation.keymap?.bindings.first { $0.location?.path == "base.bind" })
        #expect(narrowed.condition.height <= 25, "\(narrowed.condition.height)")
        let bytes = try #require(compilation.table(strip: false))
        let table = try BindingTable(bytes: bytes)
        let chord = try #require(try? Chord.parse("ctrl+j", platform: .apple).get())
        let dispatcher = Dispatcher(table: table)
        for (mode, expected) in [("m0", "b"), ("m299", "b"), ("m300", nil), ("m599", nil), ("m600", "a"), ("m699", "a")] {
            var context = ContextState(table: table)
            try context.set("mode", case: mode)
            let performed = dispatcher.dispatch(KeyEvent(chord), firstResponder: LoneResponder(roles: ["Editor"]), context: context).performedAction
            #expect(performed?.name == expected, "mode \(mode)")
        }
        // The tools read the regrouped condition back as the layers wrote it.
        let text = KeymapPrinter.text(Keymap(table: table))
        #expect(text.contains("mode != m300 && mode != m301"))
    }
}
