import BindingRuntime

/// Little-endian bytes of one table section under construction.
struct ByteWriter {
    var bytes: [UInt8] = []
    /// Records written so far (the directory's count field).
    var count = 0

    /// Appends `v`'s four bytes, least significant first. (Byte by byte: appending them as
    /// one buffer takes the generic `append(contentsOf:)`, which costs more.)
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

    // One record of 32-bit fields. Fixed arities rather than a variadic parameter: a
    // variadic call builds an array per record.

    /// Writes a record of one 32-bit field.
    mutating func record(_ a: UInt32) {
        u32(a)
        count += 1
    }

    /// Writes a record of two 32-bit fields.
    mutating func record(_ a: UInt32, _ b: UInt32) {
        u32(a)
        u32(b)
        count += 1
    }

    /// Writes a record of three 32-bit fields.
    mutating func record(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        u32(a)
        u32(b)
        u32(c)
        count += 1
    }

    /// Writes a record of four 32-bit fields.
    mutating func record(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) {
        u32(a)
        u32(b)
        u32(c)
        u32(d)
        count += 1
    }

    /// Writes a record of five 32-bit fields.
    mutating func record(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ e: UInt32) {
        record(a, b, c, d)
        u32(e)
    }

    /// Writes a record of six 32-bit fields.
    mutating func record(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ e: UInt32, _ f: UInt32) {
        record(a, b, c, d)
        u32(e)
        u32(f)
    }
}
