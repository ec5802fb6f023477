import BindingRuntime
import Testing
@testable import BindingLang

/// Issue 16's hostile tables: each loads in time linear in its size or is rejected with an
/// error saying why; whatever loads can be dumped, explained and dispatched.
struct HostileTableTests {
    static func loadError(_ bytes: [UInt8]) -> TableError? {
        do { _ = try BindingTable(bytes: bytes); return nil } catch { return error }
    }

    /// Row 2: a 300,000-instruction left-deep condition crashed `dump`, `explain` and the
    /// runtime's `Dispatcher.explain`; now the loader rejects a condition taller than the limit.
    @Test func deepConditionIsRejected() {
        let bytes = HostileTables.deepCondition(operands: 150_000)
        guard case .badCondition(condition: 0, let reason)? = Self.loadError(bytes) else {
            Issue.record("loaded: \(String(describing: Self.loadError(bytes)))")
            return
        }
        #expect(reason.contains("taller than \(TableFormat.maxConditionHeight)"))
    }

    /// The tallest condition the loader accepts goes through every tool that walks it.
    @Test func tallestLoadableConditionIsDumpedAndExplained() throws {
        let operands = TableFormat.maxConditionHeight  // left-deep: as tall as it has operands
        #expect(Self.loadError(HostileTables.deepCondition(operands: operands + 1)) != nil)
        let table = try BindingTable(bytes: HostileTables.deepCondition(operands: operands))
        let keymap = Keymap(table: table)
        #expect(KeymapPrinter.text(keymap).contains("a && a"))
        final class Probe: Responder {
            var responderRoles: [String] { ["R"] }
            var nextResponder: (any Responder)? { nil }
            func canPerform(_ action: ActionInvocation) -> Bool { true }
            func perform(_ action: ActionInvocation) {}
        }
        let chord = try #require(try? Chord.parse("k", platform: .apple).get())
        let dispatcher = Dispatcher(table: table)
        let explanation = dispatcher.explain([chord], firstResponder: Probe(), context: ContextState(table: table))
        #expect(!ExplanationPrinter.explanation(explanation, keymap: keymap, chain: ["probe"], values: []).isEmpty)
    }

    /// Conditions must tile the code: two conditions sharing one long instruction range would
    /// make validation quadratic.
    @Test func overlappingConditionsAreRejected() throws {
        var t = try #require(TableSections(HostileTables.deepCondition(operands: 3)))
        t.set(.conditions, words: [0, 5, 0, 5], count: 2)
        guard case .badCondition(condition: 1, _)? = Self.loadError(t.bytes()) else {
            Issue.record("\(String(describing: Self.loadError(t.bytes())))")
            return
        }
    }
}
