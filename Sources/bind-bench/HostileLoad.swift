import BindingLang
import BindingRuntime

/// Issue 16's figure for load time on hostile input: valid tables built at the format's limits
/// (Docs/TableFormat.md, "Limits"), each loaded and validated like any other, in ms per MB, so
/// the worst shape can be set against the ordinary 100,000-binding table of the same run.
/// (Tables past the limits are rejected, in one pass: `HostileTableTests` and the `hostile`
/// fuzz target cover those.)
enum HostileLoad {
    /// The shapes, by name, each a table of a few MB.
    static func tables() -> [(name: String, bytes: [UInt8])] {
        let flags = (0..<64).map { ContextVariable(name: "f\($0)", type: .bool) }
        let keys = "abcdefghijklmnopqrstuvwxyz0123456789".map(String.init)
        let modifiers = ["", "ctrl+", "alt+", "shift+", "ctrl+alt+", "ctrl+shift+", "alt+shift+", "ctrl+alt+shift+"]
        let chords: [Chord] = modifiers.flatMap { m in keys.map { k in try! Chord.parse(m + k, platform: .apple).get() } }
        /// A left-deep `&&` of `operands` flags, its pattern set by `seed` (distinct seeds,
        /// distinct conditions, so the emitter shares none).
        func chain(_ operands: Int, seed: Int) -> Condition {
            var c: Condition = .flag(seed % 64)
            for j in 1..<operands { c = .and(c, .flag((j * (seed + 1) + seed / 64) % 64)) }
            return c
        }
        func keymap(roles: [String], _ bindings: [Binding]) -> [UInt8] {
            Emitter.emit(Keymap(name: "hostile", platform: .apple, contexts: flags, roles: roles, actions: [Action(name: "go")], bindings: bindings))
        }
        // Conditions as tall as a table allows (512 levels, 1,023 instructions), one per binding.
        let tall = keymap(roles: ["R"], (0..<280).map {
            Binding(sequence: [chords[$0]], role: 0, action: 0, condition: chain(TableFormat.maxConditionHeight, seed: $0))
        })
        // Nodes with as many candidates as a role may have (512), whose conditions together
        // reach the per-press limit (127 instructions each).
        let crowded = keymap(roles: ["A", "B", "C", "D"], (0..<2_048).map {
            Binding(sequence: [chords[$0 / 512]], role: $0 % 4, action: 0, condition: chain(64, seed: $0))
        })
        // Sequences of the longest length (32 strokes) branching over 16 chords.
        var rng = SplitMix64(seed: 16)
        let long = keymap(roles: ["R"], (0..<4_000).map { _ in
            Binding(sequence: (0..<TableFormat.maxSequenceLength).map { _ in chords[Int(rng.next() % 16)] }, role: 0, action: 0)
        })
        // 100,000 roles, each with one binding: the role hash at its largest.
        let roles = keymap(roles: (0..<100_000).map { "Role\($0)" }, (0..<100_000).map {
            Binding(sequence: [chords[$0 % chords.count]], role: $0, action: 0)
        })
        return [("tall conditions", tall), ("crowded nodes", crowded), ("32-stroke sequences", long), ("100,000 roles", roles)]
    }
}

extension Bench {
    /// Load + validate of each hostile shape, in ms per MB (and the table's size).
    mutating func measureHostileLoad() {
        progress("timing load and validation of tables at the format's limits")
        for (name, bytes) in HostileLoad.tables() {
            do { _ = try BindingTable(bytes: bytes) } catch { exitWithError("the \(name) table does not load: \(error)") }
            let sample = Measure.batches(opsPerBatch: 1, config: config) { reps in
                for _ in 0..<reps { blackHole(try? BindingTable(bytes: bytes)) }
            }
            let ms = median(sample, "hostile load \(name)") / 1e6
            results.hostileLoad.append((name, bytes.count, ms / (Double(bytes.count) / 1_000_000)))
        }
    }
}
