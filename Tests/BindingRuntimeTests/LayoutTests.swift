import Testing
import BindingLang
@testable import BindingRuntime

// MARK: - Physical keys

@Test func physicalKeysRoundTripThroughUsageAndCode() throws {
    #expect(PhysicalKey.all.count > 100)
    for key in PhysicalKey.all {
        #expect(PhysicalKey(usage: key.usage) == key)
        #expect(PhysicalKey(code: key.code) == key)
        if key.isWritingKey && key.code != "Space" {
            let k = Key(physical: key)
            #expect(k.isPhysical && k.isValid && !k.isNamed)
            #expect(k.physicalKey == key)
            #expect(Chord(code: Chord(key: k, modifiers: .control).code)?.key == k)
        }
    }
    #expect(PhysicalKey(code: "KeyA")?.usage == 0x04)
    #expect(PhysicalKey(code: "BracketLeft")?.usage == 0x2F)
    #expect(PhysicalKey(code: "IntlBackslash")?.usage == 0x64)
    #expect(PhysicalKey(code: "Digit0")?.usCharacter == "0")
    #expect(PhysicalKey(code: "ArrowUp")?.namedKey == .upArrow)
    #expect(PhysicalKey(code: "Nope") == nil)
    #expect(PhysicalKey(usage: 0x03) == nil)
    // A position of a key that types no character is not a valid key.
    #expect(!Key(physical: PhysicalKey(code: "ArrowUp")!).isValid)
}

// MARK: - The database

@Test func databaseHasTheRequiredLayouts() {
    let ids = Set(KeyboardLayout.all.map(\.id))
    #expect(KeyboardLayout.all.count >= 30)
    #expect(ids.count == KeyboardLayout.all.count)
    for id in ["us", "gb", "de", "fr", "es", "it", "pt", "br", "ch-de", "ch-fr", "be", "nl", "se", "no", "dk",
               "fi", "pl", "cz", "hu", "tr", "ru", "ua", "gr", "il", "jp", "kr", "dvorak", "colemak",
               "de-mac", "fr-mac", "us-mac", "us-win", "de-win", "fr-win", "it-win", "es-win"] {
        #expect(ids.contains(id), "missing layout \(id)")
    }
}

@Test func parserReadsEveryLineOfTheDatabase() {
    let lines = KeyboardLayout.database.split(separator: "\n")
    let headers = lines.filter { $0.hasPrefix("@") }.count
    #expect(headers == KeyboardLayout.all.count)
    #expect(lines.count - headers == KeyboardLayout.all.reduce(0) { $0 + $1.keys.count })
}

/// Every printable character of every layout round-trips: the position the layout gives for
/// it is a key and level that type it.
@Test(arguments: KeyboardLayout.all.map(\.id))
func everyCharacterRoundTrips(_ id: String) throws {
    let layout = try #require(KeyboardLayout.named(id))
    var count = 0
    for entry in layout.keys {
        for level in KeyboardLayout.Level.allCases {
            guard let c = entry.character(at: level) else { continue }
            let p = try #require(layout.position(of: c), "\(id): no position for \(c)")
            let typed = layout.entry(for: p.key)?.character(at: p.level)
            #expect(typed == c, "\(id): \(c) maps to \(p.key.code) level \(p.level) which types \(String(describing: typed))")
            #expect(p.isDead == layout.entry(for: p.key)?.isDead(at: p.level))
            // The chosen position is never worse than the one at hand.
            if !entry.isDead(at: level) { #expect(!p.isDead && p.level <= level) }
            count += 1
        }
    }
    #expect(count > 60)
    // Every layout types every digit, and a Latin layout every letter.
    for d in "0123456789".unicodeScalars { #expect(layout.position(of: d) != nil, "\(id): no \(d)") }
    if layout.typesLatinLetters {
        for l in "abcdefghijklmnopqrstuvwxyz".unicodeScalars { #expect(layout.position(of: l) != nil, "\(id): no \(l)") }
    }
}

@Test func knownFactsAboutLayouts() throws {
    let de = try #require(KeyboardLayout.named("de")), deMac = try #require(KeyboardLayout.named("de-mac"))
    #expect(de.position(of: "[") == .init(key: PhysicalKey(code: "Digit8")!, level: .altGr, isDead: false))
    #expect(deMac.position(of: "[") == .init(key: PhysicalKey(code: "Digit5")!, level: .altGr, isDead: false))
    #expect(de.position(of: "z")?.key.code == "KeyY")
    #expect(de.position(of: "^")?.isDead == true)
    let fr = try #require(KeyboardLayout.named("fr"))
    for d in "0123456789".unicodeScalars { #expect(fr.position(of: d)?.level == .shift) }
    #expect(fr.position(of: "a")?.key.code == "KeyQ")
    let ru = try #require(KeyboardLayout.named("ru"))
    #expect(!ru.typesLatinLetters && de.typesLatinLetters)
    #expect(ru.position(of: "c") == nil)
    #expect(ru.entry(for: PhysicalKey(code: "KeyC")!)?.character(at: .alone) == "с")
    let dvorak = try #require(KeyboardLayout.named("dvorak"))
    #expect(dvorak.position(of: "j")?.key.code == "KeyC")
    let colemak = try #require(KeyboardLayout.named("colemak"))
    #expect(colemak.position(of: "f")?.key.code == "KeyE")
    // The ISO key beside the left Shift types `<` and `>` on French and Spanish keyboards: xkb
    // gives it to every layout in "pc", which their own files do not override.
    let intlBackslash = try #require(PhysicalKey(code: "IntlBackslash"))
    for id in ["fr", "es"] {
        let layout = try #require(KeyboardLayout.named(id))
        #expect(layout.position(of: "<") == .init(key: intlBackslash, level: .alone, isDead: false))
        #expect(layout.position(of: ">") == .init(key: intlBackslash, level: .shift, isDead: false))
    }
    // Russian's own file sets only its first two levels; "pc" gives the others.
    #expect(ru.entry(for: intlBackslash)?.character(at: .altGr) == "|")
    // Windows' own tables: Italian Windows has `[` with AltGr on `è`, not on 8, and no `~`;
    // German Windows' `^` is dead, as its Linux namesake marks it.
    let itWin = try #require(KeyboardLayout.named("it-win")), deWin = try #require(KeyboardLayout.named("de-win"))
    #expect(itWin.position(of: "[") == .init(key: PhysicalKey(code: "BracketLeft")!, level: .altGr, isDead: false))
    #expect(itWin.position(of: "~") == nil)
    #expect(deWin.position(of: "^") == .init(key: PhysicalKey(code: "Backquote")!, level: .alone, isDead: true))
    #expect(deWin.position(of: "@")?.key.code == "KeyQ" && deWin.kind == .windows)
    // An ANSI keyboard has no such key.
    #expect(try #require(KeyboardLayout.named("us")).entry(for: intlBackslash) == nil)
}

// MARK: - Events with physical keys

@Test func eventsFallBackToTheUSCharacterOnNonLatinLayouts() throws {
    let c = try #require(PhysicalKey(code: "KeyC"))
    let ru = KeyEvent(physicalKey: c, characters: "с", modifiers: .control)
    #expect(ru.chord == Chord(key: Key(character: "с"), modifiers: .control))
    #expect(ru.fallback == Chord(key: Key(character: "c"), modifiers: .control))
    #expect(ru.physicalKey == c)
    // German ö is Latin: no fallback.
    let semicolon = try #require(PhysicalKey(code: "Semicolon"))
    #expect(KeyEvent(physicalKey: semicolon, characters: "ö", modifiers: .command).fallback == nil)
    // Upper-case ASCII adds shift; named keys come from the key whatever the characters.
    #expect(KeyEvent(physicalKey: c, characters: "C", modifiers: []).chord == Chord(key: Key(character: "c"), modifiers: .shift))
    #expect(KeyEvent(physicalKey: PhysicalKey(code: "Escape")!, characters: "\u{1B}", modifiers: []).chord.key == .escape)
    // A dead key that typed nothing, the layout not known: the key position, not the US
    // character (which is another key's on most layouts with dead keys).
    #expect(KeyEvent(physicalKey: PhysicalKey(code: "Equal")!, characters: "", modifiers: .command).chord.key == Key(physical: PhysicalKey(code: "Equal")!))
    #expect(KeyEvent.isNonLatinLetter("ж") && KeyEvent.isNonLatinLetter("λ") && KeyEvent.isNonLatinLetter("ש"))
    #expect(!KeyEvent.isNonLatinLetter("é") && !KeyEvent.isNonLatinLetter("€") && !KeyEvent.isNonLatinLetter("a"))
}

// MARK: - Dispatch on real layouts

/// A table compiled from source, for dispatching layout-aware events.
func layoutTable() throws -> BindingTable {
    var sources = SourceManager()
    sources.add(SourceFile(path: "layouts.bind", text: """
        responder Editor
        action copy2
        action left
        action oe
        action down
        in Editor {
          ctrl+c -> copy2
          ctrl+KeyH -> left
          ctrl+"ö" -> oe
          g KeyJ -> down
        }
        """))
    let compilation = Compilation(sources: sources, platform: .apple)
    #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
    return try BindingTable(bytes: try #require(compilation.table(strip: false)))
}

@Test(arguments: [false, true])
func dispatchMatchesCharactersPositionsAndTheUSFallback(throughSnapshot: Bool) throws {
    let table = try layoutTable()
    let dispatcher = Dispatcher(table: table)
    let editor = TestResponder("editor", roles: ["Editor"])
    let snapshot = ChainSnapshot(table: table, firstResponder: editor)
    let state = ContextState(table: table)
    func send(_ event: KeyEvent) -> DispatchResult {
        throughSnapshot ? dispatcher.dispatch(event, chain: snapshot, context: state)
            : dispatcher.dispatch(event, firstResponder: editor, context: state)
    }
    func press(_ code: String, _ characters: String, _ modifiers: Modifiers = []) -> DispatchResult {
        send(KeyEvent(physicalKey: PhysicalKey(code: code)!, characters: characters, modifiers: modifiers))
    }
    // Russian: the c key types с; no binding has it, so the US character c decides.
    _ = press("KeyC", "с", .control)
    // German: ö is bound by character on the key US calls ';'.
    _ = press("Semicolon", "ö", .control)
    // Dvorak: the key at H's position types d; ctrl+KeyH still matches it by position.
    _ = press("KeyH", "d", .control)
    // A sequence continues with a position: g then the key at J's position (Colemak: n).
    #expect(press("KeyG", "g").isPending)
    _ = press("KeyJ", "n")
    #expect(editor.performed == ["copy2", "oe", "left", "down"])
    // A Latin character that nothing binds does not fall back: German ä is not '.
    #expect(press("Quote", "ä", .control).isUnhandled)
    // Without a physical key, ctrl+с is only itself.
    #expect(send(KeyEvent(key: Key(character: "с"), modifiers: .control)).isUnhandled)
}

// MARK: - Rendering per layout

@Test func chordsRenderAsTypedOnALayout() throws {
    let dvorak = try #require(KeyboardLayout.named("dvorak")), de = try #require(KeyboardLayout.named("de"))
    let deMac = try #require(KeyboardLayout.named("de-mac")), ru = try #require(KeyboardLayout.named("ru"))
    let us = try #require(KeyboardLayout.named("us")), fr = try #require(KeyboardLayout.named("fr"))
    // A key position shows what the key types there.
    #expect(chord("ctrl+KeyH").glyphs(on: dvorak) == "⌃D")
    #expect(chord("ctrl+KeyH").glyphs(on: us) == "⌃H")
    #expect(chord("ctrl+Backquote").plainText(on: de) == "Ctrl+^")
    #expect(chord("cmd+Digit1").plainText(on: fr) == "Cmd+&")
    // A character shows the level's modifiers: AltGr on a PC, Option on a Mac, Shift.
    #expect(chord("cmd+[").glyphs(on: de) == "⌘AltGr+[")
    #expect(chord("cmd+[").plainText(on: de) == "Cmd+AltGr+[")
    #expect(chord("cmd+[").glyphs(on: deMac) == "⌥⌘[")
    #expect(chord("cmd+/").plainText(on: de) == "Shift+Cmd+/")
    #expect(chord("cmd+1").glyphs(on: fr) == "⇧⌘1")
    // Unchanged where the layout types it as written; named keys are the same everywhere.
    #expect(chord("cmd+k").glyphs(on: de) == chord("cmd+k").glyphs)
    #expect(chord("ctrl+up").plainText(on: ru) == chord("ctrl+up").plainText)
    // Russian: ctrl+c through the fallback, on the C key; a character no key types as written.
    #expect(chord("ctrl+c").glyphs(on: ru) == "⌃C")
    #expect(ru.press(chord("ctrl+c"))?.viaUSFallback == true)
    #expect(chord("cmd+$").glyphs(on: ru) == chord("cmd+$").glyphs)
    #expect(ru.press(chord("cmd+$")) == nil)
}

@Test func eventsTypedOnALayoutCarryTheKey() throws {
    let de = try #require(KeyboardLayout.named("de")), ru = try #require(KeyboardLayout.named("ru"))
    let z = try #require(de.event(typing: chord("ctrl+z")))
    #expect(z.physicalKey?.code == "KeyY" && z.chord == chord("ctrl+z") && z.fallback == nil)
    let ve = try #require(ru.event(typing: Chord(key: Key(character: "в"), modifiers: [])))
    #expect(ve.physicalKey?.code == "KeyD" && ve.fallback == Chord(key: Key(character: "d")))
    let position = try #require(ru.event(typing: chord("ctrl+KeyQ")))
    #expect(position.physicalKey?.code == "KeyQ" && position.chord == Chord(key: Key(character: "й"), modifiers: .control))
    #expect(try #require(de.event(typing: chord("ctrl+up"))).physicalKey == nil)
    // A character no key of the layout types: no press makes it (`bindc layouts`: untypable).
    #expect(ru.event(typing: chord("ctrl+$")) == nil)
    #expect(try #require(KeyboardLayout.named("fr")).event(typing: chord("ctrl+shift+1")) == nil)
}

/// A key position pressed with Option on a Mac types its Option character (what `bindc
/// layouts` tells a user to press: `alt+cmd+Digit5` for `cmd+"["` on a German Mac), and is
/// named by it first, as Grammar.md §5 ("Option and the character") says; Alt on a PC layout
/// is no AltGr and leaves the character alone.
@Test func optionOnAMacKeyPositionTypesItsOptionCharacter() throws {
    let deMac = try #require(KeyboardLayout.named("de-mac")), usMac = try #require(KeyboardLayout.named("us-mac"))
    let de = try #require(KeyboardLayout.named("de"))
    let bracket = try #require(deMac.event(typing: chord("alt+cmd+Digit5")))
    #expect(bracket.chord == Chord(key: Key(character: "["), modifiers: .command))
    #expect(bracket.shiftAlternate == chord("alt+cmd+5"))
    let f = try #require(usMac.event(typing: chord("alt+cmd+KeyF")))
    #expect(f.chord == Chord(key: Key(character: "ƒ"), modifiers: .command) && f.shiftAlternate == chord("alt+cmd+f"))
    let pc = try #require(de.event(typing: chord("alt+cmd+Digit5")))
    #expect(pc.chord == chord("alt+cmd+5"))
}

/// Grammar.md §5: a dead key is named by what it types on the layout, never by the US
/// character of its key (on a German keyboard the `^` key is the US `` ` `` key), so that
/// `ctrl+"^"` and `` ctrl+"`" `` each perform their own binding there, as `bindc layouts`
/// presses them.
@Test func deadKeysAreNamedByTheirAccentNotTheUSCharacter() throws {
    let backquote = try #require(PhysicalKey(code: "Backquote")), equal = try #require(PhysicalKey(code: "Equal"))
    let caret = Chord(key: Key(character: "^"), modifiers: .control)
    let grave = Chord(key: Key(character: "`"), modifiers: .control)
    for id in ["de", "de-win", "de-mac"] {
        let layout = try #require(KeyboardLayout.named(id))
        // As the runtime types it (`bindc explain --layout`): the accent, on the key `bindc layouts` names.
        let typed = try #require(layout.event(typing: caret))
        #expect(typed.chord == caret && typed.fallback == nil, "\(id)")
        let shifted = try #require(layout.event(typing: grave))
        #expect(shifted.chord == grave && shifted.physicalKey == equal, "\(id)")
        // As an app reports an armed dead key, typing nothing: the layout's accent.
        let key = try #require(layout.press(caret)?.key.physicalKey)
        let reported = KeyEvent(physicalKey: key, characters: "", modifiers: .control, layout: layout)
        #expect(reported.chord == caret && reported.fallback == nil, "\(id)")
        let withShift = KeyEvent(physicalKey: equal, characters: "", modifiers: [.control, .shift], layout: layout)
        #expect(withShift.chord == grave, "\(id)")
    }
    // Without the layout, nothing typed on a Latin (or unknown) layout is only the key
    // position; on a non-Latin one, the US character (the fallback's rule).
    let unknown = KeyEvent(physicalKey: backquote, characters: "", modifiers: .control)
    #expect(unknown.chord == Chord(key: Key(physical: backquote), modifiers: .control) && unknown.fallback == nil)
    #expect(KeyEvent(physicalKey: backquote, characters: "", modifiers: .control, latinLayout: true).chord.key == Key(physical: backquote))
    #expect(KeyEvent(physicalKey: backquote, characters: "", modifiers: .control, latinLayout: false).chord == grave)
}

@Test func overlayAndHintsRenderOnALayout() throws {
    let table = try layoutTable()
    let dispatcher = Dispatcher(table: table)
    let editor = TestResponder("editor", roles: ["Editor"])
    let state = ContextState(table: table)
    let dvorak = try #require(KeyboardLayout.named("dvorak"))
    #expect(dispatcher.discoverableCommands(firstResponder: editor, context: state).isEmpty)  // untitled
    _ = dispatcher.dispatch(KeyEvent(chord("g")), firstResponder: editor, context: state)
    let plain = dispatcher.pendingContinuations(firstResponder: editor, context: state)
    let onDvorak = dispatcher.pendingContinuations(firstResponder: editor, context: state, layout: dvorak)
    #expect(plain.map(\.plainText) == ["KeyJ"])
    #expect(onDvorak.map(\.plainText) == ["H"])
    #expect(onDvorak.map(\.glyphs) == ["H"])
}

/// A key listed twice in one layout is rejected with its line (regression input
/// Fuzz/regressions/layouts/duplicate-key-line): otherwise `entry(for:)` read the first line
/// and `position(of:)` could read the second.
@Test func layoutDataRejectsAKeyListedTwice() throws {
    let head = "@xx\tpc\tTest\tnone\nDigit1\t1\t!\t\t\nKeyQ\tq\tQ\t\t\n"
    #expect(throws: KeyboardLayout.DataError(line: 4, message: "key Digit1 of layout 'xx' is listed twice (first on line 2)")) {
        try KeyboardLayout.parse(head + "Digit1\t1\t?\t\t\n")
    }
    #expect(throws: KeyboardLayout.DataError.self) { try KeyboardLayout.parse(head + "@xx\tpc\tAgain\tnone\n") }
    // The same key in two layouts is fine, and the database parses.
    #expect(try KeyboardLayout.parse(head + "@yy\tpc\tOther\tnone\nDigit1\t1\t?\t\t\n").count == 2)
    #expect(try KeyboardLayout.parse(KeyboardLayout.database).count == KeyboardLayout.all.count)
}

/// The two US layouts are read alone (so `bindc check` does not parse all 44): what they read
/// must be what the whole database reads, line for line, and non-ASCII fields and dead keys
/// must survive the byte-level parse.
@Test func layoutsReadAloneMatchTheDatabase() throws {
    func summary(_ l: KeyboardLayout) -> [String] {
        [l.id, l.name, "\(l.kind)", l.source] + l.keys.map { e in
            "\(e.key.code) \(e.characters.map { $0.map { String($0) } ?? "-" }) \(e.deadMask)"
        }
    }
    for id in ["us", "us-mac", "de", "fr"] {
        let alone = try #require(try KeyboardLayout.parse(KeyboardLayout.database, only: id).first)
        let whole = try #require(KeyboardLayout.all.first { $0.id == id })
        #expect(summary(alone) == summary(whole))
        #expect(try KeyboardLayout.parse(KeyboardLayout.database, only: id).count == 1)
    }
    #expect(KeyboardLayout.named("us").map(summary) == KeyboardLayout.all.first { $0.id == "us" }.map(summary))
    #expect(KeyboardLayout.named("us-mac")?.kind == .apple)
    let de = try #require(KeyboardLayout.named("de"))
    #expect(de.entry(for: try #require(PhysicalKey(code: "Semicolon")))?.character(at: .alone) == "ö")
    #expect(de.keys.contains { $0.deadMask != 0 })
}

/// On every layout, a character typed only with a dead key (alone or with Shift) pressed with
/// Ctrl is named by that character, as `bindc layouts` presses it (Grammar.md §5): never by
/// the US character of its key, which would run another binding.
@Test func everyDeadKeyPressIsNamedByItsCharacter() throws {
    var checked = 0
    for layout in KeyboardLayout.all {
        for entry in layout.keys {
            for level in [KeyboardLayout.Level.alone, .shift] where entry.isDead(at: level) {
                guard let c = entry.character(at: level), let (key, shifted) = Key.resolve(String(c)), !shifted, !key.isNamed else { continue }
                let chord = Chord(key: key, modifiers: .control)
                guard let press = layout.press(chord), press.isDead, press.key.physicalKey == entry.key else { continue }
                let event = try #require(layout.event(typing: chord))
                #expect(event.chord == chord || event.shiftAlternate == chord,
                        "\(layout.id): ctrl+\(c) on \(entry.key.code) is \(event.chord.sourceText)")
                #expect(event.fallback == nil || !layout.typesLatinLetters, "\(layout.id)")
                checked += 1
            }
        }
    }
    #expect(checked > 50)
}

// MARK: - Option going into the character (Mac)

/// An AppKit app reports the modifiers held, Option included, and the character with Option
/// applied: ⌥⌘5 on a German Mac is `[` with Command and Option, ⌥⌘F on a US Mac `ƒ`. The press
/// is `cmd+"["` (`cmd+"ƒ"`) with Option gone into the character, and also the key's character
/// without Option, Option held (`alt+cmd+"5"`, `alt+cmd+f`); both perform (Grammar.md §5).
@Test func optionGoesIntoTheCharacterOnAMac() throws {
    let five = try #require(PhysicalKey(code: "Digit5")), f = try #require(PhysicalKey(code: "KeyF"))
    let deMac = try #require(KeyboardLayout.named("de-mac"))
    let bracket = KeyEvent(physicalKey: five, characters: "[", modifiers: [.command, .alternate], layout: deMac)
    #expect(bracket.chord == Chord(key: Key(character: "["), modifiers: .command))
    #expect(bracket.shiftAlternate == Chord(key: Key(character: "5"), modifiers: [.command, .alternate]))
    #expect(bracket.keyPosition == Chord(key: Key(physical: five), modifiers: [.command, .alternate]))
    // Without a layout, the US Mac's Option levels.
    let hook = KeyEvent(physicalKey: f, characters: "ƒ", modifiers: [.command, .alternate])
    #expect(hook.chord == Chord(key: Key(character: "ƒ"), modifiers: .command))
    #expect(hook.shiftAlternate == Chord(key: Key(character: "f"), modifiers: [.command, .alternate]))
    // Shift too: ⇧⌥⌘F types Ï; its name without Option going in is shift+alt+cmd+f.
    let shifted = KeyEvent(physicalKey: f, characters: "Ï", modifiers: [.command, .alternate, .shift], layout: KeyboardLayout.us(.apple))
    #expect(shifted.shiftAlternate == Chord(key: Key(character: "f"), modifiers: [.command, .alternate, .shift]))
    // A character the key types without Option keeps Option as a modifier, and a Windows or
    // Linux layout's AltGr is no Option: nothing changes there.
    #expect(KeyEvent(physicalKey: f, characters: "f", modifiers: [.command, .alternate]).chord == Chord(key: Key(character: "f"), modifiers: [.command, .alternate]))
    let dePC = try #require(KeyboardLayout.named("de"))
    let pc = KeyEvent(physicalKey: try #require(PhysicalKey(code: "Digit8")), characters: "[", modifiers: [.command, .alternate], layout: dePC)
    #expect(pc.chord == Chord(key: Key(character: "["), modifiers: [.command, .alternate]))

    var sources = SourceManager()
    sources.add(SourceFile(path: "option.bind", text: """
        responder Editor
        action bracket
        action lookUp
        in Editor {
          @allowLayouts(needsAltGr) cmd+"[" -> bracket
          alt+cmd+f -> lookUp
        }
        """))
    let compilation = Compilation(sources: sources, platform: .apple)
    let table = try BindingTable(bytes: try #require(compilation.table(strip: false)))
    let dispatcher = Dispatcher(table: table)
    let state = ContextState(table: table)
    final class Editor: Responder {
        var responderRoles: [String] { ["Editor"] }
        var nextResponder: Responder? { nil }
        var performed: [String] = []
        func canPerform(_ action: ActionInvocation) -> Bool { true }
        func perform(_ action: ActionInvocation) { performed.append(action.name) }
    }
    let editor = Editor()
    let snapshot = ChainSnapshot(table: table, firstResponder: editor)
    _ = dispatcher.dispatch(bracket, firstResponder: editor, context: state)
    _ = dispatcher.dispatch(hook, chain: snapshot, context: state)
    _ = dispatcher.dispatch(KeyEvent(physicalKey: f, characters: "ƒ", modifiers: [.command, .alternate], layout: KeyboardLayout.us(.apple)),
                            firstResponder: editor, context: state)
    #expect(editor.performed == ["bracket", "lookUp", "lookUp"])
}
