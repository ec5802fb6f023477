// The work the libFuzzer targets do for one input, shared by the fuzzers (Fuzz/run.sh compiles
// this file into them) and by FuzzRegressionTests (so every saved input replays through the
// same path in `swift test`). Only BindingLang and BindingRuntime are used here: no Testing,
// no Foundation. A property violation is returned as a message; the fuzzers trap on it.
import BindingLang
import BindingRuntime

/// Target `frontend`: bytes → parse, check, render diagnostics as text, emit, load.
///
/// The bytes are one `.bind` file, or several layered files when they contain the marker
/// line `//@file`. An odd-length input compiles for `--platform other`, an even one for Apple;
/// bit 1 of the length chooses a stripped table or one with its source map. Kept cheap (one
/// compilation, one table) so it runs thousands of times a second; the formatter, printers,
/// generators and JSON diagnostics have their own target, `format` (``FormatFuzzBody``).
enum FrontendFuzzBody {
    static let marker: [UInt8] = Array("\n//@file\n".utf8)

    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var start = 0
        var i = 0
        while i + marker.count <= bytes.count {
            if bytes[i..<(i + marker.count)].elementsEqual(marker) {
                parts.append(Array(bytes[start..<i]))
                i += marker.count
                start = i
            } else {
                i += 1
            }
        }
        parts.append(Array(bytes[start...]))
        return parts.count > 4 ? [bytes] : parts
    }

    static func compile(_ bytes: [UInt8]) -> (Compilation, Platform) {
        var sources = SourceManager()
        for (index, part) in split(bytes).enumerated() {
            sources.add(SourceFile(path: "fuzz\(index).bind", bytes: part))
        }
        let platform: Platform = bytes.count % 2 == 1 ? .other : .apple
        return (Compilation(sources: sources, platform: platform), platform)
    }

    /// Runs the input; returns the properties it violated (empty when all hold).
    static func run(_ bytes: [UInt8]) -> [String] {
        let (compilation, _) = compile(bytes)
        _ = DiagnosticRenderer(colored: bytes.first == 0x7E).render(compilation.diagnostics, sources: compilation.sources)
        guard let keymap = compilation.keymap else { return [] }
        return emitting(keymap, strip: bytes.count & 2 != 0)
    }
    /// The table (stripped or with its source map) loads and reads back as the checked model.
    static func emitting(_ keymap: Keymap, strip: Bool) -> [String] {
        let bytes = Emitter.emit(keymap, strip: strip)
        let table: BindingTable
        do {
            table = try BindingTable(bytes: bytes)
        } catch {
            return ["emitted table does not load (strip: \(strip)): \(error)"]
        }
        var expected = keymap.withoutCompileTimeAttributes
        if strip { for i in expected.bindings.indices { expected.bindings[i].location = nil; expected.bindings[i].overriddenBy = [] } }
        if Keymap(table: table) != expected { return ["table reads back differently (strip: \(strip))"] }
        return []
    }
}

/// Target `format`: the expensive properties split off `frontend`, on the same inputs: every
/// file that parses formats to text that parses and formats to itself; formatted sources
/// compile to the same stripped table; the diagnostics as JSON, the keymap printers (text,
/// JSON), the Swift and plist generators run; and the table with the other strip setting than
/// `frontend`'s loads and reads back.
enum FormatFuzzBody {
    static func run(_ bytes: [UInt8]) -> [String] {
        let (compilation, platform) = FrontendFuzzBody.compile(bytes)
        _ = DiagnosticJSON.render(compilation.diagnostics, sources: compilation.sources).rendered()
        var violations = formatting(compilation, platform: platform)
        guard let keymap = compilation.keymap else { return violations }
        _ = KeymapPrinter.text(keymap)
        _ = KeymapPrinter.json(keymap).rendered()
        _ = SwiftGenerator.generate(keymap)
        // The checker reports quick-action text a property list cannot hold.
        do { _ = try PlistWriter.shortcutItems(keymap.quickActions) } catch { violations.append("plist of a checked keymap: \(error)") }
        violations += FrontendFuzzBody.emitting(keymap, strip: bytes.count & 2 == 0)
        return violations
    }

    /// Every file that parses formats to text that parses and formats to itself; when the
    /// sources compile, so do the formatted ones, to the same stripped table.
    static func formatting(_ compilation: Compilation, platform: Platform) -> [String] {
        var formatted = SourceManager()
        for (index, file) in compilation.sources.files.enumerated() {
            guard case .success(let text) = Formatter.format(file, file: FileID(index)) else { return [] }
            let again = SourceFile(path: file.path, text: text)
            guard case .success(let twice) = Formatter.format(again, file: FileID(index)) else {
                return ["formatted text does not parse:\n\(text)"]
            }
            guard twice == text else { return ["formatting is not idempotent:\n\(text)\n---\n\(twice)"] }
            formatted.add(again)
        }
        guard let keymap = compilation.keymap else { return [] }
        let recompiled = Compilation(sources: formatted, platform: platform)
        guard let other = recompiled.keymap else { return ["formatted sources do not compile: \(recompiled.diagnostics.map(\.message))"] }
        guard Emitter.emit(other, strip: true) == Emitter.emit(keymap, strip: true) else {
            return ["formatted sources compile to a different table"]
        }
        return []
    }

}

/// Target `table`: bytes (checksum sealed) → BindingTable(bytes:); when it loads, its model is
/// re-emitted (the result must load and read back equal) and a few presses are dispatched
/// over a small responder chain, with the overlay, continuations and menus listed.
enum TableFuzzBody {
    /// Compiles `source` for both platforms and returns its tables, plain and stripped (the
    /// seeds of the table fuzzer).
    static func seedTables(_ source: [UInt8]) -> [[UInt8]] {
        var sources = SourceManager()
        sources.add(SourceFile(path: "seed.bind", bytes: source))
        var tables: [[UInt8]] = []
        for platform in Platform.allCases {
            guard let keymap = Compilation(sources: sources, platform: platform).keymap else { continue }
            for strip in [false, true] { tables.append(Emitter.emit(keymap, strip: strip)) }
        }
        return tables
    }

    /// Runs the input; returns the properties it violated (empty when all hold).
    static func run(_ input: [UInt8]) -> [String] {
        // Mutations almost always break the checksum; seal most inputs so the structural
        // validator and the dispatcher get exercised (every 7th length keeps its checksum).
        var bytes = input
        if bytes.count % 7 != 0 { TableChecksum.seal(&bytes) }
        guard let table = try? BindingTable(bytes: bytes) else { return [] }
        let keymap = Keymap(table: table)
        _ = KeymapPrinter.text(keymap)

        let again = Emitter.emit(keymap, strip: !table.hasSourceMap)
        guard let reloaded = try? BindingTable(bytes: again) else { return ["re-emitted table does not load"] }
        guard Keymap(table: reloaded) == keymap else { return ["re-emitted table reads back differently"] }

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

        var chain: [FuzzResponder] = []
        for depth in 0..<3 {
            var played: [String] = []
            if !keymap.roles.isEmpty {
                for _ in 0..<(1 + next() % 2) { played.append(keymap.roles[next() % keymap.roles.count]) }
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
        return []
    }
}

/// A responder for the table fuzzer: fixed roles; performs an action when its bit in `mask`
/// is set.
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
