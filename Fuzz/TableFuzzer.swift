// libFuzzer target `table`: arbitrary bytes (checksum sealed, see run(_:)) → BindingTable(bytes:); when a table loads, its
// model is read back and re-emitted (the re-emitted table must load and read back equal), and a
// few presses are dispatched over a small responder chain, with the overlay, the pending
// continuations, the edit menu and the main menus listed. Built by Fuzz/run.sh against
// instrumented builds of the library modules; not part of the Swift package.
//
// Seeding: with FUZZ_EMIT_SEEDS=<dir> in the environment, each input is instead compiled as a
// `.bind` source and its table (plain and stripped) written to <dir>; run.sh uses this with
// `-runs=0 Examples/*.bind` so the seeds always match the current format.
import BindingLang
import BindingRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let dir = TableFuzzBody.seedDirectory {
        TableFuzzBody.emitSeeds(bytes, to: dir)
    } else {
        TableFuzzBody.run(bytes)
    }
    return 0
}

@_silgen_name("getenv")
private func c_getenv(_ name: UnsafePointer<CChar>) -> UnsafePointer<CChar>?

enum TableFuzzBody {
    static let seedDirectory: String? = c_getenv("FUZZ_EMIT_SEEDS").map { String(cString: $0) }

    static func emitSeeds(_ source: [UInt8], to dir: String) {
        var sources = SourceManager()
        sources.add(SourceFile(path: "seed.bind", bytes: source))
        for platform in Platform.allCases {
            let compilation = Compilation(sources: sources, platform: platform)
            guard let keymap = compilation.keymap else { continue }
            for strip in [false, true] {
                let table = Emitter.emit(keymap, strip: strip)
                let sum = table.reduce(UInt32(2166136261)) { ($0 ^ UInt32($1)) &* 16777619 }
                try? AtomicFile.write(table, to: "\(dir)/\(String(sum, radix: 16)).table")
            }
        }
    }

    static func run(_ input: [UInt8]) {
        // Mutations almost always break the checksum; seal most inputs so the structural
        // validator and the dispatcher get exercised (every 7th length keeps its checksum).
        var bytes = input
        if bytes.count % 7 != 0 { TableChecksum.seal(&bytes) }
        guard let table = try? BindingTable(bytes: bytes) else { return }
        let keymap = Keymap(table: table)
        _ = KeymapPrinter.text(keymap)

        // A loaded table's model re-emits to a table that loads and reads back equal.
        let again = Emitter.emit(keymap, strip: !table.hasSourceMap)
        guard let reloaded = try? BindingTable(bytes: again) else {
            fatalError("re-emitted table does not load")
        }
        guard Keymap(table: reloaded) == keymap else { fatalError("re-emitted table reads back differently") }

        // Context values derived from the input.
        var context = ContextState(table: table)
        var seed = bytes.reduce(UInt64(14695981039346656037)) { ($0 ^ UInt64($1)) &* 1099511628211 }
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        for (i, variable) in keymap.contexts.enumerated() {
            switch variable.type {
            case .bool: try? context.set(variable.name, next() % 2 == 0)
            case .enumeration(let cases):
                if !cases.isEmpty { try? context.set(variable.name, case: cases[next() % cases.count]) }
            case .string:
                let literals = table.contextValues(i)
                try? context.set(variable.name, string: literals.isEmpty || next() % 4 == 0 ? "other" : literals[next() % literals.count])
            }
        }

        // A chain of three responders over the table's roles; each performs some actions.
        let roles = keymap.roles
        var chain: [FuzzResponder] = []
        for depth in 0..<3 {
            var played: [String] = []
            if !roles.isEmpty {
                for _ in 0..<(1 + next() % 2) { played.append(roles[next() % roles.count]) }
            }
            if depth == 0 { played.append("NotARole") }
            chain.append(FuzzResponder(roles: played, mask: UInt64(truncatingIfNeeded: next())))
        }
        for i in 0..<(chain.count - 1) { chain[i].next = chain[i + 1] }
        let first = chain[0]

        let dispatcher = Dispatcher(table: table)
        var presses: [Chord] = []
        for binding in keymap.bindings.prefix(8) { presses += binding.sequence }
        for _ in 0..<4 {
            if let chord = Chord(code: UInt32(truncatingIfNeeded: next())) { presses.append(chord) }
        }
        for (n, chord) in presses.enumerated() {
            _ = dispatcher.dispatch(KeyEvent(chord, timestamp: Double(n)), firstResponder: first, context: context)
            if dispatcher.isPending {
                _ = dispatcher.pending?.glyphs
                _ = dispatcher.pendingContinuations(firstResponder: first, context: context)
            }
        }
        _ = dispatcher.cancelPending()
        for command in dispatcher.discoverableCommands(firstResponder: first, context: context) {
            _ = command.action.description
        }
        _ = dispatcher.editMenu(firstResponder: first, context: context)
        _ = dispatcher.mainMenus(firstResponder: first, context: context)
        _ = dispatcher.quickActions
    }
}

/// A responder for the fuzzer: fixed roles, performs an action when its bit in `mask` is set.
final class FuzzResponder: Responder {
    let responderRoles: [String]
    let mask: UInt64
    var next: FuzzResponder?
    init(roles: [String], mask: UInt64) {
        responderRoles = roles
        self.mask = mask
    }
    var nextResponder: Responder? { next }
    func canPerform(_ action: ActionInvocation) -> Bool { mask >> UInt64(action.actionIndex % 64) & 1 == 1 }
    func perform(_ action: ActionInvocation) { _ = action.name }
}
