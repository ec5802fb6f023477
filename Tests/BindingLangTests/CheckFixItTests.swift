import Testing
@testable import BindingLang

/// Fix-its: applying each one to the source gives the text a user would write.
struct CheckFixItTests {
    /// The source with the fix-its of every diagnostic applied (back to front).
    static func applyingFixIts(_ text: String) -> (String, [String]) {
        let (_, diagnostics, _) = checkSource(text)
        var bytes = Array(text.utf8)
        let fixes = diagnostics.flatMap(\.fixIts).sorted { $0.range.start > $1.range.start }
        for fix in fixes where fix.range.start >= 0 && fix.range.end <= bytes.count && fix.range.start <= fix.range.end {
            bytes.replaceSubrange(fix.range.start..<fix.range.end, with: Array(fix.replacement.utf8))
        }
        return (String(decoding: bytes, as: UTF8.self), diagnostics.map(\.message))
    }

    @Test func fixItsRepairTheSource() {
        let source = """
            context loggedIn: Bool
            context readOnly: Bol
            context mode: normal | insert
            context lang: String
            responder Editor
            action search
            action jump(Intt)
            in Editr {
              cmd+k -> serch when logedIn
              cmd+j -> search(3)
              shft+h -> search when lang == swift
              escap -> search
              cmd+i -> search when mode == "insert" || insert
            }
            shortcut "s" { titl "S" icon serch }
            """
        let (fixed, messages) = Self.applyingFixIts(source)
        #expect(messages.count == 13)
        #expect(fixed == """
            context loggedIn: Bool
            context readOnly: Bool
            context mode: normal | insert
            context lang: String
            responder Editor
            action search
            action jump(Int)
            in Editor {
              cmd+k -> search when loggedIn
              cmd+j -> search
              shift+h -> search when lang == "swift"
              escape -> search
              cmd+i -> search when mode == insert || mode == insert
            }
            shortcut "s" { title "S" icon search }
            """)
        // The repaired source checks cleanly.
        let (keymap, diagnostics, _) = checkSource(fixed)
        #expect(diagnostics.map(\.message) == [])
        #expect(keymap != nil)
    }
}
