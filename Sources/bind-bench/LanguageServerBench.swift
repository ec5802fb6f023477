import BindingLang
import BindingLanguageServer
import BindingRuntime

/// `bind-bench --lsp`: how long after a change the language server's diagnostics are ready
/// for a keymap the size of VS Code's default one (1,200 bindings), beside the baseline of
/// checking the same text once with ``Compilation`` (what `bindc check` does) in the same run.
/// Each change goes through ``ServerSession`` as framed bytes, and the time is until its
/// `publishDiagnostics` notification has been framed: edit, re-index, full re-check and JSON.
enum LanguageServerBench {
    static func run(seed: UInt64, size: Int, rounds: Int) {
        let workload = WorkloadGenerator.make(size: size, seed: seed)
        let text = String(decoding: workload.source, as: UTF8.self)
        var session = ServerSession(platform: .apple)
        let uri = "file:///bench/keymap.bind"
        func send(_ message: JSONValue) -> [UInt8] {
            session.receive(MessageFramer.frame(Array(message.rendered(pretty: false).utf8)))
        }
        func notification(_ method: String, _ params: JSONValue) -> JSONValue {
            .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
        }
        _ = send(.object([("jsonrpc", .string("2.0")), ("id", .int(1)), ("method", .string("initialize")), ("params", .object([]))]))
        let opened = send(notification("textDocument/didOpen", .object([("textDocument", .object([
            ("uri", .string(uri)), ("languageId", .string("bind")), ("version", .int(1)), ("text", .string(text)),
        ]))])))
        // Checked for Apple, as every workload is (`FrontEnd`): other platforms reserve some of
        // the generated chords (GNOME's ctrl+alt+f3), which would be warnings here.
        guard String(decoding: opened, as: UTF8.self).contains(#""diagnostics":[]"#) else {
            exitWithError("the generated keymap has diagnostics in the language server")
        }
        // Alternately insert a space at the start of a line in the middle and delete it again.
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count / 2
        var changeNs: [Double] = []
        for round in 0..<rounds {
            let insert = round % 2 == 0
            let range = Range(start: Position(line: line, character: 0), end: Position(line: line, character: insert ? 0 : 1))
            let change = notification("textDocument/didChange", .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(Int64(round + 2)))])),
                ("contentChanges", .array([.object([("range", range.json), ("text", .string(insert ? " " : ""))])])),
            ]))
            var out: [UInt8] = []
            let ns = Clock.time { out = send(change) }
            guard String(decoding: out, as: UTF8.self).contains("publishDiagnostics") else {
                exitWithError("a change published no diagnostics")
            }
            changeNs.append(Double(ns))
        }
        var checkNs: [Double] = []
        for _ in 0..<rounds {
            var sources = SourceManager()
            sources.add(SourceFile(path: "keymap.bind", bytes: workload.source))
            checkNs.append(Double(Clock.time { _ = Compilation(sources: sources, platform: .apple) }))
        }
        changeNs.sort()
        checkNs.sort()
        func ms(_ ns: Double) -> String {
            let v = (ns / 1e5).rounded() / 10
            return String(v)
        }
        let median = changeNs[changeNs.count / 2], p95 = changeNs[changeNs.count * 95 / 100], worst = changeNs.last!
        let baseline = checkNs[checkNs.count / 2]
        let ratio = (median / baseline * 100).rounded() / 100
        print("""
            language server, \(workload.bindings.count)-binding keymap (\(workload.source.count) bytes), \(rounds) changes:
              change -> diagnostics published: median \(ms(median)) ms, p95 \(ms(p95)) ms, max \(ms(worst)) ms (target: 50 ms)
              baseline, Compilation of the same text (bindc check): median \(ms(baseline)) ms
              ratio: \(ratio)x the baseline
            """)
    }
}
