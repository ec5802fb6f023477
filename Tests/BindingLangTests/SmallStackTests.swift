import BindingRuntime
import Foundation
import Testing
@testable import BindingLang

/// Issue 16: the deepest inputs of ``DeepInputTests`` again, on a thread with a 2 MB stack
/// (a quarter of the main thread's on Linux). In a debug build a recursive reader of
/// conditions needs more than that for 300 nested parentheses, and one level of submenu costs
/// the recursive block reader about 18 KB (twice that under the address sanitizer); these pass
/// because conditions are parsed with an explicit stack and blocks are limited to
/// ``Parser/maxBlockDepth`` levels before any tree is built.
struct SmallStackTests {
    /// Runs `body` on a new thread with a `size`-byte stack (2 MB unless said) and returns its result.
    static func onSmallStack<T: Sendable>(size: Int = 2 << 20, _ body: @escaping @Sendable () -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return box.value!
    }

    /// Where the small-stack thread leaves its result (written before the semaphore is
    /// signalled, read after it is waited on).
    final class ResultBox<T>: @unchecked Sendable { var value: T? }

    @Test func nestingPastTheLimit() {
        @Sendable func repeated(_ s: String) -> String { String(repeating: s, count: 5_000) }
        let results = Self.onSmallStack {
            [
                "in R when " + repeated("(") + "a" + repeated(")") + " {\n}\n",
                "in R when " + repeated("!") + "a {\n}\n",
                "in R when " + repeated("not ") + "a {\n}\n",
                "in R when m in (" + repeated("(") + "x" + repeated(")") + ") {\n}\n",
                "in R when a" + repeated(" && (a || a)") + " {\n}\n",
                "shortcut \"t\" {\n  title \"T\"\n  userInfo " + repeated("{ a: ") + "1"
                    + repeated(" }") + "\n}\n",
                "menu \"m\" {\n" + repeated("menu \"n\" {\n") + repeated("}\n") + "}\n",
                "in R {\n" + repeated("group \"g\" {\n") + "k -> go\n" + repeated("}\n") + "}\n",
            ].map { DeepInputTests.allPhases(DeepInputTests.header + $0) }
        }
        let tooDeep = Messages.nestingTooDeep(Parser.maxDepth)
        #expect(results[0] == [tooDeep])
        #expect(results[1] == [tooDeep])
        #expect(results[2] == [Messages.wordOperator("not", "!")])  // one error per line
        #expect(results[3].contains(tooDeep))
        #expect(results[4] == [Messages.conditionTooDeep])
        let blocksTooDeep = Messages.nestingTooDeep(Parser.maxBlockDepth)
        #expect(results[5].contains(blocksTooDeep))
        #expect(results[6].contains(Messages.menuTooDeep))
        #expect(results[7].contains(blocksTooDeep))
    }

    /// Submenus and dictionaries as deep as the parser's limit, through every phase.
    @Test func deepestBlocksEveryPhase() {
        let n = Parser.maxBlockDepth - 1
        let results = Self.onSmallStack {
            [
                "menu \"m\" {\n" + String(repeating: "menu \"n\" {\n", count: n) + "\"x\" -> go\n" + String(repeating: "}\n", count: n) + "}\n",
                "shortcut \"t\" {\n  title \"T\"\n  userInfo " + String(repeating: "{ a: ", count: n) + "1"
                    + String(repeating: " }", count: n) + "\n}\n",
            ].map { DeepInputTests.allPhases(DeepInputTests.header + $0) }
        }
        #expect(results[0] == [])
        #expect(results[1] == [])
    }

    /// Conditions as tall as the limit, made of each construct, through the checker, the
    /// formatter, the emitter, the loader and the printers.
    @Test func tallestConditionsEveryPhase() {
        let n = Parser.maxConditionDepth
        let conditions = [
            String(repeating: "(", count: n) + "a" + String(repeating: ")", count: n),
            String(repeating: "!", count: n) + "a",
            "a" + String(repeating: " && !a", count: (n - 1) / 2),
            String(repeating: "(a || ", count: (n - 1) / 2) + "a" + String(repeating: ")", count: (n - 1) / 2),
        ]
        let failures = Self.onSmallStack { () -> [String] in
            conditions.compactMap { condition -> String? in
                let text = DeepInputTests.header + "in R when \(condition) {\n  k -> go\n}\n"
                var sources = SourceManager()
                _ = sources.add(SourceFile(path: "deep.bind", text: text))
                let compilation = Compilation(sources: sources, platform: .apple)
                if compilation.hasErrors { return "\(condition.prefix(20))…: \(compilation.diagnostics.map(\.message))" }
                guard case .success = Formatter.format(sources.files[0], file: FileID(0)) else { return "does not format" }
                guard let bytes = compilation.table(strip: false), let table = try? BindingTable(bytes: bytes) else {
                    return "no table"
                }
                let keymap = Keymap(table: table)
                if KeymapPrinter.text(keymap).isEmpty || KeymapPrinter.json(keymap).rendered().isEmpty { return "prints nothing" }
                return nil
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
