// libFuzzer target `frontend`: arbitrary bytes → lexer, parser, checker and the printers that
// tools run over their results, the formatter (idempotent, meaning-preserving) and the emitter
// (the table reads back as the checked model). Built by Fuzz/run.sh against instrumented builds of the
// library modules; not part of the Swift package.
//
// Input layout: the bytes are one `.bind` file, or several when they contain the marker line
// `//@file` (each part is the next layered file). An odd-length input compiles for
// `--platform other`, an even-length one for Apple platforms.
import BindingLang
import BindingRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    FrontendFuzzBody.run(bytes)
    return 0
}

/// The work done for one fuzz input; shared in spirit with FuzzRegressionTests, which runs the
/// same steps through the package's public API.
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

    static func run(_ bytes: [UInt8]) {
        var sources = SourceManager()
        for (index, part) in split(bytes).enumerated() {
            sources.add(SourceFile(path: "fuzz\(index).bind", bytes: part))
        }
        let platform: Platform = bytes.count % 2 == 1 ? .other : .apple
        let compilation = Compilation(sources: sources, platform: platform)
        // Render every diagnostic as a tool would (text with source lines and carets, JSON).
        _ = DiagnosticRenderer(colored: bytes.first == 0x7E).render(compilation.diagnostics, sources: sources)
        _ = DiagnosticJSON.render(compilation.diagnostics, sources: sources).rendered()
        FrontendFuzzExtras.afterParse(compilation, platform: platform)
        guard let keymap = compilation.keymap else { return }
        _ = KeymapPrinter.text(keymap)
        _ = KeymapPrinter.json(keymap).rendered()
        _ = SwiftGenerator.generate(keymap)
        _ = PlistWriter.shortcutItems(keymap.quickActions)
        FrontendFuzzExtras.afterCheck(keymap, compilation)
    }
}
