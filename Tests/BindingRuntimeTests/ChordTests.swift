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
