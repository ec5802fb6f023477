import BindingRuntime
import Testing
@testable import BindingLang

/// Issue 10, defect 1: every construct that nests or chains, repeated 100,000 times (the
/// issue's chain length; deep enough that a walk recursing once per level would overflow any
/// thread's stack in a debug build), goes through every phase (parse, check, format) and ends
/// in an error, never a stack overflow. The same constructs repeated 10^6 times run against a
/// release `bindc` in Benchmarks/hostile.sh. A condition as tall as the limit goes on through
/// the emitter, the loader, `dump`'s printer, `explain` and dispatch.
struct DeepInputTests {
    static let count = 100_000

    /// Parses and checks `text` (and formats it when it parses: the formatter stops at
    /// syntax errors, after a parse like the one here); returns the error messages.
    static func allPhases(_ text: String) -> [String] {
        var sources = SourceManager()
        _ = sources.add(SourceFile(path: "deep.bind", text: text))
        let compilation = Compilation(sources: sources, platform: .apple)
        let errors = compilation.diagnostics.filter { $0.severity == .error }.map(\.message)
        if errors.isEmpty { _ = Formatter.format(sources.files[0], file: FileID(0)) }
        return errors
    }

    static func repeated(_ s: String) -> String { String(repeating: s, count: count) }

    static let header = "context a: Bool\ncontext m: x | y\nresponder R\naction go\n"

    @Test func longOperandChain() {
        let text = Self.header + "in R when a" + Self.repeated(" && a") + " {\n  k -> go\n}\n"
        #expect(Self.allPhases(text) == [Messages.conditionTooDeep])
    }

    @Test func longOperandChainInABinding() {
        let text = Self.header + "in R {\n  k -> go when a" + Self.repeated("||a") + "\n  j -> go\n}\n"
        #expect(Self.allPhases(text) == [Messages.conditionTooDeep])
    }

    @Test func longComparisonChain() {
        let text = Self.header + "in R when m" + Self.repeated(" == x") + " {\n}\n"
        #expect(Self.allPhases(text).first == Messages.chainedComparison)
    }

    @Test func longItemList() {
        let text = Self.header + "in R when m in (x" + Self.repeated(", y") + ") {\n}\n"
        #expect(Self.allPhases(text) == [Messages.conditionTooDeep])
    }

    @Test func deepParentheses() {
        let text = Self.header + "in R when " + Self.repeated("(") + "a" + Self.repeated(")") + " {\n}\n"
        #expect(Self.allPhases(text) == [Messages.nestingTooDeep(Parser.maxDepth)])
    }

    @Test func manyBangs() {
        let text = Self.header + "in R when " + Self.repeated("!") + "a {\n}\n"
        #expect(Self.allPhases(text) == [Messages.nestingTooDeep(Parser.maxDepth)])
    }

    @Test func deepDictionaries() {
        let text = Self.header + "shortcut \"t\" {\n  title \"T\"\n  userInfo " + Self.repeated("{ a: ") + "1"
            + Self.repeated(" }") + "\n}\n"
        #expect(Self.allPhases(text).contains(Messages.nestingTooDeep(Parser.maxBlockDepth)))
    }

    @Test func deepSubmenus() {
        let text = Self.header + "menu \"m\" {\n" + Self.repeated("menu \"n\" {\n") + Self.repeated("}\n") + "}\n"
        #expect(Self.allPhases(text).contains(Messages.menuTooDeep))
    }

    @Test func manyComments() throws {
        let lines = Self.header + Self.repeated("// c\n") + "in R {\n  k -> go\n}\n"
        #expect(Self.allPhases(lines) == [])
        let blocks = Self.header + "in R {\n  k " + Self.repeated("/* c */") + " -> go\n}\n"
        #expect(Self.allPhases(blocks) == [])
        let open = Self.header + Self.repeated("/* ")
        #expect(Self.allPhases(open) == [Messages.unterminatedBlockComment])
    }

    /// One counting rule for every construct (Grammar.md §4.6): 128 levels of `&&` (a chain
    /// of 129 operands), of `!`, of parentheses, or of an `in` list (128 items) are accepted,
    /// one more of any is the error; and levels of different constructs add up.
    @Test func limitIsExact() {
        let n = Parser.maxConditionDepth
        func block(_ condition: String) -> String { Self.header + "in R when \(condition) {\n  k -> go\n}\n" }
        func chain(_ operators: Int) -> String { "a" + String(repeating: " && a", count: operators) }
        func bangs(_ count: Int) -> String { String(repeating: "!", count: count) + "a" }
        func parentheses(_ count: Int) -> String { String(repeating: "(", count: count) + "a" + String(repeating: ")", count: count) }
        func list(_ count: Int) -> String { "m in (" + Array(repeating: "x", count: count).joined(separator: ", ") + ")" }
        for make in [chain, bangs, parentheses, list] {
            #expect(Self.allPhases(block(make(n))) == [], "\(make(n).prefix(12))")
            #expect(Self.allPhases(block(make(n + 1))) == [Messages.conditionTooDeep], "\(make(n + 1).prefix(12))")
        }
        // A `!`, a pair of parentheses and 126 `&&`: 128 levels; one `&&` more is 129.
        #expect(Self.allPhases(block("!(" + chain(n - 2) + ")")) == [])
        #expect(Self.allPhases(block("!(" + chain(n - 1) + ")")) == [Messages.conditionTooDeep])
        // In a binding too, where the checker's walk counts the same way.
        #expect(Self.allPhases(Self.header + "in R {\n  k -> go when \(bangs(n))\n  j -> go when \(list(n))\n}\n") == [])
    }

    /// A condition at the limit (in the block and in the binding, so the binding's is twice
    /// as tall) through every later phase.
    @Test func tallestConditionEndToEnd() throws {
        let n = Parser.maxConditionDepth
        let tall = "a" + String(repeating: " && !a", count: (n - 1) / 2)
        let text = Self.header + "in R when \(tall) || a {\n  k -> go when \(tall) || !a\n  k k -> go when \(tall)\n}\n"
        var sources = SourceManager()
        _ = sources.add(SourceFile(path: "deep.bind", text: text))
        let compilation = Compilation(sources: sources, platform: .apple)
        #expect(!compilation.hasErrors, "\(compilation.diagnostics.map(\.message))")
        guard case .success(let formatted) = Formatter.format(sources.files[0], file: FileID(0)) else {
            Issue.record("does not format")
            return
        }
        #expect(formatted.contains(tall))
        let bytes = try #require(compilation.table(strip: false))
        let table = try BindingTable(bytes: bytes)
        let keymap = Keymap(table: table)
        #expect(KeymapPrinter.text(keymap).contains("a && !a"))
        _ = KeymapPrinter.json(keymap).rendered()
        let dispatcher = Dispatcher(table: table)
        var context = ContextState(table: table)
        try context.set("a", true)
        let chord = try #require(try? Chord.parse("k", platform: .apple).get())
        let explanation = dispatcher.explain([chord], firstResponder: LoneResponder(roles: ["R"]), context: context)
        #expect(!ExplanationPrinter.json(explanation, keymap: keymap, chain: ["probe"], values: []).rendered().isEmpty)
        _ = dispatcher.dispatch(KeyEvent(chord), firstResponder: LoneResponder(roles: ["R"]), context: context)
    }
}
