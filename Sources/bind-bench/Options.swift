/// The command line of `bind-bench`.
struct Options {
    var quick = false
    var json = false
    var seed: UInt64 = 1
    /// `--profile PHASE`: run only that phase a few times on one keymap and exit, for
    /// `valgrind --tool=callgrind` (lex, parse, lexparse, check, emit, load, hostile, dispatch,
    /// snapshot, decide, baseline).
    var profile: String?
    /// `--compile-only PATH` (internal): compile PATH as `bindc compile` does and exit; the
    /// benchmark runs itself this way to read the compiler's peak memory.
    var compileOnly: String?
    /// `--verify`: only generate every workload, compile it (100,000 bindings included) and
    /// check its presses against the reference semantics, then exit.
    var verifyOnly = false
    /// `--size N`: the keymap size `--profile` uses (default 10000).
    var profileSize = 10_000
    /// `--write-source PATH [--size N]`: write the N-binding workload's `.bind` source to PATH
    /// and exit, so that `bindc` can be measured on it (`/usr/bin/time -v bindc compile PATH`).
    var writeSource: String?
    /// `--lsp`: only measure the language server's change-to-diagnostics time and exit.
    var lsp = false

    static let usage = """
        USAGE: bind-bench [--quick] [--json] [--seed N] [--verify] [--profile PHASE [--size N]] [--lsp]
               [--write-source PATH [--size N]]

        Measures BindKit against baselines in the same run: dispatch (ns and allocations per press,
        beside a UIKit-style baseline), compile (lex, parse, check, emit), load, and table size, on
        keymaps of 10, 1,000, 10,000 and 100,000 bindings generated from a seed. Run it as a release
        build: swift run -c release bind-bench

        OPTIONS:
          --quick     fewer, shorter rounds; the compile figures use the 10,000-binding keymap
                      (CI smoke run, under 20 s)
          --json      print one JSON object instead of the table
          --seed N    workload seed (default 1)
          --verify    only generate the workloads, compile each (all four sizes) and check
                      that they have no diagnostics; print the press mix; exit
          --profile PHASE [--size N]
                      run only PHASE (lex, parse, lexparse (lexing as it parses, as
                      bindc does), check, emit, load, hostile, dispatch, snapshot,
                      cached, decide, baseline) a few
                      times on the N-binding keymap (default 10000) and exit; for profiling with
                      valgrind --tool=callgrind (BIND_BENCH_REPEATS=N sets how many times: 3)
          --lsp       only time the language server from a change to its published diagnostics
                      on a 1,200-binding keymap (or --size N), beside one Compilation of it
          --write-source PATH [--size N]
                      write the N-binding keymap's source (default 10000) to PATH and exit, to
                      measure bindc on it: /usr/bin/time -v bindc compile PATH -o out.bindtable
          -h, --help  show this help
        """

    /// Parses `arguments` (without the program name); a usage error is thrown as text.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options? {
        var o = Options()
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--quick": o.quick = true
            case "--compile-only":
                // Internal: the child process whose peak memory `compile_peak_rss_bytes` reports.
                i += 1
                guard i < arguments.count else { throw UsageError(message: "--compile-only needs a path") }
                o.compileOnly = arguments[i]
            case "--write-source":
                i += 1
                guard i < arguments.count else { throw UsageError(message: "--write-source needs a path") }
                o.writeSource = arguments[i]
            case "--json": o.json = true
            case "--verify": o.verifyOnly = true
            case "--lsp": o.lsp = true
            case "-h", "--help", "help": return nil
            case "--seed":
                i += 1
                guard i < arguments.count, let n = UInt64(arguments[i]) else {
                    throw UsageError(message: "--seed needs a non-negative integer")
                }
                o.seed = n
            case "--profile", "--size":
                let flag = arguments[i]
                i += 1
                guard i < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
                if flag == "--profile" {
                    guard ["lex", "parse", "lexparse", "check", "emit", "load", "hostile", "dispatch", "snapshot", "cached", "decide", "baseline"].contains(arguments[i]) else {
                        throw UsageError(message: "unknown phase '\(arguments[i])' for --profile")
                    }
                    o.profile = arguments[i]
                } else {
                    guard let n = Int(arguments[i]), n > 0 else { throw UsageError(message: "--size needs a positive integer") }
                    o.profileSize = n
                }
            default:
                if arguments[i].hasPrefix("--seed="), let n = UInt64(arguments[i].dropFirst(7)) { o.seed = n }
                else { throw UsageError(message: "unknown option '\(arguments[i])'") }
            }
            i += 1
        }
        return o
    }
}

/// A bad command line.
struct UsageError: Error {
    var message: String
}
