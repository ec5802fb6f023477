import Testing
@testable import TinyEditor

@Suite struct OptionsTests {
    @Test func parsesFlagsAndFile() throws {
        let o = try Options.parse(["--keymap", "vim", "--keys=i x", "--read-only", "--text", "a\\nb", "f.txt"])
        #expect(o.keymap == "vim")
        #expect(o.keys == "i x")
        #expect(o.readOnly)
        #expect(o.text == "a\nb")
        #expect(o.path == "f.txt")
    }

    @Test func rejectsBadInput() {
        #expect(throws: Options.Error.self) { try Options.parse(["--keymap"]) }
        #expect(throws: Options.Error.self) { try Options.parse(["--keymap", "emacs"]) }
        #expect(throws: Options.Error.self) { try Options.parse(["--frobnicate"]) }
        #expect(throws: Options.Error.self) { try Options.parse(["a", "b"]) }
    }

    @Test func scriptSyntax() throws {
        let steps = try Script.parse(#"ctrl+k ctrl+c "$" cmd+"[" text:"a \"b\"\n" G"#)
        #expect(steps.count == 6)
        #expect(steps[2] == .stroke(.init(key: .init(character: "$"))))
        #expect(steps[3] == .stroke(.init(key: .init(character: "["), modifiers: .command)))
        #expect(steps[4] == .text("a \"b\"\n"))
        #expect(steps[5] == .stroke(.init(key: .init(character: "g"), modifiers: .shift)))
        #expect(throws: Script.ParseError.self) { try Script.parse(#"text:"open"#) }
        #expect(throws: Script.ParseError.self) { try Script.parse("shift+G") }
        #expect(try Script.parse("# a comment\n\n  x  ").count == 1)
    }
}
