// Property: a condition's mask test (table format 5, `DTST`) agrees with the interpreter on
// every context state, for every condition of random keymaps; both kinds occur, so the
// dispatch property test exercises the fast path and the fallback alike.
import BindingLang
import BindingRuntime
import Testing

@Suite("Property: mask tests agree with the condition interpreter")
struct PropertyMaskTestTests {
    @Test(arguments: 0..<2)
    func maskTestsAgreeWithTheInterpreter(batch: Int) throws {
        var rng = SplitMix64(seed: 0x3A5C_0000 + UInt64(batch))
        var options = RandomKeymap.Options()
        options.bindingCount = 6..<14
        var tested = 0, interpreted = 0
        for _ in 0..<8 {
            let k = RandomKeymap.generate(&rng, options).withoutConflicts()
            var sources = SourceManager()
            sources.add(SourceFile(path: "random.bind", text: k.source))
            let compilation = Compilation(sources: sources, platform: .apple)
            let keymap = try #require(compilation.keymap, "\(compilation.diagnostics.map(\.message))\n\(k.source)")
            let table = try BindingTable(bytes: Emitter.emit(keymap))
            let states = k.allStates
            for state in states.prefix(24) {
                var context = ContextState(table: table)
                for (i, c) in k.contexts.enumerated() {
                    let v = state[i]
                    switch c.kind {
                    case .bool: try context.set(c.name, v == 1)
                    case .enumeration(let cases): try context.set(c.name, case: cases[v])
                    case .string(let literals): try context.set(c.name, string: v < literals.count ? literals[v] : "other")
                    }
                }
                for ref in 0..<UInt32(table.compiledConditionCount) {
                    let (test, value) = table.evaluateBothWays(ref, in: context)
                    if let test {
                        tested += 1
                        #expect(test == value, "condition \(ref) in state \(state): mask test \(test), interpreter \(value)\n\(k.source)")
                    } else {
                        interpreted += 1
                    }
                }
            }
        }
        #expect(tested > 100 && interpreted > 10, "both kinds should occur: \(tested) tested, \(interpreted) interpreted")
    }
}
