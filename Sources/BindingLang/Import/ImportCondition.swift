/// A converted condition, in the terms of the `.bind` language but still with the foreign
/// names (the writer mangles them): Bool and String contexts, and the chain predicates `is
/// Role` and `inside Role`. The importer rewrites these (later-wins) and simplifies them, so
/// they carry a small exact satisfiability test of their own.
public indirect enum ImportCondition: Sendable, Hashable {
    /// `true` / `false`.
    case constant(Bool)
    /// A Bool context.
    case flag(String)
    /// A String context compared with a literal.
    case equals(String, String)
    /// `is Role`: the responder whose role matched also plays `Role`.
    case isRole(String)
    /// `inside Role`: a responder further out in the chain plays `Role`.
    case inside(String)
    /// `!x`.
    case not(ImportCondition)
    /// All of them (two or more).
    case and([ImportCondition])
    /// Any of them (two or more).
    case or([ImportCondition])

    /// `a && b && …`, flattened, without `true`, duplicates or a contradiction left in.
    public static func all(_ parts: [ImportCondition]) -> ImportCondition {
        var out: [ImportCondition] = []
        var seen = Set<ImportCondition>()
        for p in parts {
            switch p {
            case .constant(true): continue
            case .constant(false): return .constant(false)
            case .and(let inner): for q in inner where seen.insert(q).inserted { out.append(q) }
            default: if seen.insert(p).inserted { out.append(p) }
            }
        }
        for p in out where seen.contains(p.negated) { return .constant(false) }
        return out.isEmpty ? .constant(true) : out.count == 1 ? out[0] : .and(out)
    }

    /// `a || b || …`, flattened, without `false`, duplicates or a tautology left in.
    public static func any(_ parts: [ImportCondition]) -> ImportCondition {
        var out: [ImportCondition] = []
        var seen = Set<ImportCondition>()
        for p in parts {
            switch p {
            case .constant(false): continue
            case .constant(true): return .constant(true)
            case .or(let inner): for q in inner where seen.insert(q).inserted { out.append(q) }
            default: if seen.insert(p).inserted { out.append(p) }
            }
        }
        for p in out where seen.contains(p.negated) { return .constant(true) }
        return out.isEmpty ? .constant(false) : out.count == 1 ? out[0] : factored(absorbed(out))
    }

    /// The operands of an `or` without those that have every conjunct of another (`a || a && b`
    /// is `a`): a layer's union of an extension's conditions that all add one flag, beside an
    /// entry that has only that flag, is that flag.
    private static func absorbed(_ parts: [ImportCondition]) -> [ImportCondition] {
        let sets = parts.map { Set($0.conjuncts) }
        var kept: [Int] = []
        for i in parts.indices.sorted(by: { sets[$0].count < sets[$1].count || (sets[$0].count == sets[$1].count && $0 < $1) }) {
            if !kept.contains(where: { sets[$0].isSubset(of: sets[i]) }) { kept.append(i) }
        }
        return kept.sorted().map { parts[$0] }
    }

    /// `a && b || a && c` as `a && (b || c)`: the conjuncts every operand has, then the `or`
    /// of what remains of each (an `or` of one operand is that operand).
    private static func factored(_ parts: [ImportCondition]) -> ImportCondition {
        guard parts.count > 1 else { return parts.first ?? .constant(false) }
        var common = Set(parts[0].conjuncts)
        for p in parts.dropFirst() where !common.isEmpty { common.formIntersection(p.conjuncts) }
        guard !common.isEmpty else { return .or(parts) }
        let shared = parts[0].conjuncts.filter { common.contains($0) }
        let rest = parts.map { p in all(p.conjuncts.filter { !common.contains($0) }) }
        return all(shared + [any(rest)])
    }

    /// `!self`, with double negation and constants removed.
    public var negated: ImportCondition {
        switch self {
        case .constant(let b): .constant(!b)
        case .not(let inner): inner
        default: .not(self)
        }
    }

    /// The same condition with the operands of every `&&` and `||` flattened and sorted (by
    /// their text), as VS Code normalizes a `when` it parses: two spellings of one condition
    /// that differ only in order compare equal.
    var normalized: ImportCondition {
        switch self {
        case .not(let inner): return .not(inner.normalized)
        case .and(let parts):
            return .and(Self.sortedOperands(parts.flatMap { p -> [ImportCondition] in
                let n = p.normalized
                if case .and(let inner) = n { return inner } else { return [n] }
            }))
        case .or(let parts):
            return .or(Self.sortedOperands(parts.flatMap { p -> [ImportCondition] in
                let n = p.normalized
                if case .or(let inner) = n { return inner } else { return [n] }
            }))
        default: return self
        }
    }

    private static func sortedOperands(_ parts: [ImportCondition]) -> [ImportCondition] {
        var unique: [ImportCondition] = []
        var seen = Set<ImportCondition>()
        for p in parts where seen.insert(p).inserted { unique.append(p) }
        return unique.sorted { order($0, $1) < 0 }
    }

    /// A total order on conditions, for sorting operands: by case, then by payload, operands
    /// compared in turn (negative: `a` first, zero: equal).
    private static func order(_ a: ImportCondition, _ b: ImportCondition) -> Int {
        func text(_ x: String, _ y: String) -> Int { x == y ? 0 : x < y ? -1 : 1 }
        func list(_ xs: [ImportCondition], _ ys: [ImportCondition]) -> Int {
            for (x, y) in zip(xs, ys) {
                let c = order(x, y)
                if c != 0 { return c }
            }
            return xs.count == ys.count ? 0 : xs.count < ys.count ? -1 : 1
        }
        switch (a, b) {
        case (.constant(let x), .constant(let y)): return x == y ? 0 : x ? 1 : -1
        case (.flag(let x), .flag(let y)), (.isRole(let x), .isRole(let y)), (.inside(let x), .inside(let y)): return text(x, y)
        case (.equals(let x, let v), .equals(let y, let w)):
            let c = text(x, y)
            return c != 0 ? c : text(v, w)
        case (.not(let x), .not(let y)): return order(x, y)
        case (.and(let xs), .and(let ys)), (.or(let xs), .or(let ys)): return list(xs, ys)
        default: return a.rank < b.rank ? -1 : 1
        }
    }

    /// The case's place in ``order(_:_:)``.
    private var rank: Int {
        switch self {
        case .constant: 0
        case .flag: 1
        case .equals: 2
        case .isRole: 3
        case .inside: 4
        case .not: 5
        case .and: 6
        case .or: 7
        }
    }

    /// The atoms in it (flags, comparisons, chain predicates), counting repeats: a measure of
    /// what evaluating it costs.
    public var atomCount: Int {
        switch self {
        case .constant: 0
        case .not(let inner): inner.atomCount
        case .and(let parts), .or(let parts): parts.reduce(0) { $0 + $1.atomCount }
        default: 1
        }
    }

    /// Whether some state makes this true. Exact: the likely state first, then the checker's
    /// search (``searchSatisfiable(budget:)``), in which every Bool atom can take both values
    /// and every String context each literal it is compared with plus one other value; after
    /// `budget` search nodes it answers true (callers then keep a rewrite they could have
    /// skipped).
    public func isSatisfiable(budget: Int = 20_000) -> Bool {
        if holdsInLikelyState { return true }
        return searchSatisfiable(budget: budget)
    }

    /// Whether this is true in one likely state: the atoms and String values its top-level
    /// literals fix, every other Bool atom false and every other String context a value it is
    /// never compared with. That state can occur, so true proves it can hold without a search
    /// (an imported binding narrowed by the entries overriding it, `E && !(L1) && !(L2)`,
    /// usually holds there); false proves nothing.
    var holdsInLikelyState: Bool {
        var atoms: [ImportCondition: Bool] = [:]
        var strings: [String: String] = [:]
        for c in conjuncts {
            switch c {
            case .flag, .isRole, .inside:
                if atoms.updateValue(true, forKey: c) == false { return false }
            case .equals(let key, let value):
                if let other = strings.updateValue(value, forKey: key), other != value { return false }
            case .not(let inner):
                switch inner {
                case .flag, .isRole, .inside:
                    if atoms.updateValue(false, forKey: inner) == true { return false }
                default: continue
                }
            default: continue
            }
        }
        return truth(atoms, strings)
    }

    /// The truth of this in the state ``holdsInLikelyState`` describes.
    private func truth(_ atoms: [ImportCondition: Bool], _ strings: [String: String]) -> Bool {
        switch self {
        case .constant(let b): b
        case .flag, .isRole, .inside: atoms[self] ?? false
        case .equals(let key, let value): strings[key] == value
        case .not(let inner): !inner.truth(atoms, strings)
        case .and(let parts): parts.allSatisfy { $0.truth(atoms, strings) }
        case .or(let parts): parts.contains { $0.truth(atoms, strings) }
        }
    }

    /// A state making this true: the Bool atoms (flags and chain predicates) it fixes, and the
    /// value of each String context it fixes (nil: a value it is never compared with). Nil
    /// when nothing makes it true (or the search ran out of `budget`).
    public func witness(budget: Int = 20_000) -> (atoms: [ImportCondition: Bool], strings: [String: String?])? {
        var atoms: [ImportCondition: Bool] = [:], strings: [String: String?] = [:]
        var steps = 0
        func search(_ c: ImportCondition) -> Bool {
            steps += 1
            if steps > budget { return false }
            if case .constant(let b) = c { return b }
            guard let atom = c.firstAtom else { return false }
            if case .equals(let key, _) = atom {
                for v in c.literals(of: key) + [nil] {
                    strings[key] = v
                    if search(c.assigning(key: key, to: v)) { return true }
                }
                strings[key] = nil
                return false
            }
            for value in [true, false] {
                atoms[atom] = value
                if search(c.replacing(atom, with: value)) { return true }
            }
            atoms[atom] = nil
            return false
        }
        return search(self) ? (atoms, strings) : nil
    }

    /// A literal the whole condition requires (the condition itself, or a conjunct of it):
    /// its atom and the value it needs.
    var unitLiteral: (ImportCondition, Bool)? {
        for c in conjuncts {
            switch c {
            case .flag, .equals, .isRole, .inside: return (c, true)
            case .not(let inner):
                switch inner {
                case .flag, .equals, .isRole, .inside: return (inner, false)
                default: continue
                }
            default: continue
            }
        }
        return nil
    }

    /// The first atom (flag, comparison, chain predicate) in the condition.
    var firstAtom: ImportCondition? {
        switch self {
        case .constant: nil
        case .flag, .equals, .isRole, .inside: self
        case .not(let inner): inner.firstAtom
        case .and(let parts), .or(let parts): parts.lazy.compactMap(\.firstAtom).first
        }
    }

    /// Every literal `key` is compared with, in order of appearance.
    func literals(of key: String) -> [String?] {
        var out: [String?] = []
        func walk(_ c: ImportCondition) {
            switch c {
            case .equals(let k, let v) where k == key: if !out.contains(v) { out.append(v) }
            case .not(let inner): walk(inner)
            case .and(let parts), .or(let parts): parts.forEach(walk)
            default: break
            }
        }
        walk(self)
        return out
    }

    /// The condition with `atom` (a flag or chain predicate, or one comparison) fixed to `value`.
    public func replacing(_ atom: ImportCondition, with value: Bool) -> ImportCondition {
        if self == atom { return .constant(value) }
        switch self {
        case .not(let inner): return inner.replacing(atom, with: value).negated
        case .and(let parts): return .all(parts.map { $0.replacing(atom, with: value) })
        case .or(let parts): return .any(parts.map { $0.replacing(atom, with: value) })
        default: return self
        }
    }

    /// The condition with String context `key` fixed to `value` (nil: a value it is never
    /// compared with).
    public func assigning(key: String, to value: String?) -> ImportCondition {
        switch self {
        case .equals(let k, let v) where k == key: return .constant(v == value)
        case .not(let inner): return inner.assigning(key: key, to: value).negated
        case .and(let parts): return .all(parts.map { $0.assigning(key: key, to: value) })
        case .or(let parts): return .any(parts.map { $0.assigning(key: key, to: value) })
        default: return self
        }
    }

    /// The top-level conjuncts (itself when it is not an `and`).
    public var conjuncts: [ImportCondition] {
        if case .and(let parts) = self { return parts }
        return [self]
    }

    /// This condition simplified under `facts` (literals known to hold: atoms or negated
    /// atoms), e.g. `a && c` under `a` is `c`.
    public func assuming(_ facts: [ImportCondition]) -> ImportCondition {
        var result = self
        for fact in facts {
            switch fact {
            case .equals(let key, let value): result = result.assigning(key: key, to: value)
            case .flag, .isRole, .inside: result = result.replacing(fact, with: true)
            case .not(let atom):
                switch atom {
                case .flag, .isRole, .inside, .equals: result = result.replacing(atom, with: false)
                default: break
                }
            default: break
            }
        }
        return result
    }

    /// The key of the language's built-in `platform` (a name no foreign key can have: it has a
    /// space), compared with `macOS`, `windows` or `linux`.
    static let platformKey = "platform (built in)"

    /// VS Code's platform keys and the platform each is true on.
    static let vscodePlatformKeys = ["isMac": "macOS", "isMacNative": "macOS", "isLinux": "linux", "isWindows": "windows"]

    /// VS Code's constants that hold only in a browser (its `CONSTANT_VALUES`): false in the
    /// desktop app a keymap is imported from (`isMacNative` is `isMac` there).
    static let vscodeWebKeys: Set = ["isWeb", "isEdge", "isFirefox", "isChrome", "isSafari"]

    /// Every atom's name by kind, for declaring contexts: Bool flags, and String keys with
    /// their literals (the built-in `platform` is not declared).
    func collectNames(flags: inout [String], strings: inout [String], roles: inout [String]) {
        switch self {
        case .constant: break
        case .equals(Self.platformKey, _): break
        case .flag(let n): if !flags.contains(n) { flags.append(n) }
        case .equals(let k, _): if !strings.contains(k) { strings.append(k) }
        case .isRole(let r), .inside(let r): if !roles.contains(r) { roles.append(r) }
        case .not(let inner): inner.collectNames(flags: &flags, strings: &strings, roles: &roles)
        case .and(let parts), .or(let parts):
            for p in parts { p.collectNames(flags: &flags, strings: &strings, roles: &roles) }
        }
    }

    /// Whether it uses `is` or `inside`.
    public var usesChainPredicates: Bool {
        switch self {
        case .isRole, .inside: true
        case .constant, .flag, .equals: false
        case .not(let inner): inner.usesChainPredicates
        case .and(let parts), .or(let parts): parts.contains { $0.usesChainPredicates }
        }
    }
}
