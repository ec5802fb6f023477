import BindingLang
import BindingRuntime
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// `--profile PHASE`: runs one phase a few times on one keymap, with nothing else around it,
/// so that `valgrind --tool=callgrind .build/release/bind-bench --profile lex` attributes the
/// instructions of that phase alone (setup is visible as separate, unrelated callees).
enum Profile {
    static func run(_ phase: String, size: Int, seed: UInt64) {
        let w = WorkloadGenerator.make(size: size, seed: seed)
        let (sm, file, id) = FrontEnd.sources(w)
        let repeats = getenv("BIND_BENCH_REPEATS").flatMap { Int(String(cString: $0)) } ?? 3
        let tokens = Lexer.tokenize(file.bytes).tokens
        switch phase {
        case "hostile":
            // The tables at the format's limits (`HostileLoad`), each loaded `repeats` times.
            for (_, bytes) in HostileLoad.tables() {
                for _ in 0..<repeats { blackHole(try? BindingTable(bytes: bytes)) }
            }
        case "lex":
            for _ in 0..<repeats { blackHole(Lexer.tokenize(file.bytes)) }
        case "parse":
            for _ in 0..<repeats { blackHole(Parser.parse(file, file: id, tokens: tokens)) }
        case "lexparse":
            // As `bindc` parses: lexing as it goes.
            for _ in 0..<repeats { blackHole(Parser.parse(file, file: id)) }
        case "check":
            let syntax = Parser.parse(file, file: id, tokens: tokens).0
            for _ in 0..<repeats { blackHole(Checker.check([syntax], sources: sm, platform: .apple)) }
        default:
            let keymap = w.keymap()
            let bytes = Emitter.emit(keymap)
            switch phase {
            case "emit":
                for _ in 0..<repeats { blackHole(Emitter.emit(keymap)) }
            case "load":
                for _ in 0..<repeats { blackHole(try? BindingTable(bytes: bytes)) }
            case "dispatch", "snapshot", "cached", "decide", "baseline":
                let list = PressGenerator.make(w, reference: ReferenceDispatcher(w), depth: 8, seed: seed)
                if phase == "baseline" {
                    let app = BaselineApp(w, depth: 8)
                    for p in list.presses {
                        blackHole(BaselineDispatcher.handle(input: BaselineApp.input(p.chord.key), modifiers: p.chord.modifiers,
                                                            firstResponder: app.firstResponder, state: BenchContext.state))
                    }
                } else if let table = try? BindingTable(bytes: bytes), let app = try? RuntimeApp(table: table, workload: w, depth: 8) {
                    let events = list.presses.map { KeyEvent($0.chord) }
                    let snapshot = ChainSnapshot(table: table, firstResponder: app.chain[0],
                                                 capabilities: phase == "decide" || phase == "cached" ? .cachedUntilInvalidated : .exact)
                    for _ in 0..<100 {
                        for e in events {
                            switch phase {
                            case "snapshot", "cached": blackHole(app.dispatcher.dispatch(e, chain: snapshot, context: app.context))
                            case "decide": blackHole(app.dispatcher.decide(e, chain: snapshot, context: app.context))
                            default: blackHole(app.dispatcher.dispatch(e, firstResponder: app.chain[0], context: app.context))
                            }
                        }
                    }
                }
            default: break
            }
        }
    }
}
