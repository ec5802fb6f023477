/// The command line of `bind-bench`.
struct Options {
    var quick = false
    var json = false
    var seed: UInt64 = 1

    static let usage = """
        USAGE: bind-bench [--quick] [--json] [--seed N]

        Measures BindKit against baselines in the same run: dispatch (ns and allocations per press,
        beside a UIKit-style baseline), compile (lex, parse, check, emit), load, and table size, on
        keymaps of 10, 1,000, 10,000 and 100,000 bindings generated from a seed. Run it as a release
        build: swift run -c release bind-bench

        OPTIONS:
          --quick     fewer, shorter rounds; the compile figures use the 10,000-binding keymap
                      (CI smoke run, under 20 s)
          --json      print one JSON object instead of the table
          --seed N    workload seed (default 1)
          -h, --help  show this help
        """

    /// Parses `arguments` (without the program name); a usage error is thrown as text.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options? {
        var o = Options()
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--quick": o.quick = true
            case "--json": o.json = true
            case "-h", "--help", "help": return nil
            case "--seed":
                i += 1
                guard i < arguments.count, let n = UInt64(arguments[i]) else {
                    throw UsageError(message: "--seed needs a non-negative integer")
                }
                o.seed = n
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
