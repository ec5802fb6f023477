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

extension HostileTables {
    /// A table of `count` roles (no bindings), all named like role 0 when `sameName`,
    /// placed in the role hash by the runtime's own probing: with one name every role lands in
    /// one cluster.
    static func roles(_ count: Int, sameName: Bool) -> [UInt8] {
        let keymap = Keymap(name: "roles", platform: .apple, roles: (0..<count).map { "role\($0)" })
        let bytes = Emitter.emit(keymap, strip: true)
        guard var t = TableSections(bytes), let table = try? BindingTable(bytes: bytes) else { return [] }
        var names = t.words(.roles)
        if sameName { names = [UInt32](repeating: names.first ?? 0, count: names.count) }
        t.set(.roles, words: names, count: names.count)
        var n = 2
        while n < count * 2 { n *= 2 }
        var slots = [UInt32](repeating: TableFormat.emptySlot, count: n)
        for i in 0..<count {
            let name = table.roleName(sameName ? 0 : i)
            var s = Int(TableFormat.nameHash(name.utf8)) & (n - 1)
            while slots[s] != TableFormat.emptySlot { s = (s + 1) & (n - 1) }
            slots[s] = UInt32(i)
        }
        t.set(.roleHash, words: slots, count: n)
        return t.bytes()
    }

    /// A keymap of `children` one-stroke bindings whose root slot table is rewritten to the
    /// smallest power of two with one empty slot (the emitter keeps load at most 7/8).
    static func fullRootSlots(children: Int) -> [UInt8] {
        let keys = (0..<children).compactMap { i -> Chord? in
            guard let scalar = Unicode.Scalar(0x4E00 + i) else { return nil }
            return Chord(key: Key(character: scalar))
        }
        let keymap = Keymap(
            name: "full", platform: .apple, roles: ["R"], actions: [Action(name: "go")],
            bindings: keys.map { Binding(sequence: [$0], role: 0, action: 0) })
        guard var t = TableSections(Emitter.emit(keymap, strip: true)) else { return [] }
        var nodes = t.words(.nodes)
        let oldSlots = t.words(.slots)
        let oldCap = Int(nodes[5 + 3])  // node 1's first slot = the root's capacity
        var cap = 2
        while cap < children + 1 { cap *= 2 }
        var slots = [UInt32](repeating: TableFormat.emptySlot, count: cap * 2)
        for k in 0..<oldCap where oldSlots[2 * k] != TableFormat.emptySlot {
            var s = Int(TableFormat.slotHash(oldSlots[2 * k], log2Capacity: cap.trailingZeroBitCount))
            while slots[2 * s] != TableFormat.emptySlot { s = (s + 1) & (cap - 1) }
            slots[2 * s] = oldSlots[2 * k]
            slots[2 * s + 1] = oldSlots[2 * k + 1]
        }
        slots += oldSlots[(2 * oldCap)...]
        for n in 1..<(nodes.count / 5) { nodes[5 * n + 3] = nodes[5 * n + 3] - UInt32(oldCap) + UInt32(cap) }
        t.set(.nodes, words: nodes, count: nodes.count / 5)
        t.set(.slots, words: slots, count: slots.count / 2)
        return t.bytes()
    }
}

extension HostileTables {
    /// A false condition of exactly `size` nodes (4, or at least 6), balanced so it stays
    /// shallow: `a && !a` and-ed with a tree of `a`, `!a` and `&&`.
    static func falseCondition(size: Int) -> Condition {
        func tree(_ n: Int) -> Condition {
            if n <= 1 { return .flag(0) }
            if n == 2 { return .not(.flag(0)) }
            let left = (n - 1) / 2
            return .and(tree(left), tree(n - 1 - left))
        }
        let contradiction = Condition.and(.flag(0), .not(.flag(0)))
        return size <= 5 ? contradiction : .and(tree(size - 5), contradiction)
    }

    /// `candidates` bindings of `k` in one role, all gated by one false condition of `size`
    /// instructions, written by the emitter (which trusts the checker to have refused it).
    static func sharedFalseCondition(candidates: Int, size: Int) -> [UInt8] {
        let chord = (try? Chord.parse("k", platform: .apple).get()) ?? Chord(key: .escape)
        let condition = falseCondition(size: size)
        let keymap = Keymap(
            name: "shared", platform: .apple, contexts: [ContextVariable(name: "a", type: .bool)], roles: ["R"],
            actions: [Action(name: "go")],
            bindings: (0..<candidates).map { _ in Binding(sequence: [chord], role: 0, action: 0, condition: condition) })
        return Emitter.emit(keymap, strip: true)
    }
}
