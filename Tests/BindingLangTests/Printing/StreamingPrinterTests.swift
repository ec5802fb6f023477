import BindingRuntime
import Foundation
import Testing
@testable import BindingLang

/// `bindc dump` and `explain` write as they go: the streaming forms print exactly what the
/// string forms print, for the sample keymap (every section, nested submenus) and for every
/// example compiled to a table and read back one binding at a time.
struct StreamingPrinterTests {
    /// Counts what is written and keeps at most the last few writes: the shape of a buffered
    /// standard output, to check that a printer never hands it the whole text at once.
    struct CountingStream: TextOutputStream {
        var bytes = 0
        var writes = 0
        var largest = 0
        var text = ""
        var keep = true
        mutating func write(_ string: String) {
            bytes += string.utf8.count
            writes += 1
            largest = max(largest, string.utf8.count)
            if keep { text += string }
        }
    }

    static func examples() throws -> [(String, Keymap)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent("Examples")
        var out: [(String, Keymap)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where name.hasSuffix(".bind") {
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            var sources = SourceManager()
            _ = sources.add(SourceFile(path: name, text: text))
            if let keymap = Compilation(sources: sources, platform: .apple).keymap { out.append((name, keymap)) }
        }
        return out
    }

    @Test func sampleStreamsTheSameText() {
        let keymap = SampleKeymap.keymap
        var out = CountingStream()
        KeymapPrinter.write(keymap, to: &out)
        #expect(out.text == KeymapPrinter.text(keymap))
        var json = CountingStream()
        KeymapPrinter.writeJSON(keymap, to: &json)
        #expect(json.text == KeymapPrinter.json(keymap).rendered() + "\n")
    }

    @Test func tablesStreamWhatTheirKeymapPrints() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 3)
        for (name, keymap) in examples {
            let table = try BindingTable(bytes: Emitter.emit(keymap))
            let readBack = Keymap(table: table)
            var text = CountingStream()
            KeymapPrinter.write(table: table, to: &text)
            #expect(text.text == KeymapPrinter.text(readBack), "\(name)")
            var json = CountingStream()
            KeymapPrinter.writeJSON(table: table, to: &json)
            #expect(json.text == KeymapPrinter.json(readBack).rendered() + "\n", "\(name)")
        }
    }

    /// A table of 5,000 bindings is written in pieces no larger than one row, never as one text.
    @Test func dumpWritesRowByRow() throws {
        let keys = (0..<5_000).compactMap { i -> Chord? in Unicode.Scalar(0x4E00 + i).map { Chord(key: Key(character: $0)) } }
        let keymap = Keymap(
            name: "many", platform: .apple, roles: ["R"], actions: [Action(name: "go")],
            bindings: keys.map { Binding(sequence: [$0], role: 0, action: 0) })
        let table = try BindingTable(bytes: Emitter.emit(keymap, strip: true))
        var out = CountingStream()
        out.keep = false
        KeymapPrinter.write(table: table, to: &out)
        #expect(out.writes > 5_000)
        #expect(out.largest < 200)
        var json = CountingStream()
        json.keep = false
        KeymapPrinter.writeJSON(table: table, to: &json)
        #expect(json.largest < 1_000)
    }

    /// `dump --json` and `explain --json` list a condition that 100 bindings share once: the
    /// documents grow by about one condition's text when the condition grows, not 100 times.
    @Test func jsonListsASharedConditionOnce() throws {
        let chord = try #require(try? Chord.parse("k", platform: .apple).get())
        func documents(size: Int) throws -> (dump: String, explain: String, condition: String) {
            let table = try BindingTable(bytes: HostileTables.sharedFalseCondition(candidates: 100, size: size))
            let keymap = Keymap(table: table)
            var dump = CountingStream()
            KeymapPrinter.writeJSON(table: table, to: &dump)
            let explanation = Dispatcher(table: table).explain([chord], firstResponder: LoneResponder(roles: ["R"]), context: ContextState(table: table))
            let explain = ExplanationPrinter.json(explanation, keymap: keymap, chain: ["probe"], values: []).rendered()
            let condition = ConditionPrinter.render(keymap.bindings[0].condition, contexts: keymap.contexts, roles: keymap.roles)
            return (dump.text, explain, condition)
        }
        let small = try documents(size: 9), large = try documents(size: 301)
        let grown = large.condition.utf8.count - small.condition.utf8.count
        #expect(grown > 500)
        #expect(large.dump.components(separatedBy: large.condition).count == 2)
        #expect(large.dump.utf8.count - small.dump.utf8.count < 2 * grown)
        #expect(large.explain.utf8.count - small.explain.utf8.count < 4 * grown)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(large.dump.utf8)) as? [String: Any])
        let conditions = try #require(object["conditions"] as? [String])
        let bindings = try #require(object["bindings"] as? [[String: Any]])
        #expect(bindings.count == 100)
        #expect(bindings.allSatisfy { ($0["condition"] as? Int).map { conditions[$0] } == large.condition })
    }

    /// Explain's text form is the streamed one.
    @Test func explanationStreamsTheSameText() throws {
        let table = try BindingTable(bytes: HostileTables.sharedFalseCondition(candidates: 20, size: 9))
        let keymap = Keymap(table: table)
        let chord = try #require(try? Chord.parse("k", platform: .apple).get())
        let explanation = Dispatcher(table: table).explain([chord], firstResponder: LoneResponder(roles: ["R"]), context: ContextState(table: table))
        let values = [(name: "a", value: "false")]
        var out = CountingStream()
        ExplanationPrinter.write(explanation, keymap: keymap, chain: ["probe"], values: values, to: &out)
        let text = ExplanationPrinter.explanation(explanation, keymap: keymap, chain: ["probe"], values: values)
        #expect(out.text == text)
        #expect(text.contains("(a is false)"))
        #expect(out.largest < text.utf8.count / 4)
    }
}
