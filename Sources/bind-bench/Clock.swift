#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The monotonic clock every figure is timed with: `clock_gettime(CLOCK_MONOTONIC)`, in
/// nanoseconds. It never jumps with wall-clock changes; on Linux its resolution is 1 ns and a
/// read costs ~20 ns through the vDSO, which is why presses are timed in batches.
enum Clock {
    /// Nanoseconds since an arbitrary fixed point.
    @inline(__always)
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// CPU time this thread has used, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`). Not used
    /// for any figure: only to tell how much of the wall-clock time the benchmark got the CPU.
    static func threadCPU() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Runs `body` once and returns the elapsed nanoseconds.
    @inline(__always)
    static func time(_ body: () throws -> Void) rethrows -> UInt64 {
        let start = now()
        try body()
        return now() &- start
    }
}
