import BindingLang
import BindingLanguageServer
import Testing

/// The language server knows the binding attributes (`@priority`, `@allowReserved`,
/// `@repeat`, Grammar.md §4.8): completion after `@`, hover on an attribute.
@Suite struct AttributeFeatureTests {
    let head = "responder Pane\naction resize(String)\n"

    func complete(_ text: String) -> [String] {
        let parts = text.split(separator: "‸", maxSplits: 1, omittingEmptySubsequences: false)
        let before = String(parts[0]), full = before + String(parts[1])
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        var h = ServerHarness()
        h.open(full)
        return labels(h.result("textDocument/completion", ServerHarness.at(lines.count - 1, lines.last!.utf16.count)))
    }

    @Test func attributesAfterTheAt() {
        #expect(complete(head + "in Pane {\n  @‸\n}\n") == ["priority", "allowReserved", "repeat", "timeout", "allowLayouts", "noRemapping", "noMirroring"])
        #expect(complete(head + "in Pane {\n  @rep‸\n}\n") == ["priority", "allowReserved", "repeat", "timeout", "allowLayouts", "noRemapping", "noMirroring"])
        // After an attribute (with or without its window), the chord comes next.
        #expect(complete(head + "in Pane {\n  @repeat(1s) ‸\n}\n").contains("ctrl"))
        #expect(complete(head + "in Pane {\n  @repeat ‸\n}\n").contains("ctrl"))
    }

    /// Inside `@repeat(` a duration (Grammar.md §2 `duration`), the default first; the other
    /// attributes take no argument (`@allowLayouts` aside): nothing, not a condition's operands.
    @Test func repeatWindowsAfterTheParenthesis() {
        let windows = ["500ms", "300ms", "800ms", "1s", "1.5s", "2s"]
        #expect(complete("context flag: Bool\n" + head + "in Pane {\n  @repeat(‸\n  ctrl+b up -> resize(\"up\")\n}\n") == windows)
        #expect(complete("context flag: Bool\n" + head + "in Pane {\n  @repeat(8‸\n}\n") == windows)
        // Part of a duration typed, its unit started or a decimal point: still the windows,
        // each replacing what follows the `(`.
        #expect(complete(head + "in Pane {\n  @repeat(500m‸\n}\n") == windows)
        #expect(complete(head + "in Pane {\n  @repeat(1.‸\n}\n") == windows)
        var h = ServerHarness()
        h.open(head + "in Pane {\n  @repeat(500m\n}\n")
        let first = h.result("textDocument/completion", ServerHarness.at(3, 14))
        let items = first["items"]?.arrayValue ?? first.arrayValue ?? []
        #expect(items.first?["textEdit"]?["range"] == range(3, 10, 3, 14))
        #expect(complete("context flag: Bool\n" + head + "in Pane {\n  @timeout(‸\n}\n") == [])
        #expect(complete("context flag: Bool\n" + head + "in Pane {\n  @priority(‸\n}\n") == [])
        // A condition's parenthesis still offers the operands.
        #expect(complete("context flag: Bool\n" + head + "in Pane {\n  up -> resize(\"up\") when (‸\n}\n").contains("flag"))
    }

    @Test func hoverExplainsTheAttribute() {
        var h = ServerHarness()
        h.open(head + "in Pane {\n  @repeat(800ms) ctrl+b up -> resize(\"up\")\n}\n")
        let hover = h.result("textDocument/hover", ServerHarness.at(3, 5))
        #expect(hover["contents"]?["value"]?.stringValue?.hasPrefix("attribute `@repeat or @repeat(800ms)`: repeatable, like tmux's bind -r") == true)
        #expect(hover["range"] == range(3, 2, 3, 9))
        // On the `@` too; elsewhere on the line, the chord's hover as before.
        #expect(h.result("textDocument/hover", ServerHarness.at(3, 2))["range"] == range(3, 2, 3, 9))
        #expect(h.result("textDocument/hover", ServerHarness.at(3, 18))["contents"]?["value"]?.stringValue?.hasPrefix("**⌃B ↑**") == true)
    }
}
