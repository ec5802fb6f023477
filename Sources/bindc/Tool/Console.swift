#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The tool's connection to the outside world: standard output and error, standard input, the
/// environment, and whether standard error is a terminal (which decides colour).
final class Console {
    /// The process environment.
    let environment: [String: String]
    /// Whether standard error is a terminal.
    let stderrIsTerminal: Bool
    /// Whether standard output is a terminal.
    let stdoutIsTerminal: Bool
    private var standardInputConsumed = false

    init(environment: [String: String] = Console.processEnvironment()) {
        self.environment = environment
        stderrIsTerminal = isatty(2) != 0
        stdoutIsTerminal = isatty(1) != 0
    }

    /// Whether diagnostics on standard error may use colour: only on a terminal that is not
    /// `TERM=dumb`, and never when `NO_COLOR` is set to a non-empty value (https://no-color.org).
    var colorDiagnostics: Bool {
        stderrIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// Writes text to standard output.
    func out(_ text: String) {
        var text = text
        text.withUTF8 { Console.write(1, $0) }
    }

    /// Writes bytes to standard output.
    func out(bytes: [UInt8]) { bytes.withUnsafeBufferPointer { Console.write(1, $0) } }

    /// Writes text to standard error.
    func err(_ text: String) {
        var text = text
        text.withUTF8 { Console.write(2, $0) }
    }

    /// Reads all of standard input; a second read gives nothing (it was consumed).
    func readStandardInput() -> [UInt8] {
        if standardInputConsumed { return [] }
        standardInputConsumed = true
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// Writes every byte of `buffer` to `descriptor`, retrying after interruptions; a closed
    /// pipe or a full disk ends the write silently, as `FileHandle` did before.
    static func write(_ descriptor: Int32, _ buffer: UnsafeBufferPointer<UInt8>) {
        guard var p = buffer.baseAddress else { return }
        var left = buffer.count
        while left > 0 {
            let n = systemWrite(descriptor, p, left)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            p += n
            left -= n
        }
    }

    /// The process environment as `NAME=value` pairs read from `environ` (no Foundation: it
    /// costs about 10 MB of resident memory in every run of the tool).
    static func processEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let p = entry.pointee {
            let text = String(cString: p)
            if let eq = text.firstIndex(of: "=") {
                let name = String(text[..<eq])
                if result[name] == nil { result[name] = String(text[text.index(after: eq)...]) }
            }
            entry += 1
        }
        return result
    }
}

@inline(__always)
private func systemWrite(_ fd: Int32, _ buffer: UnsafePointer<UInt8>, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, buffer, count)
    #else
    return Darwin.write(fd, buffer, count)
    #endif
}
