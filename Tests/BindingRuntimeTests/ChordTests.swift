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

/// `Chord.parse` reads chords as `.bind` source writes them, quoted keys included, and
/// rejects a bare punctuation stroke as source does.
@Test func quotedKeysParseAsInSource() throws {
    let bracket = Chord(key: Key(character: "["), modifiers: .command)
    #expect(try Chord.parse(#"cmd+"[""#, platform: .apple).get() == bracket)
    #expect(try Chord.parse("cmd+[", platform: .apple).get() == bracket)
    #expect(try Chord.parse(#""[""#, platform: .apple).get() == Chord(key: Key(character: "[")))
    #expect(try Chord.parse(#"ctrl+"\"""#, platform: .apple).get() == Chord(key: Key(character: "\""), modifiers: .control))
    #expect(try Chord.parse(#"cmd+"\u{2028}""#, platform: .apple).get() == Chord(key: Key(character: "\u{2028}"), modifiers: .command))
    // A control character is no key (Grammar.md §4.3), escaped or not.
    #expect((try? Chord.parse(#"cmd+"\u{7F}""#, platform: .apple).get()) == nil)
    #expect(try Chord.parse(#"⌘+"+""#, platform: .apple).get() == Chord(key: Key(character: "+"), modifiers: .command))
    #expect(try Chord.parseSequence(#"cmd+" " ctrl+k "]""#, platform: .apple).get()
        == [Chord(key: .space, modifiers: .command), Chord(key: Key(character: "k"), modifiers: .control), Chord(key: Key(character: "]"))])
    #expect(Chord.parse("[", platform: .apple) == .failure(.unquotedPunctuation("[")))
    #expect(Chord.parse(#"cmd+"ab""#, platform: .apple) == .failure(.syntax(#""ab""#)))
    #expect(Chord.parse(#"cmd+"["#, platform: .apple) == .failure(.syntax(#""["#)))
    #expect(Chord.parse("cmd+1a", platform: .apple) == .failure(.syntax("a")))
    #expect(Chord.parse("cmd + k", platform: .apple) == .failure(.syntax(" + k")))
    #expect(Chord.parse("cmd+", platform: .apple) == .failure(.missingKey))
    #expect(Chord.parseSequence("ctrl+k\nctrl+c", platform: .apple) == .failure(.syntax("ctrl+c")))
}

/// Every chord's description reads back as the same chord; a table's control-character key
/// (DEL, C1: no key in source, Grammar.md §4.3) prints escaped and is refused when read.
@Test func everyChordRoundTripsThroughItsDescription() throws {
    var keys = (0..<Key.named.count).map { Key(rawValue: Key.namedBase + UInt32($0)) }
    // The Space position has no name of its own in the language (it is `space`).
    keys += PhysicalKey.all.filter { $0.isWritingKey && $0.code != "Space" }.map { Key(physical: $0) }
    keys += (0x20...0x7E).compactMap { Unicode.Scalar(UInt32($0)) }.filter { !("A"..."Z").contains($0) }.map { Key(character: $0) }
    keys += ["é", "ß", "→", "🔍", "\u{7F}", "\u{85}", "\u{A0}", "\u{2028}", "\u{301}"].map { Key(character: $0.unicodeScalars.first!) }
    let modifierSets: [Modifiers] = [[], .command, .shift, [.control, .alternate, .shift, .command], [.capsLock, .numericPad]]
    for key in keys where key.isValid {
        for modifiers in modifierSets where !modifiers.contains(.numericPad) || key.isOnNumericPad {
            let chord = Chord(key: key, modifiers: modifiers)
            let control = Unicode.Scalar(key.rawValue).map { $0.properties.generalCategory == .control } ?? false
            if control {
                #expect((try? Chord.parse(chord.description, platform: .apple).get()) == nil, "\(chord)")
            } else {
                #expect(Chord.parse(chord.description, platform: .apple) == .success(chord), "\(chord)")
            }
        }
    }
}
