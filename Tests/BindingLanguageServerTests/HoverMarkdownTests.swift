import BindingLang
import BindingLanguageServer
import Testing

/// A chord's hover states the condition the compiler uses, and shows source text literally.
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

    /// A backtick in a condition cannot end its code span; a menu title is plain text with
    /// its markdown escaped: no emphasis, HTML or link.
    @Test func sourceTextIsShownLiterally() {
        let text = "context lang: String\nresponder Editor\naction go\nin Editor {\n  cmd+k -> go when lang == \"a`b` **x**\"\n}\n"
            + "menu \"File\" {\n  \"*Go* <b>x</b> [l](http://e)\" cmd+j -> go\n}\n"
        let chord = hover(text, 4, 3)
        #expect(chord.contains("when ``lang == \"a`b` **x**\"`` (line 5)"), "\(chord)")
        let action = hover(text, 2, 8)
        #expect(action.contains("- `cmd+j` menu item \"\\*Go\\* \\<b\\>x\\</b\\> \\[l\\](http\\://e)\" (line 8)"), "\(action)")
        let item = hover(text, 7, 33)
        #expect(item.contains("- menu item \"\\*Go\\* \\<b\\>x\\</b\\> \\[l\\](http\\://e)\": `go`"), "\(item)")
    }

    /// A chord that is a backtick, and a condition that starts with one, get a longer fence
    /// with spaces inside (CommonMark strips one space each side).
    @Test func aBacktickChordGetsALongerFence() {
        let text = hover("responder Editor\naction go\nin Editor {\n  cmd+\"`\" -> go\n}\n", 3, 3)
        #expect(text.contains("- in `Editor`: `go` (line 4)"), "\(text)")
        let named = hover("responder Editor\naction go\nin Editor {\n  cmd+\"`\" -> go\n}\n", 1, 8)
        #expect(named.contains("- ``cmd+\"`\"`` in `Editor` (line 4)"), "\(named)")
    }
}
