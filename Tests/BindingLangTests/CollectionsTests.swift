import Testing
@testable import BindingLang

/// The small containers the compiler's hot paths use (`Collections/`, `ByteWriter`).
struct CollectionsTests {
    @Test func radixSortIsAStableSortByTheKey() {
        var rng = SplitMix64(seed: 3_434)
        for n in [0, 1, 2, 17, 300, 5_000] {
            // Few distinct keys, so ties are common; some bytes constant, some not.
            let items = (0..<n).map { i in (key: (rng.next() % 40) << 20 | 0xAB, order: i) }
            var sorted = items
            RadixSort.sort(&sorted, byteCount: 8) { item, k in Int(truncatingIfNeeded: (item.key >> UInt64(k * 8)) & 0xFF) }
            let expected = items.sorted { ($0.key, $0.order) < ($1.key, $1.order) }
            #expect(sorted.map(\.order) == expected.map(\.order))
        }
    }

    @Test func byteWriterWritesLittleEndianRecordsAndBytes() {
        var w = ByteWriter()
        w.record(0x0403_0201, 0x0807_0605)
        w.u16(0x0A09)
        w.append([0x0B, 0x0C])
        w.append(utf8: "é")
        w.u64(0x1817_1615_1413_1211)
        w.record16(1, 2, 3, 0xFFFF)
        #expect(w.count == 2)
        #expect(w.length == 8 + 2 + 2 + 2 + 8 + 8)
        #expect(w.bytes == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0xC3, 0xA9,
                            0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 1, 0, 2, 0, 3, 0, 0xFF, 0xFF])
        w.withBytes { #expect($0.count == w.length) }
    }

    @Test func byteWriterGrowsPastAPageAndKeepsEveryByte() {
        var w = ByteWriter()
        w.reserve(16)
        for i in 0..<5_000 { w.record(UInt32(i), UInt32(i) &* 7, UInt32(i) ^ 0xFFFF) }
        #expect(w.length == 60_000 && w.count == 5_000)
        let bytes = w.bytes
        for i in [0, 1, 341, 342, 4_999] {
            let at = i * 12
            let word = UInt32(bytes[at + 4]) | UInt32(bytes[at + 5]) << 8 | UInt32(bytes[at + 6]) << 16 | UInt32(bytes[at + 7]) << 24
            #expect(word == UInt32(i) &* 7)
        }
    }

    /// A one-word map agrees with a dictionary over random keys (with many collisions in the
    /// low bits), through growth, and keeps the key it uses for empty slots apart.
    @Test func wordMapAgreesWithADictionary() {
        var rng = SplitMix64(seed: 77)
        var map = WordMap()
        var expected: [UInt64: UInt32] = [:]
        for i in 0..<20_000 {
            let key = i % 7 == 0 ? UInt64.max - rng.next() % 3 : (rng.next() % 5_000) << 32 | rng.next() % 4
            let value = UInt32(truncatingIfNeeded: rng.next())
            if i % 3 == 0 {
                map[key] = value
                expected[key] = value
            } else {
                let held = map.value(of: key, insertingIfAbsent: value)
                #expect(held == expected[key, default: value])
                if expected[key] == nil { expected[key] = value }
            }
        }
        #expect(map.count == expected.count)
        for (key, value) in expected { #expect(map[key] == value) }
        #expect(map[0xDEAD_BEEF_0000] == nil)
        var small = WordMap(capacity: 3)
        #expect(small[UInt64.max] == nil)
        small[UInt64.max] = 9
        #expect(small[UInt64.max] == 9 && small.count == 1 && small.value(of: UInt64.max, insertingIfAbsent: 1) == 9)
    }

    /// A source's line starts and its first lone `\r` are found with `memchr`: the same as a
    /// byte-by-byte scan, on random bytes rich in `\n` and `\r`, and at the edges.
    @Test func lineStartsAndLoneCarriageReturnsMatchAByteScan() {
        var rng = SplitMix64(seed: 12)
        var inputs: [[UInt8]] = [[], [0x0A], [0x0D], [0x0D, 0x0A], [0x41, 0x0D], [0x0A, 0x0A, 0x0D, 0x0A, 0x0D]]
        for n in [1, 2, 15, 16, 17, 64, 1_000, 70_000] {
            inputs.append((0..<n).map { _ in [0x0A, 0x0D, 0x41, 0x20][Int(rng.next() % 4)] })
            inputs.append((0..<n).map { _ in rng.next() % 50 == 0 ? 0x0A : UInt8(0x61 + rng.next() % 26) })
        }
        for bytes in inputs {
            var starts = [0]
            for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
            #expect(SourceFile(path: "t", bytes: bytes).lineStarts.map { Int($0) } == starts)
            let lone = bytes.indices.first { bytes[$0] == 0x0D && ($0 + 1 == bytes.count || bytes[$0 + 1] != 0x0A) }
            #expect(SourceFile.firstLoneCarriageReturn(in: bytes) == lone)
        }
    }
}
