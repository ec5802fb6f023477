/// How many rounds and how long each: the knobs `--quick` turns down.
struct MeasureConfig {
    /// Rounds whose median is reported.
    var rounds: Int
    /// Minimum duration of one round, in nanoseconds: the batch is repeated until a round
    /// takes at least this long, so clock overhead and jitter are a small part of it.
    var roundNanos: UInt64
    /// Untimed runs before the first round (caches, branch predictors, lazy initialisation).
    var warmups: Int

    static let full = MeasureConfig(rounds: 7, roundNanos: 40_000_000, warmups: 1)
    static let quick = MeasureConfig(rounds: 3, roundNanos: 8_000_000, warmups: 1)
}

/// The result of timing one operation: the per-operation cost of each round, and its median.
struct Sample {
    /// Nanoseconds per operation, one per round, in the order measured.
    var perOpNanos: [Double]
    /// Operations per round.
    var opsPerRound: Int

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
        while true {
            let t = Clock.time { batch(reps) }
            if t >= config.roundNanos || reps >= 1 << 24 { break }
            let scale = t == 0 ? 16 : min(16, max(2, Int(Double(config.roundNanos) / Double(t) * 1.2)))
            reps *= scale
        }
        var perOp: [Double] = []
        perOp.reserveCapacity(config.rounds)
        for _ in 0..<config.rounds {
            let t = Clock.time { batch(reps) }
            perOp.append(Double(t) / Double(reps * opsPerBatch))
        }
        return Sample(perOpNanos: perOp, opsPerRound: reps * opsPerBatch)
    }

    /// Times a long operation (a whole compile) `config.rounds` times after the warm-ups,
    /// without calibration: each run is already long. Returns nanoseconds per run.
    static func runs(rounds: Int, warmups: Int, _ body: () -> Void) -> Sample {
        for _ in 0..<warmups { body() }
        var perOp: [Double] = []
        for _ in 0..<rounds { perOp.append(Double(Clock.time(body))) }
        return Sample(perOpNanos: perOp, opsPerRound: 1)
    }
}

/// Keeps a value observably alive so the optimiser cannot delete the work that made it.
@_optimize(none)
func blackHole<T>(_ value: T) { _ = value }
