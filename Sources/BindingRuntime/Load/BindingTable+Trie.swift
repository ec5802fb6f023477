// MARK: - Trie access (the dispatch hot path: no allocation, O(1) per stroke)

extension BindingTable {
    /// The root node: the empty sequence.
    static let root = 0
    /// Bytes per `NODE` record.
    static let nodeSize = 20

    /// Number of trie nodes, the root included.
    var nodeCount: Int { count(.nodes) - 1 }

    @inline(__always)
    func nodeField(_ node: Int, _ k: Int) -> Int { Int(reader.u32(nodesAt &+ node &* BindingTable.nodeSize &+ k &* 4)) }

    /// The child of `node` reached by `code`, found by linear probing in the node's slots.
    @inline(__always)
    func child(of node: Int, code: UInt32) -> Int? {
        let s0 = nodeField(node, 3), s1 = nodeField(node &+ 1, 3)
        let cap = s1 &- s0
        guard cap > 0 else { return nil }
        var p = TableFormat.slotHash(code, log2Capacity: cap.trailingZeroBitCount)
        for _ in 0..<cap {
            let at = slotsAt &+ (s0 &+ p) &* 8
            let c = reader.u32(at)
            if c == code { return Int(reader.u32(at &+ 4)) }
            if c == TableFormat.emptySlot { return nil }
            p = (p &+ 1) & (cap &- 1)
        }
        return nil
    }

    /// The parent of `node` (nil for the root).
    func parent(of node: Int) -> Int? {
        let p = reader.u32(nodesAt + node * BindingTable.nodeSize)
        return p == TableFormat.none ? nil : Int(p)
    }

    /// The chord on the edge into `node`.
    func chord(of node: Int) -> Chord {
        Chord(code: reader.u32(nodesAt + node * BindingTable.nodeSize + 4)) ?? Chord(key: .space)
    }

    /// The strokes from the root to `node`.
    func sequence(of node: Int) -> [Chord] {
        var out: [Chord] = []
        var n = node
        while n != BindingTable.root, n < nodeCount, out.count < nodeCount {
            out.append(chord(of: n))
            n = parent(of: n) ?? BindingTable.root
        }
        return out.reversed()
    }

    /// The node a sequence leads to from the root, if every stroke is bound.
    func node(for sequence: [Chord]) -> Int? {
        var n = BindingTable.root
        for c in sequence {
            guard let next = child(of: n, code: c.code) else { return nil }
            n = next
        }
        return n
    }

    /// The children of `node` as (chord code, child) pairs, in chord order.
    func children(of node: Int) -> [(code: UInt32, node: Int)] {
        let s0 = nodeField(node, 3), s1 = nodeField(node + 1, 3)
        var out: [(code: UInt32, node: Int)] = []
        for s in s0..<max(s0, s1) {
            let c = reader.u32(slotsAt + s * 8)
            if c != TableFormat.emptySlot { out.append((c, Int(reader.u32(slotsAt + s * 8 + 4)))) }
        }
        return out.sorted { $0.code < $1.code }
    }

    /// All candidates of `node`: indices into `CAND`, ordered by role, then declaration.
    @inline(__always)
    func candidates(of node: Int) -> Range<Int> {
        let c0 = nodeField(node, 2), c1 = nodeField(node &+ 1, 2)
        return c0..<max(c0, c1)
    }

    /// The candidates of `node` in `role` (``TableFormat/menuRole`` for menu bindings), in
    /// declaration order: a binary search of the node's candidates, which are sorted by role.
    @inline(__always)
    func candidates(of node: Int, role: UInt32) -> Range<Int> {
        let all = candidates(of: node)
        var lo = all.lowerBound, hi = all.upperBound
        while lo < hi {   // first with role >= `role`
            let mid = (lo &+ hi) >> 1
            if bindingRole(candidate(mid)) < role { lo = mid &+ 1 } else { hi = mid }
        }
        var end = lo
        while end < all.upperBound, bindingRole(candidate(end)) == role { end &+= 1 }
        return lo..<end
    }

    /// Candidate `c`: a binding index.
    @inline(__always)
    func candidate(_ c: Int) -> Int { Int(reader.u32(candidatesAt &+ c &* 4)) }

    /// The `LONG` entries of `node`.
    @inline(__always)
    func longerEntries(of node: Int) -> Range<Int> {
        let l0 = nodeField(node, 4), l1 = nodeField(node + 1, 4)
        return l0..<max(l0, l1)
    }

    /// The role of `LONG` entry `l`.
    @inline(__always)
    func longerRole(_ l: Int) -> UInt32 { reader.u32(longerAt &+ l &* 8) }

    /// The condition of `LONG` entry `l`.
    @inline(__always)
    func longerConditionRef(_ l: Int) -> UInt32 { reader.u32(longerAt &+ l &* 8 &+ 4) }

    /// The condition under which some longer binding of `role` starting with `node`'s
    /// sequence is live (``TableFormat/conditionFalse`` when there is none).
    @inline(__always)
    func longerCondition(of node: Int, role: UInt32) -> UInt32 {
        var l = nodeField(node, 4)
        let end = nodeField(node &+ 1, 4)
        while l < end {
            let r = reader.u32(longerAt &+ l &* 8)
            if r == role { return reader.u32(longerAt &+ l &* 8 &+ 4) }
            if r > role { break }
            l &+= 1
        }
        return TableFormat.conditionFalse
    }

    // MARK: Binding fields

    @inline(__always) func bindingNode(_ b: Int) -> Int { Int(reader.bindingField(bindingsAt, narrow: narrowBindings, b, 0)) }
    @inline(__always) func bindingInvocation(_ b: Int) -> Int { Int(reader.bindingField(bindingsAt, narrow: narrowBindings, b, 1)) }
    @inline(__always) func bindingTitle(_ b: Int) -> UInt32 { reader.bindingField(bindingsAt, narrow: narrowBindings, b, 2) }
    @inline(__always) func bindingAttributes(_ b: Int) -> Int { Int(reader.bindingField(bindingsAt, narrow: narrowBindings, b, 3)) }
    @inline(__always) func bindingRole(_ b: Int) -> UInt32 { reader.u32(attributesAt &+ bindingAttributes(b) &* 16) }
    @inline(__always) func bindingGroup(_ b: Int) -> UInt32 { reader.u32(attributesAt &+ bindingAttributes(b) &* 16 &+ 4) }
    @inline(__always) func bindingCondition(_ b: Int) -> UInt32 { reader.u32(attributesAt &+ bindingAttributes(b) &* 16 &+ 8) }
    @inline(__always) func bindingFlags(_ b: Int) -> UInt32 { reader.u32(attributesAt &+ bindingAttributes(b) &* 16 &+ 12) }
    @inline(__always) func bindingAction(_ b: Int) -> Int { Int(reader.u32(invocationsAt &+ bindingInvocation(b) &* 8)) }
    @inline(__always) func bindingArgument(_ b: Int) -> UInt32 { reader.u32(invocationsAt &+ bindingInvocation(b) &* 8 &+ 4) }

    /// The invocation a binding sends.
    @inline(__always)
    func invocation(ofBinding b: Int) -> ActionInvocation {
        let at = invocationsAt &+ bindingInvocation(b) &* 8
        return ActionInvocation(table: self, actionIndex: Int(reader.u32(at)), argument: argument(reader.u32(at &+ 4)))
    }
}
