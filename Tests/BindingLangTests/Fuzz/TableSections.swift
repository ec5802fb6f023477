// A compiled table taken apart into its sections and put back together with a fresh layout and
// a resealed checksum: what the hostile-table generator and the table fuzzer use to build valid
// (checksummed, well laid out) tables with contents no emitter would write. Only BindingRuntime
// is used here (Fuzz/run.sh compiles this file into the fuzzers too).
import BindingRuntime

/// The sections of a table, each as its raw bytes and record count, in directory order.
struct TableSections {
    var tags: [UInt32]
    var bodies: [[UInt8]]
    var counts: [Int]
    /// Header words 8..<24 (version, flags); kept as read.
    var version: UInt32
    var flags: UInt32

    /// Splits a structurally sound table (nil when its header or directory is not).
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= TableFormat.headerSize else { return nil }
        version = Self.u32(bytes, 8)
        flags = Self.u32(bytes, 12)
        let n = Int(Self.u32(bytes, 20))
        guard n <= 64, TableFormat.headerSize + n * TableFormat.directoryEntrySize <= bytes.count else { return nil }
        tags = []
        bodies = []
        counts = []
        for s in 0..<n {
            let e = TableFormat.headerSize + s * TableFormat.directoryEntrySize
            let offset = Int(Self.u32(bytes, e + 4)), size = Int(Self.u32(bytes, e + 8))
            guard offset <= bytes.count, size <= bytes.count - offset else { return nil }
            tags.append(Self.u32(bytes, e))
            bodies.append(Array(bytes[offset..<(offset + size)]))
            counts.append(Int(Self.u32(bytes, e + 12)))
        }
    }

    /// The section's records as `u32` fields (for sections of whole `u32` records).
    func words(_ s: TableFormat.Section) -> [UInt32] {
        let b = bodies[s.rawValue]
        return stride(from: 0, to: b.count - b.count % 4, by: 4).map { Self.u32(b, $0) }
    }

    /// Replaces a section by `count` records given as `u32` fields.
    mutating func set(_ s: TableFormat.Section, words: [UInt32], count: Int) {
        var b: [UInt8] = []
        b.reserveCapacity(words.count * 4)
        for w in words { Self.append(&b, w) }
        bodies[s.rawValue] = b
        counts[s.rawValue] = count
    }

    /// The table laid out again (each section 4-byte aligned after the directory) and sealed.
    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        out.append(contentsOf: TableFormat.magic)
        Self.append(&out, version)
        Self.append(&out, flags)
        Self.append(&out, 0)  // size, below
        Self.append(&out, UInt32(tags.count))
        out.append(contentsOf: [UInt8](repeating: 0, count: 8))
        var offset = TableFormat.headerSize + tags.count * TableFormat.directoryEntrySize
        for (i, tag) in tags.enumerated() {
            Self.append(&out, tag)
            Self.append(&out, UInt32(offset))
            Self.append(&out, UInt32(bodies[i].count))
            Self.append(&out, UInt32(counts[i]))
            offset += (bodies[i].count + 3) & ~3
        }
        for body in bodies {
            out.append(contentsOf: body)
            while out.count % 4 != 0 { out.append(0) }
        }
        let size = UInt32(out.count)
        for k in 0..<4 { out[16 + k] = UInt8(truncatingIfNeeded: size >> (8 * UInt32(k))) }
        TableChecksum.seal(&out)
        return out
    }

    static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
        guard at >= 0, at + 4 <= b.count else { return 0 }
        return UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }

    static func append(_ b: inout [UInt8], _ v: UInt32) {
        for k in 0..<4 { b.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(k)))) }
    }
}
