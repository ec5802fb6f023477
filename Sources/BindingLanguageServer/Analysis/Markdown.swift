/// Source text in hover markdown, shown as written (CommonMark): a code span that no
/// backtick inside it can end, and plain text whose punctuation is escaped so that a menu
/// title such as `"*Go* <b>x</b> [l](http://e)"` is neither emphasis, nor HTML, nor a link.
enum Markdown {
    /// `text` as a code span: fenced by one backtick more than its longest run of them, with
    /// a space inside each fence when it starts or ends with a backtick, or with a space at
    /// both ends (which CommonMark would strip). Line ends become spaces, as a span shows them.
    static func code(_ text: String) -> String {
        var longest = 0, run = 0
        for b in text.utf8 {
            run = b == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let body = String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
        let pad = body.hasPrefix("`") || body.hasSuffix("`") || (body.hasPrefix(" ") && body.hasSuffix(" ") && body.contains { $0 != " " })
        return pad ? "\(fence) \(body) \(fence)" : "\(fence)\(body)\(fence)"
    }

    /// `text` with a backslash before every ASCII punctuation character that has a meaning
    /// inside a line in CommonMark or GitHub's tables and strike-through (any punctuation may
    /// be escaped so), and line ends as spaces: it reads as written where it is not the start
    /// of a line (every use here follows other text, so `#`, `-` and `1.` start nothing).
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            if c == "\n" || c == "\r" || c == "\r\n" {
                out.append(" ")
                continue
            }
            if let a = c.asciiValue, Self.special.contains(a) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// The characters escaped: those of escapes, code, emphasis, links and images, HTML and
    /// autolinks, entities, strike-through and table cells, and the `:` and `@` of the bare
    /// links and addresses that GitHub-flavoured renderers link (`http://e`, `a@b.c`).
    private static let special: Set<UInt8> = Set("\\`*_[]!<>&~|:@".utf8)
}
