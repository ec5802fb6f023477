/// A tiny deterministic pseudo-random generator (Steele, Lea and Flood's SplitMix64), so that
/// a seed always gives the same workloads on every machine and toolchain.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (`bound > 0`), by Lemire's multiply-shift; the tiny bias is
    /// irrelevant for workload generation and it keeps the sequence simple to reproduce.
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// True with probability `percent`/100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A deterministic Fisher–Yates shuffle (the standard library's `shuffle(using:)` is not
    /// guaranteed to consume the generator the same way across versions).
    mutating func shuffle<T>(_ a: inout [T]) {
        guard a.count > 1 else { return }
        for i in stride(from: a.count - 1, to: 0, by: -1) {
            a.swapAt(i, below(i + 1))
        }
    }

    /// One element of a non-empty array.
    mutating func pick<T>(_ a: [T]) -> T { a[below(a.count)] }
}
