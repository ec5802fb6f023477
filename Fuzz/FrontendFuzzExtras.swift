// Properties the `frontend` fuzz target checks on every input that gets far enough. A
// violation stops the fuzzer with a message (and libFuzzer saves the input).
import BindingLang
import BindingRuntime

enum FrontendFuzzExtras {
    /// Formatting: every file that parses formats to text that parses and formats to itself.
    /// When the sources compile, so do the formatted ones, to the same stripped table.
    static func afterParse(_ compilation: Compilation, platform: Platform) {
        var formatted = SourceManager()
        for (index, file) in compilation.sources.files.enumerated() {
            guard case .success(let text) = Formatter.format(file, file: FileID(index)) else { return }
            let again = SourceFile(path: file.path, text: text)
            guard case .success(let twice) = Formatter.format(again, file: FileID(index)) else {
                fatalError("formatted text does not parse:\n\(text)")
            }
            guard twice == text else { fatalError("formatting is not idempotent:\n\(text)\n---\n\(twice)") }
            formatted.add(again)
        }
        guard let keymap = compilation.keymap else { return }
        let recompiled = Compilation(sources: formatted, platform: platform)
        guard let other = recompiled.keymap else { fatalError("formatted sources do not compile") }
        guard Emitter.emit(other, strip: true) == Emitter.emit(keymap, strip: true) else {
            fatalError("formatted sources compile to a different table")
        }
    }

    /// Emitting: the table (plain and stripped) loads and reads back as the checked model.
    static func afterCheck(_ keymap: Keymap, _ compilation: Compilation) {
        for strip in [false, true] {
            let bytes = Emitter.emit(keymap, strip: strip)
            guard let table = try? BindingTable(bytes: bytes) else { fatalError("emitted table does not load (strip: \(strip))") }
            var expected = keymap
            if strip { for i in expected.bindings.indices { expected.bindings[i].location = nil } }
            guard Keymap(table: table) == expected else { fatalError("table reads back differently (strip: \(strip))") }
        }
    }
}
