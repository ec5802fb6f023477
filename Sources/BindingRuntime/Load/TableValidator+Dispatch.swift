// MARK: - The dispatch index (format 5: DKEY, DNOD, DGRP, DCAN, DTST)

extension TableValidator {
    // The dispatch index is checked against the trie, bindings and conditions it is derived
    // from, in one linear pass each, so that dispatch may read it without checks
    // (``DispatchIndex``): every stroke of the trie once in `DKEY` and findable from its
    // home slot (``checkStrokeKeys()``, which reads only `DKEY` and `NODE`); per node exactly
    // its roles' groups in `DGRP`, in role order, tiling `DGRP`, with the node's role mask;
    // each group's candidates exactly the node's run of that role and its longer condition
    // the node's `LONG` entry for it (``checkDispatchNodes(candidateRoles:)``, after
    // ``checkTrie(roles:)``, with the candidates' roles it read); each `DCAN` record the
    // binding, invocation, action and condition of its `CAND` entry (checked by
    // ``checkTrie(roles:)`` as it reads the entry); each `DTST` record exactly the test
    // ``MaskTest/compile(count:contextBit:instruction:)`` gives for its condition, so fast
    // and interpreted evaluation agree (``checkConditionTests()``).

    func checkConditionTests() throws(TableError) {
        let conditions = count(.conditions)
        guard count(.conditionTests) == conditions else {
            throw .badSectionSize(section: "DTST", size: self[.conditionTests].size, count: count(.conditionTests))
        }
        var contextBit: [Int] = []
        var bits = 0
        for i in 0..<count(.contexts) {
            contextBit.append(bits)
            bits += TableFormat.contextBitCount(kind: f(.contexts, i, 1), values: Int(f(.contexts, i, 3)))
        }
        let words = TableFormat.contextWords(bits: bits)
        let codeAt = self[.code].offset, testAt = self[.conditionTests].offset
        for c in 0..<conditions {
            let start = Int(f(.conditions, c, 0)), n = Int(f(.conditions, c, 1))
            let expected = MaskTest.compile(count: n, contextBit: { contextBit[$0] }) { pc in
                let at = codeAt + (start + pc) * 12
                return (r.u32(at), r.u32(at + 4), r.u32(at + 8))
            }
            let at = testAt + c * TableFormat.testRecordSize
            let kind = r.u32(at)
            let found = MaskTest(word: r.u32(at + 4), mask: r.u64(at + 8), want: r.u64(at + 16), any: r.u64(at + 24), flip: r.u64(at + 32))
            if let expected {
                guard kind == TableFormat.testKindMask, found == expected, Int(found.word) < words else {
                    throw .invalidValue(section: "DTST", record: c, field: "mask test", value: UInt64(kind))
                }
            } else {
                guard kind == TableFormat.testKindInterpret, found == MaskTest(word: 0, mask: 0, want: 0, any: 0, flip: 0) else {
                    throw .invalidValue(section: "DTST", record: c, field: "interpreted condition", value: UInt64(kind))
                }
            }
        }
    }

    func checkStrokeKeys() throws(TableError) {
        try r.withView { (r: TableBytesView) throws(TableError) -> Void in
            let nodes = count(.nodes) - 1
            let cap = count(.strokeKeys)
            // A power of two of at least 2 slots, at most half full: a probe always ends.
            guard TableValidator.isPowerOfTwo(cap), cap >= 2, cap >= 2 * (nodes - 1) else {
                throw .badSectionSize(section: "DKEY", size: self[.strokeKeys].size, count: cap)
            }
            let keyAt = self[.strokeKeys].offset, nodeAt = self[.nodes].offset
            let none = TableFormat.none
            let seen = UnsafeMutableBufferPointer<Bool>.allocate(capacity: max(nodes, 1))
            seen.initialize(repeating: false)
            defer { seen.deallocate() }
            let log2 = cap.trailingZeroBitCount
            let emptyWords = UInt64(TableFormat.emptySlot) << 32 | UInt64(none)
            // Each slot checked and found reachable in one walk (``ProbeWalk``).
            guard var walk = ProbeWalk(capacity: cap, isEmpty: { r.u32(keyAt &+ $0 &* 16 &+ 4) == TableFormat.emptySlot }) else {
                throw .badTrie(node: 0, reason: "no empty stroke slot")
            }
            var filled = 0
            for i in 0..<cap {
                let s = walk.slot(i)
                let at = keyAt &+ s &* 16
                let head = r.provenU64(at), tail = r.provenU64(at &+ 8)
                guard tail >> 32 == 0 else { throw .invalidValue(section: "DKEY", record: s, field: "reserved", value: tail >> 32) }
                let parent = UInt32(truncatingIfNeeded: head), chord = UInt32(truncatingIfNeeded: head >> 32)
                let child = UInt32(truncatingIfNeeded: tail)
                if chord == TableFormat.emptySlot {
                    guard head == emptyWords, child == none else { throw .invalidValue(section: "DKEY", record: s, field: "empty slot", value: UInt64(child)) }
                    walk.passEmpty(at: i)
                    continue
                }
                guard child > 0, Int(child) < nodes else { throw .outOfBounds(section: "DKEY", record: s, field: "child", value: child, limit: nodes) }
                guard r.provenU64(nodeAt &+ Int(child) &* 20) == head else {
                    throw .badTrie(node: Int(child), reason: "stroke slot \(s) does not name this node's parent and chord")
                }
                guard !seen[Int(child)] else { throw .badTrie(node: Int(child), reason: "in two stroke slots") }
                seen[Int(child)] = true
                filled &+= 1
                if !walk.reaches(from: TableFormat.strokeHash(node: parent, code: chord, log2Capacity: log2), at: i) {
                    throw .invalidValue(section: "DKEY", record: s, field: "unreachable stroke", value: UInt64(child))
                }
            }
            guard filled == max(nodes - 1, 0) else { throw .badTrie(node: 0, reason: "\(max(nodes - 1, 0) - filled) nodes in no stroke slot") }
        }
    }

    /// Checks `DNOD` and `DGRP`: per node, its groups are the merge of its candidates' role
    /// runs (`candidateRoles`, in `CAND` order) and its `LONG` entries.
    func checkDispatchNodes(candidateRoles roles: UnsafeBufferPointer<UInt32>) throws(TableError) {
        try r.withView { (r: TableBytesView) throws(TableError) -> Void in
            let nodes = count(.nodes) - 1
            let groups = count(.dispatchGroups), cands = count(.candidates)
            guard count(.dispatchNodes) == nodes + 1 else {
                throw .badSectionSize(section: "DNOD", size: self[.dispatchNodes].size, count: count(.dispatchNodes))
            }
            guard roles.count == cands else { throw .badTrie(node: 0, reason: "\(roles.count) candidate roles for \(cands) candidates") }
            let nodeAt = self[.nodes].offset, dnodAt = self[.dispatchNodes].offset, groupAt = self[.dispatchGroups].offset
            let longAt = self[.longer].offset
            guard r.u32(dnodAt + 8) == 0 else { throw .badTrie(node: 0, reason: "dispatch groups do not start at 0") }
            for n in 0...nodes {
                let rec = dnodAt + n * 16
                guard r.provenU32(rec + 12) == 0 else { throw .invalidValue(section: "DNOD", record: n, field: "reserved", value: UInt64(r.u32(rec + 12))) }
                if n == nodes {
                    guard Int(r.u32(rec + 8)) == groups, r.u64(rec) == 0 else { throw .badTrie(node: n, reason: "bad dispatch sentinel") }
                    break
                }
                let g0 = Int(r.provenU32(rec + 8)), g1 = Int(r.provenU32(rec + 24))
                guard g0 <= g1, g1 <= groups else { throw .badTrie(node: n, reason: "dispatch group range \(g0)..<\(g1) out of order") }
                // The node's candidate and LONG ranges (checked by `checkTrie`).
                let c1 = Int(r.provenU32(nodeAt + n * 20 + 28))
                var c = Int(r.provenU32(nodeAt + n * 20 + 8))
                var l = Int(r.provenU32(nodeAt + n * 20 + 16))
                let l1 = Int(r.provenU32(nodeAt + n * 20 + 36))
                var mask: UInt64 = 0
                // The next candidate's role (its DCAN record was checked with it by `checkTrie`),
                // or UInt64.max past the node's last.
                let none = UInt64.max
                var next = c < c1 ? UInt64(roles[c]) : none
                for g in g0..<g1 {
                    let at = groupAt &+ g &* 16
                    // (role, first candidate) and (end candidate, longer condition), as two words.
                    let head = r.provenU64(at), tail = r.provenU64(at &+ 8)
                    let role = UInt64(UInt32(truncatingIfNeeded: head))
                    // The group's role is the smaller of the next candidate's and the next LONG entry's.
                    let longRole = l < l1 ? UInt64(r.provenU32(longAt &+ l &* 8)) : none
                    guard min(next, longRole) == role, head >> 32 == UInt64(c) else {
                        throw .badTrie(node: n, reason: "dispatch group \(g) is not the node's next role")
                    }
                    while next == role {
                        c &+= 1
                        next = c < c1 ? UInt64(roles[c]) : none
                    }
                    var expectedLonger = TableFormat.conditionFalse
                    if longRole == role {
                        expectedLonger = r.provenU32(longAt &+ l &* 8 &+ 4)
                        l &+= 1
                    }
                    guard tail == UInt64(expectedLonger) << 32 | UInt64(c) else { throw .badTrie(node: n, reason: "dispatch group \(g) does not match the node's role \(role)") }
                    mask |= TableFormat.roleBit(UInt32(truncatingIfNeeded: role))
                }
                guard c == c1, l == l1 else { throw .badTrie(node: n, reason: "roles missing from the node's dispatch groups") }
                guard r.provenU64(rec) == mask else { throw .invalidValue(section: "DNOD", record: n, field: "role mask", value: r.u64(rec)) }
            }
        }
    }
}
