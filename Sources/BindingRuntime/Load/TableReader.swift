/// Where one section lies in a table: byte offset, byte size, and record count.
struct SectionSpan: Sendable, Equatable {
    var offset = 0
    var size = 0
    var count = 0
}

/// Read access to table bytes. Every read goes through ``u32(_:)`` or ``u64(_:)``, the one
/// checked read: an offset outside the bytes yields 0 instead of trapping. The validator
/// proves at load time that no valid lookup ever takes that branch.
struct TableReader: Sendable {
    let bytes: [UInt8]

    /// The little-endian `UInt32` at `offset`, or 0 when `offset..<offset+4` is out of bounds.
    @inline(__always)
    func u32(_ offset: Int) -> UInt32 {
        guard offset >= 0, offset <= bytes.count &- 4 else { return 0 }
        return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }.littleEndian
    }

    /// The little-endian `UInt64` at `offset`, or 0 when out of bounds.
    @inline(__always)
    func u64(_ offset: Int) -> UInt64 {
        guard offset >= 0, offset <= bytes.count &- 8 else { return 0 }
        return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }.littleEndian
    }

    /// The little-endian `UInt16` at `offset`, or 0 when out of bounds.
    @inline(__always)
    func u16(_ offset: Int) -> UInt16 {
        guard offset >= 0, offset <= bytes.count &- 2 else { return 0 }
        return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt16.self) }.littleEndian
    }

    /// Field `field` of binding `index`: a `u16` widened (`0xFFFF` to `0xFFFFFFFF`) when the
    /// table's bindings are narrow, else a `u32`.
    @inline(__always)
    func bindingField(_ bindingsAt: Int, narrow: Bool, _ index: Int, _ field: Int) -> UInt32 {
        if narrow {
            let v = u16(bindingsAt &+ index &* TableFormat.narrowBindingSize &+ field &* 2)
            return v == 0xFFFF ? TableFormat.none : UInt32(v)
        }
        return u32(bindingsAt &+ index &* 16 &+ field &* 4)
    }

    /// Word `field` of record `index` of `span` (records are `size` bytes).
    @inline(__always)
    func field(_ span: SectionSpan, _ recordSize: Int, _ index: Int, _ field: Int) -> UInt32 {
        u32(span.offset &+ index &* recordSize &+ field &* 4)
    }
}
