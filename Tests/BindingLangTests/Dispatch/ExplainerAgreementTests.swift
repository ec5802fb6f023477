import BindingLang
import BindingRuntime
import Foundation
import Testing

/// `bindc explain` answers from the model (``ReferenceDispatcher``); apps dispatch with the
/// runtime's ``Dispatcher``. These tests check that both agree, stroke by stroke and on the
/// discoverability list, for every example keymap in many states.

/// A synthetic runtime responder playing one role and refusing some actions.
private final class FakeResponder: Responder {
    let responderRoles: [String]
    let next: FakeResponder?
    let refused: Set<String>
    init(role: String, next: FakeResponder?, refused: Set<String>) {
        responderRoles = [role]
        self.next = next
        self.refused = refused
    }
    var nextResponder: Responder? { next }
    func canPerform(_ action: ActionInvocation) -> Bool { !refused.contains(action.name) }
    func perform(_ action: ActionInvocation) {}
}

/// A deterministic pseudo-random generator (SplitMix64).
private struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
}

private func stringLiterals(_ c: Condition, _ variable: Int) -> [String] {
    switch c {
    case .stringEquals(let v, let s): return v == variable ? [s] : []
    case .not(let x): return stringLiterals(x, variable)
    case .and(let l, let r), .or(let l, let r): return stringLiterals(l, variable) + stringLiterals(r, variable)
    default: return []
    }
}

private var exampleSources: [[String]] {
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
    var sets: [[String]] = names.filter { $0.hasSuffix(".bind") && !$0.contains("-") }.sorted()
        .map { [examples.appendingPathComponent($0).path] }
    for user in names where user.hasSuffix("-user.bind") {
        let base = String(user.dropLast("-user.bind".count)) + ".bind"
        if names.contains(base) {
            sets.append([examples.appendingPathComponent(base).path, examples.appendingPathComponent(user).path])
        }
    }
    return sets
}

@Test(arguments: exampleSources)
func explainerAgreesWithTheDispatcher(_ paths: [String]) throws {
    var sources = SourceManager()
    for path in paths { sources.add(SourceFile(path: path, bytes: try InputFile.read(path))) }
    let compilation = Compilation(sources: sources, platform: .apple)
    let keymap = try #require(compilation.keymap)
    let table = try BindingTable(bytes: try #require(compilation.table(strip: false)))
    var random = SplitMix(state: 0x5EED ^ UInt64(paths.joined().utf8.count))
    let sequences = keymap.bindings.map(\.sequence)

    var performed = 0
    for _ in 0..<8 {
        // A random state: context values, a chain (a random subsequence of the roles, in a
        // random order), and some refused actions.
        var values: [ReferenceDispatcher.Value] = []
        var state = ContextState(table: table)
        for (i, c) in keymap.contexts.enumerated() {
            switch c.type {
            case .bool:
                let b = random.below(2) == 1
                values.append(.bool(b))
                try state.set(c.name, b)
            case .enumeration(let cases):
                let k = random.below(cases.count)
                values.append(.enumCase(k))
                try state.set(c.name, case: cases[k])
            case .string:
                let literals = [""] + keymap.bindings.flatMap { stringLiterals($0.condition, i) }
                let s = literals[random.below(literals.count)]
                values.append(.string(s))
                try state.set(c.name, string: s)
            }
        }
        var roles = keymap.roles.filter { _ in random.below(4) != 0 }
        if random.below(3) == 0 { roles.shuffle(using: &random) }
        let refused = Set(keymap.actions.map(\.name).filter { _ in random.below(8) == 0 })
        var next: FakeResponder? = nil
        var responders: [FakeResponder] = []
        for role in roles.reversed() {
            let r = FakeResponder(role: role, next: next, refused: refused)
            responders.insert(r, at: 0)
            next = r
        }
        let refusedIndices = Set(keymap.actions.indices.filter { refused.contains(keymap.actions[$0].name) })
        let explainer = ReferenceDispatcher(
            keymap: keymap,
            chain: roles.map { ReferenceDispatcher.Responder(name: $0, roles: [$0], cannotPerform: refusedIndices) },
            values: values)
        guard let first = responders.first else { continue }

        // Every bound sequence, plus a stroke that continues nothing after it.
        for sequence in sequences {
            let strokes = sequence + [Chord(key: Key.namedCode("f24")!, modifiers: [.command, .shift])]
            let dispatcher = Dispatcher(table: table)
            let steps = explainer.press(strokes)
            for (stroke, step) in zip(strokes, steps) {
                let result = dispatcher.dispatch(KeyEvent(stroke), firstResponder: first, context: state)
                switch (result, step.outcome) {
                case (.performed(let action, let responder), .performed(let b, let who)):
                    #expect(action.name == keymap.actions[keymap.bindings[b].action].name)
                    #expect(responder === responders[who])
                    performed += 1
                case (.pending, .pending), (.cancelled, .cancelled), (.unhandled, .unhandled):
                    break
                default:
                    Issue.record("\(paths.last ?? ""): \(SourceText.sequence(step.strokes)) runtime \(result) vs explainer \(step.outcome)")
                }
            }
        }

        // The runtime's explain API names the same chosen binding and performer.
        for sequence in sequences {
            let explanation = Dispatcher(table: table).explain(sequence, firstResponder: first, context: state)
            let steps = explainer.press(sequence)
            // Compare only presses whose earlier strokes all leave the sequence pending (the
            // runtime reports the others as blocked at a prefix).
            guard let last = steps.last, steps.dropLast().allSatisfy({
                if case .pending = $0.outcome { return true } else { return false }
            }) else { continue }
            switch (explanation.outcome, last.outcome) {
            case (.performed(let b, let responder, let depth), .performed(let c, let who)):
                #expect(b == c && depth == who && responder === responders[who])
                #expect(explanation.entries.filter { $0.verdict == .chosen }.map(\.binding.index) == [b])
            case (.performed, _), (_, .performed):
                Issue.record("\(SourceText.sequence(sequence)): explain \(explanation.outcome) vs reference \(last.outcome)")
            default:
                break
            }
        }

        let runtime = Dispatcher(table: table).discoverableCommands(firstResponder: first, context: state)
        let model = explainer.discoverability()
        #expect(runtime.map(\.title) == model.map(\.title))
        #expect(runtime.map(\.glyphs) == model.map(\.glyphs))
        #expect(runtime.map(\.bindingIndex) == model.map(\.binding))
    }
    #expect(performed > 20, "too few performed presses to compare")
}

extension SplitMix: RandomNumberGenerator {}
