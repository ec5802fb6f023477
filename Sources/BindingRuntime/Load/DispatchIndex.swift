/// The sections dispatch reads on every key press (`DKEY`, `DNOD`, `DGRP`, `DCAN`, `DTST`,
/// table format 5), read in place with unchecked loads: no bounds checks, no reference
/// counting, no exclusivity checks per read.
///
/// **Where the bytes live.** The view points into the storage of the table's byte array,
/// which the index holds (a second reference to the same buffer) and nothing ever mutates: a
/// native Swift array keeps its elements at one address for its buffer's life, so the
/// pointers stay valid as long as the index. Load costs no copy (the index used to copy its
/// 58 % of the table, 5.6 MB for a 100,000-binding keymap). An array whose elements are not
/// stored in place (`withUnsafeBytes` gives a different address each call: a bridged or
/// lazily materialised buffer) has its dispatch sections copied into the index's own
/// allocation instead, as before.
///
/// **Safety.** The index is built only after ``TableValidator`` has accepted the whole table,
/// and the validator proves every value these reads follow: each stroke slot's child is a
/// node, each node's group range lies inside `DGRP` and groups tile it, each group's candidate
/// range lies inside `DCAN`, each candidate's invocation, action and condition are in range,
/// each test's word is inside the context bitset, and the stroke hash has an empty slot, so a
/// probe ends. Sections are 4-byte aligned (``TableFormat``), so 64-bit fields are read with
/// unaligned loads. A ``DispatchView`` is only used while the table that owns its index is
/// held (the dispatcher and the snapshot each keep the table).
final class DispatchIndex: @unchecked Sendable {
    /// The table's bytes, held so the storage ``view`` points into stays alive.
    private let bytes: [UInt8]
    /// The index's own copy of the dispatch sections, when the bytes are not stored in place;
    /// freed with the index. Immutable after `init`.
    private let copy: UnsafeMutableRawPointer?
    /// Raw pointers into the table's bytes (or ``copy``) for the hot path.
    let view: DispatchView
    /// Per context variable, its first bit in the packed context bitset.
    let contextBit: [Int]
    /// Words of the packed context bitset.
    let contextWords: Int
    /// Whether some binding is repeatable (`ATTR` flag ``TableFormat/attributeRepeat``):
    /// without one, a press never looks at repeat mode's flags.
    let hasRepeat: Bool
    /// Whether some binding is held while a longer one may follow (`ATTR` flag
    /// ``TableFormat/attributeTimeout``): without one, a chosen binding is never checked for it.
    let hasTimeout: Bool

    /// Indexes the dispatch sections of a validated table, in place (`inPlace: false` makes
    /// the copy that arrays not stored in place get, for the tests).
    init(reader: TableReader, spans: [SectionSpan], roleCount: Int, inPlace: Bool = true) {
        typealias S = TableFormat.Section
        let parts: [S] = [.strokeKeys, .dispatchNodes, .dispatchGroups, .dispatchCandidates, .conditionTests]
        bytes = reader.bytes
        let first = bytes.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }
        let second = bytes.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }
        var at: [UnsafeRawPointer] = []
        if inPlace, let first, first == second {
            copy = nil
            at = parts.map { first + spans[$0.rawValue].offset }
        } else {
            var offsets: [Int] = []
            var size = 0
            for s in parts {
                offsets.append(size)
                size += (spans[s.rawValue].size + 15) & ~15
            }
            let base = UnsafeMutableRawPointer.allocate(byteCount: max(size, 16), alignment: 16)
            bytes.withUnsafeBytes { raw in
                for (k, s) in parts.enumerated() where spans[s.rawValue].size > 0 {
                    (base + offsets[k]).copyMemory(from: raw.baseAddress.unsafelyUnwrapped + spans[s.rawValue].offset, byteCount: spans[s.rawValue].size)
                }
            }
            copy = base
            at = offsets.map { UnsafeRawPointer(base + $0) }
        }
        let keys = spans[S.strokeKeys.rawValue].count
        view = DispatchView(
            keys: at[0], keyMask: max(keys, 1) - 1,
            keyShift: UInt64(64 - max(keys, 2).trailingZeroBitCount),
            nodes: at[1], groups: at[2], candidates: at[3], tests: at[4],
            roleCount: roleCount)
        let contexts = spans[S.contexts.rawValue]
        var bits: [Int] = []
        var next = 0
        for i in 0..<contexts.count {
            bits.append(next)
            next += TableFormat.contextBitCount(kind: reader.field(contexts, 16, i, 1), values: Int(reader.field(contexts, 16, i, 3)))
        }
        contextBit = bits
        contextWords = TableFormat.contextWords(bits: next)
        let attributes = spans[S.attributes.rawValue]
        hasRepeat = (0..<attributes.count).contains { reader.field(attributes, 16, $0, 3) & TableFormat.attributeRepeat != 0 }
        hasTimeout = (0..<attributes.count).contains { reader.field(attributes, 16, $0, 3) & TableFormat.attributeTimeout != 0 }
    }

    deinit { copy?.deallocate() }

    /// Whether ``view`` reads the table's own bytes (no copy was made).
    var readsInPlace: Bool { copy == nil }

    /// The bytes of dispatch section `k` (0 `DKEY` … 4 `DTST`) as ``view`` sees them, for the tests.
    func sectionBytes(_ k: Int, count: Int) -> [UInt8] {
        let p = [view.keys, view.nodes, view.groups, view.candidates, view.tests][k]
        return Array(UnsafeRawBufferPointer(start: p, count: count))
    }
}

/// Unchecked read access to a ``DispatchIndex``: plain pointers and integers, copied into the
/// dispatcher's state so a press reads them without touching any reference. Valid while the
/// table owning the index is alive.
struct DispatchView {
    let keys: UnsafeRawPointer
    let keyMask: Int
    let keyShift: UInt64
    let nodes: UnsafeRawPointer
    let groups: UnsafeRawPointer
    let candidates: UnsafeRawPointer
    let tests: UnsafeRawPointer
    /// Number of roles: the rank slot of the menu role.
    let roleCount: Int

    @inline(__always)
    private static func u32(_ p: UnsafeRawPointer, _ offset: Int) -> UInt32 {
        UInt32(littleEndian: p.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The child of `node` on chord `code`: one probe of the stroke hash (linear probing past
    /// collisions), or -1.
    @inline(__always)
    func child(of node: Int, code: UInt32) -> Int {
        let parent = UInt32(truncatingIfNeeded: node)
        var s = Int(truncatingIfNeeded: ((UInt64(parent) << 32 | UInt64(code)) &* 0x9E37_79B9_7F4A_7C15) >> keyShift)
        while true {
            let p = keys + s &* 16
            let c = DispatchView.u32(p, 4)
            if c == code && DispatchView.u32(p, 0) == parent { return Int(DispatchView.u32(p, 8)) }
            if c == TableFormat.emptySlot { return -1 }
            s = (s &+ 1) & keyMask
        }
    }

    /// The role mask of `node` (``TableFormat/roleBit(_:)`` of each role with a group there).
    @inline(__always)
    func roleMask(_ node: Int) -> UInt64 {
        UInt64(littleEndian: nodes.loadUnaligned(fromByteOffset: node &* 16, as: UInt64.self))
    }

    /// The first `DGRP` record of `node`.
    @inline(__always)
    func firstGroup(_ node: Int) -> Int { Int(DispatchView.u32(nodes, node &* 16 &+ 8)) }

    /// The `DGRP` records of `node`.
    @inline(__always)
    func groups(_ node: Int) -> Range<Int> {
        Int(DispatchView.u32(nodes, node &* 16 &+ 8)) ..< Int(DispatchView.u32(nodes, node &* 16 &+ 24))
    }

    /// Group `g`: its role, candidate range and longer condition.
    @inline(__always)
    func group(_ g: Int) -> (role: UInt32, first: Int, end: Int, longer: UInt32) {
        let at = g &* 16
        return (DispatchView.u32(groups, at), Int(DispatchView.u32(groups, at &+ 4)),
                Int(DispatchView.u32(groups, at &+ 8)), DispatchView.u32(groups, at &+ 12))
    }

    /// Candidate `c`: binding, invocation, action and condition.
    @inline(__always)
    func candidate(_ c: Int) -> (binding: Int, invocation: Int, action: Int, condition: UInt32) {
        let at = c &* 16
        return (Int(DispatchView.u32(candidates, at)), Int(DispatchView.u32(candidates, at &+ 4)),
                Int(DispatchView.u32(candidates, at &+ 8)), DispatchView.u32(candidates, at &+ 12))
    }

    /// Whether condition `ref` holds on the packed context bitset `bits`, or nil when the
    /// condition has no mask test (the caller interprets its code).
    @inline(__always)
    func test(_ ref: UInt32, _ bits: UnsafePointer<UInt64>) -> Bool? {
        if ref >= TableFormat.conditionFalse { return ref == TableFormat.conditionTrue }
        let t = tests + Int(ref) &* TableFormat.testRecordSize
        if DispatchView.u32(t, 0) != 0 { return nil }
        let w = bits[Int(DispatchView.u32(t, 4))]
        let mask = UInt64(littleEndian: t.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let want = UInt64(littleEndian: t.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
        let any = UInt64(littleEndian: t.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
        let flip = UInt64(littleEndian: t.loadUnaligned(fromByteOffset: 32, as: UInt64.self))
        return w & mask == want && (any == 0 || (w ^ flip) & any != 0)
    }
}

extension BindingTable {
    /// Number of compiled conditions (`CEXP`), for tests that walk them all.
    package var compiledConditionCount: Int { conditionCount }

    /// Condition `ref` evaluated in `state` both ways dispatch may: its mask test over the
    /// packed context bitset (nil when it has none) and the interpreter over the context
    /// words, with no chain (chain predicates false). For the tests that hold the two equal.
    package func evaluateBothWays(_ ref: UInt32, in state: ContextState) -> (test: Bool?, interpreted: Bool) {
        let bound = state.bound(to: self)
        let test = bound.bits.withUnsafeBufferPointer { dispatch.view.test(ref, $0.baseAddress.unsafelyUnwrapped) }
        return (test, evaluate(ref, bound.values, NoChain()))
    }
}
