// Seeded random `.bind` keymaps for the property tests, together with an independent model
// of what they mean (contexts, conditions, bindings in source order) that the reference
// implementations evaluate directly, without the checker's model.
import BindingLang
import BindingRuntime

/// SplitMix64: a small, fast, seedable generator; the same seed always gives the same keymaps.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0..<items.count)] }
}

/// A context variable of a random keymap.
struct RContext {
    enum Kind { case bool, enumeration([String]), string([String]) }
    var name: String
    var kind: Kind
    /// Every value the brute force tries: Bool 0/1, each case, each literal and one other.
    var valueCount: Int {
        switch kind {
        case .bool: 2
        case .enumeration(let cases): cases.count
        case .string(let literals): literals.count + 1
        }
    }
}

/// A condition as generated; `eval` is the reference semantics (Grammar.md §4.6).
indirect enum RCondition {
    case constant(Bool)
    case flag(Int)
    case enumIs(Int, Int)
    case enumIn(Int, [Int])
    case stringIs(Int, Int)
    case not(RCondition)
    case and(RCondition, RCondition)
    case or(RCondition, RCondition)

    /// `state[i]` is variable i's value index (Bool: 0/1; String: literal index, or
    /// `literals.count` for a value equal to none of them).
    func eval(_ state: [Int]) -> Bool {
        switch self {
        case .constant(let b): b
        case .flag(let v): state[v] == 1
        case .enumIs(let v, let c): state[v] == c
        case .enumIn(let v, let cs): cs.contains(state[v])
        case .stringIs(let v, let l): state[v] == l
        case .not(let a): !a.eval(state)
        case .and(let a, let b): a.eval(state) && b.eval(state)
        case .or(let a, let b): a.eval(state) || b.eval(state)
        }
    }
}

/// One binding (or main-menu key equivalent, `role == nil`) in source order.
struct RBinding {
    var role: Int?
    var sequence: [String]
    var action: String
    var argument: String?
    var title: String?
    var group: String?
    /// The block's and the binding's own conditions (nil: none).
    var blockCondition: RCondition?
    var condition: RCondition?
    /// `@repeat` (500 ms): only on sequences of two or more strokes.
    var repeats = false
    /// `@timeout`: it may be a prefix of longer bindings of its role, and waits for them.
    var waits = false
    /// 1-based line of the binding in the generated source.
    var line = 0

    func live(_ state: [Int]) -> Bool {
        (blockCondition?.eval(state) ?? true) && (condition?.eval(state) ?? true)
    }
}

/// A generated keymap: its source and its meaning.
struct RandomKeymap {
    var contexts: [RContext] = []
    var roles: [String] = []
    var actions: [String] = []
    var bindings: [RBinding] = []
    var source = ""

    struct Options {
        var chords = ["k", "j", "cmd+k", "ctrl+x", "alt+up", "shift+f2"]
        var maxSequence = 2
        var bindingCount = 3..<9
        var roleCount = 1..<3
        var menuChance = 0.4
        /// Titles, groups, arguments, an edit menu and a quick action (for the model round trip).
        var decorations = false
        /// Harmless source noise: modifier aliases, extra blanks, comments, odd spacing.
        var noise = false
        /// The chance that a binding of several strokes is `@repeat` (no draw when 0, so the
        /// other property tests see the same keymaps as before).
        var repeatChance = 0.0
        /// The chance that a binding is `@timeout` (no draw when 0).
        var timeoutChance = 0.0
    }

    /// Every assignment of values to the context variables.
    var allStates: [[Int]] {
        var states: [[Int]] = [[]]
        for c in contexts {
            states = states.flatMap { s in (0..<c.valueCount).map { s + [$0] } }
        }
        return states
    }

    // MARK: - Generating

    static func generate(_ rng: inout SplitMix64, _ options: Options = Options()) -> RandomKeymap {
        var k = RandomKeymap()
        k.contexts = [RContext(name: "b0", kind: .bool)]
        if rng.chance(0.6) { k.contexts.append(RContext(name: "b1", kind: .bool)) }
        if rng.chance(0.6) { k.contexts.append(RContext(name: "mode", kind: .enumeration(["normal", "insert", "visual"]))) }
        if rng.chance(0.5) { k.contexts.append(RContext(name: "lang", kind: .string(rng.chance(0.5) ? ["swift", "rust"] : ["swift"]))) }
        k.roles = (0..<rng.int(options.roleCount)).map { "R\($0)" }
        k.actions = (0..<6).map { "act\($0)" }
        var lines: [String] = []
        func emit(_ text: String) { lines.append(text) }
        if options.noise && rng.chance(0.5) { emit("// random keymap") }
        emit("keymap \"random\"")
        for c in k.contexts {
            switch c.kind {
            case .bool: emit("context \(c.name): Bool")
            case .enumeration(let cases): emit("context \(c.name): " + cases.joined(separator: options.noise && rng.chance(0.5) ? "|" : " | "))
            case .string: emit("context \(c.name): String")
            }
        }
        emit("responder " + k.roles.joined(separator: ", "))
        for a in k.actions { emit("action \(a)") }
        if options.decorations {
            emit("action pick(Int)")
            emit("action say(String)")
            emit("action flip(Bool)")
        }
        let count = rng.int(options.bindingCount)
        var made = 0
        while made < count {
            let role = rng.int(0..<k.roles.count)
            let blockCondition: RCondition? = rng.chance(0.3) ? k.randomCondition(&rng, depth: 1) : nil
            let header = "in \(k.roles[role])" + (blockCondition.map { " when " + k.render($0, &rng, options) } ?? "") + " {"
            emit(options.noise && rng.chance(0.3) ? header.replacingSpaces(&rng) : header)
            if options.noise && rng.chance(0.3) { emit("  /* a comment */") }
            let group: String? = options.decorations && rng.chance(0.4) ? rng.pick(["Edit", "View"]) : nil
            if let group { emit("  group \"\(group)\" {") }
            for _ in 0..<rng.int(1..<4) where made < count {
                var b = RBinding(role: role, sequence: (0..<rng.int(1..<(options.maxSequence + 1))).map { _ in rng.pick(options.chords) },
                                 action: rng.pick(k.actions), blockCondition: blockCondition)
                b.group = group
                if options.decorations {
                    switch rng.int(0..<5) {
                    case 0: b.action = "pick"; b.argument = String(rng.int(-3..<100))
                    case 1: b.action = "say"; b.argument = "\"hi \\\"\(rng.int(0..<9))\\\" ✓\""
                    case 2: b.action = "flip"; b.argument = rng.chance(0.5) ? "true" : "false"
                    default: break
                    }
                    if rng.chance(0.6) { b.title = "T\(rng.int(0..<4)) \(b.action)" }
                } else if rng.chance(0.5) {
                    b.title = "T\(made)"
                }
                if rng.chance(0.6) { b.condition = k.randomCondition(&rng, depth: 2) }
                if options.repeatChance > 0 && b.sequence.count > 1 && rng.chance(options.repeatChance) { b.repeats = true }
                if options.timeoutChance > 0 && rng.chance(options.timeoutChance) { b.waits = true }
                var line = "  " + (b.repeats ? "@repeat " : "") + (b.waits ? "@timeout " : "") + b.sequence.map { k.spell($0, &rng, options) }.joined(separator: " ") + " -> " + b.action
                if let arg = b.argument { line += "(\(arg))" }
                if let t = b.title { line += " \"\(t)\"" }
                if let c = b.condition { line += " when " + k.render(c, &rng, options) }
                if options.noise && rng.chance(0.3) { line += "   // note" }
                emit(group == nil ? line : "  " + line)
                b.line = lines.count
                k.bindings.append(b)
                made += 1
            }
            if group != nil { emit("  }") }
            emit("}")
            if options.noise && rng.chance(0.3) { emit("") }
        }
        if rng.chance(options.menuChance) {
            let title = rng.pick(["File", "Edit Text"])
            emit("menu \"\(title)\" {")
            for n in 0..<rng.int(1..<3) {
                var b = RBinding(role: nil, sequence: [rng.pick(options.chords)], action: rng.pick(k.actions))
                b.title = "Item \(n)"
                b.group = title
                if rng.chance(0.5) { b.condition = k.randomCondition(&rng, depth: 1) }
                emit("  \"\(b.title!)\" \(k.spell(b.sequence[0], &rng, options)) -> \(b.action)"
                     + (b.condition.map { " when " + k.render($0, &rng, options) } ?? ""))
                b.line = lines.count
                k.bindings.append(b)
                if options.decorations && rng.chance(0.5) { emit("  separator") }
            }
            if options.decorations {
                emit("  menu \"More\" {")
                emit("    \"Other\" -> \(rng.pick(k.actions))")
                emit("  }")
            }
            emit("}")
        }
        if options.decorations {
            emit("menu edit {")
            emit("  \"Copy\" -> copy")
            emit("  \"Say\" -> say(\"x\") when b0")
            emit("}")
            emit("shortcut \"com.example.\(rng.int(0..<100))\" {")
            emit("  title \"Search\" subtitle \"Everything\"")
            emit("  icon search")
            emit("  userInfo { depth: \(rng.int(-5..<5)), \"ratio\": 1.5, on: true, nested: { a: \"b\" } }")
            emit("}")
        }
        k.source = lines.joined(separator: "\n") + "\n"
        return k
    }

    func randomCondition(_ rng: inout SplitMix64, depth: Int) -> RCondition {
        if depth > 0 && rng.chance(0.35) {
            let a = randomCondition(&rng, depth: depth - 1), b = randomCondition(&rng, depth: depth - 1)
            return rng.chance(0.5) ? .and(a, b) : .or(a, b)
        }
        if rng.chance(0.15) { return .not(randomCondition(&rng, depth: depth - 1)) }
        if rng.chance(0.04) { return .constant(rng.chance(0.5)) }
        let v = rng.int(0..<contexts.count)
        switch contexts[v].kind {
        case .bool: return .flag(v)
        case .enumeration(let cases):
            if rng.chance(0.3) {
                let chosen = (0..<cases.count).filter { _ in rng.chance(0.5) }
                if !chosen.isEmpty { return .enumIn(v, chosen) }
            }
            return .enumIs(v, rng.int(0..<cases.count))
        case .string(let literals): return .stringIs(v, rng.int(0..<literals.count))
        }
    }

    /// Source text for a condition, choosing among equivalent spellings.
    func render(_ c: RCondition, _ rng: inout SplitMix64, _ options: RandomKeymap.Options) -> String {
        func operand(_ c: RCondition) -> String {
            switch c {
            case .and, .or: "(" + render(c, &rng, options) + ")"
            default: render(c, &rng, options)
            }
        }
        switch c {
        case .constant(let b): return b ? "true" : "false"
        case .flag(let v): return rng.chance(0.8) ? contexts[v].name : "\(contexts[v].name) == true"
        case .enumIs(let v, let i):
            guard case .enumeration(let cases) = contexts[v].kind else { return "?" }
            return "\(contexts[v].name) == \(cases[i])"
        case .enumIn(let v, let cs):
            guard case .enumeration(let cases) = contexts[v].kind else { return "?" }
            return "\(contexts[v].name) in (" + cs.map { cases[$0] }.joined(separator: ", ") + ")"
        case .stringIs(let v, let i):
            guard case .string(let literals) = contexts[v].kind else { return "?" }
            return "\(contexts[v].name) == \"\(literals[i])\""
        case .not(let inner):
            switch inner {
            case .flag(let v) where rng.chance(0.3): return rng.chance(0.5) ? "\(contexts[v].name) == false" : "\(contexts[v].name) != true"
            case .flag(let v): return "!" + contexts[v].name
            case .enumIs(let v, let i) where rng.chance(0.5):
                guard case .enumeration(let cases) = contexts[v].kind else { return "?" }
                return "\(contexts[v].name) != \(cases[i])"
            case .enumIn(let v, let cs) where rng.chance(0.5):
                guard case .enumeration(let cases) = contexts[v].kind else { return "?" }
                return "\(contexts[v].name) not in (" + cs.map { cases[$0] }.joined(separator: ", ") + ")"
            case .stringIs(let v, let i) where rng.chance(0.5):
                guard case .string(let literals) = contexts[v].kind else { return "?" }
                return "\(contexts[v].name) != \"\(literals[i])\""
            default: return "!(" + render(inner, &rng, options) + ")"
            }
        case .and(let a, let b): return operand(a) + " && " + operand(b)
        case .or(let a, let b): return operand(a) + " || " + operand(b)
        }
    }

    /// A chord as written; with noise, in another equivalent spelling.
    func spell(_ chord: String, _ rng: inout SplitMix64, _ options: RandomKeymap.Options) -> String {
        guard options.noise, rng.chance(0.5) else { return chord }
        switch chord {
        case "cmd+k": return rng.pick(["command+k", "⌘+k", "cmd+k"])
        case "ctrl+x": return rng.pick(["control+x", "⌃+x"])
        case "alt+up": return rng.pick(["option+up", "alt+arrowUp", "opt+up"])
        case "shift+f2": return rng.pick(["⇧+f2", "shift+f2"])
        default: return chord
        }
    }

    // MARK: - Reference semantics

    /// Whether the bindings at `i` and `j` (i before j) conflict by Grammar.md §10, by brute
    /// force over every context state.
    func conflict(_ i: Int, _ j: Int, states: [[Int]]) -> Bool {
        let a = bindings[i], b = bindings[j]
        let related: Bool
        switch (a.role, b.role) {
        case let (ra?, rb?):
            // A `@timeout` binding may be a proper prefix of another (Grammar.md §10 rule 2).
            related = ra == rb && (a.sequence == b.sequence
                || (a.sequence.starts(with: b.sequence) && !b.waits) || (b.sequence.starts(with: a.sequence) && !a.waits))
        case (nil, nil):
            related = a.sequence == b.sequence
        case (nil, _?):
            related = b.sequence.first == a.sequence.first
        case (_?, nil):
            related = a.sequence.first == b.sequence.first
        }
        return related && states.contains { a.live($0) && b.live($0) }
    }

    /// Bindings kept when each binding that conflicts with an earlier kept one is dropped
    /// (source order), and the source rewritten without them: a conflict-free keymap.
    func withoutConflicts() -> RandomKeymap {
        let states = allStates
        var keep: [Int] = []
        for j in bindings.indices where !keep.contains(where: { conflict($0, j, states: states) }) { keep.append(j) }
        var k = self
        let dropped = Set(bindings.indices).subtracting(keep).map { bindings[$0].line }
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in dropped { lines[line - 1] = "" }
        k.source = lines.joined(separator: "\n")
        k.bindings = keep.map { bindings[$0] }
        return k
    }
}

extension String {
    /// Single spaces doubled at random (harmless noise).
    func replacingSpaces(_ rng: inout SplitMix64) -> String {
        var out = ""
        for c in self {
            out.append(c)
            if c == " " && rng.chance(0.3) { out.append(" ") }
        }
        return out
    }
}
