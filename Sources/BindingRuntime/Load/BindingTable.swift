#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A compiled keymap, loaded and validated: the immutable table the dispatcher reads.
///
/// Loading keeps the bytes as they are (no objects are built) and checks every byte once, so
/// no later lookup can read out of bounds; corrupt input of any kind is a thrown
/// ``TableError``, never a trap. Lookups read the bytes in place: a stroke is one hash probe
/// into the trie, whatever the size of the keymap. The table is immutable and `Sendable`:
/// share one between threads, and swap in a newer one with ``TableReference``.
public final class BindingTable: Sendable {
    typealias Section = TableFormat.Section
    let reader: TableReader
    let spans: [SectionSpan]
    // Offsets of the sections dispatch reads, cached out of `spans`.
    let nodesAt: Int, longerAt: Int, candidatesAt: Int, slotsAt: Int, bindingsAt: Int
    let invocationsAt: Int, attributesAt: Int
    let conditionsAt: Int, codeAt: Int, argumentsAt: Int, roleHashAt: Int, roleHashCount: Int
    let stringsAt: Int, blobAt: Int
    /// Whether `BIND` records are narrow (``TableFormat/metaNarrowBindings``).
    let narrowBindings: Bool
    /// Whether `SRCM` records are narrow (``TableFormat/metaNarrowSourceMap``).
    let narrowSourceMap: Bool
    /// Whether the table carries a source map (it was not compiled with `--strip`).
    public let hasSourceMap: Bool
    /// The dispatch sections, copied for unchecked reads (built after validation).
    let dispatch: DispatchIndex

    /// Loads and validates a table held in memory.
    public convenience init(bytes: [UInt8]) throws(TableError) {
        try self.init(bytes: bytes, verifyingChecksum: true)
    }

    /// Loads and validates on one thread whatever the table's size (``init(bytes:)`` uses two
    /// from a megabyte on): for the benchmark's one-thread figure.
    package convenience init(bytes: [UInt8], oneThread: Bool) throws(TableError) {
        try self.init(bytes: bytes, verifyingChecksum: true, overlappingFrom: oneThread ? .max : TableValidator.overlapSize)
    }

    /// Loads and validates; `verifyingChecksum: false` lets tests reach the structural
    /// checks with deliberately corrupted tables. Validation uses two threads from
    /// `overlappingFrom` bytes on (``TableValidator/validate(_:checksum:overlappingFrom:)``).
    init(bytes: [UInt8], verifyingChecksum: Bool, overlappingFrom: Int = TableValidator.overlapSize) throws(TableError) {
        let v = try TableValidator.validate(bytes, checksum: verifyingChecksum, overlappingFrom: overlappingFrom)
        reader = v.r
        spans = v.spans
        hasSourceMap = v.hasSourceMap
        nodesAt = v[.nodes].offset
        longerAt = v[.longer].offset
        invocationsAt = v[.invocations].offset
        attributesAt = v[.attributes].offset
        candidatesAt = v[.candidates].offset
        slotsAt = v[.slots].offset
        bindingsAt = v[.bindings].offset
        narrowBindings = v.narrowBindings
        narrowSourceMap = v.narrowSourceMap
        conditionsAt = v[.conditions].offset
        codeAt = v[.code].offset
        argumentsAt = v[.arguments].offset
        roleHashAt = v[.roleHash].offset
        roleHashCount = v[.roleHash].count
        stringsAt = v[.strings].offset
        blobAt = v[.strings].offset + 4 * (v[.strings].count + 1)
        dispatch = DispatchIndex(reader: v.r, spans: v.spans, roleCount: v[.roles].count)
    }

    /// Reads the file at `path` once and loads it like ``init(bytes:)``.
    public convenience init(contentsOf path: String) throws(TableError) {
        try self.init(bytes: BindingTable.readFile(path))
    }

    /// The whole file's bytes, read with the C library (no Foundation needed).
    static func readFile(_ path: String) throws(TableError) -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw .unreadable(path: path, errno: errno) }
        defer { fclose(file) }
        var out: [UInt8] = []
        // A regular file's size is known: one allocation of it (the table keeps this array,
        // and the dispatch index reads it in place), not doubling, which left up to twice
        // the file allocated and held the old and the new copy at once while growing.
        var info = stat()
        if fstat(fileno(file), &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            out.reserveCapacity(min(Int(info.st_size), TableFormat.maxTableSize) + 1)
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n > 0 { out.append(contentsOf: chunk[0..<n]) }
            if n < chunk.count {
                if ferror(file) != 0 { throw .unreadable(path: path, errno: errno) }
                break
            }
            if out.count > TableFormat.maxTableSize { throw .sizeMismatch(declared: TableFormat.maxTableSize, actual: out.count) }
        }
        return out
    }

    /// The table's bytes, exactly as loaded.
    public var bytes: [UInt8] { reader.bytes }

    // MARK: - Records

    @inline(__always)
    func f(_ s: Section, _ i: Int, _ k: Int) -> UInt32 {
        if s == .bindings { return reader.bindingField(bindingsAt, narrow: narrowBindings, i, k) }
        return reader.field(spans[s.rawValue], s.recordSize, i, k)
    }

    @inline(__always)
    func count(_ s: Section) -> Int { spans[s.rawValue].count }

    // MARK: - Strings

    /// Number of strings in the pool.
    var stringCount: Int { count(.strings) }

    /// Byte range of pool string `id` in ``bytes``.
    @inline(__always)
    func stringRange(_ id: UInt32) -> Range<Int> {
        guard Int(id) < stringCount else { return 0..<0 }
        let i = Int(id)
        let start = blobAt + Int(reader.u32(stringsAt + 4 * i))
        let end = blobAt + Int(reader.u32(stringsAt + 4 * (i + 1)))
        return start..<max(start, end)
    }

    /// Pool string `id` as a `String`; nil for ``TableFormat/none``.
    func string(_ id: UInt32) -> String? {
        guard id != TableFormat.none, Int(id) < stringCount else { return nil }
        let r = stringRange(id)
        return String(decoding: reader.bytes[r], as: UTF8.self)
    }

    /// Whether pool string `id` spells `text`, compared byte by byte without allocating.
    func string(_ id: UInt32, equals text: String) -> Bool {
        guard id != TableFormat.none, Int(id) < stringCount else { return false }
        let r = stringRange(id)
        var i = r.lowerBound
        for b in text.utf8 {
            guard i < r.upperBound, reader.bytes[i] == b else { return false }
            i += 1
        }
        return i == r.upperBound
    }

    /// Whether pool string `id` spells `text` (a static string), without allocating.
    func string(_ id: UInt32, equals text: StaticString) -> Bool {
        guard id != TableFormat.none, Int(id) < stringCount, text.hasPointerRepresentation else { return false }
        let r = stringRange(id)
        guard r.count == text.utf8CodeUnitCount else { return false }
        let p = text.utf8Start
        var k = 0
        for i in r {
            guard reader.bytes[i] == p[k] else { return false }
            k += 1
        }
        return true
    }

    // MARK: - Keymap header

    /// The keymap's name (`keymap "Name"`), if it has one.
    public var name: String? { string(f(.meta, 0, 0)) }

    /// The platform `primary` was resolved for.
    public var platform: Platform { Platform(tableCode: f(.meta, 0, 1)) ?? .macOS }

    /// The size of the table in bytes.
    public var byteCount: Int { reader.bytes.count }

    // MARK: - Actions

    /// Number of actions (declared ones first, then the standard actions used).
    public var actionCount: Int { count(.actions) }

    /// The name of action `index`.
    public func actionName(_ index: Int) -> String {
        guard index >= 0, index < actionCount else { return "" }
        return string(f(.actions, index, 0)) ?? ""
    }

    /// The argument type of action `index` (`.none` when it takes none).
    public func actionArgumentKind(_ index: Int) -> TableFormat.ArgumentKind {
        guard index >= 0, index < actionCount else { return .none }
        return TableFormat.ArgumentKind(rawValue: f(.actions, index, 1)) ?? .none
    }

    /// Whether action `index` is a predeclared standard action.
    public func actionIsStandard(_ index: Int) -> Bool { index >= 0 && index < actionCount && f(.actions, index, 2) & 1 != 0 }

    /// The index of the action called `name`, if the table has one.
    public func actionIndex(named name: String) -> Int? {
        for i in 0..<actionCount where string(f(.actions, i, 0), equals: name) { return i }
        return nil
    }

    // MARK: - Contexts

    /// Number of declared context variables.
    public var contextCount: Int { count(.contexts) }

    /// The name of context variable `index`.
    public func contextName(_ index: Int) -> String {
        guard index >= 0, index < contextCount else { return "" }
        return string(f(.contexts, index, 0)) ?? ""
    }

    /// The type of context variable `index`.
    public func contextKind(_ index: Int) -> TableFormat.ContextKind {
        guard index >= 0, index < contextCount else { return .bool }
        return TableFormat.ContextKind(rawValue: f(.contexts, index, 1)) ?? .bool
    }

    /// The cases of an enumeration context, or the literals a String context is compared
    /// with, in table order.
    public func contextValues(_ index: Int) -> [String] {
        guard index >= 0, index < contextCount else { return [] }
        let start = Int(f(.contexts, index, 2)), n = Int(f(.contexts, index, 3))
        return (start..<(start + n)).map { string(f(.values, $0, 0)) ?? "" }
    }

    /// Number of values (cases or literals) of context `index`.
    func contextValueCount(_ index: Int) -> Int { Int(f(.contexts, index, 3)) }

    /// Pool string of value `value` of context `index`.
    func contextValueString(_ index: Int, _ value: Int) -> UInt32 {
        f(.values, Int(f(.contexts, index, 2)) + value, 0)
    }

    /// The index of the context variable called `name`.
    public func contextIndex(named name: String) -> Int? {
        for i in 0..<contextCount where string(f(.contexts, i, 0), equals: name) { return i }
        return nil
    }

    // MARK: - Roles and groups

    /// Number of declared responder roles.
    public var roleCount: Int { count(.roles) }

    /// The name of role `index`.
    public func roleName(_ index: Int) -> String {
        guard index >= 0, index < roleCount else { return "" }
        return string(f(.roles, index, 0)) ?? ""
    }

    /// The index of the role called `name`: one hash probe, no allocation.
    @inline(__always)
    public func roleIndex(named name: String) -> Int? {
        let n = roleHashCount
        guard n > 0 else { return nil }
        var s = Int(TableFormat.nameHash(name.utf8)) & (n - 1)
        for _ in 0..<n {
            let v = reader.u32(roleHashAt + 4 * s)
            if v == TableFormat.emptySlot { return nil }
            if string(reader.u32(spans[Section.roles.rawValue].offset + 4 * Int(v)), equals: name) { return Int(v) }
            s = (s + 1) & (n - 1)
        }
        return nil
    }

    /// Number of discoverability groups.
    public var groupCount: Int { count(.groups) }

    /// The title of group `index`.
    public func groupName(_ index: Int) -> String {
        guard index >= 0, index < groupCount else { return "" }
        return string(f(.groups, index, 0)) ?? ""
    }

    // MARK: - Arguments

    /// Argument record `ref` as a value (``ActionArgument/none`` for ``TableFormat/none``).
    @inline(__always)
    func argument(_ ref: UInt32) -> ActionArgument {
        guard ref != TableFormat.none else { return .none }
        let at = argumentsAt + Int(ref) * 12
        let value = reader.u64(at + 4)
        switch reader.u32(at) {
        case TableFormat.ArgumentKind.int.rawValue: return .int(Int64(bitPattern: value))
        case TableFormat.ArgumentKind.bool.rawValue: return .bool(value != 0)
        case TableFormat.ArgumentKind.string.rawValue: return .string(TableString(table: self, id: UInt32(truncatingIfNeeded: value)))
        default: return .none
        }
    }
}
