import BindingLang
import BindingLanguageServer
import Testing

/// A chord's hover states the condition the compiler uses.
@Suite struct HoverMarkdownTests {
    func hover(_ text: String, _ line: Int, _ character: Int) -> String {
        var h = ServerHarness()
        h.open(text)
        return h.result("textDocument/hover", ServerHarness.at(line, character))["contents"]?["value"]?.stringValue ?? ""
    }

    static let head = "context a: Bool\ncontext b: Bool\ncontext c: Bool\nresponder Editor\naction go\n"

    /// The block's `when` and the binding's are joined by `&&` (Grammar.md §4.1); an `||`
    /// among them needs its parentheses, or the hover says `a || (b && c)`.
    @Test func aBlockConditionWithOrIsParenthesised() {
        let text = hover(Self.head + "in Editor when a || b {\n  cmd+g -> go when c\n}\n", 6, 3)
        #expect(text.contains("- in `Editor`: `go` when `(a || b) && c` (line 7)"), "\(text)")
        let own = hover(Self.head + "in Editor when a && b {\n  cmd+g -> go when c || a\n}\n", 6, 3)
        #expect(own.contains("when `a && b && (c || a)`"), "\(own)")
        // Alone, or already in parentheses, a condition is shown as written.
        #expect(hover(Self.head + "in Editor when a || b {\n  cmd+g -> go\n}\n", 6, 3).contains("when `a || b` "))
        #expect(hover(Self.head + "in Editor when (a || b) {\n  cmd+g -> go when c\n}\n", 6, 3).contains("when `(a || b) && c` "))
    }
}
