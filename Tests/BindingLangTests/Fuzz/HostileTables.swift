// Valid-looking tables built to be hard rather than random (issue 16's table): each starts
// from a small compiled keymap and rewrites sections with TableSections, resealing the
// checksum, so only the loader's structural checks and limits stand between it and the
// runtime. Shared by the tests and the table fuzzer.
import BindingLang
import BindingRuntime

enum HostileTables {
    /// A keymap with one Bool context `a`, one role `R` and one binding `k -> go when a`.
    static func base() -> [UInt8] {
        let chord = (try? Chord.parse("k", platform: .apple).get()) ?? Chord(key: .escape)
        let keymap = Keymap(
            name: "hostile", platform: .apple,
            contexts: [ContextVariable(name: "a", type: .bool)], roles: ["R"],
            actions: [Action(name: "go")],
            bindings: [Binding(sequence: [chord], role: 0, action: 0, condition: .flag(0))])
        return Emitter.emit(keymap, strip: true)
    }

    /// The base table whose one condition is `a && a && … && a` with `operands` operands,
    /// left-deep (so the evaluation stack stays at 2 while the tree is `operands` tall).
    static func deepCondition(operands: Int) -> [UInt8] {
        guard var t = TableSections(base()) else { return [] }
        let flag = TableFormat.Op.flag.rawValue, and = TableFormat.Op.and.rawValue
        var code: [UInt32] = [flag, 0, 0]
        code.reserveCapacity(operands * 6)
        for _ in 1..<max(1, operands) { code += [flag, 0, 0, and, 0, 0] }
        t.set(.code, words: code, count: code.count / 3)
        t.set(.conditions, words: [0, UInt32(code.count / 3)], count: 1)
        return t.bytes()
    }
}
