/// Checks every byte of a table once, at load: header, checksum, directory, and every record
/// of every section (indices in range, kinds known, strings UTF-8, conditions well formed
/// within the stack limit, trie hash tables consistent, menus and dictionaries trees).
/// After it succeeds, no lookup of ``BindingTable`` can read out of bounds or loop.
struct TableValidator {
    typealias Section = TableFormat.Section
    let r: TableReader
    var spans = [SectionSpan](repeating: SectionSpan(), count: Section.allCases.count)
    var hasSourceMap = false
    var stringCount = 0
    /// Whether `BIND` records are narrow (``TableFormat/metaNarrowBindings``).
    var narrowBindings = false
    /// Whether `SRCM` records are narrow (``TableFormat/metaNarrowSourceMap``).
    var narrowSourceMap = false

    init(bytes: [UInt8]) { r = TableReader(bytes: bytes) }

    subscript(_ s: Section) -> SectionSpan { spans[s.rawValue] }

    @inline(__always)
    func f(_ s: Section, _ i: Int, _ k: Int) -> UInt32 {
        if s == .bindings { return r.bindingField(spans[s.rawValue].offset, narrow: narrowBindings, i, k) }
        return r.field(spans[s.rawValue], s.recordSize, i, k)
    }

    func count(_ s: Section) -> Int { spans[s.rawValue].count }

    // MARK: - Entry point

    /// Tables from this size on are validated on two threads (``validate(_:checksum:overlappingFrom:)``).
    static let overlapSize = 1 << 20

    /// Validates `bytes`; `checksum: false` skips only the checksum comparison (tests use it
    /// to reach the structural checks with corrupted tables).
    ///
    /// From `overlappingFrom` bytes on (a megabyte: about 0.5 ms of work), the checksum and the
    /// stroke hash's check (`DKEY`, which reads only the trie's nodes) run on a thread of
    /// their own (``SideThread``) while this one checks the rest; each reads the immutable
    /// bytes and writes only its own results. The error thrown is the one the checks in
    /// sequence would throw: the checksum's first, then this thread's (in their order), then
    /// the stroke hash's. Smaller tables are checked on this thread alone, where starting the
    /// other would cost more than it saves.
    static func validate(_ bytes: [UInt8], checksum: Bool = true, overlappingFrom: Int = overlapSize) throws(TableError) -> TableValidator {
        var v = TableValidator(bytes: bytes)
        try v.header()
        let overlap = bytes.count >= overlappingFrom
        if checksum && !overlap { try v.verifyChecksum() }
        do {
            try v.headerFlags()
            try v.directory()
        } catch {
            if checksum && overlap { try v.verifyChecksum() }
            throw error
        }
        // Each candidate's role, in `CAND` order: read by the trie's check, used by the index's.
        let candidateRoles = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: v.count(.candidates))
        candidateRoles.initialize(repeating: 0)
        defer { candidateRoles.deallocate() }
        if overlap {
            let side = SideChecks()
            let checked = v
            var here: Result<Void, TableError> = .success(())
            SideThread.run({
                if checksum { side.checksum = Result { () throws(TableError) in try checked.verifyChecksum() } }
                side.strokeKeys = Result { () throws(TableError) in try checked.checkStrokeKeys() }
            }, alongside: {
                here = Result { () throws(TableError) in try v.checkUpToTrie(roles: candidateRoles) }
            })
            try side.checksum.get()
            try here.get()
            try side.strokeKeys.get()
        } else {
            try v.checkUpToTrie(roles: candidateRoles)
            try v.checkStrokeKeys()
        }
        try v.checkDispatchNodes(candidateRoles: UnsafeBufferPointer(candidateRoles))
        try v.checkMenus()
        try v.checkQuickActions()
        try v.checkSourceMap()
        return v
    }

    /// The checks from `META` to the trie, in order, then the condition tests (`DTST`).
    mutating func checkUpToTrie(roles: UnsafeMutableBufferPointer<UInt32>) throws(TableError) {
        try checkMeta()
        try checkStrings()
        try checkDeclarations()
        try checkConditions()
        try checkArguments()
        try checkBindings()
        try checkTrie(roles: roles)
        try checkConditionTests()
    }

    /// What the second thread of an overlapped validation found; written by it alone, read
    /// after it is joined (``SideThread/run(_:alongside:)``).
    private final class SideChecks: @unchecked Sendable {
        var checksum: Result<Void, TableError> = .success(())
        var strokeKeys: Result<Void, TableError> = .success(())
    }

    // MARK: - Header and directory

    /// The header's magic, version and size: what must hold before the checksum means anything.
    mutating func header() throws(TableError) {
        let n = r.bytes.count
        guard n >= 8 else {
            if !r.bytes.elementsEqual(TableFormat.magic.prefix(n)) { throw .badMagic }
            throw .truncated(section: "header", needed: TableFormat.headerSize, available: n)
        }
        guard r.bytes.prefix(8).elementsEqual(TableFormat.magic) else { throw .badMagic }
        guard n >= TableFormat.headerSize else {
            throw .truncated(section: "header", needed: TableFormat.headerSize, available: n)
        }
        let version = r.u32(8)
        guard version == TableFormat.version else { throw .unsupportedVersion(found: version) }
        let declared = Int(r.u32(16))
        if declared > n { throw .truncated(section: "table", needed: declared, available: n) }
        if declared != n { throw .sizeMismatch(declared: declared, actual: n) }
    }

    /// The stored checksum against the bytes' (after ``header()``).
    func verifyChecksum() throws(TableError) {
        let stored = r.u64(TableFormat.checksumOffset)
        let actual = TableChecksum.compute(r.bytes)
        guard stored == actual else { throw .checksumMismatch(expected: stored, found: actual) }
    }

    /// The header's flags (after the checksum).
    mutating func headerFlags() throws(TableError) {
        let flags = r.u32(12)
        guard flags & ~TableFormat.flagSourceMap == 0 else { throw .unknownFlags(flags) }
        hasSourceMap = flags & TableFormat.flagSourceMap != 0
    }

    mutating func directory() throws(TableError) {
        let n = r.bytes.count
        let sectionCount = Int(r.u32(20))
        let present = Section.present(sourceMap: hasSourceMap)
        guard sectionCount == present.count else {
            throw .badDirectory("\(sectionCount) sections, expected \(present.count)")
        }
        let dirEnd = TableFormat.headerSize + sectionCount * TableFormat.directoryEntrySize
        guard dirEnd <= n else { throw .truncated(section: "directory", needed: dirEnd, available: n) }
        var end = dirEnd
        for (k, s) in present.enumerated() {
            let e = TableFormat.headerSize + k * TableFormat.directoryEntrySize
            let tag = r.u32(e), offset = Int(r.u32(e + 4)), size = Int(r.u32(e + 8)), cnt = Int(r.u32(e + 12))
            guard tag == s.tag else { throw .badDirectory("entry \(k) is not \(s.name)") }
            guard offset % 4 == 0, offset >= end else {
                throw .sectionOutOfBounds(section: s.name, offset: offset, size: size)
            }
            guard offset + size <= n else {
                throw .truncated(section: s.name, needed: offset + size, available: n)
            }
            if s == .strings {
                guard size >= 4 * (cnt + 1) else { throw .badSectionSize(section: s.name, size: size, count: cnt) }
            } else if s == .bindings || s == .sourceMap {
                // META comes first, so its flags are known here (META itself is checked later).
                let meta = spans[Section.meta.rawValue]
                let flags = meta.count == 1 ? r.u32(meta.offset + 12) : 0
                narrowBindings = flags & TableFormat.metaNarrowBindings != 0
                narrowSourceMap = flags & TableFormat.metaNarrowSourceMap != 0
                let recordSize = s == .bindings
                    ? (narrowBindings ? TableFormat.narrowBindingSize : s.recordSize)
                    : (narrowSourceMap ? 4 : s.recordSize)
                guard size == cnt * recordSize else { throw .badSectionSize(section: s.name, size: size, count: cnt) }
            } else {
                guard size == cnt * s.recordSize else { throw .badSectionSize(section: s.name, size: size, count: cnt) }
            }
            spans[s.rawValue] = SectionSpan(offset: offset, size: size, count: cnt)
            end = offset + size
        }
    }

    // MARK: - Helpers

    func string(_ s: Section, _ i: Int, _ k: Int, _ name: String, optional: Bool = false) throws(TableError) {
        let v = f(s, i, k)
        if optional && v == TableFormat.none { return }
        guard Int(v) < stringCount else {
            throw .outOfBounds(section: s.name, record: i, field: name, value: v, limit: stringCount)
        }
    }

    func index(_ s: Section, _ i: Int, _ k: Int, _ name: String, below limit: Int, optional: Bool = false) throws(TableError) {
        let v = f(s, i, k)
        if optional && v == TableFormat.none { return }
        guard Int(v) < limit else { throw .outOfBounds(section: s.name, record: i, field: name, value: v, limit: limit) }
    }

    func conditionRef(_ s: Section, _ i: Int, _ k: Int) throws(TableError) {
        let v = f(s, i, k)
        if v == TableFormat.conditionTrue || v == TableFormat.conditionFalse { return }
        try index(s, i, k, "condition", below: count(.conditions))
    }

    /// An action reference and its argument: the argument's kind must be the action's.
    func actionAndArgument(_ s: Section, _ i: Int, action ak: Int, argument gk: Int) throws(TableError) {
        try index(s, i, ak, "action", below: count(.actions))
        let action = Int(f(s, i, ak))
        let want = f(.actions, action, 1)
        let arg = f(s, i, gk)
        let have: UInt32
        if arg == TableFormat.none {
            have = TableFormat.ArgumentKind.none.rawValue
        } else {
            try index(s, i, gk, "argument", below: count(.arguments))
            have = f(.arguments, Int(arg), 0)
        }
        guard have == want else { throw .invalidValue(section: s.name, record: i, field: "argument kind", value: UInt64(have)) }
    }

    static func isPowerOfTwo(_ n: Int) -> Bool { n > 0 && n & (n - 1) == 0 }

    // MARK: - Sections

    func checkMeta() throws(TableError) {
        guard count(.meta) == 1 else { throw .badSectionSize(section: "META", size: self[.meta].size, count: count(.meta)) }
        guard Platform(tableCode: f(.meta, 0, 1)) != nil else { throw .invalidValue(section: "META", record: 0, field: "platform", value: UInt64(f(.meta, 0, 1))) }
        try index(.meta, 0, 2, "top menu count", below: count(.menus) + 1)
        guard f(.meta, 0, 3) & ~(TableFormat.metaNarrowBindings | TableFormat.metaNarrowSourceMap) == 0 else { throw .invalidValue(section: "META", record: 0, field: "flags", value: UInt64(f(.meta, 0, 3))) }
    }

    mutating func checkStrings() throws(TableError) {
        let span = self[.strings]
        stringCount = span.count
        let blob = span.offset + 4 * (span.count + 1)
        let blobEnd = span.offset + span.size
        let blobSize = blobEnd - blob
        guard r.u32(span.offset) == 0 else { throw .invalidValue(section: "STRS", record: 0, field: "offset", value: UInt64(r.u32(span.offset))) }
        // Offsets in order; every non-empty string starts and ends at a scalar boundary (its
        // first byte and the byte after it are not continuation bytes). With the whole pool
        // valid UTF-8, that makes every string valid UTF-8, in one pass over the bytes.
        try r.withView { (r: TableBytesView) throws(TableError) -> Void in
            var previous = 0
            for i in 0..<span.count {
                // Offset `i + 1` of `count + 1`, inside the section the directory placed.
                let end = Int(r.provenU32(span.offset &+ 4 &* (i &+ 1)))
                guard end >= previous, end <= blobSize else {
                    throw .outOfBounds(section: "STRS", record: i, field: "end offset", value: UInt32(end), limit: blobSize)
                }
                if end > previous {
                    // `previous < end <= blobSize`: the first byte lies in the pool, and so does
                    // the byte after the string when `end < blobSize`.
                    guard r.provenByte(blob &+ previous) & 0xC0 != 0x80 else { throw .invalidUTF8(string: i) }
                    guard end == blobSize || r.provenByte(blob &+ end) & 0xC0 != 0x80 else { throw .invalidUTF8(string: i) }
                }
                previous = end
            }
        }
        if let bad = TableValidator.firstInvalidUTF8(r.bytes, blob, blobEnd) {
            // The string holding the bad byte: the first whose end lies past it.
            var lo = 0, hi = max(0, span.count - 1)
            while lo < hi {
                let mid = (lo + hi) / 2
                if blob + Int(r.u32(span.offset + 4 * (mid + 1))) > bad { hi = mid } else { lo = mid + 1 }
            }
            throw .invalidUTF8(string: lo)
        }
        try string(.meta, 0, 0, "name", optional: true)
    }

    /// Whether `bytes[start..<end]` is well-formed UTF-8.
    static func isValidUTF8(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
        firstInvalidUTF8(bytes, start, end) == nil
    }

    /// The offset of the first byte of `bytes[start..<end]` that is not well-formed UTF-8 (no
    /// overlongs, surrogates or values above U+10FFFF), or nil; ASCII is skipped 8 bytes at a time.
    static func firstInvalidUTF8(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int? {
        guard start >= 0, end <= bytes.count, start <= end else { return start }
        return bytes.withUnsafeBytes { raw -> Int? in
            var i = start
            while i < end {
                if i + 8 <= end, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
                let b = raw[i]
                if b < 0x80 { i += 1; continue }
                var need = 0
                var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
                switch b {
                case 0xC2...0xDF: need = 1
                case 0xE0: need = 2; lo = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: need = 2
                case 0xED: need = 2; hi = 0x9F
                case 0xF0: need = 3; lo = 0x90
                case 0xF1...0xF3: need = 3
                case 0xF4: need = 3; hi = 0x8F
                default: return i
                }
                guard i + need < end else { return i }
                let c1 = raw[i + 1]
                guard c1 >= lo && c1 <= hi else { return i }
                var k = 2
                while k <= need {
                    guard raw[i + k] & 0xC0 == 0x80 else { return i }
                    k += 1
                }
                i += need + 1
            }
            return nil
        }
    }

    func checkDeclarations() throws(TableError) {
        for i in 0..<count(.actions) {
            try string(.actions, i, 0, "name")
            guard f(.actions, i, 1) <= 3 else { throw .invalidValue(section: "ACTS", record: i, field: "argument type", value: UInt64(f(.actions, i, 1))) }
            guard f(.actions, i, 2) <= 1 else { throw .invalidValue(section: "ACTS", record: i, field: "flags", value: UInt64(f(.actions, i, 2))) }
        }
        for i in 0..<count(.values) { try string(.values, i, 0, "value") }
        for i in 0..<count(.contexts) {
            try string(.contexts, i, 0, "name")
            let kind = f(.contexts, i, 1)
            let start = Int(f(.contexts, i, 2)), n = Int(f(.contexts, i, 3))
            guard start + n <= count(.values) else {
                throw .outOfBounds(section: "CTXS", record: i, field: "values", value: UInt32(truncatingIfNeeded: start + n), limit: count(.values))
            }
            switch TableFormat.ContextKind(rawValue: kind) {
            case .bool?: guard n == 0 else { throw .invalidValue(section: "CTXS", record: i, field: "value count", value: UInt64(n)) }
            case .enumeration?: guard n >= 1 else { throw .invalidValue(section: "CTXS", record: i, field: "case count", value: 0) }
            case .string?: break
            case nil: throw .invalidValue(section: "CTXS", record: i, field: "type", value: UInt64(kind))
            }
        }
        for i in 0..<count(.roles) { try string(.roles, i, 0, "name") }
        for i in 0..<count(.groups) { try string(.groups, i, 0, "title") }
        // The role-name hash: a power of two slots (none when there are no roles), each role
        // exactly once, each findable by the lookup the runtime does.
        let slots = count(.roleHash)
        let roles = count(.roles)
        if roles == 0 {
            guard slots == 0 else { throw .badSectionSize(section: "RHSH", size: self[.roleHash].size, count: slots) }
            return
        }
        guard TableValidator.isPowerOfTwo(slots), slots >= 2 * roles else {
            throw .badSectionSize(section: "RHSH", size: self[.roleHash].size, count: slots)
        }
        var seen = [Bool](repeating: false, count: roles)
        var filled = 0
        for s in 0..<slots {
            let v = f(.roleHash, s, 0)
            if v == TableFormat.emptySlot { continue }
            try index(.roleHash, s, 0, "role", below: roles)
            guard !seen[Int(v)] else { throw .invalidValue(section: "RHSH", record: s, field: "duplicate role", value: UInt64(v)) }
            seen[Int(v)] = true
            filled += 1
        }
        guard filled == roles else { throw .invalidValue(section: "RHSH", record: 0, field: "role count", value: UInt64(filled)) }
        // Each role findable from its home slot (one pass), and no name twice. Each name is
        // hashed once, by pointer; duplicates are found among names of equal hash, sorted, so
        // that even names crafted to collide cost n log n comparisons, not n².
        let base = self[.roleHash].offset
        enum Problem { case unreachable(slot: Int), duplicate(role: Int) }
        let problem: Problem? = r.bytes.withUnsafeBufferPointer { p -> Problem? in
            func name(_ role: Int) -> UnsafeBufferPointer<UInt8> {
                let (start, end) = stringRange(Int(f(.roles, role, 0)))
                return UnsafeBufferPointer(rebasing: p[start..<end])
            }
            var order = (0..<roles).map { UInt64(TableFormat.nameHash(name($0))) << 32 | UInt64($0) }
            let unreachable = TableValidator.firstUnreachableSlot(slots) { s in
                let v = r.u32(base + s * 4)  // below `roles`: checked above
                if v == TableFormat.emptySlot { return nil }
                return Int(order[Int(v)] >> 32) & (slots - 1)
            }
            if let s = unreachable { return .unreachable(slot: s) }
            order.sort()
            // The first role, in declaration order, whose name an earlier role has.
            var first: Int? = nil
            var i = 0
            while i < order.count {
                var j = i + 1
                while j < order.count, order[j] >> 32 == order[i] >> 32 { j += 1 }
                if j - i > 1 {
                    let group = order[i..<j].map { Int(truncatingIfNeeded: $0 & 0xFFFF_FFFF) }.sorted {
                        name($0).elementsEqual(name($1)) ? $0 < $1 : name($0).lexicographicallyPrecedes(name($1))
                    }
                    for k in 1..<group.count where name(group[k - 1]).elementsEqual(name(group[k])) {
                        first = min(first ?? group[k], group[k])
                    }
                }
                i = j
            }
            return first.map { .duplicate(role: $0) }
        }
        switch problem {
        case .unreachable(let s)?:
            throw .invalidValue(section: "RHSH", record: s, field: "unreachable role", value: UInt64(r.u32(base + s * 4)))
        case .duplicate(let role)?:
            throw .invalidValue(section: "ROLS", record: role, field: "duplicate role name", value: UInt64(f(.roles, role, 0)))
        case nil: break
        }
    }

    /// In an open-addressing table of `cap` slots (a power of two, at least one empty) probed
    /// linearly with wrap-around, the first occupied slot that a lookup starting at its home
    /// would not reach (an empty slot lies between), or nil; slot 0 when no slot is empty.
    /// `home(s)` is nil for an empty slot. One pass (``ProbeWalk``).
    static func firstUnreachableSlot(_ cap: Int, home: (Int) -> Int?) -> Int? {
        guard var walk = ProbeWalk(capacity: cap, isEmpty: { home($0) == nil }) else { return 0 }
        for i in 0..<cap {
            let s = walk.slot(i)
            guard let h = home(s) else {
                walk.passEmpty(at: i)
                continue
            }
            if !walk.reaches(from: h, at: i) { return s }
        }
        return nil
    }

    /// Byte range of string `id` (already validated).
    func stringRange(_ id: Int) -> (Int, Int) {
        let span = self[.strings]
        let blob = span.offset + 4 * (span.count + 1)
        return (blob + Int(r.u32(span.offset + 4 * id)), blob + Int(r.u32(span.offset + 4 * (id + 1))))
    }

    func checkConditions() throws(TableError) {
        let codeCount = count(.code)
        let contexts = count(.contexts)
        // The height of each stack entry's expression tree (the stack never holds more than
        // `maxConditionDepth` entries).
        var heights = [Int](repeating: 0, count: TableFormat.maxConditionDepth + 1)
        // Conditions tile the code in order, so each instruction is checked once.
        var expectedStart = 0
        for c in 0..<count(.conditions) {
            let start = Int(f(.conditions, c, 0)), n = Int(f(.conditions, c, 1))
            guard n >= 1, start + n <= codeCount else { throw .badCondition(condition: c, reason: "code range \(start)+\(n) outside \(codeCount) instructions") }
            guard n <= TableFormat.maxPressCode else { throw .badCondition(condition: c, reason: "\(n) instructions, more than \(TableFormat.maxPressCode)") }
            guard start == expectedStart else { throw .badCondition(condition: c, reason: "code starts at \(start), not where the previous condition ended (\(expectedStart))") }
            expectedStart = start + n
            var depth = 0
            for pc in start..<(start + n) {
                let op = f(.code, pc, 0), a = f(.code, pc, 1), b = f(.code, pc, 2)
                guard let o = TableFormat.Op(rawValue: op) else { throw .badCondition(condition: c, reason: "unknown opcode \(op) at \(pc)") }
                switch o {
                case .constant:
                    guard a <= 1, b == 0 else { throw .badCondition(condition: c, reason: "bad constant at \(pc)") }
                    depth += 1
                    if depth <= TableFormat.maxConditionDepth { heights[depth] = 1 }
                case .flag, .enumEquals, .stringEquals:
                    guard Int(a) < contexts else { throw .badCondition(condition: c, reason: "context \(a) out of range at \(pc)") }
                    let kind = f(.contexts, Int(a), 1), values = f(.contexts, Int(a), 3)
                    switch o {
                    case .flag:
                        guard kind == TableFormat.ContextKind.bool.rawValue, b == 0 else { throw .badCondition(condition: c, reason: "flag of a non-Bool context at \(pc)") }
                    case .enumEquals:
                        guard kind == TableFormat.ContextKind.enumeration.rawValue, b < values else { throw .badCondition(condition: c, reason: "bad enumeration comparison at \(pc)") }
                    default:
                        guard kind == TableFormat.ContextKind.string.rawValue, b < values else { throw .badCondition(condition: c, reason: "bad string comparison at \(pc)") }
                    }
                    depth += 1
                    if depth <= TableFormat.maxConditionDepth { heights[depth] = 1 }
                case .inside, .plays:
                    guard Int(a) < count(.roles), b == 0 else { throw .badCondition(condition: c, reason: "role \(a) out of range at \(pc)") }
                    depth += 1
                    if depth <= TableFormat.maxConditionDepth { heights[depth] = 1 }
                case .not:
                    guard depth >= 1, a == 0, b == 0 else { throw .badCondition(condition: c, reason: "stack underflow at \(pc)") }
                    heights[depth] += 1
                case .and, .or, .andSwapped, .orSwapped:
                    guard depth >= 2, a == 0, b == 0 else { throw .badCondition(condition: c, reason: "stack underflow at \(pc)") }
                    heights[depth - 1] = max(heights[depth - 1], heights[depth]) + 1
                    depth -= 1
                }
                guard depth <= TableFormat.maxConditionDepth else { throw .badCondition(condition: c, reason: "stack deeper than \(TableFormat.maxConditionDepth)") }
                guard depth == 0 || heights[depth] <= TableFormat.maxConditionHeight else {
                    throw .badCondition(condition: c, reason: "expression taller than \(TableFormat.maxConditionHeight) at \(pc)")
                }
            }
            guard depth == 1 else { throw .badCondition(condition: c, reason: "leaves \(depth) values on the stack") }
        }
        guard expectedStart == codeCount else { throw .badCondition(condition: count(.conditions), reason: "\(codeCount - expectedStart) instructions belong to no condition") }
    }

    func checkArguments() throws(TableError) {
        for i in 0..<count(.arguments) {
            let kind = f(.arguments, i, 0)
            let value = r.u64(self[.arguments].offset + i * 12 + 4)
            switch TableFormat.ArgumentKind(rawValue: kind) {
            case .int?: break
            case .string?: guard value < UInt64(stringCount) else { throw .outOfBounds(section: "ARGS", record: i, field: "string", value: UInt32(truncatingIfNeeded: value), limit: stringCount) }
            case .bool?: guard value <= 1 else { throw .invalidValue(section: "ARGS", record: i, field: "bool", value: value) }
            default: throw .invalidValue(section: "ARGS", record: i, field: "kind", value: UInt64(kind))
            }
        }
    }

    /// Checks the trie (`NODE`, `CAND`, `LONG`, `SLOT`) and, while each node's candidates are
    /// read, every `BIND` record and its `DCAN` mirror: each binding is exactly one node's
    /// candidate (as many candidates as bindings, each filed under its node, none twice in a
    /// node), so its record is checked once, where it is at hand. Writes each candidate's
    /// role to `roles` (one entry per `CAND` record), for ``checkDispatchNodes(candidateRoles:)``.
    /// Runs after ``checkBindings()``, which checks the invocations and attributes it follows.
    func checkTrie(roles: UnsafeMutableBufferPointer<UInt32>) throws(TableError) {
        try r.withView { (r: TableBytesView) throws(TableError) -> Void in
            let nodeRecords = count(.nodes)
            guard nodeRecords >= 2 else { throw .badTrie(node: 0, reason: "no root") }
            let nodes = nodeRecords - 1
            let bindings = count(.bindings), slots = count(.slots), cands = count(.candidates), longs = count(.longer)
            let none = TableFormat.none
            guard f(.nodes, 0, 0) == none, f(.nodes, 0, 1) == none, f(.nodes, 0, 2) == 0, f(.nodes, 0, 3) == 0, f(.nodes, 0, 4) == 0,
                  f(.nodes, nodes, 0) == none, f(.nodes, nodes, 1) == none,
                  Int(f(.nodes, nodes, 2)) == cands, Int(f(.nodes, nodes, 3)) == slots, Int(f(.nodes, nodes, 4)) == longs
            else { throw .badTrie(node: 0, reason: "bad root or sentinel") }
            guard f(.nodes, 1, 2) == 0, f(.nodes, 1, 4) == 0 else { throw .badTrie(node: 0, reason: "the root has bindings") }
            guard cands == bindings else { throw .badTrie(node: 0, reason: "\(cands) candidates for \(bindings) bindings") }
            guard count(.dispatchCandidates) == cands else {
                throw .badSectionSize(section: "DCAN", size: self[.dispatchCandidates].size, count: count(.dispatchCandidates))
            }
            guard roles.count == cands else { throw .badTrie(node: 0, reason: "\(roles.count) candidate roles for \(cands) candidates") }
            let attributes = count(.attributes), invocations = count(.invocations)
            let conditions = count(.conditions), cexpAt = self[.conditions].offset
            // Per node: whether a slot names it, and its strokes from the root (parents come
            // first, so one pass fills it). Buffers, not arrays: no uniqueness check per write.
            let childSeen = UnsafeMutableBufferPointer<Bool>.allocate(capacity: nodes)
            childSeen.initialize(repeating: false)
            defer { childSeen.deallocate() }
            let depth = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: nodes)
            depth.initialize(repeating: 0)
            defer { depth.deallocate() }
            var children = 0
            // Direct offsets for the per-record loops (the generic accessor costs a lookup per read).
            let nodeAt = self[.nodes].offset, candAt = self[.candidates].offset, slotAt = self[.slots].offset
            let bindAt = self[.bindings].offset, attrAt = self[.attributes].offset
            let dcanAt = self[.dispatchCandidates].offset, invAt = self[.invocations].offset
            let narrow = narrowBindings
            for n in 0..<nodes {
                let rec = nodeAt + n * 20
                if n > 0 {
                    let parent = Int(r.provenU32(rec))
                    guard parent < n else { throw .badTrie(node: n, reason: "parent \(parent) is not an earlier node") }
                    guard Int(depth[parent]) < TableFormat.maxSequenceLength else {
                        throw .badTrie(node: n, reason: "sequence longer than \(TableFormat.maxSequenceLength) strokes")
                    }
                    depth[n] = depth[parent] + 1
                    let code = r.provenU32(rec + 4)
                    guard Chord(code: code) != nil else { throw .badTrie(node: n, reason: "invalid chord code \(code)") }
                }
                let c0 = Int(r.provenU32(rec + 8)), c1 = Int(r.provenU32(rec + 28))
                let s0 = Int(r.provenU32(rec + 12)), s1 = Int(r.provenU32(rec + 32))
                let l0 = Int(r.provenU32(rec + 16)), l1 = Int(r.provenU32(rec + 36))
                guard c0 <= c1, c1 <= cands else { throw .badTrie(node: n, reason: "candidate range \(c0)..<\(c1) out of order") }
                guard s0 <= s1, s1 <= slots else { throw .badTrie(node: n, reason: "slot range \(s0)..<\(s1) out of order") }
                guard l0 <= l1, l1 <= longs else { throw .badTrie(node: n, reason: "longer range \(l0)..<\(l1) out of order") }
                // Candidates: sorted by role (the menu role, the largest, last), then declaration
                // order, each filed under this node.
                // Candidates as (role << 32 | binding), strictly increasing within the node.
                var lastKey: UInt64 = 0, runRole = UInt32.max
                // Per role: how many candidates, and the instructions of their conditions.
                var roleCandidates = 0, roleCode = 0
                for c in c0..<c1 {
                    let b = Int(r.provenU32(candAt &+ c &* 4))
                    guard b < bindings else { throw .outOfBounds(section: "CAND", record: c, field: "binding", value: UInt32(truncatingIfNeeded: b), limit: bindings) }
                    let (node, invocation, title, attribute) = r.bindingRecord(bindAt, narrow: narrow, b)
                    guard Int(node) == n else { throw .badTrie(node: n, reason: "binding \(b) filed under the wrong node") }
                    guard Int(invocation) < invocations else {
                        throw .outOfBounds(section: "BIND", record: b, field: "invocation", value: invocation, limit: invocations)
                    }
                    guard title == none || Int(title) < stringCount else {
                        throw .outOfBounds(section: "BIND", record: b, field: "title", value: title, limit: stringCount)
                    }
                    let a = Int(attribute)
                    guard a < attributes else { throw .outOfBounds(section: "BIND", record: b, field: "attributes", value: attribute, limit: attributes) }
                    let role = r.provenU32(attrAt &+ a &* TableFormat.Section.attributes.recordSize)
                    let key = UInt64(role) << 32 | UInt64(b)
                    if c > c0 && key <= lastKey { throw .badTrie(node: n, reason: "candidates out of order") }
                    lastKey = key
                    if role != runRole { roleCandidates = 0; roleCode = 0; runRole = role }
                    roleCandidates &+= 1
                    let condition = r.provenU32(attrAt &+ a &* TableFormat.Section.attributes.recordSize &+ 8)
                    if Int(condition) < conditions { roleCode &+= Int(r.provenU32(cexpAt &+ Int(condition) &* 8 &+ 4)) }
                    // The DCAN record mirrors this entry: binding, invocation, its action, condition.
                    let mirror = dcanAt &+ c &* 16
                    let action = r.provenU32(invAt &+ Int(invocation) &* 8)
                    guard r.provenU64(mirror) == UInt64(invocation) << 32 | UInt64(b),
                          r.provenU64(mirror &+ 8) == UInt64(condition) << 32 | UInt64(action)
                    else { throw .invalidValue(section: "DCAN", record: c, field: "candidate", value: UInt64(r.u32(mirror))) }
                    roles[c] = role
                    guard roleCandidates <= TableFormat.maxCandidatesPerRole else {
                        throw .badTrie(node: n, reason: "more than \(TableFormat.maxCandidatesPerRole) candidates of role \(role)")
                    }
                    guard roleCode <= TableFormat.maxPressCode else {
                        throw .badTrie(node: n, reason: "conditions of role \(role)'s candidates longer than \(TableFormat.maxPressCode) instructions")
                    }
                }
                var lastRole: Int64 = -1
                for l in l0..<l1 {
                    let role = f(.longer, l, 0)
                    if role != TableFormat.menuRole { try index(.longer, l, 0, "role", below: count(.roles)) }
                    guard Int64(role) > lastRole else { throw .badTrie(node: n, reason: "longer entries not in role order") }
                    lastRole = Int64(role)
                    guard f(.longer, l, 1) != TableFormat.conditionFalse else { throw .badTrie(node: n, reason: "longer entry that is never live") }
                    try conditionRef(.longer, l, 1)
                }
                // The child hash table: empty, or a power of two slots with at least one empty.
                let cap = s1 - s0
                if cap == 0 { continue }
                guard TableValidator.isPowerOfTwo(cap) else { throw .badTrie(node: n, reason: "slot table of \(cap) is not a power of two") }
                let log2 = cap.trailingZeroBitCount
                // Each slot checked and found reachable in one walk (``ProbeWalk``).
                guard var walk = ProbeWalk(capacity: cap, isEmpty: { r.u32(slotAt &+ (s0 &+ $0) &* 8) == TableFormat.emptySlot }) else {
                    throw .badTrie(node: n, reason: "full slot table")
                }
                var empty = 0
                for i in 0..<cap {
                    let s = s0 &+ walk.slot(i)
                    let chord = r.provenU32(slotAt &+ s &* 8), child = r.provenU32(slotAt &+ s &* 8 &+ 4)
                    if chord == TableFormat.emptySlot {
                        guard child == none else { throw .badTrie(node: n, reason: "empty slot \(s) with a child") }
                        empty &+= 1
                        walk.passEmpty(at: i)
                        continue
                    }
                    guard Int(child) < nodes, child > 0 else { throw .outOfBounds(section: "SLOT", record: s, field: "child", value: child, limit: nodes) }
                    guard r.provenU64(nodeAt &+ Int(child) &* 20) == UInt64(chord) << 32 | UInt64(n) else {
                        throw .badTrie(node: n, reason: "slot \(s) names node \(child), which is not this node's child on that chord")
                    }
                    guard !childSeen[Int(child)] else { throw .badTrie(node: n, reason: "node \(child) in two slots") }
                    childSeen[Int(child)] = true
                    children &+= 1
                    if !walk.reaches(from: TableFormat.slotHash(chord, log2Capacity: log2), at: i) {
                        throw .badTrie(node: n, reason: "slot \(s) unreachable from its home slot")
                    }
                }
                // Load at most 7/8 (what the emitter writes), so probes stay short.
                guard (cap - empty) * 8 <= cap * 7 else { throw .badTrie(node: n, reason: "slot table of \(cap) more than 7/8 full") }
            }
            guard children == nodes - 1 else { throw .badTrie(node: 0, reason: "\(nodes - 1 - children) nodes in no slot") }
        }
    }

    /// Whether `flags` has `@noRemapping` only together with `@noMirroring`.
    static func keyboardAdaptationValid(_ flags: UInt32) -> Bool {
        flags & TableFormat.attributeNoRemapping == 0 || flags & TableFormat.attributeNoMirroring != 0
    }

    /// Checks invocations, attributes and the edit menu; each `BIND` record is checked by
    /// ``checkTrie()``, as the candidate it is.
    func checkBindings() throws(TableError) {
        for i in 0..<count(.invocations) { try actionAndArgument(.invocations, i, action: 0, argument: 1) }
        for i in 0..<count(.attributes) {
            if f(.attributes, i, 0) != TableFormat.menuRole { try index(.attributes, i, 0, "role", below: count(.roles)) }
            try index(.attributes, i, 1, "group", below: count(.groups), optional: true)
            try conditionRef(.attributes, i, 2)
            let flags = f(.attributes, i, 3)
            // Bit 0 `@priority`; bit 1 `@repeat` with its window (1 ms to a minute) in bits
            // 16–31, which are zero without it; bits 2 and 3 `@noRemapping` and
            // `@noMirroring`, bit 2 only with bit 3; bit 4 `@timeout`; nothing else.
            let window = flags >> TableFormat.attributeRepeatShift
            let repeats = flags & TableFormat.attributeRepeat != 0
            guard flags & 0xFFE0 == 0, repeats == (window != 0), window <= TableFormat.maxRepeatMilliseconds,
                  Self.keyboardAdaptationValid(flags) else {
                throw .invalidValue(section: "ATTR", record: i, field: "flags", value: UInt64(flags))
            }
        }
        for i in 0..<count(.editMenu) {
            try string(.editMenu, i, 0, "title")
            try actionAndArgument(.editMenu, i, action: 1, argument: 2)
            try conditionRef(.editMenu, i, 3)
        }
    }

    func checkMenus() throws(TableError) {
        let menus = count(.menus), entries = count(.menuEntries), items = count(.menuItems)
        let top = Int(f(.meta, 0, 2))
        var depth = [Int](repeating: 0, count: menus)
        for m in 0..<top { depth[m] = 1 }
        for m in 0..<menus {
            try string(.menus, m, 0, "title")
            guard depth[m] > 0 else { throw .badTree(section: "MENU", record: m, reason: "submenu not in any menu") }
            let start = Int(f(.menus, m, 1)), n = Int(f(.menus, m, 2))
            guard start + n <= entries else { throw .outOfBounds(section: "MENU", record: m, field: "entries", value: UInt32(truncatingIfNeeded: start + n), limit: entries) }
            for e in start..<(start + n) {
                let kind = f(.menuEntries, e, 0), value = f(.menuEntries, e, 1)
                switch TableFormat.MenuEntryKind(rawValue: kind) {
                case .item?: try index(.menuEntries, e, 1, "item", below: items)
                case .separator?: guard value == 0 else { throw .invalidValue(section: "MENT", record: e, field: "separator value", value: UInt64(value)) }
                case .submenu?:
                    let child = Int(value)
                    guard child > m, child >= top, child < menus else {
                        throw .badTree(section: "MENT", record: e, reason: "submenu \(value) of menu \(m) is not a later submenu (a cycle or out of range)")
                    }
                    guard depth[child] == 0 else { throw .badTree(section: "MENT", record: e, reason: "submenu \(child) in two places") }
                    guard depth[m] < TableFormat.maxMenuDepth else { throw .badTree(section: "MENT", record: e, reason: "menus nested deeper than \(TableFormat.maxMenuDepth)") }
                    depth[child] = depth[m] + 1
                case nil: throw .invalidValue(section: "MENT", record: e, field: "kind", value: UInt64(kind))
                }
            }
        }
        for i in 0..<items {
            try string(.menuItems, i, 0, "title")
            try actionAndArgument(.menuItems, i, action: 1, argument: 2)
            let chord = f(.menuItems, i, 3)
            guard chord == TableFormat.none || Chord(code: chord) != nil else {
                throw .invalidValue(section: "ITEM", record: i, field: "key equivalent", value: UInt64(chord))
            }
            try conditionRef(.menuItems, i, 4)
            let flags = f(.menuItems, i, 5)
            guard flags & ~(TableFormat.attributeNoRemapping | TableFormat.attributeNoMirroring) == 0,
                  Self.keyboardAdaptationValid(flags) else {
                throw .invalidValue(section: "ITEM", record: i, field: "flags", value: UInt64(flags))
            }
        }
    }

    func checkQuickActions() throws(TableError) {
        let dicts = count(.dictionaries), entries = count(.dictionaryEntries)
        var depth = [Int](repeating: 0, count: dicts)
        for q in 0..<count(.quickActions) {
            try string(.quickActions, q, 0, "type")
            try string(.quickActions, q, 1, "title")
            try string(.quickActions, q, 2, "subtitle", optional: true)
            try string(.quickActions, q, 3, "icon type", optional: true)
            try string(.quickActions, q, 4, "icon file", optional: true)
            try index(.quickActions, q, 5, "user info", below: dicts)
            let d = Int(f(.quickActions, q, 5))
            guard depth[d] == 0 else { throw .badTree(section: "QUIK", record: q, reason: "dictionary \(d) used twice") }
            depth[d] = 1
        }
        let base = self[.dictionaryEntries].offset
        for d in 0..<dicts {
            guard depth[d] > 0 else { throw .badTree(section: "DICT", record: d, reason: "dictionary used nowhere") }
            let start = Int(f(.dictionaries, d, 0)), n = Int(f(.dictionaries, d, 1))
            guard start + n <= entries else { throw .outOfBounds(section: "DICT", record: d, field: "entries", value: UInt32(truncatingIfNeeded: start + n), limit: entries) }
            for e in start..<(start + n) {
                try string(.dictionaryEntries, e, 0, "key")
                let kind = f(.dictionaryEntries, e, 1)
                let value = r.u64(base + e * 16 + 8)
                switch TableFormat.UserInfoKind(rawValue: kind) {
                case .string?: guard value < UInt64(stringCount) else { throw .outOfBounds(section: "DENT", record: e, field: "string", value: UInt32(truncatingIfNeeded: value), limit: stringCount) }
                case .int?, .double?: break
                case .bool?: guard value <= 1 else { throw .invalidValue(section: "DENT", record: e, field: "bool", value: value) }
                case .dictionary?:
                    guard value > UInt64(d), value < UInt64(dicts) else {
                        throw .badTree(section: "DENT", record: e, reason: "dictionary \(value) is not a later dictionary (a cycle or out of range)")
                    }
                    guard depth[Int(value)] == 0 else { throw .badTree(section: "DENT", record: e, reason: "dictionary \(value) used twice") }
                    guard depth[d] < TableFormat.maxUserInfoDepth else { throw .badTree(section: "DENT", record: e, reason: "dictionaries nested deeper than \(TableFormat.maxUserInfoDepth)") }
                    depth[Int(value)] = depth[d] + 1
                case nil: throw .invalidValue(section: "DENT", record: e, field: "kind", value: UInt64(kind))
                }
            }
        }
    }

    func checkSourceMap() throws(TableError) {
        guard hasSourceMap else {
            guard !narrowSourceMap else { throw .invalidValue(section: "META", record: 0, field: "flags", value: UInt64(f(.meta, 0, 3))) }
            return
        }
        let bindings = count(.bindings)
        guard count(.sourceMap) == bindings else {
            throw .badSectionSize(section: "SRCM", size: self[.sourceMap].size, count: count(.sourceMap))
        }
        // File runs: the first starts at binding 0, each later one further on, all inside.
        guard (bindings == 0) == (count(.sourceFiles) == 0) else {
            throw .badSectionSize(section: "SRCF", size: self[.sourceFiles].size, count: count(.sourceFiles))
        }
        var previous = -1
        for i in 0..<count(.sourceFiles) {
            let first = Int(f(.sourceFiles, i, 0))
            guard first > previous, first < bindings, i > 0 || first == 0 else {
                throw .invalidValue(section: "SRCF", record: i, field: "first binding", value: UInt64(first))
            }
            previous = first
            try string(.sourceFiles, i, 1, "file", optional: true)
        }
        // Overrides: sorted by binding, each naming a file, a condition and a kind.
        var last = 0
        for i in 0..<count(.sourceOverrides) {
            try index(.sourceOverrides, i, 0, "binding", below: bindings)
            let binding = Int(f(.sourceOverrides, i, 0))
            guard binding >= last else {
                throw .invalidValue(section: "SRCO", record: i, field: "binding", value: UInt64(binding))
            }
            last = binding
            try string(.sourceOverrides, i, 1, "file")
            try conditionRef(.sourceOverrides, i, 4)
            guard f(.sourceOverrides, i, 5) <= 1 else {
                throw .invalidValue(section: "SRCO", record: i, field: "kind", value: UInt64(f(.sourceOverrides, i, 5)))
            }
        }
    }
}
