import BindingRuntime

/// Little-endian bytes of one table section under construction.
///
/// The buffer is kept ahead of what is written by up to a page of zeros, and each write
/// stores its bytes in place: one capacity and uniqueness check per record, where appending
/// byte by byte to an array made both per byte (a quarter of emitting).
struct ByteWriter {
    /// The bytes written (`length` of them), then zeros.
    private var storage: [UInt8] = []
    /// How many bytes are written.
    private(set) var length = 0
    /// Records written so far (the directory's count field).
    var count = 0

    /// The bytes written (a copy).
    var bytes: [UInt8] { Array(storage[..<length]) }

    /// Appends `v`'s four bytes, least significant first.
    @inline(__always)
    mutating func u32(_ v: UInt32) {
        store(v.littleEndian)
    }

    mutating func u32(_ v: Int) { u32(UInt32(truncatingIfNeeded: v)) }

    mutating func u64(_ v: UInt64) {
        store(v.littleEndian)
    }

    /// Appends `v`'s two bytes, least significant first.
    mutating func u16(_ v: UInt16) {
        store(v.littleEndian)
    }

    /// Appends `bytes` as they are.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let from = bytes.baseAddress, bytes.count > 0 else { return }
        makeRoom(bytes.count)
        let at = length
        storage.withUnsafeMutableBytes { $0.baseAddress.unsafelyUnwrapped.advanced(by: at).copyMemory(from: from, byteCount: bytes.count) }
        length += bytes.count
    }

    /// Appends `bytes` as they are.
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Appends the UTF-8 bytes of `s`.
    mutating func append(utf8 s: String) {
        var s = s
        s.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Makes room for `bytes` more bytes at once (a section whose size is known).
    mutating func reserve(_ bytes: Int) {
        if storage.count - length < bytes {
            storage.reserveCapacity(length + bytes)
            storage.append(contentsOf: repeatElement(0, count: length + bytes - storage.count))
        }
    }

    /// Calls `body` with the bytes written.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<length])) }
    }

    /// Stores the bytes of `value` (an integer or a tuple of them, little-endian) at the end.
    @inline(__always)
    private mutating func store<T>(_ value: T) {
        let size = MemoryLayout<T>.size
        if storage.count - length < size { makeRoom(size) }
        let at = length
        storage.withUnsafeMutableBytes { $0.storeBytes(of: value, toByteOffset: at, as: T.self) }
        length = at &+ size
    }

    /// Extends the zeros after what is written to at least `bytes`, by a page at a time: the
    /// array's capacity still grows geometrically, and at most a page past the end is touched.
    @inline(never)
    private mutating func makeRoom(_ bytes: Int) {
        let missing = length + bytes - storage.count
        guard missing > 0 else { return }
        storage.append(contentsOf: repeatElement(0, count: Swift.max(missing, 4096)))
    }

    // One record of 32-bit fields. Fixed arities rather than a variadic parameter: a
    // variadic call builds an array per record.

    /// Writes a record of one 32-bit field.
    mutating func record(_ a: UInt32) {
        store(a.littleEndian)
        count += 1
    }

    /// Writes a record of two 32-bit fields.
    mutating func record(_ a: UInt32, _ b: UInt32) {
        store((a.littleEndian, b.littleEndian))
        count += 1
    }

    /// Writes a record of three 32-bit fields.
    mutating func record(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        store((a.littleEndian, b.littleEndian, c.littleEndian))
        count += 1
    }

    /// Writes a record of four 32-bit fields.
    mutating func record(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) {
        store((a.littleEndian, b.littleEndian, c.littleEndian, d.littleEndian))
        count += 1
    }

    /// Writes a record of five 32-bit fields.
    mutating func record(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ e: UInt32) {
        store((a.littleEndian, b.littleEndian, c.littleEndian, d.littleEndian, e.littleEndian))
        count += 1
    }

    /// Writes a record of six 32-bit fields.
    mutating func record(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ e: UInt32, _ f: UInt32) {
        store((a.littleEndian, b.littleEndian, c.littleEndian, d.littleEndian, e.littleEndian, f.littleEndian))
        count += 1
    }

    /// Writes a record of four 16-bit fields.
    mutating func record16(_ a: UInt16, _ b: UInt16, _ c: UInt16, _ d: UInt16) {
        store((a.littleEndian, b.littleEndian, c.littleEndian, d.littleEndian))
        count += 1
    }
}
