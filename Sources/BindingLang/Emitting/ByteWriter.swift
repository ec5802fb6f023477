import BindingRuntime

/// Little-endian bytes of one table section under construction.
struct ByteWriter {
    var bytes: [UInt8] = []
    /// Records written so far (the directory's count field).
    var count = 0

    mutating func u32(_ v: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: v))
        bytes.append(UInt8(truncatingIfNeeded: v >> 8))
        bytes.append(UInt8(truncatingIfNeeded: v >> 16))
        bytes.append(UInt8(truncatingIfNeeded: v >> 24))
    }

    mutating func u32(_ v: Int) { u32(UInt32(truncatingIfNeeded: v)) }

    mutating func u64(_ v: UInt64) {
        u32(UInt32(truncatingIfNeeded: v))
        u32(UInt32(truncatingIfNeeded: v >> 32))
    }

    /// Writes one record of `words` 32-bit fields.
    mutating func record(_ words: UInt32...) {
        for w in words { u32(w) }
        count += 1
    }
}
