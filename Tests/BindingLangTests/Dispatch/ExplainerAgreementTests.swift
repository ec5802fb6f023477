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
    var cancelled = 0
    for iteration in 0..<8 {
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
        // The first state refuses every action: prefixes whose continuations nobody can perform.
        let refused = Set(keymap.actions.map(\.name).filter { _ in iteration == 0 || random.below(8) == 0 })
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

        // Every bound sequence, and every proper prefix of one followed by a stroke that
        // continues nothing and by escape; each with a stroke that continues nothing after it.
        let nowhere = Chord(key: Key.namedCode("f24")!, modifiers: [.command, .shift])
        var presses: [[Chord]] = []
        for sequence in sequences {
            presses.append(sequence + [nowhere])
            for n in 1..<sequence.count {
                presses.append(Array(sequence.prefix(n)) + [nowhere])
                presses.append(Array(sequence.prefix(n)) + [Chord(key: .escape)])
            }
        }
        for strokes in presses {
            let dispatcher = Dispatcher(table: table)
            let steps = explainer.press(strokes)
            for (stroke, step) in zip(strokes, steps) {
                let result = dispatcher.dispatch(KeyEvent(stroke), firstResponder: first, context: state)
                switch (result, step.outcome) {
                case (.performed(let action, let responder), .performed(let b, let who)):
                    #expect(action.name == keymap.actions[keymap.bindings[b].action].name)
                    #expect(responder === responders[who])
                    performed += 1
                case (.cancelled, .cancelled):
                    cancelled += 1
                case (.pending, .pending), (.unhandled, .unhandled):
                    break
                default:
                    Issue.record("\(paths.last ?? ""): \(SourceText.sequence(step.strokes)) runtime \(result) vs explainer \(step.outcome)")
                }
            }
            // The explain API answers for every press (and each of its prefixes) what the
            // strokes did, and gives each binding of the sequence the reference's verdict.
            for n in 1...strokes.count {
                let press = Array(strokes.prefix(n))
                let explanation = Dispatcher(table: table).explain(press, firstResponder: first, context: state)
                let (expected, decisive) = expectedOutcome(explainer.press(press))
                #expect(outcomeText(explanation.outcome) == expected, "\(SourceText.sequence(press))")
                if decisive == press.count, let last = explainer.press(press).last {
                    let runtimeVerdicts = Dictionary(uniqueKeysWithValues: explanation.entries.map { ($0.binding.index, verdictText($0.verdict)) })
                    let referenceVerdicts = Dictionary(uniqueKeysWithValues: last.candidates.map { ($0.binding, verdictText($0.verdict)) })
                    #expect(runtimeVerdicts == referenceVerdicts, "\(SourceText.sequence(press))")
                    if case .performed(let b, let responder, let depth) = explanation.outcome,
                       case .performed(let c, let who) = last.outcome {
                        #expect(b == c && depth == who && responder === responders[who])
                    }
                }
                // `bindc explain` says the same in text and in JSON.
                let text = ExplanationPrinter.explanation(explanation, keymap: keymap, chain: roles, values: [])
                let json = ExplanationPrinter.json(explanation, keymap: keymap, chain: roles, values: [])
                expectTextAgreesWithJSON(text, json, SourceText.sequence(press))
            }
        }

        let runtime = Dispatcher(table: table).discoverableCommands(firstResponder: first, context: state)
        let model = explainer.discoverability()
        #expect(runtime.map(\.title) == model.map(\.title))
        #expect(runtime.map(\.glyphs) == model.map(\.glyphs))
        #expect(runtime.map(\.bindingIndex) == model.map(\.binding))
    }
    #expect(performed > 20, "too few performed presses to compare")
    if sequences.contains(where: { $0.count > 1 }) { #expect(cancelled > 0, "no cancelled press compared") }
}

/// What the reference's steps say pressing them from idle does, as the runtime's outcome is
/// written by ``outcomeText(_:)``, and how many strokes it took to decide.
private func expectedOutcome(_ steps: [ReferenceDispatcher.Step]) -> (String, Int) {
    for (i, step) in steps.enumerated() {
        let last = i == steps.count - 1
        switch step.outcome {
        case .performed(let b, _): return (last ? "performed \(b)" : "blockedAtPrefix \(i + 1) \(b)", i + 1)
        case .pending: if last { return ("pending", i + 1) }
        case .cancelled: return ("cancelled \(i)", i + 1)
        case .unhandled: return ("nothing", i + 1)
        }
    }
    return ("nothing", 0)
}

private func outcomeText(_ outcome: Explanation.Outcome) -> String {
    switch outcome {
    case .performed(let b, _, _): return "performed \(b)"
    case .pending: return "pending"
    case .held: return "pending"
    case .nothing: return "nothing"
    case .blockedAtPrefix(let n, let b): return "blockedAtPrefix \(n) \(b)"
    case .cancelled(let n): return "cancelled \(n)"
    }
}

private func verdictText(_ v: Explanation.Verdict) -> String {
    switch v {
    case .chosen: return "chosen"
    case .roleNotInChain: return "roleNotInChain"
    case .conditionFalse(_, let parts): return "conditionFalse \(parts.count)"
    case .noPerformer: return "noPerformer"
    case .shadowedByEarlier(let b): return "lostTo \(b)"
    case .nearerRoleWon(let b?): return "lostTo \(b)"
    case .nearerRoleWon(nil): return "preempted"
    case .notReached: return "notReached"
    }
}

private func verdictText(_ v: ReferenceDispatcher.Verdict) -> String {
    switch v {
    case .chosen: return "chosen"
    case .roleNotInChain: return "roleNotInChain"
    case .conditionFalse(let parts): return "conditionFalse \(parts.count)"
    case .noPerformer: return "noPerformer"
    case .lostTo(let b): return "lostTo \(b)"
    case .preemptedByPending: return "preempted"
    }
}

/// The text answer's outcome word is the JSON's `kind` (`blockedAtPrefix` reads "never
/// reached"), and every binding's JSON verdict and reason are the text's.
private func expectTextAgreesWithJSON(_ text: String, _ json: JSONValue, _ keys: String) {
    // The text lists a long condition or false-part list that several bindings share once,
    // as `[cN] TEXT`, and writes `[cN]` where it applies: put the texts back to compare.
    var names: [(String, String)] = []
    for line in text.split(separator: "\n") where line.hasPrefix("    [c") {
        if let close = line.firstIndex(of: "]") {
            names.append((String(line[line.index(line.startIndex, offsetBy: 4)...close]), String(line[line.index(close, offsetBy: 2)...])))
        }
    }
    var text = text
    for (name, full) in names.reversed() { text = text.replacingOccurrences(of: "false: " + name + "\n", with: "false: " + full + "\n") }
    guard case .object(let top) = json, case .object(let outcome)? = top.first(where: { $0.0 == "outcome" })?.1,
          case .string(let kind)? = outcome.first(where: { $0.0 == "kind" })?.1,
          case .array(let bindings)? = top.first(where: { $0.0 == "bindings" })?.1
    else { Issue.record("\(keys): malformed JSON"); return }
    let word = kind == "blockedAtPrefix" ? "never reached" : kind
    #expect(text.hasPrefix("\(keys): \(word)"), "\(keys): text \(text.prefix(80)) vs kind \(kind)")
    // The JSON's reasons name a long condition `[cN]` (`conditions[N-1]`) and a long list of
    // false parts `[pN]`: put the conditions back, and compare around a list's name.
    var conditions: [String] = []
    if case .array(let list)? = top.first(where: { $0.0 == "conditions" })?.1 {
        for case .string(let c) in list { conditions.append(c) }
    }
    var chosenInJSON = 0
    for case .object(let b) in bindings {
        if case .string("chosen")? = b.first(where: { $0.0 == "verdict" })?.1 { chosenInJSON += 1 }
        if case .string(var reason)? = b.first(where: { $0.0 == "reason" })?.1 {
            for (k, c) in conditions.enumerated().reversed() { reason = reason.replacingOccurrences(of: "[c\(k + 1)]", with: c) }
            if let name = reason.range(of: #"\[p[0-9]+\]"#, options: .regularExpression) {
                let line = "          " + reason[..<name.lowerBound]
                #expect(text.split(separator: "\n").contains { $0.hasPrefix(line) && $0.hasSuffix(reason[name.upperBound...]) },
                        "\(keys): reason \(reason) not in the text")
            } else {
                #expect(text.contains("          " + reason + "\n"), "\(keys): reason \(reason) not in the text")
            }
        }
    }
    #expect(text.components(separatedBy: "\n  chosen  ").count - 1 == chosenInJSON, "\(keys)")
    #expect(chosenInJSON == (kind == "performed" ? 1 : 0), "\(keys)")
}

extension SplitMix: RandomNumberGenerator {}
