import Foundation
import Testing
@testable import BindingLang
import BindingRuntime

/// The fuzz targets' work on their checked-in seeds and regression inputs (Fuzz/seeds/<target>,
/// Fuzz/regressions/<target>) and on a few inputs written here, so `swift test` replays the
/// same code the fuzzers run. (`frontend` and `table` also have FuzzRegressionTests.)
struct SurfaceFuzzTests {
    @Test(arguments: ["ctrl+k ctrl+c", "\"[\" cmd+\"*\" G", "⌘+k", "", "   ", "cmd+", "\"", "a\u{0}b", "shift+shift+a"])
    func strokes(text: String) {
        #expect(StrokeFuzzBody.run(Array(text.utf8)) == [])
    }

    @Test(arguments: [
        #"[{"key": "ctrl+k ctrl+c", "command": "x", "when": "a && !b"}]"#,
        #"[{"key": "cmd+s", "command": "save"}, {"key": "cmd+s", "command": "-save"}]"#,
        #"[{"context": "Editor", "bindings": {"ctrl-k ctrl-c": "editor::Comment"}}] "#,
        "[", "{}", String(repeating: "[", count: 10_000),
        // The import fuzzer's finding (base64 W3sia2V5IjogIiIsICJjb21tYW5kIjogIlN0cmluZyAmMlxuJiBiIn1d):
        // a command name with a newline broke out of its comment.
        #"[{"key": "", "command": "String &2\n& b"}]"#,
    ])
    func imports(text: String) {
        #expect(ImportFuzzBody.run(Array(text.utf8)) == [])
    }

    /// Each shape small (21 and 264 of its unit) and patched; the large sizes run in the
    /// fuzzer and Benchmarks/hostile.sh.
    @Test(arguments: 0..<5)
    func hostileShapes(shape: UInt8) {
        #expect(HostileFuzzBody.run([shape, 0, 20]) == [])
        #expect(HostileFuzzBody.run([shape, 1, 7, 13, 0, 0, 1, 2, 3, 8, 0, 4, 255, 255, 255]) == [])
    }

    /// The `hostile` fuzzer's finding (`crash-0ace7e94…`, base64 `dm9Cbw==`): 283 candidates of
    /// `k` sharing one 72-instruction false condition, a 4,884-byte table within every limit,
    /// "took" 6.1 to 20 s. Two causes: `explain` decoded, rendered and took apart the shared
    /// condition once per candidate (and the harness explains the sequence once per binding,
    /// 64 times), and the property read the wall clock, which on a loaded machine counts time
    /// spent waiting for a core (2.9 s of CPU for 20.7 s of wall time). Explain now does each
    /// condition once per role, and the property measures the thread's CPU time.
    @Test func sharedConditionFinding() {
        #expect(HostileFuzzBody.run([0x76, 0x6F, 0x42, 0x6F]) == [])
    }

    /// Every checked-in seed and regression input of the BindingLang targets, through its
    /// target's body (`frontend` seeds also through `format`, which shares them).
    @Test(arguments: FuzzCorpus.inputs(["frontend", "format", "strokes", "import", "set", "layouts", "hostile", "table"]))
    func corpus(_ path: String) {
        let bytes = FuzzCorpus.bytes(path)
        #expect(!bytes.isEmpty || path.hasSuffix("empty"))
        switch FuzzCorpus.target(path) {
        case "frontend":
            #expect(FrontendFuzzBody.run(bytes) == [])
            #expect(FormatFuzzBody.run(bytes) == [])
        case "format": #expect(FormatFuzzBody.run(bytes) == [])
        case "strokes": #expect(StrokeFuzzBody.run(bytes) == [])
        case "import": #expect(ImportFuzzBody.run(bytes) == [])
        case "set": #expect(SetFuzzBody.run(bytes) == [])
        case "layouts": #expect(LayoutFuzzBody.run(bytes) == [])
        case "hostile": #expect(HostileFuzzBody.run(bytes) == [])
        case "table": #expect(TableFuzzBody.run(bytes) == [])
        default: Issue.record("no body for \(path)")
        }
    }

    /// The `set` target's keymap compiles, and its properties hold on hand-picked items.
    @Test func setItems() {
        #expect(SetFuzzBody.compiled != nil)
        for text in ["lang=swift", "readOnly=true\nmode=visual\naccentKind=b", "mode=visul", "x=1", "noequals", "lang==", "lang=a=b", "readOnly=yes", "=", ""] {
            #expect(SetFuzzBody.run(Array(text.utf8)) == [], "\(text)")
        }
    }

    /// Every layout of the database passes the layout-data properties, printed and re-read.
    @Test func layoutDatabase() {
        #expect(LayoutFuzzBody.run([0x80] + Array(LayoutFuzzBody.print(KeyboardLayout.all).utf8)) == [])
    }

    /// The text editor's bindings dispatch on a few layouts as the analysis maps them.
    @Test(arguments: ["us", "de", "fr", "ru", "us-mac", "fr-mac"])
    func layoutExample(_ id: String) throws {
        let text = try String(contentsOfFile: FuzzCorpus.root + "/Examples/TextEditor.bind", encoding: .utf8)
        let index = try #require(KeyboardLayout.all.firstIndex { $0.id == id })
        #expect(LayoutFuzzBody.run([UInt8(index)] + Array(text.utf8)) == [])
    }
}

/// The fuzz dictionaries are generated from the language's and the format's tables.
struct FuzzDictionaryTests {
    @Test func dictionariesAreCurrent() throws {
        let folder = FuzzCorpus.root + "/Sources/BindingLang/Parsing/"
        let parser = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted()
            .map { try String(contentsOfFile: folder + $0, encoding: .utf8) }.joined(separator: "\n")
        let expected = [("frontend.dict", FuzzDictionaries.frontend(parserSource: parser)), ("table.dict", FuzzDictionaries.table())]
        for (name, text) in expected {
            let path = FuzzCorpus.root + "/Fuzz/" + name
            if ProcessInfo.processInfo.environment["BINDKIT_WRITE_FUZZ_DICTS"] != nil {
                try AtomicFile.write(Array(text.utf8), to: path)
            }
            let current = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            #expect(current == text, "Fuzz/\(name) is out of date: BINDKIT_WRITE_FUZZ_DICTS=1 swift test --filter FuzzDictionaryTests")
        }
        // Every keyword of the grammar is in it.
        for word in ["keymap", "context", "responder", "action", "in", "when", "group", "unbind", "menu", "edit", "separator", "shortcut", "layer", "over", "inside", "is", "not"] {
            #expect(expected[0].1.contains("\"\(word)\"\n"), "\(word)")
        }
    }
}
