import BindingRuntime

/// The emitter's work: interns strings, conditions and arguments, builds the key trie with
/// its candidate lists, longer-sequence conditions and hash tables, flattens menus and user-info dictionaries, and lays the
/// sections out behind the header and directory. Every traversal is in keymap order or
/// sorted, so the bytes are deterministic.
struct TableBuilder {
    typealias Section = TableFormat.Section
    let keymap: Keymap
    let strip: Bool
    var sections = [ByteWriter](repeating: ByteWriter(), count: Section.allCases.count)

    var strings: [String] = []
    var stringIDs: NameIndex<UInt32>
    /// Per String context: the literals conditions compare it with, in first-use order.
    var literals: [[String]]
    var literalIDs: [[String: UInt32]]
    var conditionIDs: [Condition: UInt32] = [:]
    var argumentIDs: [ArgumentValue: UInt32] = [:]
    /// (action, argument) pairs, keyed by both in one word.
    var invocationIDs: WordMap
    /// (role, group, condition, flags) records, keyed by the four in two words.
    var attributeIDs: WordPairMap<UInt32>
    /// Whether `BIND` records are written narrow (see ``TableFormat/metaNarrowBindings``).
    var narrowBindings = false
    /// Whether `SRCM` records are written narrow (see ``TableFormat/metaNarrowSourceMap``).
    var narrowSourceMap = false
    /// Whether narrow records may be used at all.
    var allowNarrowBindings = true
    /// Whether freed working memory is handed back to the system between steps
    /// (``FreedMemory/release()``). The working arrays of the trie and the sections' buffers,
    /// once freed, leave runs that the next large array reuses only in part, and each page
    /// touched stays resident: without this, the emit of a 100,000-binding keymap held 23 MB
    /// of freed memory at its end.
    var releasesMemory = false
    /// Per context variable, its first bit in the packed context bitset (``MaskTest``).
    var contextBit: [Int] = []

    init(keymap: Keymap, strip: Bool) {
        self.keymap = keymap
        self.strip = strip
        literals = Array(repeating: [], count: keymap.contexts.count)
        literalIDs = Array(repeating: [:], count: keymap.contexts.count)
        // Most strings are binding titles. The maps are sized as they fill (growing one
        // rehashes no string): a keymap has far fewer distinct strings, invocations and
        // attribute records than bindings.
        strings.reserveCapacity(keymap.bindings.count / 2 + keymap.actions.count + keymap.roles.count + 16)
        stringIDs = NameIndex()
        invocationIDs = WordMap()
        attributeIDs = WordPairMap()
    }

    mutating func write(_ s: Section, _ body: (inout ByteWriter) -> Void) {
        body(&sections[s.rawValue])
    }

    /// Reserves room for `records` more records of `size` bytes in section `s`, when their
    /// number is known before they are written: the section is then allocated once, not
    /// regrown (and copied) as it fills.
    mutating func reserve(_ s: Section, records: Int, size: Int) {
        sections[s.rawValue].reserve(records * size)
    }

    // MARK: - Interning

    mutating func intern(_ s: String) -> UInt32 {
        let candidate = UInt32(strings.count)
        let id = stringIDs.value(of: s, insertingIfAbsent: candidate)
        if id == candidate { strings.append(s) }
        return id
    }

    /// The `ATTR`/`ITEM` flags for `@noRemapping` and `@noMirroring`: remapping off sets both,
    /// as it turns mirroring off too.
    static func keyboardAdaptationFlags(_ localization: Bool, _ mirroring: Bool) -> UInt32 {
        (localization ? 0 : TableFormat.attributeNoRemapping | TableFormat.attributeNoMirroring)
            | (mirroring ? 0 : TableFormat.attributeNoMirroring)
    }

    mutating func intern(_ s: String?) -> UInt32 { s.map { intern($0) } ?? TableFormat.none }

    /// Interns the string literals `c` compares with. Iterative (an explicit stack of the
    /// subtrees still to visit), so no condition is too tall for it.
    mutating func collectLiterals(_ c: Condition) {
        switch c {
        case .constant, .flag, .enumEquals, .inside, .plays: return   // most conditions: no array
        default: break
        }
        var pending = [c]
        while let c = pending.popLast() {
            switch c {
            case .stringEquals(let ctx, let text):
                guard ctx >= 0, ctx < literals.count, literalIDs[ctx][text] == nil else { continue }
                literalIDs[ctx][text] = UInt32(literals[ctx].count)
                literals[ctx].append(text)
            case .not(let x): pending.append(x)
            case .and(let l, let r), .or(let l, let r):
                pending.append(r)
                pending.append(l)
            case .constant, .flag, .enumEquals, .inside, .plays: break
            }
        }
    }

    /// One node of a condition flattened in post-order: its operands' indices (−1: none) and
    /// the evaluation stack it needs when the deeper operand goes first.
    struct FlatNode {
        var condition: Condition
        var left = -1
        var right = -1
        var need = 1
    }

    /// `c` flattened in post-order (operands before their operator), each node's stack need
    /// computed once from its operands': linear in the size of `c`, with no call per level.
    static func flatten(_ c: Condition) -> [FlatNode] {
        var nodes: [FlatNode] = []
        var done: [Int] = []  // indices of finished operands, awaiting their operator
        var pending: [(Condition, expanded: Bool)] = [(c, false)]
        while let (c, expanded) = pending.popLast() {
            switch c {
            case .not(let x):
                if expanded {
                    let x = done.removeLast()
                    nodes.append(FlatNode(condition: c, left: x, need: nodes[x].need))
                    done.append(nodes.count - 1)
                } else {
                    pending.append((c, true))
                    pending.append((x, false))
                }
            case .and(let l, let r), .or(let l, let r):
                if expanded {
                    let r = done.removeLast(), l = done.removeLast()
                    let a = nodes[l].need, b = nodes[r].need
                    nodes.append(FlatNode(condition: c, left: l, right: r, need: a == b ? a + 1 : max(a, b)))
                    done.append(nodes.count - 1)
                } else {
                    pending.append((c, true))
                    pending.append((r, false))
                    pending.append((l, false))
                }
            case .constant, .flag, .enumEquals, .stringEquals, .inside, .plays:
                nodes.append(FlatNode(condition: c))
                done.append(nodes.count - 1)
            }
        }
        return nodes
    }

    /// Stack entries needed to evaluate `c` when the deeper operand goes first.
    static func need(_ c: Condition) -> Int { flatten(c).last?.need ?? 1 }

    /// Compiles `c` to postfix code: each operator after its operands, the operand needing the
    /// deeper stack first (then `andSwapped`/`orSwapped`), so evaluation needs ``need(_:)``
    /// entries. Iterative over the flattened tree: no call per level, linear in its size.
    func compile(_ c: Condition, into code: inout ByteWriter) {
        func op(_ o: TableFormat.Op, _ a: UInt32 = 0, _ b: UInt32 = 0) { code.record(o.rawValue, a, b) }
        let nodes = TableBuilder.flatten(c)
        guard !nodes.isEmpty else { return }
        enum Work { case visit(Int), emit(TableFormat.Op) }
        var work: [Work] = [.visit(nodes.count - 1)]
        while let item = work.popLast() {
            let index: Int
            switch item {
            case .emit(let o): op(o); continue
            case .visit(let i): index = i
            }
            let node = nodes[index]
            switch node.condition {
            case .constant(let v): op(.constant, v ? 1 : 0)
            case .flag(let i): op(.flag, UInt32(truncatingIfNeeded: i))
            case .enumEquals(let i, let k): op(.enumEquals, UInt32(truncatingIfNeeded: i), UInt32(truncatingIfNeeded: k))
            case .stringEquals(let i, let s):
                let lit = i >= 0 && i < literalIDs.count ? literalIDs[i][s] ?? TableFormat.none : TableFormat.none
                op(.stringEquals, UInt32(truncatingIfNeeded: i), lit)
            case .inside(let r): op(.inside, UInt32(truncatingIfNeeded: r))
            case .plays(let r): op(.plays, UInt32(truncatingIfNeeded: r))
            case .not:
                work.append(.emit(.not))
                work.append(.visit(node.left))
            case .and, .or:
                let isAnd: Bool
                if case .and = node.condition { isAnd = true } else { isAnd = false }
                // Pushed in reverse: the first operand to run is pushed last.
                if nodes[node.right].need > nodes[node.left].need {
                    work.append(.emit(isAnd ? .andSwapped : .orSwapped))
                    work.append(.visit(node.left))
                    work.append(.visit(node.right))
                } else {
                    work.append(.emit(isAnd ? .and : .or))
                    work.append(.visit(node.right))
                    work.append(.visit(node.left))
                }
            }
        }
    }

    mutating func condition(_ c: Condition) -> UInt32 {
        if c.isTrue { return TableFormat.conditionTrue }
        if c.isFalse { return TableFormat.conditionFalse }
        if let id = conditionIDs[c] { return id }
        let id = UInt32(sections[Section.conditions.rawValue].count)
        conditionIDs[c] = id
        let start = sections[Section.code.rawValue].count
        var code = ByteWriter()
        // A condition too tall for the loader is regrouped (ConditionShape.swift).
        let tall = PressCost.size(c) > TableFormat.maxConditionHeight && c.height > TableFormat.maxConditionHeight
        compile(tall ? c.balanced() : c, into: &code)
        let n = code.count
        code.withBytes { sections[Section.code.rawValue].append($0) }
        sections[Section.code.rawValue].count += n
        write(.conditions) { $0.record(UInt32(start), UInt32(n)) }
        writeTest(code)
        return id
    }

    /// The `DTST` record of a condition compiled to `code`: its mask test, or the kind that
    /// sends dispatch to the interpreter.
    mutating func writeTest(_ code: ByteWriter) {
        let bits = contextBit
        let test = code.withBytes { raw in
            MaskTest.compile(count: code.count, contextBit: { bits[$0] }) { pc in
                func word(_ k: Int) -> UInt32 { UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: pc * 12 + k * 4, as: UInt32.self)) }
                return (word(0), word(1), word(2))
            }
        }
        let t = test ?? MaskTest(word: 0, mask: 0, want: 0, any: 0, flip: 0)
        write(.conditionTests) { w in
            w.u32(test == nil ? TableFormat.testKindInterpret : TableFormat.testKindMask)
            w.u32(t.word)
            w.u64(t.mask)
            w.u64(t.want)
            w.u64(t.any)
            w.u64(t.flip)
            w.count += 1
        }
    }

    /// The disjunction of `cs` (already deduplicated), as a balanced tree.
    static func disjunction(_ cs: [Condition]) -> Condition {
        if cs.isEmpty { return .constant(false) }
        if cs.contains(where: \.isTrue) { return .constant(true) }
        var level = cs
        while level.count > 1 {
            var next: [Condition] = []
            var i = 0
            while i < level.count {
                next.append(i + 1 < level.count ? .or(level[i], level[i + 1]) : level[i])
                i += 2
            }
            level = next
        }
        return level[0]
    }

    mutating func argument(_ v: ArgumentValue) -> UInt32 {
        if v == .none { return TableFormat.none }
        if let id = argumentIDs[v] { return id }
        let id = UInt32(sections[Section.arguments.rawValue].count)
        argumentIDs[v] = id
        let kind: TableFormat.ArgumentKind
        let value: UInt64
        switch v {
        case .none: return TableFormat.none
        case .int(let i): kind = .int; value = UInt64(bitPattern: i)
        case .bool(let b): kind = .bool; value = b ? 1 : 0
        case .string(let s): kind = .string; value = UInt64(intern(s))
        }
        write(.arguments) { w in
            w.u32(kind.rawValue)
            w.u64(value)
            w.count += 1
        }
        return id
    }

    // MARK: - Build

    mutating func build() -> [UInt8] {
        // Declarations.
        let name = intern(keymap.name)
        for a in keymap.actions {
            let kind: TableFormat.ArgumentKind = switch a.argument {
            case nil: .none
            case .int?: .int
            case .string?: .string
            case .bool?: .bool
            }
            let id = intern(a.name)
            write(.actions) { $0.record(id, kind.rawValue, a.isStandard ? 1 : 0) }
        }
        // By index: iterating the bindings would copy each one (retaining every field).
        let bindings = keymap.bindings
        for i in bindings.indices { collectLiterals(bindings[i].condition) }
        if !strip { for i in bindings.indices { for o in bindings[i].overriddenBy { collectLiterals(o.condition) } } }
        for e in keymap.editMenu { collectLiterals(e.condition) }
        forEachMenuItem(keymap.mainMenus) { collectLiterals($0.condition) }
        var valueCount = 0
        for (i, c) in keymap.contexts.enumerated() {
            let kind: TableFormat.ContextKind
            let values: [String]
            switch c.type {
            case .bool: kind = .bool; values = []
            case .string: kind = .string; values = literals[i]
            case .enumeration(let cases): kind = .enumeration; values = cases
            }
            let id = intern(c.name)
            let start = valueCount
            for v in values {
                let vid = intern(v)
                write(.values) { $0.record(vid) }
            }
            valueCount += values.count
            write(.contexts) { $0.record(id, kind.rawValue, UInt32(start), UInt32(values.count)) }
        }
        var bit = 0
        for i in keymap.contexts.indices {
            contextBit.append(bit)
            let (kind, n): (TableFormat.ContextKind, Int) = switch keymap.contexts[i].type {
            case .bool: (.bool, 0)
            case .string: (.string, literals[i].count)
            case .enumeration(let cases): (.enumeration, cases.count)
            }
            bit += TableFormat.contextBitCount(kind: kind.rawValue, values: n)
        }
        let roleIDs = keymap.roles.map { intern($0) }
        for id in roleIDs { write(.roles) { $0.record(id) } }
        buildRoleHash()
        for g in keymap.groups {
            let id = intern(g)
            write(.groups) { $0.record(id) }
        }
        buildTrieAndBindings()
        releaseFreedMemory()
        buildEditMenu()
        let topMenus = buildMainMenus()
        buildQuickActions()
        if !strip { buildSourceMap() }
        let platform = keymap.platform.tableCode
        let metaFlags = (narrowBindings ? TableFormat.metaNarrowBindings : 0) | (narrowSourceMap ? TableFormat.metaNarrowSourceMap : 0)
        write(.meta) { $0.record(name, platform, UInt32(topMenus), metaFlags) }
        buildStrings()
        return layout()
    }

    mutating func buildRoleHash() {
        let roles = keymap.roles
        guard !roles.isEmpty else { return }
        var n = 2
        while n < roles.count * 2 { n *= 2 }
        var slots = [UInt32](repeating: TableFormat.emptySlot, count: n)
        for (i, r) in roles.enumerated() {
            var s = Int(TableFormat.nameHash(r.utf8)) & (n - 1)
            while slots[s] != TableFormat.emptySlot { s = (s + 1) & (n - 1) }
            slots[s] = UInt32(i)
        }
        for v in slots { write(.roleHash) { $0.record(v) } }
    }

    mutating func buildTrieAndBindings() {
        // Flat arrays throughout (no per-node dictionaries or arrays, no per-binding path
        // arrays): allocating and freeing those was most of the emitter's time.
        let bindings = keymap.bindings
        // Node and binding numbers are kept in 32 bits (as the table stores them): the
        // arrays below are alive together, and at 64 bits they were a fifth of the emit's
        // peak memory for a 100,000-binding keymap.
        // Build the trie with provisional node numbers; a node's children are found through
        // one table keyed by (parent, chord) in one word.
        var parent: [Int32] = [-1], chord: [UInt32] = [TableFormat.none]
        var childOf = WordMap(capacity: bindings.count)
        // Per binding: its node (-1 for an empty sequence) and its role's code, read from the
        // bindings once: each later pass reads these compact arrays, not the 184-byte
        // bindings and their sequences' storage (two cache misses per binding and pass).
        var last = [Int32](repeating: -1, count: bindings.count)
        var roleCodes = [UInt32](repeating: TableFormat.menuRole, count: bindings.count)
        // Per stroke before the last of a binding: (provisional prefix node, binding).
        var prefixes: [(node: Int32, binding: Int32)] = []
        for i in bindings.indices {
            if let role = bindings[i].role { roleCodes[i] = UInt32(truncatingIfNeeded: role) }
            var n = 0
            let sequence = bindings[i].sequence
            guard !sequence.isEmpty else { continue }
            for (k, c) in sequence.enumerated() {
                let key = UInt64(UInt32(truncatingIfNeeded: n)) << 32 | UInt64(c.code)
                let next = Int(childOf.value(of: key, insertingIfAbsent: UInt32(truncatingIfNeeded: parent.count)))
                if next == parent.count {
                    parent.append(Int32(truncatingIfNeeded: n))
                    chord.append(c.code)
                }
                if k + 1 < sequence.count { prefixes.append((Int32(truncatingIfNeeded: next), Int32(truncatingIfNeeded: i))) }
                n = next
            }
            last[i] = Int32(truncatingIfNeeded: n)
        }
        // Each working array is emptied after its last read, so that it is freed then, not at
        // the end of the function: they are a third of the emit's peak memory.
        childOf = WordMap()
        let nodeCount = parent.count
        // Children per node (CSR layout: parents precede children, so counting works), each
        // node's run sorted by chord.
        var childStart = [Int32](repeating: 0, count: nodeCount + 1)
        for n in 1..<nodeCount { childStart[Int(parent[n]) + 1] += 1 }
        for n in 0..<nodeCount { childStart[n + 1] += childStart[n] }
        var children = [Int32](repeating: 0, count: max(nodeCount - 1, 0))
        var fill = childStart
        for n in 1..<nodeCount {
            let p = Int(parent[n])
            children[Int(fill[p])] = Int32(truncatingIfNeeded: n)
            fill[p] += 1
        }
        for n in 0..<nodeCount where childStart[n + 1] - childStart[n] > 1 {
            children[Int(childStart[n])..<Int(childStart[n + 1])].sort { chord[Int($0)] < chord[Int($1)] }
        }
        // Renumber breadth first, children in chord order: parents precede children.
        var order: [Int32] = [0]
        order.reserveCapacity(nodeCount)
        var newID = [Int32](repeating: 0, count: nodeCount)
        var head = 0
        while head < order.count {
            let n = Int(order[head])
            newID[n] = Int32(truncatingIfNeeded: head)
            head += 1
            order.append(contentsOf: children[Int(childStart[n])..<Int(childStart[n + 1])])
        }
        // Per node (by new number): the candidates (bindings of exactly its sequence), sorted
        // by role then binding.
        var candidateStart = [Int32](repeating: 0, count: nodeCount + 1)
        for i in bindings.indices where last[i] >= 0 { candidateStart[Int(newID[Int(last[i])]) + 1] += 1 }
        for n in 0..<nodeCount { candidateStart[n + 1] += candidateStart[n] }
        var candidateList = [(role: UInt32, binding: UInt32)](repeating: (0, 0), count: Int(candidateStart[nodeCount]))
        fill = candidateStart
        for i in bindings.indices where last[i] >= 0 {
            let n = Int(newID[Int(last[i])])
            candidateList[Int(fill[n])] = (roleCodes[i], UInt32(truncatingIfNeeded: i))
            fill[n] += 1
        }
        for n in 0..<nodeCount where candidateStart[n + 1] - candidateStart[n] > 1 {
            candidateList[Int(candidateStart[n])..<Int(candidateStart[n + 1])].sort { ($0.role, $0.binding) < ($1.role, $1.binding) }
        }
        // Per prefix node (by new number), per role ascending: the bindings of longer
        // sequences, in binding order.
        var longerList = prefixes.map {
            (node: newID[Int($0.node)], role: roleCodes[Int($0.binding)], binding: $0.binding)
        }
        longerList.sort { ($0.node, $0.role, $0.binding) < ($1.node, $1.role, $1.binding) }
        prefixes = []
        fill = []
        var longerStart = [Int32](repeating: 0, count: nodeCount + 1)
        for e in longerList { longerStart[Int(e.node) + 1] += 1 }
        for n in 0..<nodeCount { longerStart[n + 1] += longerStart[n] }
        // Bindings first, so their attributes and invocations are numbered in binding order.
        var bindingRecords: [(UInt32, UInt32, UInt32)] = []
        // Per binding: its action and condition reference, for `DCAN`.
        var dispatchFacts: [(action: UInt32, condition: UInt32)] = []
        dispatchFacts.reserveCapacity(bindings.count)
        bindingRecords.reserveCapacity(bindings.count)
        for i in bindings.indices {
            let inv = invocation(bindings[i].action, bindings[i].argument)
            let title = intern(bindings[i].title)
            let group = bindings[i].group.map { UInt32(truncatingIfNeeded: $0) } ?? TableFormat.none
            var flags = bindings[i].wantsPriorityOverSystemBehavior ? TableFormat.attributePriority : 0
            flags |= Self.keyboardAdaptationFlags(bindings[i].allowsAutomaticLocalization, bindings[i].allowsAutomaticMirroring)
            if bindings[i].performsOnTimeout { flags |= TableFormat.attributeTimeout }
            if let window = bindings[i].repeatMilliseconds {
                // The checker keeps windows within 1 ms…60 s; clamp what a hand-built model says.
                let ms = UInt32(min(max(window, 1), Int(TableFormat.maxRepeatMilliseconds)))
                flags |= TableFormat.attributeRepeat | ms << TableFormat.attributeRepeatShift
            }
            let cond = condition(bindings[i].condition)
            let attrs = attributes(roleCodes[i], group, cond, flags)
            bindingRecords.append((inv, title, attrs))
            dispatchFacts.append((UInt32(truncatingIfNeeded: bindings[i].action), cond))
        }
        // The arrays only the lists needed are freed by now.
        releaseFreedMemory()
        // The sections whose sizes are known now (record sizes: Docs/TableFormat.md).
        reserve(.nodes, records: nodeCount + 1, size: 20)
        reserve(.candidates, records: Int(candidateStart[nodeCount]), size: 4)
        reserve(.dispatchCandidates, records: Int(candidateStart[nodeCount]), size: 16)
        reserve(.dispatchNodes, records: nodeCount + 1, size: 16)
        var candidateCount = 0, slotCount = 0, longerCount = 0, groupCount = 0
        var nodeLonger: [(role: UInt32, ref: UInt32)] = []
        var live: [Condition] = []
        var seen = Set<Condition>()
        for (newN, node) in order.enumerated() {
            let n = Int(node)
            write(.nodes) {
                $0.record(parent[n] < 0 ? TableFormat.none : UInt32(newID[Int(parent[n])]), chord[n],
                          UInt32(candidateCount), UInt32(slotCount), UInt32(longerCount))
            }
            let firstCandidate = candidateCount
            let candidates = candidateList[Int(candidateStart[newN])..<Int(candidateStart[newN + 1])]
            for c in candidates {
                write(.candidates) { $0.record(c.binding) }
                let facts = dispatchFacts[Int(c.binding)]
                write(.dispatchCandidates) { $0.record(c.binding, bindingRecords[Int(c.binding)].0, facts.action, facts.condition) }
                candidateCount += 1
            }
            nodeLonger.removeAll(keepingCapacity: true)
            var k = Int(longerStart[newN])
            let longerEnd = Int(longerStart[newN + 1])
            while k < longerEnd {
                let role = longerList[k].role
                // The role's distinct conditions in first-use order. A longer binding gated by
                // `when false` never makes anything pending; a role with only such bindings
                // gets no entry (the loader rejects never-live ones).
                live.removeAll(keepingCapacity: true)
                seen.removeAll(keepingCapacity: true)
                while k < longerEnd && longerList[k].role == role {
                    let c = bindings[Int(longerList[k].binding)].condition
                    k += 1
                    if c.isFalse { continue }
                    if live.count < 8 {
                        if live.contains(c) { continue }
                        if live.count == 7 { seen = Set(live); seen.insert(c) }
                    } else if !seen.insert(c).inserted {
                        continue
                    }
                    live.append(c)
                }
                guard !live.isEmpty else { continue }
                let ref = condition(TableBuilder.disjunction(live))
                write(.longer) { $0.record(role, ref) }
                nodeLonger.append((role, ref))
                longerCount += 1
            }
            groupCount += writeDispatchNode(candidates, from: firstCandidate, longer: nodeLonger, firstGroup: groupCount)
            let kids = children[Int(childStart[n])..<Int(childStart[n + 1])]
            guard !kids.isEmpty else { continue }
            var cap = 2
            while cap * 7 < kids.count * 8 || cap <= kids.count { cap *= 2 }
            var slots = [(UInt32, UInt32)](repeating: (TableFormat.emptySlot, TableFormat.none), count: cap)
            for child in kids {
                let code = chord[Int(child)]
                var s = TableFormat.slotHash(code, log2Capacity: cap.trailingZeroBitCount)
                while slots[s].0 != TableFormat.emptySlot { s = (s + 1) & (cap - 1) }
                slots[s] = (code, UInt32(newID[Int(child)]))
            }
            for (code, child) in slots { write(.slots) { $0.record(code, child) } }
            slotCount += cap
        }
        write(.nodes) { $0.record(TableFormat.none, TableFormat.none, UInt32(candidateCount), UInt32(slotCount), UInt32(longerCount)) }
        write(.dispatchNodes) { $0.record(0, 0, UInt32(groupCount), 0) }
        // What the stroke hash and the binding records do not read is freed first.
        candidateList = []
        longerList = []
        children = []
        childStart = []
        candidateStart = []
        longerStart = []
        dispatchFacts = []
        releaseFreedMemory()
        // The stroke hash: every (parent, chord) → node, at most half full. A slot holds its
        // node's provisional number (the record is made from it when written).
        var cap = 2
        while cap < 2 * (nodeCount - 1) { cap *= 2 }
        var slotNode = [Int32](repeating: -1, count: cap)
        for n in 1..<max(nodeCount, 1) {
            let p = UInt32(newID[Int(parent[n])]), code = chord[n]
            var s = TableFormat.strokeHash(node: p, code: code, log2Capacity: cap.trailingZeroBitCount)
            while slotNode[s] >= 0 { s = (s + 1) & (cap - 1) }
            slotNode[s] = Int32(truncatingIfNeeded: n)
        }
        reserve(.strokeKeys, records: cap, size: 16)
        for n in slotNode {
            if n < 0 {
                write(.strokeKeys) { $0.record(TableFormat.none, TableFormat.emptySlot, TableFormat.none, 0) }
            } else {
                let n = Int(n)
                write(.strokeKeys) { $0.record(UInt32(newID[Int(parent[n])]), chord[n], UInt32(newID[n]), 0) }
            }
        }
        // Narrow records when every value (and NONE as 0xFFFF) fits in 16 bits.
        let fits: (UInt32) -> Bool = { $0 < 0xFFFF || $0 == TableFormat.none }
        narrowBindings = allowNarrowBindings && order.count < 0xFFFF && bindingRecords.allSatisfy { fits($0.0) && fits($0.1) && fits($0.2) }
        reserve(.bindings, records: bindingRecords.count, size: narrowBindings ? 8 : 16)
        for (i, r) in bindingRecords.enumerated() {
            let node = last[i] < 0 ? 0 : UInt32(newID[Int(last[i])])
            if narrowBindings {
                func narrow(_ v: UInt32) -> UInt16 { v == TableFormat.none ? 0xFFFF : UInt16(truncatingIfNeeded: v) }
                write(.bindings) { $0.record16(narrow(node), narrow(r.0), narrow(r.1), narrow(r.2)) }
            } else {
                write(.bindings) { $0.record(node, r.0, r.1, r.2) }
            }
        }
    }

    /// One node's `DNOD` record and `DGRP` groups: the merge, by role, of its candidates'
    /// role runs (`candidates`, sorted by role, the first at `CAND` index `first`) and its
    /// longer entries; returns the number of groups written.
    mutating func writeDispatchNode(_ candidates: ArraySlice<(role: UInt32, binding: UInt32)>, from first: Int,
                                    longer: [(role: UInt32, ref: UInt32)], firstGroup: Int) -> Int {
        var mask: UInt64 = 0
        var groups = 0
        var c = candidates.startIndex, l = 0
        while c < candidates.endIndex || l < longer.count {
            let candRole = c < candidates.endIndex ? UInt64(candidates[c].role) : UInt64.max
            let longRole = l < longer.count ? UInt64(longer[l].role) : UInt64.max
            let role = UInt32(min(candRole, longRole))
            let start = first + (c - candidates.startIndex)
            while c < candidates.endIndex && candidates[c].role == role { c += 1 }
            var ref = TableFormat.conditionFalse
            if l < longer.count && longer[l].role == role {
                ref = longer[l].ref
                l += 1
            }
            write(.dispatchGroups) { $0.record(role, UInt32(start), UInt32(first + (c - candidates.startIndex)), ref) }
            mask |= TableFormat.roleBit(role)
            groups += 1
        }
        write(.dispatchNodes) { $0.record(UInt32(truncatingIfNeeded: mask), UInt32(truncatingIfNeeded: mask >> 32), UInt32(firstGroup), 0) }
        return groups
    }

    /// The deduplicated (action, argument) pair.
    mutating func invocation(_ action: Int, _ argument: ArgumentValue) -> UInt32 {
        let arg = self.argument(argument)
        let key = UInt64(UInt32(truncatingIfNeeded: action)) << 32 | UInt64(arg)
        let candidate = UInt32(sections[Section.invocations.rawValue].count)
        let id = invocationIDs.value(of: key, insertingIfAbsent: candidate)
        if id == candidate { write(.invocations) { $0.record(UInt32(truncatingIfNeeded: action), arg) } }
        return id
    }

    /// The deduplicated (role, group, condition, flags) record.
    mutating func attributes(_ role: UInt32, _ group: UInt32, _ condition: UInt32, _ flags: UInt32) -> UInt32 {
        let candidate = UInt32(sections[Section.attributes.rawValue].count)
        let id = attributeIDs.value(lo: UInt64(role) << 32 | UInt64(group), hi: UInt64(condition) << 32 | UInt64(flags),
                                    insertingIfAbsent: candidate)
        if id == candidate { write(.attributes) { $0.record(role, group, condition, flags) } }
        return id
    }

    mutating func buildEditMenu() {
        for e in keymap.editMenu {
            let title = intern(e.title), arg = argument(e.argument), cond = condition(e.condition)
            write(.editMenu) { $0.record(title, UInt32(truncatingIfNeeded: e.action), arg, cond) }
        }
    }

    func forEachMenuItem(_ menus: [Menu], _ body: (MenuItem) -> Void) {
        for m in menus {
            for e in m.entries {
                switch e {
                case .item(let item): body(item)
                case .submenu(let sub): forEachMenuItem([sub], body)
                case .separator: break
                }
            }
        }
    }

    /// Flattens the menus breadth first (top-level menus first, every submenu after its
    /// parent); returns the number of top-level menus.
    mutating func buildMainMenus() -> Int {
        var queue = keymap.mainMenus
        var head = 0
        var entryCount = 0, itemCount = 0
        while head < queue.count {
            let m = queue[head]
            head += 1
            let title = intern(m.title)
            write(.menus) { $0.record(title, UInt32(entryCount), UInt32(m.entries.count)) }
            entryCount += m.entries.count
            for e in m.entries {
                switch e {
                case .item(let item):
                    let t = intern(item.title), arg = argument(item.argument), cond = condition(item.condition)
                    let key = item.keyEquivalent?.code ?? TableFormat.none
                    let flags = Self.keyboardAdaptationFlags(item.allowsAutomaticLocalization, item.allowsAutomaticMirroring)
                    write(.menuItems) { $0.record(t, UInt32(truncatingIfNeeded: item.action), arg, key, cond, flags) }
                    write(.menuEntries) { $0.record(TableFormat.MenuEntryKind.item.rawValue, UInt32(itemCount)) }
                    itemCount += 1
                case .submenu(let sub):
                    write(.menuEntries) { $0.record(TableFormat.MenuEntryKind.submenu.rawValue, UInt32(queue.count)) }
                    queue.append(sub)
                case .separator:
                    write(.menuEntries) { $0.record(TableFormat.MenuEntryKind.separator.rawValue, 0) }
                }
            }
        }
        return keymap.mainMenus.count
    }

    /// Quick actions, and their user info breadth first: dictionary `q` is quick action
    /// `q`'s, every nested dictionary comes after its parent.
    mutating func buildQuickActions() {
        var queue: [[UserInfoEntry]] = []
        for (q, a) in keymap.quickActions.enumerated() {
            let type = intern(a.type), title = intern(a.title), sub = intern(a.subtitle)
            let icon = intern(a.iconType), file = intern(a.iconFile)
            write(.quickActions) { $0.record(type, title, sub, icon, file, UInt32(q)) }
            queue.append(a.userInfo)
        }
        var head = 0, entryCount = 0
        while head < queue.count {
            let entries = queue[head]
            head += 1
            write(.dictionaries) { $0.record(UInt32(entryCount), UInt32(entries.count)) }
            entryCount += entries.count
            for e in entries {
                let key = intern(e.key)
                let kind: TableFormat.UserInfoKind
                let value: UInt64
                switch e.value {
                case .string(let s): kind = .string; value = UInt64(intern(s))
                case .int(let i): kind = .int; value = UInt64(bitPattern: i)
                case .double(let d): kind = .double; value = d.bitPattern
                case .bool(let b): kind = .bool; value = b ? 1 : 0
                case .dictionary(let d): kind = .dictionary; value = UInt64(queue.count); queue.append(d)
                }
                write(.dictionaryEntries) { w in
                    w.u32(key)
                    w.u32(kind.rawValue)
                    w.u64(value)
                    w.count += 1
                }
            }
        }
    }

    /// Per binding its line and column; the file paths as runs of consecutive bindings (a
    /// keymap's bindings come file by file, so this is one entry per file).
    mutating func buildSourceMap() {
        var previous: UInt32? = nil
        var previousPath: String? = nil
        var lines: [(UInt32, UInt32)] = []
        let bindings = keymap.bindings
        lines.reserveCapacity(bindings.count)
        // By index, so no binding is copied; a path is interned only when it differs from
        // the last one (comparing two copies of one string does not read their bytes).
        for i in bindings.indices {
            let location = bindings[i].location
            if previous == nil || location?.path != previousPath {
                let file = intern(location?.path)
                previousPath = location?.path
                if file != previous {
                    write(.sourceFiles) { $0.record(UInt32(i), file) }
                    previous = file
                }
            }
            lines.append((UInt32(truncatingIfNeeded: location?.line ?? 0), UInt32(truncatingIfNeeded: location?.column ?? 0)))
        }
        // Narrow (line in 24 bits, column in 8) when every line and column fits.
        narrowSourceMap = allowNarrowBindings && lines.allSatisfy { $0.0 <= 0xFF_FFFF && $0.1 <= 0xFF }
        reserve(.sourceMap, records: lines.count, size: narrowSourceMap ? 4 : 8)
        for (line, column) in lines {
            if narrowSourceMap {
                write(.sourceMap) { $0.record(line | column << 24) }
            } else {
                write(.sourceMap) { $0.record(line, column) }
            }
        }
        // What later layers overrode, per binding in order (`SRCO`): never read by dispatch.
        for i in bindings.indices where !bindings[i].overriddenBy.isEmpty {
            for o in bindings[i].overriddenBy {
                let file = intern(o.location.path)
                let condition = condition(o.condition)
                write(.sourceOverrides) {
                    $0.record(UInt32(i), file, UInt32(truncatingIfNeeded: o.location.line),
                              UInt32(truncatingIfNeeded: o.location.column), condition, o.isUnbind ? 1 : 0)
                }
            }
        }
    }

    mutating func buildStrings() {
        var w = ByteWriter()
        var offset = 0
        w.u32(0)
        for s in strings {
            offset += s.utf8.count
            w.u32(offset)
        }
        for s in strings { w.append(utf8: s) }
        w.count = strings.count
        sections[Section.strings.rawValue] = w
    }

    /// Header, directory, then the sections 4-byte aligned; then the checksum. The output is
    /// allocated once at its final size, and each section is freed as soon as it is copied
    /// (growing the output by appending, beside every section, had made laying out the
    /// largest allocation peak of a compile).
    /// Hands freed memory back when ``releasesMemory`` says so.
    func releaseFreedMemory() {
        if releasesMemory { FreedMemory.release() }
    }

    mutating func layout() -> [UInt8] {
        let present = Section.present(sourceMap: !strip)
        let front = TableFormat.headerSize + present.count * TableFormat.directoryEntrySize
        var total = front
        for s in present { total = (total + 3) & ~3; total += sections[s.rawValue].length }
        var out: [UInt8] = []
        out.reserveCapacity((total + 3) & ~3)
        out.append(contentsOf: repeatElement(0, count: front))
        var directory = ByteWriter()
        for s in present {
            while out.count % 4 != 0 { out.append(0) }
            let w = sections[s.rawValue]
            sections[s.rawValue] = ByteWriter()
            directory.u32(s.tag)
            directory.u32(out.count)
            directory.u32(w.length)
            directory.u32(w.count)
            w.withBytes { out.append(contentsOf: $0) }
            if w.length >= 1 << 20 { releaseFreedMemory() }
        }
        while out.count % 4 != 0 { out.append(0) }
        var header = ByteWriter()
        header.append(TableFormat.magic)
        header.u32(TableFormat.version)
        header.u32(strip ? 0 : TableFormat.flagSourceMap)
        header.u32(out.count)
        header.u32(present.count)
        header.u64(0)
        out.replaceSubrange(0..<TableFormat.headerSize, with: header.bytes)
        out.replaceSubrange(TableFormat.headerSize..<(TableFormat.headerSize + directory.bytes.count), with: directory.bytes)
        TableChecksum.seal(&out)
        return out
    }
}
