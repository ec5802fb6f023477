#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// bind-bench: what BindKit costs its users, each figure beside a baseline from the same run.
// See Benchmarks.md for the method and the latest figures.

let options: Options
do {
    guard let o = try Options.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(Options.usage)
        exit(0)
    }
    options = o
} catch {
    printToStandardError("bind-bench: error: \(error.message)\n\(Options.usage)")
    exit(2)
}

if let path = options.compileOnly {
    exit(CompilerFigures.compileOnly(path))
}

if let path = options.writeSource {
    let w = WorkloadGenerator.make(size: options.profileSize, seed: options.seed)
    guard CompilerFigures.writeFile(path, w.source) else {
        printToStandardError("bind-bench: error: cannot write \(path)")
        exit(1)
    }
    exit(0)
}

if options.lsp {
    let size = options.profileSize == 10_000 ? 1_200 : options.profileSize
    LanguageServerBench.run(seed: options.seed, size: size, rounds: options.quick ? 40 : 200)
    exit(0)
}

if let phase = options.profile {
    Profile.run(phase, size: options.profileSize, seed: options.seed)
    exit(0)
}

var bench = Bench(options: options)
if options.verifyOnly {
    bench.verify()
    exit(0)
}
bench.run()
print(options.json ? Report.json(bench.results) : Report.text(bench.results))
