import BindingRuntime
import Testing
@testable import BindingLang

/// Issue 16: `bindc dump` printed a condition shared by many bindings once per binding, so its
/// output grew with bindings × condition length. A condition longer than
/// `KeymapPrinter.longCondition` characters is now listed once, named, and rows show the name.
struct SharedConditionDumpTests {
    /// `count` bindings in one block whose condition is a chain of `clauses` flags.
    static func keymap(bindings count: Int, clauses: Int) throws -> Keymap {
        let flags = (0..<clauses).map { "flag\($0)" }
        var text = flags.map { "context \($0): Bool\n" }.joined() + "responder R\naction go\n"
        text += "in R when " + flags.joined(separator: " && ") + " {\n"
        for i in 0..<count { text += "  f\(i % 20 + 1) \(["a", "b", "c", "d", "e"][i / 20 % 5]) -> go\n" }
        text += "}\nin R {\n  k -> go when flag0\n}\n"
        var sources = SourceManager()
        _ = sources.add(SourceFile(path: "shared.bind", text: text))
        return try #require(Compilation(sources: sources, platform: .apple).keymap)
    }

    @Test func aLongSharedConditionIsListedOnceByName() throws {
        let keymap = try Self.keymap(bindings: 3, clauses: 8)
        let text = KeymapPrinter.text(keymap)
        let long = (0..<8).map { "flag\($0)" }.joined(separator: " && ")
        #expect(text.contains("\nconditions (1):\n  [c1] \(long)\n\nbindings (4):\n"))
        #expect(text.components(separatedBy: long).count == 2)
        #expect(text.contains("\n  R     f1 a  go                    [c1]   shared.bind:"))
        // A short condition stays in its row.
        #expect(text.contains("\n  R     k     go                    flag0  shared.bind:"))
    }

    /// The text grows by the same few bytes per binding whatever the condition's length, and
    /// the table read back prints exactly what the keymap prints.
    @Test func outputIsLinearInTheTable() throws {
        func size(_ bindings: Int, _ clauses: Int) throws -> Int {
            KeymapPrinter.text(try Self.keymap(bindings: bindings, clauses: clauses)).utf8.count
        }
        let perBindingShort = try size(100, 30) - size(50, 30)
        let perBindingLong = try size(100, 60) - size(50, 60)
        #expect(abs(perBindingShort - perBindingLong) < 100)  // line numbers in SOURCE differ
        #expect(perBindingShort < 50 * 80)
        let keymap = try Self.keymap(bindings: 100, clauses: 60)
        let table = try BindingTable(bytes: Emitter.emit(keymap))
        var out = ""
        KeymapPrinter.write(table: table, to: &out)
        #expect(out == KeymapPrinter.text(Keymap(table: table)))
        #expect(out.components(separatedBy: "flag58 && flag59").count == 2)
    }

    /// Distinct long conditions get distinct names, in order of first use; equal texts share one.
    @Test func namesFollowFirstUse() throws {
        var text = (0..<12).map { "context long\($0): Bool\n" }.joined() + "responder R\naction go\nin R {\n"
        let a = (0..<6).map { "long\($0)" }.joined(separator: " || ")
        let b = (6..<12).map { "long\($0)" }.joined(separator: " || ")
        text += "  x -> go when \(b)\n  y -> go when \(a)\n  z -> go when \(b)\n}\n"
        var sources = SourceManager()
        _ = sources.add(SourceFile(path: "names.bind", text: text))
        let keymap = try #require(Compilation(sources: sources, platform: .apple).keymap)
        let dump = KeymapPrinter.text(keymap)
        #expect(dump.contains("conditions (2):\n  [c1] \(b)\n  [c2] \(a)\n"))
        let rows = dump.split(separator: "\n").filter { $0.hasPrefix("  R ") }
        #expect(rows.map { $0.contains("[c1]") } == [true, false, true])
    }
}

/// `bindc explain` lists a long condition, or a long list of false parts, that several
/// candidates share once, named, instead of once per candidate.
struct SharedConditionExplainTests {

    @Test func sharedFalseConditionIsListedOnce() throws {
        func explain(candidates: Int, size: Int) throws -> String {
            let table = try BindingTable(bytes: HostileTables.sharedFalseCondition(candidates: candidates, size: size))
            let chord = try #require(try? Chord.parse("k", platform: .apple).get())
            let explanation = Dispatcher(table: table).explain([chord], firstResponder: LoneResponder(roles: ["R"]), context: ContextState(table: table))
            return ExplanationPrinter.explanation(explanation, keymap: Keymap(table: table), chain: ["probe"], values: [("a", "false")])
        }
        let text = try explain(candidates: 20, size: 40)
        #expect(text.contains("  shared by several bindings below:\n    [c1] "))
        #expect(text.components(separatedBy: " when [c1]").count == 21)
        #expect(text.components(separatedBy: "its condition is false: [c2]\n").count == 21)
        // Twice the candidates: the text grows by the same bytes per candidate whatever the
        // condition's length.
        let short = try explain(candidates: 40, size: 40).utf8.count - text.utf8.count
        let long = try explain(candidates: 40, size: 400).utf8.count - explain(candidates: 20, size: 400).utf8.count
        #expect(abs(short - long) < 20 * 8)
    }
}
