/// A condition compiled to a test of one 64-bit word of the packed context bitset (table
/// format 5, section `DTST`): the form dispatch evaluates instead of interpreting the
/// condition's code, for conditions that are conjunctions of context literals with at most
/// one clause (a disjunction of literals) beside them.
///
/// **The bitset.** Each context variable takes consecutive bits, in declaration order: one
/// for a Bool (set when true), one per case for an enumeration (the current case's bit set),
/// one per literal for a String (the bit of the literal it equals set, none when it equals no
/// literal); see ``TableFormat/contextBitCount(kind:values:)``. Each literal of a condition
/// (`flag`, `enumEquals`, `stringEquals`) is then exactly one bit, so the test is plain
/// Boolean algebra over bits and agrees with the interpreter on every state.
///
/// **The test.** Word `word` of the bitset, `w`, passes when `w & mask == want` (every unit
/// literal holds) and, when `any` is not zero, some bit of `any` differs between `w` and
/// `flip` (the clause holds). `TRUE` is the test with every mask zero.
public struct MaskTest: Sendable, Equatable {
    /// The bitset word the test reads.
    public var word: UInt32
    /// The bits of the unit literals.
    public var mask: UInt64
    /// The values the unit literals require (a subset of ``mask``).
    public var want: UInt64
    /// The bits of the clause's literals (zero: no clause).
    public var any: UInt64
    /// Per clause bit, the value that makes that literal false (a subset of ``any``).
    public var flip: UInt64

    /// A test from its fields.
    public init(word: UInt32, mask: UInt64, want: UInt64, any: UInt64, flip: UInt64) {
        self.word = word
        self.mask = mask
        self.want = want
        self.any = any
        self.flip = flip
    }

    /// Whether the test passes on bitset word `w`.
    @inline(__always)
    public func holds(_ w: UInt64) -> Bool {
        w & mask == want && (any == 0 || (w ^ flip) & any != 0)
    }

    /// The mask test equivalent to the `count` instructions `instruction(0..<count)` of one
    /// compiled condition (postfix code, ``TableFormat/Op``), or nil when the condition is not
    /// of the testable form (it uses the chain, a constant false, literals in two words, or
    /// more than one clause of several literals). `contextBit(i)` is the first bit of context
    /// variable `i`. Emitter and loader both call this, so the table's tests are exactly what
    /// the loader recomputes. Allocates nothing; the code must be well formed (the
    /// validator checks it first).
    public static func compile(count: Int, contextBit: (Int) -> Int, instruction: (Int) -> (op: UInt32, a: UInt32, b: UInt32)) -> MaskTest? {
        withUnsafeTemporaryAllocation(of: Term.self, capacity: TableFormat.maxConditionDepth + 1) { stack -> MaskTest? in
            var depth = 0
            for pc in 0..<count {
                let (op, a, b) = instruction(pc)
                guard let o = TableFormat.Op(rawValue: op) else { return nil }
                let term: Term?
                switch o {
                case .constant: term = a == 1 ? .always : nil
                case .flag: term = .literal(bit: contextBit(Int(a)), value: true)
                case .enumEquals, .stringEquals: term = .literal(bit: contextBit(Int(a)) + Int(b), value: true)
                case .inside, .plays: term = nil
                case .not:
                    guard depth >= 1 else { return nil }
                    depth -= 1
                    term = stack[depth].negated
                case .and, .andSwapped, .or, .orSwapped:
                    guard depth >= 2 else { return nil }
                    depth -= 2
                    let l = stack[depth], r = stack[depth + 1]
                    term = o == .and || o == .andSwapped ? Term.and(l, r) : Term.or(l, r)
                }
                guard let term, depth < TableFormat.maxConditionDepth else { return nil }
                stack[depth] = term
                depth += 1
            }
            guard depth == 1 else { return nil }
            let t = stack[0]
            return MaskTest(word: UInt32(max(t.word, 0)), mask: t.mask, want: t.want, any: t.any, flip: t.flip)
        }
    }

    /// A condition's value while compiling: units and at most one clause in one word
    /// (`word` -1 while no literal has fixed it).
    private struct Term {
        var word: Int
        var mask: UInt64 = 0, want: UInt64 = 0, any: UInt64 = 0, flip: UInt64 = 0

        static let always = Term(word: -1)

        static func literal(bit: Int, value: Bool) -> Term {
            let m: UInt64 = 1 << UInt64(bit & 63)
            return Term(word: bit >> 6, mask: m, want: value ? m : 0)
        }

        var isAlways: Bool { mask == 0 && any == 0 }

        /// `!self`: units become a clause and a clause units; both, or false, are untestable.
        var negated: Term? {
            if isAlways { return nil }
            if any == 0 { return Term(word: word, any: mask, flip: want) }
            if mask == 0 { return Term(word: word, mask: any, want: flip) }
            return nil
        }

        /// The same value as units only, if it is (a clause of one literal is a unit).
        var asUnits: Term? {
            if any == 0 { return self }
            if mask == 0 && any.nonzeroBitCount == 1 { return Term(word: word, mask: any, want: any & ~flip) }
            return nil
        }

        /// The same value as a clause only, if it is (one unit literal is a clause).
        var asClause: Term? {
            if mask == 0 { return self }
            if any == 0 && mask.nonzeroBitCount == 1 { return Term(word: word, any: mask, flip: mask & ~want) }
            return nil
        }

        static func sameWord(_ l: Term, _ r: Term) -> Int? {
            if l.word < 0 { return r.word }
            if r.word < 0 || r.word == l.word { return l.word }
            return nil
        }

        static func and(_ l: Term, _ r: Term) -> Term? {
            if l.isAlways { return r }
            if r.isAlways { return l }
            guard let word = sameWord(l, r) else { return nil }
            var x = l, y = r
            if x.any != 0 && y.any != 0 {
                if let u = y.asUnits { y = u } else if let u = x.asUnits { x = u } else { return nil }
            }
            // Contradicting units are a constant false: left to the interpreter.
            guard x.mask & y.mask & (x.want ^ y.want) == 0 else { return nil }
            let clause = x.any != 0 ? x : y
            return Term(word: word, mask: x.mask | y.mask, want: x.want | y.want, any: clause.any, flip: clause.flip)
        }

        static func or(_ l: Term, _ r: Term) -> Term? {
            if l.isAlways || r.isAlways { return .always }
            guard let word = sameWord(l, r), let x = l.asClause, let y = r.asClause else { return nil }
            // `a || !a` always holds.
            if x.any & y.any & (x.flip ^ y.flip) != 0 { return .always }
            return Term(word: word, any: x.any | y.any, flip: x.flip | y.flip)
        }
    }
}

extension TableFormat {
    /// Bits context variable of type `kind` with `values` cases or literals takes in the
    /// packed context bitset (``MaskTest``): 1 for a Bool, one per case or literal otherwise.
    @inline(__always)
    public static func contextBitCount(kind: UInt32, values: Int) -> Int {
        kind == ContextKind.bool.rawValue ? 1 : values
    }

    /// Words of the packed context bitset for `bits` bits (at least one, so every test has a
    /// word to read).
    @inline(__always)
    public static func contextWords(bits: Int) -> Int { max(1, (bits + 63) / 64) }

    /// Home slot of the stroke (`node`, `code`) in `DKEY`, a table of `1 << log2Capacity`
    /// slots (at least 2) probed linearly.
    @inline(__always)
    public static func strokeHash(node: UInt32, code: UInt32, log2Capacity: Int) -> Int {
        Int(truncatingIfNeeded: ((UInt64(node) << 32 | UInt64(code)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - log2Capacity))
    }

    /// Bit of the role mask (`DNOD`) a role sets: the menu role bit 63, role `r` bit `r % 63`
    /// (roles 63 apart share a bit: the mask is a filter, never the answer).
    @inline(__always)
    public static func roleBit(_ role: UInt32) -> UInt64 {
        // Roles below 63 (nearly every keymap's) take the shift alone, no division.
        role < 63 ? 1 << UInt64(role) : role == menuRole ? 1 << 63 : 1 << UInt64(role % 63)
    }
}
