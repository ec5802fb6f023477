#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `text` and a newline to standard error (progress and errors; stdout carries only the
/// report, so `--json` output is one clean object).
func printToStandardError(_ text: String) {
    let line = text + "\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}

/// Exits with `bind-bench: error: <text>` and status 1: the benchmark cannot go on.
func exitWithError(_ text: String) -> Never {
    printToStandardError("bind-bench: error: \(text)")
    exit(1)
}
