import BindingLang
import BindingRuntime

/// One binding as the generator made it: what the source text says, resolved by the generator
/// itself (role index, chords, the full condition), so that the UIKit-style baseline and the
/// press lists can be derived without the front end.
struct GeneratedBinding {
    var role: Int
    var sequence: [Chord]
    var actionName: String
    var argument: ArgumentValue
    var title: String?
    var group: String?
    /// The block's and the binding's `when` together (`.constant(true)` when ungated).
    var condition: Condition
    /// The `when` text as written (block and binding parts), for the JSON rendering.
    var conditionText: String?
}

/// A generated keymap: its `.bind` source text and the same keymap as the generator's own
/// records. Deterministic: the same seed and size always give the same bytes.
struct Workload {
    /// Number of bindings (an enumeration family counts each of its members).
    let size: Int
    let seed: UInt64
    /// The `.bind` source text.
    let source: [UInt8]
    /// The bindings in declaration order (file order).
    let bindings: [GeneratedBinding]
    /// The roles, nearest first as declared.
    let roles: [String]
    /// Declared actions in declaration order, with their argument types.
    let declaredActions: [(name: String, argument: ArgumentType?)]
    /// The role index whose responder implements each action (every chain's last responder
    /// implements everything, like an app delegate that is the catch-all).
    let owner: [String: Int]
    /// Share of bindings with a `when` (block or binding level).
    var gatedShare: Double { Double(bindings.filter { $0.condition != .constant(true) }.count) / Double(max(1, bindings.count)) }
    /// Share of bindings with more than one stroke.
    var sequenceShare: Double { Double(bindings.filter { $0.sequence.count > 1 }.count) / Double(max(1, bindings.count)) }
}

/// The context variables every workload declares, and the state the dispatch figures run in.
enum BenchContext {
    static let variables: [ContextVariable] = [
        ContextVariable(name: "editing", type: .bool),
        ContextVariable(name: "readOnly", type: .bool),
        ContextVariable(name: "loggedIn", type: .bool),
        ContextVariable(name: "hasSelection", type: .bool),
        ContextVariable(name: "mode", type: .enumeration(["normal", "insert", "visual", "replace"])),
        ContextVariable(name: "focus", type: .enumeration(["editor", "sidebar", "terminal"])),
    ]
    /// The state during every dispatch measurement: editing, writable, logged in, nothing
    /// selected, insert mode, editor focused. Bool contexts are 0/1, enumerations case indices.
    static let state: [Int] = [1, 0, 1, 0, 1, 0]

    /// The values of ``state`` by name, as an app would set them.
    static let stateByName: [(name: String, value: StateValue)] = [
        ("editing", .bool(true)), ("readOnly", .bool(false)), ("loggedIn", .bool(true)),
        ("hasSelection", .bool(false)), ("mode", .enumCase("insert")), ("focus", .enumCase("editor")),
    ]

    enum StateValue { case bool(Bool), enumCase(String) }

    /// Evaluates a condition in `state` (the generator's and the baseline's evaluator).
    static func holds(_ c: Condition, in state: [Int] = state) -> Bool {
        switch c {
        case .constant(let b): return b
        case .flag(let i): return i < state.count && state[i] != 0
        case .enumEquals(let i, let k): return i < state.count && state[i] == k
        case .stringEquals, .inside, .plays: return false  // the workload uses none
        case .not(let x): return !holds(x, in: state)
        case .and(let a, let b): return holds(a, in: state) && holds(b, in: state)
        case .or(let a, let b): return holds(a, in: state) || holds(b, in: state)
        }
    }
}

/// Builds workloads: keymaps over 16 roles with a realistic mix and no conflicts (Grammar.md
/// section 10), by construction:
/// - single strokes use 14 modifier combinations, never `ctrl+shift`, from 1,008 chords: half
///   shared by all roles, half private (31 per role); two-stroke sequences all
///   start with a `ctrl+shift+letter/digit` prefix, so no single stroke is ever a prefix;
/// - each (role, sequence) is used once, except enumeration families: 2–4 bindings of one
///   sequence with distinct `mode == case` conditions, which never overlap;
/// - titles are unique, no condition is unsatisfiable, no main-menu key equivalents.
/// Chords with `ctrl+alt+shift`, and `f13`–`f20`, are never bound: presses that match nothing.
enum WorkloadGenerator {
    static let roles = [
        "TextView", "Gutter", "Editor", "TabBar", "Pane", "Split", "Workspace", "Sidebar",
        "Inspector", "Toolbar", "Window", "Scene", "Document", "Session", "Plugins", "App",
    ]

    /// Key words for single strokes and second strokes (72 keys).
    static let keyWords: [String] = {
        var k = (UnicodeScalar("a").value...UnicodeScalar("z").value).map { String(UnicodeScalar($0)!) }
        k += (0...9).map(String.init)
        k += (1...12).map { "f\($0)" }
        k += ["up", "down", "left", "right", "home", "end", "pageUp", "pageDown", "tab", "return",
              "delete", "escape", "space", "comma", "period", "slash", "semicolon", "quote",
              "backquote", "minus", "equal", "bracketLeft", "bracketRight", "backslash"]
        return k
    }()

    /// Modifier combinations for single strokes, in canonical spelling order.
    static let singleCombos: [[String]] = [
        [], ["shift"], ["cmd"], ["shift", "cmd"], ["alt", "cmd"], ["alt", "shift", "cmd"], ["ctrl"],
        ["ctrl", "alt"], ["alt"], ["ctrl", "cmd"], ["ctrl", "shift", "cmd"], ["alt", "shift"],
        ["ctrl", "alt", "cmd"], ["ctrl", "alt", "shift", "cmd"],
    ]

    /// One chord's source text and value.
    struct Stroke { var text: String; var chord: Chord }

    static func stroke(_ mods: [String], _ key: String) -> Stroke {
        let text = (mods + [key]).joined(separator: "+")
        guard case .success(let chord) = Chord.parse(text, platform: .apple) else {
            preconditionFailure("bind-bench: generator built an invalid chord \(text)")
        }
        return Stroke(text: text, chord: chord)
    }

    static let singles: [Stroke] = singleCombos.flatMap { m in keyWords.map { stroke(m, $0) } }
    static let prefixes: [Stroke] = keyWords.prefix(36).map { stroke(["ctrl", "shift"], $0) }
    /// Chords no workload ever binds in any position.
    static let unbound: [Stroke] =
        keyWords.prefix(26).map { stroke(["ctrl", "alt", "shift"], $0) }
        + (13...20).flatMap { n in [stroke([], "f\(n)"), stroke(["cmd"], "f\(n)")] }

    /// Bool-context conditions used on single bindings: (text, condition).
    static let boolConditions: [(String, Condition)] = [
        ("loggedIn", .flag(2)),
        ("!readOnly", .not(.flag(1))),
        ("editing && !readOnly", .and(.flag(0), .not(.flag(1)))),
        ("focus == editor", .enumEquals(5, 0)),
        ("focus != terminal", .not(.enumEquals(5, 2))),
        ("mode in (insert, visual)", .or(.enumEquals(4, 1), .enumEquals(4, 2))),
        ("hasSelection", .flag(3)),
        ("readOnly", .flag(1)),
        ("hasSelection && !readOnly", .and(.flag(3), .not(.flag(1)))),
        ("focus == sidebar", .enumEquals(5, 1)),
        ("!loggedIn || readOnly", .or(.not(.flag(2)), .flag(1))),
        ("mode == visual && hasSelection", .and(.enumEquals(4, 2), .flag(3))),
    ]
    /// Block-level conditions (never about `mode`, so families inside stay satisfiable).
    static let blockConditions: [(String, Condition)] = [
        ("loggedIn", .flag(2)), ("!readOnly", .not(.flag(1))), ("focus == editor", .enumEquals(5, 0)),
        ("focus == terminal", .enumEquals(5, 2)), ("hasSelection", .flag(3)),
    ]
    static let modeCases = ["normal", "insert", "visual", "replace"]
    static let standardUsed = ["copy", "paste", "cut", "undo", "redo", "selectAll", "find", "findNext",
                               "toggleBoldface", "cancelOperation"]

    /// What one generation step makes.
    enum Kind { case ungated, gatedTrue, gatedFalse, gatedAny, family }

    /// Per-role allocator of fresh sequences.
    struct RoleSlots {
        var singles: [Stroke]
        var nextSingle = 0
        var seconds: [Stroke]
        var nextSequence = 0

        mutating func fresh(single: Bool) -> [Stroke] {
            if single && nextSingle < singles.count {
                defer { nextSingle += 1 }
                return [singles[nextSingle]]
            }
            // k -> (prefix, second): blocks of 8 seconds per prefix, cycling over prefixes.
            let k = nextSequence
            nextSequence += 1
            let block = k / 8, p = WorkloadGenerator.prefixes.count
            let second = (block / p) * 8 + k % 8
            precondition(second < seconds.count, "bind-bench: role out of sequences")
            return [WorkloadGenerator.prefixes[block % p], seconds[second]]
        }
    }

    /// Generates `size` bindings from `seed`.
    static func make(size: Int, seed: UInt64) -> Workload {
        var rng = SplitMix64(seed: seed ^ (UInt64(size) &* 0x9E37_79B9_7F4A_7C15))
        let actionCount = min(4000, max(16, size / 6 / 16 * 16))
        var out = ""
        out.reserveCapacity(size * 70 + 4096)
        out += "// Generated by bind-bench: \(size) bindings, seed \(seed). Do not edit.\n"
        out += "keymap \"Bench \(size)\"\n\n"
        for v in BenchContext.variables {
            switch v.type {
            case .bool: out += "context \(v.name): Bool\n"
            case .string: out += "context \(v.name): String\n"
            case .enumeration(let cases): out += "context \(v.name): \(cases.joined(separator: " | "))\n"
            }
        }
        out += "\nresponder \(roles.joined(separator: ", "))\n\n"
        var declared: [(name: String, argument: ArgumentType?)] = []
        var owner: [String: Int] = [:]
        for i in 0..<actionCount {
            declared.append(("act\(i)", nil))
            owner["act\(i)"] = i % 16
        }
        declared += [("selectTab", .int), ("insertSnippet", .string), ("setWrap", .bool)]
        owner["selectTab"] = 3; owner["insertSnippet"] = 0; owner["setWrap"] = 2
        for s in standardUsed { owner[s] = 0 }
        for a in declared {
            out += "action \(a.name)" + (a.argument.map { "(\($0.rawValue))" } ?? "") + "\n"
        }
        out += "\nmenu edit {\n  \"Copy\" -> copy\n  \"Paste\" -> paste when !readOnly\n}\n"

        // Half of the one-stroke chords are private: 31 per role, bound by no other role, so
        // that even when big keymaps use up every chord a role may have, a far role still has
        // chords no nearer role binds (far hits) and gated-off chords nothing else matches.
        // The other half is shared by all roles (nearer roles shadow farther ones).
        var pool = singles
        rng.shuffle(&pool)
        let perRole = pool.count / 2 / 16
        let shared = Array(pool[(perRole * 16)...])
        var slots: [RoleSlots] = (0..<16).map { r in
            var s = Array(pool[(r * perRole)..<((r + 1) * perRole)]) + shared, t = singles
            rng.shuffle(&s)
            rng.shuffle(&t)
            return RoleSlots(singles: s, seconds: t)
        }
        // The first 16 steps follow a fixed pattern so that even the 10-binding keymap has
        // near and far hits, a gated-off binding and a sequence.
        let pattern: [Kind] = [.ungated, .ungated, .gatedFalse, .ungated, .ungated, .gatedTrue,
                               .ungated, .ungated, .gatedFalse, .ungated, .ungated, .ungated,
                               .gatedTrue, .ungated, .ungated, .ungated]
        var bindings: [GeneratedBinding] = []
        bindings.reserveCapacity(size)
        var titleCounter = 0
        var chunkIndex = 0

        func chooseAction(role: Int) -> (String, ArgumentValue, String) {
            let r = rng.below(100)
            if r < 70 {
                let i = role + 16 * rng.below(actionCount / 16)
                return ("act\(i)", .none, "act\(i)")
            } else if r < 85 {
                let i = rng.below(actionCount)
                return ("act\(i)", .none, "act\(i)")
            } else if r < 95 {
                let s = rng.pick(standardUsed)
                return (s, .none, s)
            } else {
                switch rng.below(3) {
                case 0: let n = 1 + rng.below(9); return ("selectTab", .int(Int64(n)), "selectTab(\(n))")
                case 1: let n = rng.below(100); return ("insertSnippet", .string("s\(n)"), "insertSnippet(\"s\(n)\")")
                default: let b = rng.chance(50); return ("setWrap", .bool(b), "setWrap(\(b))")
                }
            }
        }

        func emitBinding(
            role: Int, strokes: [Stroke], own: (String, Condition)?, block: (String, Condition)?,
            group: String?, indent: String
        ) {
            let (name, arg, ref) = chooseAction(role: role)
            // A chord macOS takes before the app is still bound (the workload is about lookup
            // cost, not about which keys to choose), saying so as Grammar.md §4.8 asks.
            let reserved = strokes.contains { !ReservedShortcuts.lookup($0.chord, on: .apple).isEmpty }
            var line = indent + (reserved ? "@allowReserved " : "") + strokes.map(\.text).joined(separator: " ") + " -> " + ref
            var title: String? = nil
            if rng.chance(60) {
                titleCounter += 1
                title = "Command \(titleCounter)"
                line += " \"Command \(titleCounter)\""
            }
            if let own { line += " when " + own.0 }
            out += line + "\n"
            let cond: Condition
            switch (block, own) {
            case (nil, nil): cond = .constant(true)
            case (let b?, nil): cond = b.1
            case (nil, let o?): cond = o.1
            case (let b?, let o?): cond = .and(b.1, o.1)
            }
            let text = [block?.0, own?.0].compactMap { $0 }.map { "(\($0))" }.joined(separator: " && ")
            bindings.append(GeneratedBinding(
                role: role, sequence: strokes.map(\.chord), actionName: name, argument: arg,
                title: title, group: group, condition: cond, conditionText: text.isEmpty ? nil : text))
        }

        while bindings.count < size {
            let early = chunkIndex < 16
            let role = early ? chunkIndex : rng.below(16)
            let remaining = size - bindings.count
            let chunkSize = early ? 1 : min(remaining, 1 + rng.below(24))
            let chunkKind = early ? 0 : rng.below(100)
            var block: (String, Condition)? = nil
            var group: String? = nil
            var indent = "  "
            if chunkKind >= 90 {
                block = rng.pick(blockConditions)
                out += "\nin \(roles[role]) when \(block!.0) {\n"
            } else {
                out += "\nin \(roles[role]) {\n"
                if chunkKind >= 75 {
                    group = "Group \(rng.below(max(1, size / 150)))"
                    out += "  group \"\(group!)\" {\n"
                    indent = "    "
                }
            }
            let target = bindings.count + chunkSize
            while bindings.count < target {
                var kind: Kind
                if early { kind = pattern[chunkIndex] } else {
                    let r = rng.below(100)
                    kind = r < 78 ? .ungated : r < 90 ? .gatedAny : .family
                }
                if block != nil && kind == .gatedAny { kind = .ungated }
                if kind == .family && target - bindings.count < 2 { kind = .ungated }
                let single = early ? chunkIndex % 7 != 6 : rng.chance(85)
                let strokes = slots[role].fresh(single: single)
                switch kind {
                case .ungated:
                    emitBinding(role: role, strokes: strokes, own: nil, block: block, group: group, indent: indent)
                case .gatedTrue:
                    emitBinding(role: role, strokes: strokes, own: boolConditions[rng.below(6)], block: block, group: group, indent: indent)
                case .gatedFalse:
                    emitBinding(role: role, strokes: strokes, own: boolConditions[6 + rng.below(6)], block: block, group: group, indent: indent)
                case .gatedAny:
                    emitBinding(role: role, strokes: strokes, own: rng.pick(boolConditions), block: block, group: group, indent: indent)
                case .family:
                    var cases = Array(0..<4)
                    rng.shuffle(&cases)
                    let n = min(target - bindings.count, 2 + rng.below(3))
                    for c in cases.prefix(n) {
                        emitBinding(role: role, strokes: strokes, own: ("mode == \(modeCases[c])", .enumEquals(4, c)),
                                    block: block, group: group, indent: indent)
                    }
                }
            }
            if group != nil { out += "  }\n" }
            out += "}\n"
            chunkIndex += 1
        }
        return Workload(
            size: bindings.count, seed: seed, source: Array(out.utf8), bindings: bindings,
            roles: roles, declaredActions: declared, owner: owner)
    }
}

extension Workload {
    /// The checked model this source should compile to, built directly from the generator's
    /// records (used where the 100,000-binding compile is skipped, and to cross-check).
    func keymap() -> Keymap {
        var actions = declaredActions.map { Action(name: $0.name, argument: $0.argument) }
        let usedStandard = Set(bindings.map(\.actionName)).union(["copy", "paste"])
        for s in StandardActions.all where usedStandard.contains(s) {
            actions.append(Action(name: s, isStandard: true))
        }
        var actionIndex: [String: Int] = [:]
        for (i, a) in actions.enumerated() { actionIndex[a.name] = i }
        var groups: [String] = []
        var groupIndex: [String: Int] = [:]
        var model: [Binding] = []
        model.reserveCapacity(bindings.count)
        for b in bindings {
            var g: Int? = nil
            if let name = b.group {
                if let i = groupIndex[name] { g = i } else {
                    g = groups.count
                    groupIndex[name] = groups.count
                    groups.append(name)
                }
            }
            model.append(Binding(
                sequence: b.sequence, role: b.role, action: actionIndex[b.actionName] ?? 0,
                argument: b.argument, title: b.title, group: g, condition: b.condition))
        }
        return Keymap(
            name: "Bench \(size)", platform: .apple, contexts: BenchContext.variables, roles: roles,
            actions: actions, groups: groups, bindings: model,
            editMenu: [
                EditMenuItem(title: "Copy", action: actionIndex["copy"] ?? 0),
                EditMenuItem(title: "Paste", action: actionIndex["paste"] ?? 0, condition: .not(.flag(1))),
            ])
    }

    /// A JSON rendering of the same keymap (one object per binding, names spelled out), to
    /// compare the table's size with what a JSON keymap file would cost.
    func jsonRendering() -> [UInt8] {
        var s = "{\"name\":\"Bench \(size)\",\"bindings\":["
        s.reserveCapacity(bindings.count * 120)
        for (i, b) in bindings.enumerated() {
            if i > 0 { s += "," }
            s += "{\"role\":\"\(roles[b.role])\",\"keys\":\""
            s += jsonEscaped(b.sequence.map(\.sourceText).joined(separator: " "))
            s += "\",\"action\":\"\(b.actionName)\""
            switch b.argument {
            case .none: break
            case .int(let n): s += ",\"argument\":\(n)"
            case .string(let t): s += ",\"argument\":\"\(t)\""
            case .bool(let v): s += ",\"argument\":\(v)"
            }
            if let t = b.title { s += ",\"title\":\"\(t)\"" }
            if let g = b.group { s += ",\"group\":\"\(g)\"" }
            if let w = b.conditionText { s += ",\"when\":\"\(w)\"" }
            s += "}"
        }
        s += "]}"
        return Array(s.utf8)
    }
}

/// `text` with JSON's escapes, without the quotes (the library's JSON writer does the work).
func jsonEscaped(_ text: String) -> String {
    String(JSONValue.string(text).rendered(pretty: false).dropFirst().dropLast())
}
