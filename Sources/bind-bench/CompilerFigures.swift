#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BindingLang
import BindingRuntime

/// The compiler's limits (issue #15): peak memory of a whole compile, measured in a child
/// process so the benchmark's own allocations do not count, and the checker's worst
/// documented case, 512 bindings of one chord in one role.
enum CompilerFigures {
    /// `--compile-only PATH`: reads, lexes, parses, checks and emits PATH as `bindc compile`
    /// does; the exit status says whether a table came out.
    static func compileOnly(_ path: String) -> Int32 {
        guard let bytes = readFile(path) else { return 3 }
        var sources = SourceManager()
        sources.add(SourceFile(path: path, bytes: bytes))
        let table = Compilation(sources: sources, platform: .apple, keepingSyntax: false).table(strip: false)
        return table == nil ? 1 : 0
    }

    /// Peak resident bytes of a child compiling `source`, or nil when it cannot be measured.
    static func peakRSS(compiling source: [UInt8]) -> Int? {
        let dir = "/tmp/bind-bench-\(getpid())"
        mkdir(dir, 0o700)
        defer { rmdir(dir) }
        let path = dir + "/compile.bind"
        guard writeFile(path, source) else { return nil }
        defer { unlink(path) }
        var exe = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &exe, exe.count - 1)
        let program = n > 0 ? String(decoding: exe[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), strdup("--compile-only"), strdup(path), nil]
        defer { for p in argv { free(p) } }
        guard posix_spawn(&pid, program, nil, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid, status == 0 else { return nil }
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)            // bytes on Darwin
        #else
        return Int(usage.ru_maxrss) * 1024     // KiB on Linux
        #endif
    }

    /// 512 bindings of `cmd+k` in one role, each under a different full assignment of nine
    /// Bool contexts, so every pair of conditions is disjoint and must be proven so.
    static func sameChordSource(count: Int = 512) -> String {
        let flags = (0..<9).map { "f\($0)" }
        var s = "keymap \"same-chord\"\n"
        for f in flags { s += "context \(f): Bool\n" }
        s += "responder Editor\naction act(Int)\nin Editor {\n"
        for i in 0..<count {
            let condition = flags.enumerated().map { (bit, f) in (i >> bit) & 1 == 1 ? f : "!" + f }.joined(separator: " && ")
            s += "  cmd+k -> act(\(i)) when \(condition)\n"
        }
        return s + "}\n"
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out
    }

    /// Writes `bytes` to `path` through BindingLang's one write path (``AtomicFile``).
    static func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
        (try? AtomicFile.write(bytes, to: path)) != nil
    }
}

extension Bench {
    /// Peak memory of compiling the largest workload compiled (100,000 bindings; 10,000 in
    /// quick mode) and the time to check 512 bindings of one chord.
    mutating func measureCompilerLimits() {
        let size = options.quick ? 10_000 : 100_000
        if let w = workloads[size] {
            progress("measuring the peak memory of compiling \(size) bindings")
            results.compilePeakRSSBytes = CompilerFigures.peakRSS(compiling: w.source)
            results.compilePeakRSSSourceBytes = w.source.count
        }
        progress("timing the check of 512 bindings of one chord")
        var sources = SourceManager()
        sources.add(SourceFile(path: "same-chord.bind", text: CompilerFigures.sameChordSource()))
        var failed = false
        let sample = Measure.runs(rounds: options.quick ? 1 : 3, warmups: 0) {
            let c = Compilation(sources: sources, platform: .apple)
            if c.keymap == nil || c.diagnostics.contains(where: { $0.severity == .error }) { failed = true }
        }
        if failed { fail("the 512-binding same-chord keymap must check without errors") }
        results.checkSameChord512Ms = median(sample, "check same chord 512") / 1e6
    }
}
