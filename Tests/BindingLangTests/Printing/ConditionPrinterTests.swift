import BindingLang
import Testing

private let contexts = [
    ContextVariable(name: "loggedIn", type: .bool),
    ContextVariable(name: "readOnly", type: .bool),
    ContextVariable(name: "mode", type: .enumeration(["normal", "insert", "visual"])),
    ContextVariable(name: "lang", type: .string),
]

private func render(_ c: Condition) -> String { ConditionPrinter.render(c, contexts: contexts) }

@Test func atoms() {
    #expect(render(.constant(true)) == "true")
    #expect(render(.flag(0)) == "loggedIn")
    #expect(render(.enumEquals(2, 1)) == "mode == insert")
    #expect(render(.stringEquals(3, "s\"w")) == #"lang == "s\"w""#)
}

@Test func negationsUndoLowering() {
    #expect(render(.not(.flag(1))) == "!readOnly")
    #expect(render(.not(.enumEquals(2, 0))) == "mode != normal")
    #expect(render(.not(.stringEquals(3, "go"))) == #"lang != "go""#)
    #expect(render(.not(.and(.flag(0), .flag(1)))) == "!(loggedIn && readOnly)")
    #expect(render(.not(.not(.flag(0)))) == "!!loggedIn")
}

@Test func precedenceNeedsFewestParentheses() {
    #expect(render(.and(.enumEquals(2, 1), .not(.flag(1)))) == "mode == insert && !readOnly")
    #expect(render(.or(.flag(0), .and(.flag(1), .flag(0)))) == "loggedIn || readOnly && loggedIn")
    #expect(render(.and(.or(.flag(0), .flag(1)), .flag(0))) == "(loggedIn || readOnly) && loggedIn")
    #expect(render(.and(.flag(0), .and(.flag(1), .flag(0)))) == "loggedIn && readOnly && loggedIn")
}

@Test func membership() {
    #expect(render(.or(.enumEquals(2, 0), .enumEquals(2, 2))) == "mode in (normal, visual)")
    #expect(render(.or(.or(.enumEquals(2, 0), .enumEquals(2, 1)), .enumEquals(2, 2))) == "mode in (normal, insert, visual)")
    #expect(render(.not(.or(.stringEquals(3, "a"), .stringEquals(3, "b")))) == #"lang not in ("a", "b")"#)
    // Different variables stay an `||`.
    #expect(render(.or(.enumEquals(2, 0), .flag(0))) == "mode == normal || loggedIn")
    #expect(render(.and(.flag(0), .or(.enumEquals(2, 0), .enumEquals(2, 1)))) == "loggedIn && mode in (normal, insert)")
}

@Test func outOfRangeIndicesDoNotCrash() {
    #expect(render(.flag(9)) == "<context 9>")
    #expect(render(.enumEquals(2, 7)) == "mode == <case 7>")
}
