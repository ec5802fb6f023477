import Testing
@testable import BindingRuntime

@Test func chordAliasesAndOrderDoNotMatter() throws {
    let a = try Chord.parse("cmd+alt+f", platform: .apple).get()
    let b = try Chord.parse("option+command+f", platform: .apple).get()
    #expect(a == b)
    #expect(a.sourceText == "alt+cmd+f")
    #expect(a.glyphs == "⌥⌘F")
}

@Test func primaryDependsOnPlatform() throws {
    #expect(try Chord.parse("primary+b", platform: .apple).get() == Chord(key: Key(character: "b"), modifiers: .command))
    #expect(try Chord.parse("primary+b", platform: .other).get() == Chord(key: Key(character: "b"), modifiers: .control))
}

@Test func badChords() {
    #expect(Chord.parse("cmd+command+k", platform: .apple) == .failure(.duplicateModifier("command")))
    #expect(Chord.parse("numpad+a", platform: .apple) == .failure(.impossible("the numeric keypad has no 'a' key")))
    #expect(Chord.parse("cmd+shift+G", platform: .apple) == .failure(.duplicateModifier("shift")))
    #expect(Chord.parse("cmd+escap", platform: .apple) == .failure(.unknownName("escap", suggestion: "escape")))
    #expect(Chord.parse("cmd++", platform: .apple).map(\.key) == .success(Key(character: "+")))
}

@Test func codeRoundTrips() throws {
    let c = try Chord.parse("ctrl+shift+f12", platform: .apple).get()
    #expect(Chord(code: c.code) == c)
    #expect(Chord(code: 0xFFFF_FFFF) == nil)
}

/// A chord prints as `.bind` source writes it: canonical modifier order, and keys that source
/// quotes quoted, with the escapes of a string literal.
@Test func aChordPrintsAsSource() {
    #expect("\(Chord(key: Key(character: "f"), modifiers: [.command, .shift]))" == "shift+cmd+f")
    #expect(String(describing: Chord(key: Key(character: "["), modifiers: .command)) == #"cmd+"[""#)
    #expect(Chord(key: Key(character: "\""), modifiers: .control).description == #"ctrl+"\"""#)
    #expect(Chord(key: Key(character: "\\"), modifiers: .control).description == #"ctrl+"\\""#)
    #expect(Chord(key: .escape).description == "escape")
    #expect(Chord(key: .space, modifiers: .alternate).description == "alt+space")
    // Invisible characters are escaped as in any string literal, never printed raw.
    #expect(Chord(key: Key(character: "\u{7F}"), modifiers: .command).description == #"cmd+"\u{7F}""#)
    #expect(Chord(key: Key(character: "\u{2028}")).description == #""\u{2028}""#)
}
