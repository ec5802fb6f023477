// Property (d): conflict detection agrees with brute force over every context state on small
// random keymaps — every conflicting pair is reported at its later binding (no missed
// conflict), every reported conflict is real (no false one), and the witness makes both live.
import BindingLang
import BindingRuntime
import Testing

@Suite("Property: conflicts agree with brute force")
struct PropertyConflictTests {
    static func compile(_ source: String) -> Compilation {
        var sources = SourceManager()
        sources.add(SourceFile(path: "random.bind", text: source))
        return Compilation(sources: sources, platform: .apple)
    }

    static func isConflict(_ message: String) -> Bool {
        message.contains(" is bound twice in role ") || message.contains(" is both bound and a prefix of ")
            || message.contains(" is the key equivalent of two menu items") || message.hasPrefix("key equivalent '")
    }

    /// The `name == value` pairs after ` when ` in a conflict message, as value indices.
    static func witness(_ message: String, _ keymap: RandomKeymap) -> [Int: Int]? {
        guard let range = message.ranges(of: " when ").last else { return [:] }
        var out: [Int: Int] = [:]
        for pair in message[range.upperBound...].split(separator: ",") {
            let parts = pair.split(separator: " == ").map { String($0.drop { $0 == " " }) }
            guard parts.count == 2, let v = keymap.contexts.firstIndex(where: { $0.name == parts[0] }) else { return nil }
            let value = parts[1]
            switch keymap.contexts[v].kind {
            case .bool: out[v] = value == "true" ? 1 : 0
            case .enumeration(let cases): guard let c = cases.firstIndex(of: value) else { return nil }; out[v] = c
            case .string(let literals):
                let text = String(value.dropFirst().dropLast())
                out[v] = literals.firstIndex(of: text) ?? literals.count
            }
        }
        return out
    }

    @Test(arguments: 0..<4)
    func agreesWithBruteForce(batch: Int) throws {
        let conflictsSeen = try Self.compare(seed: 0xD1CE_0000 + UInt64(batch), RandomKeymap.Options(), batch: batch)
        #expect(conflictsSeen > 20, "the generator should produce conflicts")
    }

    /// The same with `@timeout` bindings, which may be prefixes of longer ones (rule 2's
    /// exception): the checker reports exactly the other conflicts.
    @Test(arguments: 0..<4)
    func timeoutPrefixesAgreeWithBruteForce(batch: Int) throws {
        var options = RandomKeymap.Options()
        options.timeoutChance = 0.5
        let conflictsSeen = try Self.compare(seed: 0x7135_CE00 + UInt64(batch), options, batch: batch)
        #expect(conflictsSeen > 10, "the generator should produce conflicts")
    }

    /// Compiles 60 random keymaps of `options` and compares each binding's conflict with the
    /// brute force; returns how many conflicts both saw.
    static func compare(seed: UInt64, _ options: RandomKeymap.Options, batch: Int) throws -> Int {
        var rng = SplitMix64(seed: seed)
        var conflictsSeen = 0
        for round in 0..<60 {
            let k = RandomKeymap.generate(&rng, options)
            let compilation = compile(k.source)
            let file = compilation.sources.files[0]
            let context = "seed batch \(batch) round \(round):\n\(k.source)"
            let nonConflictErrors = compilation.diagnostics.filter { $0.severity == .error && !isConflict($0.message) }
            try #require(nonConflictErrors.isEmpty, "\(nonConflictErrors.map(\.message)) \(context)")

            let states = k.allStates
            var reported: [Int: Diagnostic] = [:]
            for d in compilation.diagnostics where d.severity == .error {
                let line = file.lineAndColumn(of: d.range.start).line
                let j = try #require(k.bindings.firstIndex { $0.line == line }, "conflict at line \(line) \(context)")
                #expect(reported[j] == nil, "two conflicts at one binding \(context)")
                reported[j] = d
            }
            for j in k.bindings.indices {
                let earlier = (0..<j).filter { k.conflict($0, j, states: states) }
                let d = reported[j]
                #expect((d != nil) == !earlier.isEmpty,
                        "binding at line \(k.bindings[j].line): brute force \(earlier.map { k.bindings[$0].line }), checker \(d?.message ?? "none") \(context)")
                guard let d, !earlier.isEmpty else { continue }
                conflictsSeen += 1
                // The note points at a binding the brute force agrees conflicts with this one.
                let noteLines = d.notes.compactMap { $0.range.map { file.lineAndColumn(of: $0.start).line } }
                let other = k.bindings.firstIndex { noteLines.contains($0.line) }
                #expect(other.map { earlier.contains($0) } == true, "note \(noteLines) \(context)")
                // The witness, completed some way, makes both bindings live.
                if let other, let w = witness(d.message, k) {
                    let ok = states.contains { s in
                        w.allSatisfy { s[$0.key] == $0.value } && k.bindings[other].live(s) && k.bindings[j].live(s)
                    }
                    #expect(ok, "witness in '\(d.message)' does not make both live \(context)")
                } else {
                    Issue.record("unreadable witness in '\(d.message)' \(context)")
                }
            }
        }
        return conflictsSeen
    }
}
