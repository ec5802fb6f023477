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
        // As `bindc` does, before it reads a source.
        FreedMemory.mapLargeBlocks()
        // Read as `bindc` reads a source (one allocation of the file's size).
        guard var bytes = try? InputFile.read(path) else { return 3 }
        var sources = SourceManager()
        sources.add(SourceFile(path: path, bytes: bytes))
        // As `bindc`, which hands its sources over: no copy here keeps the text the
        // compilation frees.
        bytes = []
        var compilation = Compilation(sources: consume sources, platform: .apple, keepingSyntax: false)
        compilation.freeUnshownText()
        let table = compilation.table(strip: false)
        if let peak = ownPeakRSS() { print(peak) }
        return table == nil ? 1 : 0
    }

    /// This process's peak resident bytes since it was executed (`VmHWM` in
    /// `/proc/self/status`), or nil where there is no such file. The child reports this rather
    /// than the parent reading `ru_maxrss`: Linux counts in a spawned child's `ru_maxrss` the
    /// memory of the process image it replaced, which for `posix_spawn` (a `vfork`) is the
    /// benchmark's own, so `ru_maxrss` said 83 MB for a compile that peaks at 22 MB.
    static func ownPeakRSS() -> Int? {
        guard let status = readFile("/proc/self/status") else { return nil }
        for line in String(decoding: status, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kib = line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
            return kib.map { $0 * 1024 }
        }
        return nil
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
        // The child's standard output (its own peak, see `ownPeakRSS`) comes through a pipe.
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), strdup("--compile-only"), strdup(path), nil]
        defer { for p in argv { free(p) } }
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        close(fds[1])
        defer { close(fds[0]) }
        guard spawned == 0 else { return nil }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            let n = read(fds[0], &chunk, chunk.count)
            if n <= 0 { break }
            text += chunk[0..<n]
        }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid, status == 0 else { return nil }
        if let peak = Int(String(decoding: text, as: UTF8.self).split(separator: "\n").first ?? "") { return peak }
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)            // bytes on Darwin, where exec starts the count afresh
        #else
        return nil                             // ru_maxrss would include the benchmark's own pages
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
        if failed { exitWithError("the 512-binding same-chord keymap must check without errors") }
        results.checkSameChord512Ms = median(sample, "check same chord 512") / 1e6
    }
}
