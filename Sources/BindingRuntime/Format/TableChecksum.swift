/// The table checksum: FNV-1a 64 run over 64-bit little-endian words instead of bytes, then
/// a final avalanche. The header's checksum field counts as zero; a final partial word is
/// padded with zero bytes; the byte count is mixed in last.
///
/// Every step (`h = (h ^ w) &* prime`) is a bijection of `h` for a fixed word, so changing
/// any one word of a table always changes the checksum; word-wise hashing keeps it well under
/// the load budget (about 0.2 ms per MB).
public enum TableChecksum {
    static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The checksum of `bytes` (a whole table), treating bytes 24..<32 as zero.
    public static func compute(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw -> UInt64 in
            var h = offsetBasis
            let n = raw.count
            var i = 0
            while i + 8 <= n {
                var w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian
                if i == TableFormat.checksumOffset { w = 0 }
                h = (h ^ w) &* prime
                i += 8
            }
            if i < n {
                var w: UInt64 = 0
                var shift: UInt64 = 0
                while i < n {
                    if i < TableFormat.checksumOffset || i >= TableFormat.checksumOffset + 8 {
                        w |= UInt64(raw[i]) << shift
                    }
                    shift += 8
                    i += 1
                }
                h = (h ^ w) &* prime
            }
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

    /// Writes the checksum of `bytes` into its header (used by the emitter, and by tests that
    /// corrupt a table and want the structural validator, not the checksum, to catch it).
    public static func seal(_ bytes: inout [UInt8]) {
        guard bytes.count >= TableFormat.headerSize else { return }
        let c = compute(bytes)
        for k in 0..<8 { bytes[TableFormat.checksumOffset + k] = UInt8(truncatingIfNeeded: c >> (8 * UInt64(k))) }
    }
}
