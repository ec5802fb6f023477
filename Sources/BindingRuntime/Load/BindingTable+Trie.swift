// MARK: - Trie access (the dispatch hot path: no allocation, O(1) per stroke)

extension BindingTable {
    /// The root node: the empty sequence.
    static let root = 0

    /// Number of trie nodes, the root included.
    var nodeCount: Int { count(.nodes) - 1 }

    /// The child of `node` reached by `code`, found by linear probing in the node's slots.
    @inline(__always)
    func child(of node: Int, code: UInt32) -> Int? {
        let s0 = Int(reader.u32(nodesAt + node &* 16 + 12))
        let s1 = Int(reader.u32(nodesAt + (node &+ 1) &* 16 + 12))
        let cap = s1 &- s0
        guard cap > 0 else { return nil }
        var p = TableFormat.slotHash(code, log2Capacity: cap.trailingZeroBitCount)
        for _ in 0..<cap {
            let at = slotsAt + (s0 &+ p) &* 8
            let c = reader.u32(at)
            if c == code { return Int(reader.u32(at + 4)) }
            if c == TableFormat.emptySlot { return nil }
            p = (p &+ 1) & (cap &- 1)
        }
        return nil
    }

    /// The parent of `node` (nil for the root).
    func parent(of node: Int) -> Int? {
        let p = reader.u32(nodesAt + node * 16)
        return p == TableFormat.none ? nil : Int(p)
    }

    /// The chord on the edge into `node`.
    func chord(of node: Int) -> Chord {
        Chord(code: reader.u32(nodesAt + node * 16 + 4)) ?? Chord(key: .space)
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
        let s0 = Int(reader.u32(nodesAt + node * 16 + 12)), s1 = Int(reader.u32(nodesAt + (node + 1) * 16 + 12))
        var out: [(code: UInt32, node: Int)] = []
        for s in s0..<max(s0, s1) {
            let c = reader.u32(slotsAt + s * 8)
            if c != TableFormat.emptySlot { out.append((c, Int(reader.u32(slotsAt + s * 8 + 4)))) }
        }
        return out.sorted { $0.code < $1.code }
    }

    /// The run of `node` for `role` (``TableFormat/menuRole`` for menu bindings), if any.
    @inline(__always)
    func run(of node: Int, role: UInt32) -> Int? {
        var lo = Int(reader.u32(nodesAt + node &* 16 + 8))
        var hi = Int(reader.u32(nodesAt + (node &+ 1) &* 16 + 8))
        while hi &- lo > 4 {
            let mid = (lo &+ hi) >> 1
            let r = reader.u32(runsAt + mid &* 12)
            if r == role { return mid }
            if r < role { lo = mid &+ 1 } else { hi = mid }
        }
        while lo < hi {
            let r = reader.u32(runsAt + lo &* 12)
            if r == role { return lo }
            if r > role { return nil }
            lo &+= 1
        }
        return nil
    }

    /// The runs of `node`.
    func runs(of node: Int) -> Range<Int> {
        let r0 = Int(reader.u32(nodesAt + node * 16 + 8)), r1 = Int(reader.u32(nodesAt + (node + 1) * 16 + 8))
        return r0..<max(r0, r1)
    }

    /// The role of `run` (``TableFormat/menuRole`` for menu bindings).
    @inline(__always)
    func runRole(_ run: Int) -> UInt32 { reader.u32(runsAt + run &* 12) }

    /// The candidate range of `run`: indices into the candidate list.
    @inline(__always)
    func candidates(of run: Int) -> Range<Int> {
        let c0 = Int(reader.u32(runsAt + run &* 12 + 4)), c1 = Int(reader.u32(runsAt + (run &+ 1) &* 12 + 4))
        return c0..<max(c0, c1)
    }

    /// Candidate `c`: a binding index.
    @inline(__always)
    func candidate(_ c: Int) -> Int { Int(reader.u32(candidatesAt + c &* 4)) }

    /// The condition under which a longer sequence of this run's role is live.
    @inline(__always)
    func longerCondition(of run: Int) -> UInt32 { reader.u32(runsAt + run &* 12 + 8) }

    // MARK: Binding fields

    @inline(__always) func bindingNode(_ b: Int) -> Int { Int(reader.u32(bindingsAt + b &* 28)) }
    @inline(__always) func bindingRole(_ b: Int) -> UInt32 { reader.u32(bindingsAt + b &* 28 + 4) }
    @inline(__always) func bindingAction(_ b: Int) -> Int { Int(reader.u32(bindingsAt + b &* 28 + 8)) }
    @inline(__always) func bindingArgument(_ b: Int) -> UInt32 { reader.u32(bindingsAt + b &* 28 + 12) }
    @inline(__always) func bindingTitle(_ b: Int) -> UInt32 { reader.u32(bindingsAt + b &* 28 + 16) }
    @inline(__always) func bindingGroup(_ b: Int) -> UInt32 { reader.u32(bindingsAt + b &* 28 + 20) }
    @inline(__always) func bindingCondition(_ b: Int) -> UInt32 { reader.u32(bindingsAt + b &* 28 + 24) }

    /// The invocation a binding sends.
    @inline(__always)
    func invocation(ofBinding b: Int) -> ActionInvocation {
        ActionInvocation(table: self, actionIndex: bindingAction(b), argument: argument(bindingArgument(b)))
    }
}
