/// The table checksum (format version 9): four FNV-1a 64 lanes run over 64-bit little-endian
/// words, word `k` into lane `k % 4`, then the lanes folded together, the byte count mixed in
/// and a final avalanche. The header's checksum field counts as zero; a final partial word is
/// padded with zero bytes.
///
/// Every step (`h = (h ^ w) &* prime`) is a bijection of its lane for a fixed word, and the
/// fold is a bijection of each lane for fixed others, so changing any one word of a table
/// always changes the checksum. The four lanes are independent chains, so the multiplies
/// overlap: one lane (format 8) waited for each multiply before the next, about four cycles
/// per word, a fifth of the time a load took.
public enum TableChecksum {
    static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3
    /// The lanes' starting values: the FNV offset basis, then three more so that the lanes
    /// differ (a table whose words repeat every four would otherwise fold to zero).
    static let lanes: (UInt64, UInt64, UInt64, UInt64) =
        (offsetBasis, 0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9)

    /// The checksum of `bytes` (a whole table), treating bytes 24..<32 as zero.
    public static func compute(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw -> UInt64 in
            var (h0, h1, h2, h3) = lanes
            let n = raw.count
            /// Word `k`, little-endian, with the checksum field and the bytes past the end as zero.
            func word(_ k: Int) -> UInt64 {
                let at = 8 * k
                if at == TableFormat.checksumOffset { return 0 }
                if at + 8 <= n { return raw.loadUnaligned(fromByteOffset: at, as: UInt64.self).littleEndian }
                var w: UInt64 = 0
                for i in at..<n { w |= UInt64(raw[i]) << UInt64(8 * (i - at)) }
                return w
            }
            let words = (n + 7) / 8
            // The first block (it holds the checksum field) and the last words word by word;
            // the blocks between four words at a time, one per lane.
            let firstFull = min(4, words)
            for k in 0..<firstFull { mix(&h0, &h1, &h2, &h3, k, word(k)) }
            var k = firstFull
            if k == 4 {
                let base = raw.baseAddress.unsafelyUnwrapped
                while (k + 4) * 8 <= n {
                    h0 = (h0 ^ base.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self).littleEndian) &* prime
                    h1 = (h1 ^ base.loadUnaligned(fromByteOffset: 8 * k + 8, as: UInt64.self).littleEndian) &* prime
                    h2 = (h2 ^ base.loadUnaligned(fromByteOffset: 8 * k + 16, as: UInt64.self).littleEndian) &* prime
                    h3 = (h3 ^ base.loadUnaligned(fromByteOffset: 8 * k + 24, as: UInt64.self).littleEndian) &* prime
                    k += 4
                }
            }
            while k < words {
                mix(&h0, &h1, &h2, &h3, k, word(k))
                k += 1
            }
            var h = h0
            h = (h ^ h1) &* prime
            h = (h ^ h2) &* prime
            h = (h ^ h3) &* prime
            h = (h ^ UInt64(n)) &* prime
            // fmix64 from MurmurHash3: spreads every input bit over the whole result.
            h ^= h >> 33
            h = h &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 33
            h = h &* 0xC4CE_B9FE_1A85_EC53
            h ^= h >> 33
            return h
        }
    }

    /// One FNV step of word `k` (value `w`) in its lane.
    @inline(__always)
    private static func mix(_ h0: inout UInt64, _ h1: inout UInt64, _ h2: inout UInt64, _ h3: inout UInt64, _ k: Int, _ w: UInt64) {
        switch k & 3 {
        case 0: h0 = (h0 ^ w) &* prime
        case 1: h1 = (h1 ^ w) &* prime
        case 2: h2 = (h2 ^ w) &* prime
        default: h3 = (h3 ^ w) &* prime
        }
    }

    /// Writes the checksum of `bytes` into its header (used by the emitter, and by tests that
    /// corrupt a table and want the structural validator, not the checksum, to catch it).
    public static func seal(_ bytes: inout [UInt8]) {
        guard bytes.count >= TableFormat.headerSize else { return }
        let c = compute(bytes)
        for k in 0..<8 { bytes[TableFormat.checksumOffset + k] = UInt8(truncatingIfNeeded: c >> (8 * UInt64(k))) }
    }
}
