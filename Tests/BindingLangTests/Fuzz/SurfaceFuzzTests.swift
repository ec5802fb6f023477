import Testing
@testable import BindingLang

/// The issue-16 fuzz targets' work on their seeds and on inputs that once broke something, so
/// `swift test` replays the same code the fuzzers run.
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
}
