// The work of the fuzz targets added for issue 16 (strokes, import, hostile tables), shared by
// Fuzz/run.sh's fuzzers and the regression tests like FuzzBodies.swift. Only BindingLang and
// BindingRuntime are used; a property violation is returned as a message.
import BindingLang
import BindingRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Target `strokes`: text → the one stroke parser (`explain --keys`, tiny-editor's `--keys`).
enum StrokeFuzzBody {
    static func run(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        for platform in Platform.allCases {
            guard case .success(let chords) = StrokeText.sequence(text, platform: platform) else { continue }
            // What was read prints back as strokes that read the same.
            let printed = SourceText.sequence(chords)
            guard case .success(let again) = StrokeText.sequence(printed, platform: platform), again == chords else {
                return ["'\(printed)' does not read back as the strokes it was printed from"]
            }
        }
        return []
    }
}

/// Target `import`: bytes → the VS Code (even length) or Zed (odd length) importer.
enum ImportFuzzBody {
    static func run(_ bytes: [UInt8]) -> [String] {
        let format: ImportFormat = bytes.count % 2 == 0 ? .vscode : .zed
        let result = Importer.run(Importer.Input(path: "fuzz.json", bytes: bytes), format: format)
        guard !result.hasErrors, let source = result.source else { return [] }
        // An import that succeeds compiles.
        var sources = SourceManager()
        _ = sources.add(SourceFile(path: "imported.bind", text: source))
        let compilation = Compilation(sources: sources, platform: .apple)
        if let error = compilation.diagnostics.first(where: { $0.severity == .error }) {
            return ["imported source does not compile: \(error.message)"]
        }
        return []
    }
}

/// Target `hostile`: bytes → a structure-aware table: one of HostileTables' shapes, sized by
/// the first bytes, then `u32` words of its sections overwritten by the rest, resealed. Loads
/// or not; whatever loads is dumped, explained and dispatched, and loading plus all of that
/// must take time linear in the size (checked against a generous bound per byte).
enum HostileFuzzBody {
    static func table(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 3 else { return HostileTables.base() }
        let size = Int(bytes[1]) << 8 | Int(bytes[2])
        var table: [UInt8]
        switch bytes[0] % 5 {
        case 0: table = HostileTables.deepCondition(operands: 1 + size % 2_048)
        case 1: table = HostileTables.roles(1 + size % 512, sameName: bytes[0] & 0x80 != 0)
        case 2: table = HostileTables.fullRootSlots(children: 1 + size % 300)
        case 3: table = HostileTables.sharedFalseCondition(candidates: 1 + size % 600, size: 6 + Int(bytes[2]))
        default: table = HostileTables.base()
        }
        guard var sections = TableSections(table) else { return table }
        // Each further 6 bytes: section, record word, value.
        var i = 3
        while i + 6 <= bytes.count {
            let s = Int(bytes[i]) % sections.bodies.count
            let body = sections.bodies[s]
            if body.count >= 4 {
                let at = (Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])) % (body.count / 4) * 4
                for k in 0..<3 { sections.bodies[s][at + k] = bytes[i + 3 + k] }
            }
            i += 6
        }
        return sections.bytes()
    }

    /// CPU time this thread has run, in nanoseconds. The time property measures work, not the
    /// wall clock: on a loaded machine (parallel tests, other builds) the wall clock counts time
    /// spent waiting for a core, and a linear run then looked quadratic (the 6.1 s "finding").
    static func threadCPUNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    static func run(_ bytes: [UInt8]) -> [String] {
        let t = table(bytes)
        let start = threadCPUNanoseconds()
        guard let loaded = try? BindingTable(bytes: t) else { return [] }
        let keymap = Keymap(table: loaded)
        _ = KeymapPrinter.text(keymap)
        final class Probe: Responder {
            var responderRoles: [String] { ["R", "role0", "role1"] }
            var nextResponder: (any Responder)? { nil }
            func canPerform(_ action: ActionInvocation) -> Bool { true }
            func perform(_ action: ActionInvocation) {}
        }
        let dispatcher = Dispatcher(table: loaded)
        let context = ContextState(table: loaded)
        for binding in keymap.bindings.prefix(64) {
            _ = dispatcher.explain(binding.sequence, firstResponder: Probe(), context: context)
            for chord in binding.sequence { _ = dispatcher.dispatch(KeyEvent(chord), firstResponder: Probe(), context: context) }
        }
        let elapsed = threadCPUNanoseconds() &- start
        // Generous: 50 µs per byte plus a second of CPU time, far above any linear path, far
        // below a quadratic one on these sizes.
        if elapsed > UInt64(50_000 * t.count) + 1_000_000_000 { return ["\(t.count)-byte table took \(elapsed / 1_000_000) ms of CPU time"] }
        return []
    }
}
