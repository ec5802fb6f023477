/// How many rounds and how long each: the knobs `--quick` turns down.
struct MeasureConfig {
    /// Rounds whose median is reported.
    var rounds: Int
    /// Minimum duration of one round, in nanoseconds: the batch is repeated until a round
    /// takes at least this long, so clock overhead and jitter are a small part of it.
    var roundNanos: UInt64
    /// Untimed runs before the first round (caches, branch predictors, lazy initialisation).
    var warmups: Int
    /// Fewest rounds, when one round is so long that `rounds` of them would exceed
    /// `budgetNanos` (the baseline on big keymaps).
    var minRounds: Int
    var budgetNanos: UInt64

    // Many short rounds rather than a few long ones: on a shared machine a short round has a
    // good chance to run without being preempted, and the median then ignores the others.
    static let full = MeasureConfig(rounds: 41, roundNanos: 2_000_000, warmups: 1, minRounds: 7, budgetNanos: 1_500_000_000)
    static let quick = MeasureConfig(rounds: 15, roundNanos: 1_000_000, warmups: 1, minRounds: 3, budgetNanos: 200_000_000)
}

/// The result of timing one operation: the per-operation cost of each round, and its median.
struct Sample {
    /// Nanoseconds per operation, one per round, in the order measured.
    var perOpNanos: [Double]
    /// Operations per round.
    var opsPerRound: Int
    /// Rounds timed.
    var totalRounds = 0
    /// Rounds during which the thread held the CPU.
    var cleanRounds = 0
    /// Whether the median is over the clean rounds only (else over all: too few were clean).
    var filtered = false
    /// Median thread CPU nanoseconds per operation over all rounds (``Measure/runs`` only):
    /// the time the thread actually ran, which a busy machine inflates far less.
    var cpuMedian: Double = .nan

    /// Median nanoseconds per operation over the rounds.
    var median: Double {
        let s = perOpNanos.sorted()
        guard !s.isEmpty else { return .nan }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// (max − min) / median: how noisy the rounds were.
    var spread: Double {
        guard let lo = perOpNanos.min(), let hi = perOpNanos.max(), median > 0 else { return .nan }
        return (hi - lo) / median
    }
}

extension Sample {
    /// The rounds during which the thread held the CPU (thread CPU time ≥ 90 % of the
    /// wall-clock time), when there are at least 3 of them and a quarter of all; otherwise all
    /// rounds (the machine was too busy to tell, and the figure is inflated).
    static func filtered(clean: [Double], all: [Double], opsPerRound: Int) -> Sample {
        let useClean = clean.count >= 3 && clean.count * 4 >= all.count
        return Sample(perOpNanos: useClean ? clean : all, opsPerRound: opsPerRound,
                      totalRounds: all.count, cleanRounds: clean.count, filtered: useClean)
    }
}

/// Warm-up, then several timed rounds, then the median: the method behind every figure.
enum Measure {
    /// Times `batch(n)`, which must perform `n` repetitions of a batch of `opsPerBatch`
    /// operations. The repetition count is calibrated once so that a round lasts at least
    /// `config.roundNanos`; each round is timed as a whole with the monotonic clock.
    static func batches(
        opsPerBatch: Int, config: MeasureConfig, _ batch: (Int) -> Void
    ) -> Sample {
        for _ in 0..<config.warmups { batch(1) }
        // Calibrate: grow the repetition count until one round is long enough.
        var reps = 1
        var roundTime: UInt64 = 1
        while true {
            let t = Clock.time { batch(reps) }
            roundTime = max(1, t)
            if t >= config.roundNanos || reps >= 1 << 24 { break }
            let scale = t == 0 ? 16 : min(16, max(2, Int(Double(config.roundNanos) / Double(t) * 1.2)))
            reps *= scale
        }
        let rounds = max(config.minRounds, min(config.rounds, Int(config.budgetNanos / roundTime)))
        var clean: [Double] = [], all: [Double] = []
        for _ in 0..<rounds {
            let cpu0 = Clock.threadCPU()
            let t = Clock.time { batch(reps) }
            let cpu = Clock.threadCPU() &- cpu0
            let perOp = Double(t) / Double(reps * opsPerBatch)
            all.append(perOp)
            if Double(cpu) >= 0.9 * Double(t) { clean.append(perOp) }
        }
        return Sample.filtered(clean: clean, all: all, opsPerRound: reps * opsPerBatch)
    }

    /// Times a long operation (a whole compile) `config.rounds` times after the warm-ups,
    /// without calibration: each run is already long. Returns nanoseconds per run.
    static func runs(rounds: Int, warmups: Int, _ body: () -> Void) -> Sample {
        for _ in 0..<warmups { body() }
        var clean: [Double] = [], all: [Double] = [], cpus: [Double] = []
        for _ in 0..<rounds {
            let cpu0 = Clock.threadCPU()
            let t = Clock.time(body)
            let cpu = Clock.threadCPU() &- cpu0
            all.append(Double(t))
            cpus.append(Double(cpu))
            if Double(cpu) >= 0.9 * Double(t) { clean.append(Double(t)) }
        }
        var sample = Sample.filtered(clean: clean, all: all, opsPerRound: 1)
        sample.cpuMedian = Sample(perOpNanos: cpus, opsPerRound: 1).median
        return sample
    }
}

/// Keeps a value observably alive so the optimiser cannot delete the work that made it.
@_optimize(none)
func blackHole<T>(_ value: T) { _ = value }
