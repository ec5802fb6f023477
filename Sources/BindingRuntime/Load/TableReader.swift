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
        bytes.withUnsafeBytes { TableBytesView($0).u32(offset) }
    }

    /// The little-endian `UInt64` at `offset`, or 0 when out of bounds.
    @inline(__always)
    func u64(_ offset: Int) -> UInt64 {
        bytes.withUnsafeBytes { TableBytesView($0).u64(offset) }
    }

    /// The little-endian `UInt16` at `offset`, or 0 when out of bounds.
    @inline(__always)
    func u16(_ offset: Int) -> UInt16 {
        bytes.withUnsafeBytes { TableBytesView($0).u16(offset) }
    }

    /// Field `field` of binding `index`: a `u16` widened (`0xFFFF` to `0xFFFFFFFF`) when the
    /// table's bindings are narrow, else a `u32`.
    @inline(__always)
    func bindingField(_ bindingsAt: Int, narrow: Bool, _ index: Int, _ field: Int) -> UInt32 {
        bytes.withUnsafeBytes { TableBytesView($0).bindingField(bindingsAt, narrow: narrow, index, field) }
    }

    /// Word `field` of record `index` of `span` (records are `size` bytes).
    @inline(__always)
    func field(_ span: SectionSpan, _ recordSize: Int, _ index: Int, _ field: Int) -> UInt32 {
        u32(span.offset &+ index &* recordSize &+ field &* 4)
    }
}

extension TableReader {
    /// Runs `body` with a ``TableBytesView`` of the bytes: the same checked reads, with the
    /// byte count held in a register instead of read from the array on every access. The
    /// validator's per-record loops, which read millions of fields, use it.
    @inline(__always)
    func withView<R>(_ body: (TableBytesView) throws(TableError) -> R) throws(TableError) -> R {
        // `Array.withUnsafeBytes` rethrows untyped errors, so the typed one travels as a value.
        let result = bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<R, TableError> in
            do throws(TableError) { return .success(try body(TableBytesView(raw))) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

/// A borrowed view of a table's bytes for the duration of ``TableReader/withView(_:)``. Every
/// read is checked exactly as ``TableReader``'s are: an offset outside the bytes yields 0.
struct TableBytesView {
    private let base: UnsafeRawPointer?
    /// One past the last offset where a read of 2, 4 or 8 bytes fits (0 when none does), so
    /// that a read is checked with one unsigned comparison (a negative offset is too large).
    private let end2: UInt, end4: UInt, end8: UInt

    @inline(__always)
    init(_ raw: UnsafeRawBufferPointer) {
        base = raw.baseAddress
        end2 = UInt(max(raw.count - 1, 0))
        end4 = UInt(max(raw.count - 3, 0))
        end8 = UInt(max(raw.count - 7, 0))
    }

    /// The little-endian `UInt32` at `offset`, or 0 when `offset..<offset+4` is out of bounds.
    @inline(__always)
    func u32(_ offset: Int) -> UInt32 {
        guard UInt(bitPattern: offset) < end4 else { return 0 }
        return base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian
    }

    /// The little-endian `UInt64` at `offset`, or 0 when out of bounds.
    @inline(__always)
    func u64(_ offset: Int) -> UInt64 {
        guard UInt(bitPattern: offset) < end8 else { return 0 }
        return base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
    }

    /// The little-endian `UInt16` at `offset`, or 0 when out of bounds.
    @inline(__always)
    func u16(_ offset: Int) -> UInt16 {
        guard UInt(bitPattern: offset) < end2 else { return 0 }
        return base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: offset, as: UInt16.self).littleEndian
    }

    /// The little-endian `UInt32` at `offset`, which the caller has proven lies inside the
    /// bytes: a field of a record whose index the validator has just checked against its
    /// section's count (the directory check placed every section inside the bytes). No
    /// branch; debug builds still check.
    @inline(__always)
    func provenU32(_ offset: Int) -> UInt32 {
        assert(UInt(bitPattern: offset) < end4, "read at \(offset) outside the table")
        return base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian
    }

    /// The byte at `offset`, proven inside the bytes as for ``provenU32(_:)``.
    @inline(__always)
    func provenByte(_ offset: Int) -> UInt8 {
        assert(UInt(bitPattern: offset) <= end2, "read at \(offset) outside the table")  // end2 = count - 1
        return base.unsafelyUnwrapped.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// The little-endian `UInt64` at `offset`, proven inside the bytes as for ``provenU32(_:)``.
    @inline(__always)
    func provenU64(_ offset: Int) -> UInt64 {
        assert(UInt(bitPattern: offset) < end8, "read at \(offset) outside the table")
        return base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
    }

    /// Field `field` of binding `index`, as ``TableReader/bindingField(_:narrow:_:_:)``.
    @inline(__always)
    func bindingField(_ bindingsAt: Int, narrow: Bool, _ index: Int, _ field: Int) -> UInt32 {
        if narrow {
            return Self.widen(UInt64(u16(bindingsAt &+ index &* TableFormat.narrowBindingSize &+ field &* 2)))
        }
        return u32(bindingsAt &+ index &* 16 &+ field &* 4)
    }

    /// The narrow field in the low 16 bits of `v`, widened: `0xFFFF` (none) to `0xFFFFFFFF`.
    @inline(__always)
    private static func widen(_ v: UInt64) -> UInt32 {
        let h = UInt32(truncatingIfNeeded: v) & 0xFFFF
        return h == 0xFFFF ? TableFormat.none : h
    }

    /// All four fields of binding `index` (node, invocation, title, attributes), as
    /// ``bindingField(_:narrow:_:_:)`` reads them one by one, in one or two reads; `index`
    /// must be below the section's count (reads as ``provenU64(_:)``).
    @inline(__always)
    func bindingRecord(_ bindingsAt: Int, narrow: Bool, _ index: Int) -> (UInt32, UInt32, UInt32, UInt32) {
        if narrow {
            let w = provenU64(bindingsAt &+ index &* TableFormat.narrowBindingSize)
            return (Self.widen(w), Self.widen(w >> 16), Self.widen(w >> 32), Self.widen(w >> 48))
        }
        let at = bindingsAt &+ index &* 16
        let lo = provenU64(at), hi = provenU64(at &+ 8)
        return (UInt32(truncatingIfNeeded: lo), UInt32(truncatingIfNeeded: lo >> 32),
                UInt32(truncatingIfNeeded: hi), UInt32(truncatingIfNeeded: hi >> 32))
    }
}
