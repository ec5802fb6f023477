import BindingLang
import BindingRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of the benchmark: generates the workloads, checks them with the real compiler, and
/// fills in ``Results`` phase by phase.
struct Bench {
    let options: Options
    let config: MeasureConfig
    let sizes = [10, 1000, 10_000, 100_000]
    let depths = [1, 4, 8]
    var results = Results()
    let counter = MallocCounter()
    var workloads: [Int: Workload] = [:]
    /// The checked keymap of each size (the generator's own model where the compile is skipped).
    var keymaps: [Int: Keymap] = [:]

    init(options: Options) {
        self.options = options
        config = options.quick ? .quick : .full
        results.quick = options.quick
        results.seed = options.seed
        results.sizes = sizes
        results.depths = depths
    }

    /// Progress on standard error, so `--json` output stays one object.
    func progress(_ s: String) {
        printToStandardError("bind-bench: \(s)")
    }

    /// Accounts for a sample's rounds and returns its median.
    mutating func median(_ sample: Sample, _ name: String) -> Double {
        results.roundsTotal += sample.totalRounds
        results.roundsClean += sample.cleanRounds
        if !sample.filtered { results.figuresUnfiltered.append(name) }
        return sample.median
    }

    mutating func run() {
        let start = Clock.now(), cpuStart = Clock.threadCPU()
        generate()
        measureCompile()
        measureCompilerLimits()
        measureLayouts()
        measureBaseline()
        measureRuntime()
        measureHostileLoad()
        measureRepeats()
        results.elapsedSeconds = Double(Clock.now() - start) / 1e9
        results.cpuShare = Double(Clock.threadCPU() - cpuStart) / 1e9 / max(1e-9, results.elapsedSeconds)
    }

    // MARK: - Workloads

    /// Generates every workload and compiles it with the real front end; any diagnostic aborts
    /// (the generator must produce clean keymaps). In quick mode the 100,000-binding keymap is
    /// not compiled: its model comes from the generator directly.
    mutating func generate() {
        for size in sizes {
            let w = WorkloadGenerator.make(size: size, seed: options.seed)
            workloads[size] = w
            results.workloads[size] = (w.source.count, w.bindings.count, w.gatedShare, w.sequenceShare)
            if options.quick && size == 100_000 {
                keymaps[size] = w.keymap()
                continue
            }
            progress("checking the generated \(size)-binding keymap (\(w.source.count) bytes)")
            let (keymap, diagnostics) = FrontEnd.compile(w)
            guard diagnostics.isEmpty, let keymap else {
                exitWithError("the generated \(size)-binding keymap (seed \(options.seed)) has \(diagnostics.count) diagnostics; the generator must produce a clean keymap:\n"
                    + FrontEnd.render(diagnostics, w))
            }
            guard keymap.bindings.count == w.bindings.count else {
                exitWithError("the generated \(size)-binding keymap compiled to \(keymap.bindings.count) bindings, expected \(w.bindings.count)")
            }
            keymaps[size] = keymap
        }
    }

    /// `--verify`: every workload compiles with no diagnostics; prints sizes and press mixes.
    mutating func verify() {
        generate()
        for size in sizes {
            guard let w = workloads[size] else { continue }
            let ref = ReferenceDispatcher(w)
            for depth in depths {
                let mix = PressGenerator.make(w, reference: ref, depth: depth, seed: options.seed).mix
                print("\(size) bindings (\(w.source.count) bytes, \(Int(w.gatedShare * 100)) % gated, "
                    + "\(Int(w.sequenceShare * 100)) % sequences), depth \(depth): "
                    + PressKind.allCases.map { "\($0.rawValue) \(mix[$0] ?? 0)" }.joined(separator: ", "))
            }
        }
        print("all \(sizes.count) workloads compile with no diagnostics")
    }

    // MARK: - Compile

    /// Times lex, parse, check (and emit, with the runtime) on the largest keymap compiled:
    /// 100,000 bindings, or 10,000 in quick mode. The parse lexes as it goes, as `bindc` does;
    /// lexing is also timed alone.
    mutating func measureCompile() {
        let size = options.quick ? 10_000 : 100_000
        guard let w = workloads[size] else { return }
        progress("timing lex, parse and check on \(size) bindings")
        results.compileSize = w.bindings.count
        results.compileSourceBytes = w.source.count
        let rounds = options.quick ? 3 : 5
        let (sm, file, id) = FrontEnd.sources(w)
        let lex = Measure.runs(rounds: rounds * 2, warmups: 1) { blackHole(Lexer.tokenize(file.bytes).tokens) }
        var syntax: FileSyntax? = nil
        let parse = Measure.runs(rounds: rounds, warmups: 1) { syntax = Parser.parse(file, file: id).0 }
        guard let syntax else { return }
        var keymap: Keymap? = nil
        let check = Measure.runs(rounds: rounds, warmups: 1) {
            keymap = Checker.check([syntax], sources: sm, platform: .apple).0
        }
        blackHole(keymap)
        results.lexSeconds = median(lex, "lex") / 1e9
        results.parseSeconds = median(parse, "parse") / 1e9
        results.checkSeconds = median(check, "check") / 1e9
        results.lexCPUSeconds = lex.cpuMedian / 1e9
        results.parseCPUSeconds = parse.cpuMedian / 1e9
        results.checkCPUSeconds = check.cpuMedian / 1e9
        if let keymap { measureEmit(keymap) }
    }

    // MARK: - The UIKit-style baseline

    /// Times the baseline for every size and depth, checking first that it does what the
    /// reference semantics say for every press.
    mutating func measureBaseline() {
        for size in sizes {
            guard let w = workloads[size] else { continue }
            let ref = ReferenceDispatcher(w)
            for depth in depths {
                progress("timing the UIKit-style baseline, \(size) bindings, depth \(depth)")
                let list = PressGenerator.make(w, reference: ref, depth: depth, seed: options.seed)
                let app = BaselineApp(w, depth: depth)
                // In quick mode the big keymaps' baseline runs a prefix of the (shuffled) list.
                let n = options.quick && size >= 10_000 ? 64 : list.presses.count
                let inputs = list.presses.prefix(n).map { (BaselineApp.input($0.chord.key), $0.chord.modifiers) }
                for (p, input) in zip(list.presses, inputs) {
                    let o = BaselineDispatcher.handle(input: input.0, modifiers: input.1, firstResponder: app.firstResponder, state: BenchContext.state)
                    let expectedAction = p.expected.binding.flatMap { app.selectors[w.bindings[$0].actionName] }
                    if o.performer != p.expected.performer || o.pending != p.expected.pending || o.action != expectedAction {
                        exitWithError("the baseline disagrees with the reference semantics on \(p.chord.sourceText) (\(p.kind.rawValue)) at \(size) bindings, depth \(depth)")
                    }
                }
                let state = BenchContext.state
                let first = app.firstResponder
                let sample = Measure.batches(opsPerBatch: inputs.count, config: config) { reps in
                    for _ in 0..<reps {
                        for (input, mods) in inputs {
                            blackHole(BaselineDispatcher.handle(input: input, modifiers: mods, firstResponder: first, state: state))
                        }
                    }
                }
                results.baselineNs[size, default: [:]][depth] = median(sample, "baseline \(size)/\(depth)")
                if size == 1000 && depth == 8 && counter.isAvailable {
                    let allocs = counter.count {
                        for (input, mods) in inputs {
                            blackHole(BaselineDispatcher.handle(input: input, modifiers: mods, firstResponder: first, state: state))
                        }
                    }
                    results.baselineAllocsPerPress = Double(allocs) / Double(inputs.count)
                }
            }
        }
    }
}
