import Testing
@testable import BindingLang
import BindingRuntime

// The checker (`bindc layouts`) and the runtime agree on every layout of the database
// (Grammar.md §5 and §10, Keyboard layouts): a binding the checker maps to keys without a
// problem is performed when those keys are pressed, and a binding it calls untypable is
// performed by no key of the layout.

private final class Recorder: Responder {
    var responderRoles: [String] { ["Editor"] }
    var nextResponder: Responder? { nil }
    var performed: [String] = []
    /// The one action it performs, so that another binding of the same keys cannot hide a
    /// miss (a binding without a performer is skipped, Grammar.md §5); or, when `only` is
    /// empty, the actions of `untypable`.
    var only = ""
    var untypable: Set<String> = []
    func canPerform(_ action: ActionInvocation) -> Bool { only.isEmpty ? untypable.contains(action.name) : action.name == only }
    func perform(_ action: ActionInvocation) { performed.append(action.name) }
}

/// `ctrl+` every character some layout of the database types alone or with Shift (`ctrl+"}"`,
/// `ctrl+"!"`), and `ctrl+shift+` every character some layout types alone (`ctrl+shift+"]"`,
/// `ctrl+shift+"1"`), one action each: the probe keymap, compiled once.
private let probe: (keymap: Keymap, table: BindingTable, chords: [Chord])? = {
    var chords: [Chord] = []
    var seen = Set<Chord>()
    for level in [KeyboardLayout.Level.alone, .shift] {
        for layout in KeyboardLayout.all {
            for entry in layout.keys {
                guard let c = entry.character(at: level), !entry.isDead(at: level), c != " ", c.value >= 0x21,
                      let (key, shifted) = Key.resolve(String(c)), !shifted, !key.isNamed else { continue }
                if seen.insert(Chord(key: key, modifiers: .control)).inserted { chords.append(Chord(key: key, modifiers: .control)) }
                let withShift = Chord(key: key, modifiers: [.control, .shift])
                // `ctrl+shift+a` is `ctrl+A`: letters are in already.
                if level == .alone, !(c.value >= 0x61 && c.value <= 0x7A), seen.insert(withShift).inserted { chords.append(withShift) }
            }
        }
    }
    var text = "responder Editor\n"
    for i in chords.indices { text += "action a\(i)\n" }
    text += "in Editor {\n"
    for (i, chord) in chords.enumerated() { text += "  @allowReserved \(chord.sourceText) -> a\(i)\n" }
    text += "}\n"
    var sources = SourceManager()
    sources.add(SourceFile(path: "probe.bind", text: text))
    let compilation = Compilation(sources: sources, platform: .apple)
    guard !compilation.hasErrors, let keymap = compilation.keymap, let bytes = compilation.table(strip: false),
          let table = try? BindingTable(bytes: bytes) else { return nil }
    return (keymap, table, chords)
}()

/// What the app reports for a press of `key` at `level` with `held` (Grammar.md §5): the
/// modifiers held, Shift included (AltGr/Option went into the character), and the character
/// the level types (nothing for a dead key), as AppKit's `characters(byApplyingModifiers:)`
/// with Shift and Option gives it; `uikit` gives it as UIKit's `charactersIgnoringModifiers`
/// does, which ignores Shift too (`]` for Shift+]).
private func event(_ layout: KeyboardLayout, _ key: PhysicalKey, _ level: KeyboardLayout.Level, _ held: Modifiers, uikit: Bool = false) -> KeyEvent {
    let entry = layout.entry(for: key)
    // UIKit names a dead key by its accent; so does AppKit with Shift held, and a Windows app
    // where the key is not armed.
    // A level that types nothing types the level below it (as xkb does).
    let below = level.needsShift ? KeyboardLayout.Level(rawValue: level.rawValue - 1)! : level
    // Windows arms no dead key with Ctrl, Alt or the Windows key held outside AltGr: the app
    // reads the key's accent then (ToUnicode without those modifiers).
    let unarmed = !LayoutAnalysis.armsDeadKey(held, atAltGr: level.needsAltGr, on: layout)
    let typed = uikit && level.needsShift || entry?.character(at: level) == nil
        ? entry?.character(at: below)
        : entry.flatMap { $0.isDead(at: level) && !level.needsShift && !unarmed ? nil : $0.character(at: level) }
    return KeyEvent(physicalKey: key, characters: typed.map { String($0) } ?? "", modifiers: held, layout: layout)
}

@Test(arguments: KeyboardLayout.all.map(\.id))
func checkerAndRuntimeAgreeOnEveryLayout(_ id: String) throws {
    let layout = try #require(KeyboardLayout.named(id))
    let (keymap, table, chords) = try #require(probe)
    let findings = LayoutAnalysis(keymap: keymap).analyse(layout)
    var byBinding: [Int: [LayoutFinding]] = [:]
    for f in findings { byBinding[f.binding, default: []].append(f) }
    let dispatcher = Dispatcher(table: table)
    let editor = Recorder()
    let snapshot = ChainSnapshot(table: table, firstResponder: editor)
    let state = ContextState(table: table)
    /// The binding `e` performs with only binding `index` performable (nil: the untypable ones).
    func performed(_ e: KeyEvent, only index: Int?) -> Int? {
        editor.performed = []
        editor.only = index.map { "a\($0)" } ?? ""
        _ = dispatcher.dispatch(e, chain: snapshot, context: state)
        return editor.performed.first.flatMap { Int($0.dropFirst()) }
    }
    // No key of the layout performs a binding the checker calls untypable. One pass over the
    // keys with all of those bindings performable: a binding without a performer is skipped
    // (Grammar.md §5), so a press that performs none of them performs none with only one of
    // them performable either.
    let untypable = chords.indices.filter { (byBinding[$0] ?? []).contains { $0.kind == .untypable } }
    editor.untypable = Set(untypable.map { "a\($0)" })
    if !untypable.isEmpty {
        for entry in layout.keys {
            // The levels that type a live character (a dead key is named by its accent,
            // Grammar.md §5: LayoutTests.everyDeadKeyPressIsNamedByItsCharacter).
            for level in [KeyboardLayout.Level.alone, .shift] where entry.character(at: level) != nil && !entry.isDead(at: level) {
                for held in [Modifiers.control, [.control, .shift]] {
                    for uikit in [false, true] {
                        let got = performed(event(layout, entry.key, level, held, uikit: uikit), only: nil)
                        #expect(got == nil, "\(id): untypable '\(got.map { chords[$0].sourceText } ?? "")' is performed by \(entry.key.code) at \(level) with \(held)")
                    }
                }
            }
        }
    }
    var clean = 0, shifted = 0
    for index in chords.indices where !untypable.contains(index) {
        let mine = byBinding[index] ?? []
        let kinds = Set(mine.map(\.kind))
        // Dead keys type nothing until the next key: the report names them as problems.
        guard !kinds.contains(.deadKey) else { continue }
        let chord = chords[index]
        // The keys the checker says to press: its physical stroke, at the level its press names.
        let mapped = LayoutAnalysis.map(chord, on: layout, us: KeyboardLayout.us(layout.kind))
        let stroke = try #require(mapped.stroke)
        let press = try #require(layout.press(chord))
        let key = try #require(stroke.key.physicalKey)
        var held = stroke.modifiers
        // An AppKit app reports Option held when it went into the character (`[` for ⌥5 on a
        // German Mac, the modifier flags as they are); the press is also tried without it.
        let optionIn = layout.kind == .apple && press.level.needsAltGr && !chord.modifiers.contains(.alternate)
        if optionIn { held.remove(.alternate) }
        let level: KeyboardLayout.Level
        if press.viaUSFallback {
            level = held.contains(.shift) ? .shift : .alone
        } else {
            level = KeyboardLayout.Level(rawValue: (press.level.needsAltGr ? 2 : 0) + (held.contains(.shift) ? 1 : 0))!
        }
        // With Shift held at an AltGr level of a key that types the same characters without
        // AltGr, the press does not say which level it came from (Entry.altGrOverlaps): the
        // runtime reads the level without AltGr, a limit stated in Grammar.md §5.
        if held.contains(.shift) && press.level.needsAltGr && layout.entry(for: key)?.altGrOverlaps == true { continue }
        for uikit in held.contains(.shift) ? [false, true] : [false] {
            let got = performed(event(layout, key, level, held, uikit: uikit), only: index)
            #expect(got == index,
                    "\(id): '\(chord.sourceText)' pressed as \(stroke.sourceText) (\(uikit ? "UIKit" : "AppKit")) performs \(got.map { chords[$0].sourceText } ?? "nothing")")
        }
        // With Shift held as well, the press's second name is the key's plain character with
        // Shift and Option (`shift+alt+cmd+f`), not a Shift binding of an Option character
        // (`cmd+shift+"¡"`), a limit stated in Grammar.md §5.
        if optionIn && !held.contains(.shift) {
            let got = performed(event(layout, key, level, held.union(.alternate)), only: index)
            #expect(got == index,
                    "\(id): '\(chord.sourceText)' pressed as \(stroke.sourceText) with Option reported performs \(got.map { chords[$0].sourceText } ?? "nothing")")
        }
        clean += 1
        if held.contains(.shift) { shifted += 1 }
    }
    // Every layout types most of the probe as written or through the fallback, Shift included.
    #expect(clean >= 60, "\(id): only \(clean) bindings typed cleanly")
    #expect(shifted >= 20, "\(id): only \(shifted) bindings typed with Shift")
    if id == "il" || id == "gr" || id == "ru" {
        // Non-Latin layouts: every US character typed alone on a US keyboard is typable.
        let us = KeyboardLayout.us(.pc)
        for index in chords.indices where us.position(of: Unicode.Scalar(chords[index].key.rawValue)!)?.level == .alone {
            #expect(!(byBinding[index] ?? []).contains { $0.kind == .untypable }, "\(id): '\(chords[index].sourceText)' untypable")
        }
    }
}

/// Hebrew and Greek keys that type punctuation fall back to their US character like the
/// letter keys (Grammar.md §5): Hebrew `q` is `/`, Greek `q` is `;`.
@Test func punctuationKeysOfNonLatinLayoutsFallBack() throws {
    let q = try #require(PhysicalKey(code: "KeyQ"))
    let il = try #require(KeyboardLayout.named("il")), gr = try #require(KeyboardLayout.named("gr"))
    #expect(!il.typesLatinLetters && !gr.typesLatinLetters)
    #expect(il.entry(for: q)?.character(at: .alone) == "/")
    #expect(gr.entry(for: q)?.character(at: .alone) == ";")
    let hebrew = KeyEvent(physicalKey: q, characters: "/", modifiers: .command, layout: il)
    #expect(hebrew.chord == Chord(key: Key(character: "/"), modifiers: .command))
    #expect(hebrew.fallback == Chord(key: Key(character: "q"), modifiers: .command))
    #expect(KeyEvent(physicalKey: q, characters: ";", modifiers: .control, latinLayout: false).fallback
        == Chord(key: Key(character: "q"), modifiers: .control))
    // Without the layout, punctuation gives no hint of it: no fallback.
    #expect(KeyEvent(physicalKey: q, characters: "/", modifiers: .command).fallback == nil)
    // A Latin layout never falls back, even where the key types another letter (German z).
    let y = try #require(PhysicalKey(code: "KeyY"))
    #expect(KeyEvent(physicalKey: y, characters: "z", modifiers: .command, layout: KeyboardLayout.named("de")!).fallback == nil)
    // The checker: cmd+q on Hebrew is the Q key through the fallback, not untypable.
    let (k, _, _) = checkSource("responder Editor\naction quit\nin Editor {\n  ctrl+q -> quit\n}\n")
    let keymap = try #require(k)
    for layout in [il, gr] {
        let f = LayoutAnalysis(keymap: keymap).analyse(layout)
        #expect(f.map(\.kind) == [.usFallback], "\(layout.id)")
        #expect(f.first?.strokes?.sourceText == "ctrl+KeyQ")
    }
}

/// Shift and the character (Grammar.md §5): Shift+Cmd+] is `cmd+"}"` and `cmd+shift+"]"`,
/// whether the app reports `}` (AppKit) or `]` (UIKit), with the layout or without; and
/// `bindc layouts` maps both to that press. (Failed before: `primary+shift+"]"` never matched.)
@Test func shiftedPressesMatchBothNames() throws {
    let source = """
        responder Editor
        action next
        action close
        action bang
        action help
        in Editor {
          cmd+shift+"]" -> next
          cmd+"{" -> close
          ctrl+shift+"1" -> bang
          cmd+"?" -> help
        }

        """
    let (k, _, _) = checkSource(source)
    let keymap = try #require(k)
    let table = try BindingTable(bytes: Emitter.emit(keymap, strip: true))
    let dispatcher = Dispatcher(table: table)
    let editor = Recorder()
    let snapshot = ChainSnapshot(table: table, firstResponder: editor)
    let state = ContextState(table: table)
    func run(_ e: KeyEvent, _ action: String) -> Bool {
        editor.performed = []
        editor.only = action
        _ = dispatcher.dispatch(e, chain: snapshot, context: state)
        return editor.performed == [action]
    }
    let key = { (code: String) in PhysicalKey(code: code)! }
    let us = try #require(KeyboardLayout.named("us")), de = try #require(KeyboardLayout.named("de")), fr = try #require(KeyboardLayout.named("fr"))
    for characters in ["}", "]"] {
        #expect(run(KeyEvent(physicalKey: key("BracketRight"), characters: characters, modifiers: [.command, .shift], layout: us), "next"))
        #expect(run(KeyEvent(physicalKey: key("BracketRight"), characters: characters, modifiers: [.command, .shift]), "next"))
    }
    for characters in ["{", "["] {
        #expect(run(KeyEvent(physicalKey: key("BracketLeft"), characters: characters, modifiers: [.command, .shift], layout: us), "close"))
    }
    for characters in ["!", "1"] {
        #expect(run(KeyEvent(physicalKey: key("Digit1"), characters: characters, modifiers: [.control, .shift], layout: us), "bang"))
    }
    #expect(run(KeyEvent(physicalKey: key("Slash"), characters: "?", modifiers: [.command, .shift], layout: us), "help"))
    // German: `?` is Shift+ß, `]` is AltGr+9 (Shift+AltGr+9 types `±`); `{` is AltGr+7.
    #expect(run(KeyEvent(physicalKey: key("Minus"), characters: "?", modifiers: [.command, .shift], layout: de), "help"))
    #expect(!run(KeyEvent(physicalKey: key("Digit9"), characters: ")", modifiers: [.command, .shift], layout: de), "next"))
    // French: `1` needs Shift, so Ctrl+Shift+1 types `1`: `ctrl+"1"`, and `ctrl+shift+"&"`.
    let frOne = KeyEvent(physicalKey: key("Digit1"), characters: "1", modifiers: [.control, .shift], layout: fr)
    #expect(frOne.chord == Chord(key: Key(character: "1"), modifiers: .control))
    #expect(frOne.shiftAlternate == Chord(key: Key(character: "&"), modifiers: [.control, .shift]))
    #expect(!run(frOne, "bang"))
    // A plain press is untouched: Cmd+] is not `cmd+shift+"]"`.
    #expect(!run(KeyEvent(physicalKey: key("BracketRight"), characters: "]", modifiers: .command, layout: us), "next"))
    // The checker: both names map to Shift+Cmd+BracketRight on US; `ctrl+shift+"1"` is
    // untypable on French (no key types 1 without Shift).
    let analysis = LayoutAnalysis(keymap: keymap)
    let usFindings = analysis.analyse(us)
    #expect(!usFindings.contains { $0.kind == .untypable }, "\(usFindings.map(\.kind))")
    let frFindings = analysis.analyse(fr)
    #expect(frFindings.contains { $0.kind == .untypable && $0.binding == 2 })
    #expect(LayoutAnalysis.map(Chord(key: Key(character: "]"), modifiers: [.command, .shift]), on: us, us: us).stroke?.sourceText == "shift+cmd+BracketRight")
}

/// An `@allowLayouts` that accepts nothing on the layouts checked is a warning (Grammar.md
/// §4.8); one that accepts something, or names a layout not checked, is not.
@Test func unneededLayoutAllowanceWarns() throws {
    let text = "responder Editor\naction a\naction b\nin Editor {\n  @allowLayouts(deadKey) ctrl+x -> a\n  @allowLayouts(needsAltGr, de) cmd+\"[\" -> b\n}\n"
    var sources = SourceManager()
    sources.add(SourceFile(path: "u.bind", text: text))
    let keymap = try #require(Compilation(sources: sources, platform: .apple).keymap)
    let all = LayoutDiagnostics.diagnostics(keymap: keymap, sources: sources, layouts: KeyboardLayout.all, strict: true)
    let unneeded = all.filter { $0.message.contains("needs no @allowLayouts") }
    #expect(unneeded.count == 1)
    #expect(unneeded.first?.severity == .warning)
    #expect(unneeded.first?.message == "'ctrl+x' needs no @allowLayouts: it accepts no finding on the layouts checked; remove it")
    let de = LayoutDiagnostics.diagnostics(keymap: keymap, sources: sources, layouts: [KeyboardLayout.named("de")!], strict: false)
    #expect(!de.contains { $0.message.contains("needs no") })
}

/// The warning about an `@allowLayouts` that accepts nothing is at the attribute, with a fix-it
/// removing it (and the space after it), on a binding and on a main-menu item.
@Test func unneededLayoutAllowanceIsAtTheAttributeWithAFixIt() throws {
    let text = """
        responder Editor
        action a
        action b
        in Editor {
          @priority @allowLayouts(deadKey)  ctrl+x -> a
        }
        menu "M" {
          @allowLayouts "B" ctrl+y -> b
        }

        """
    var sources = SourceManager()
    sources.add(SourceFile(path: "u.bind", text: text))
    let keymap = try #require(Compilation(sources: sources, platform: .apple).keymap)
    let unneeded = LayoutDiagnostics.diagnostics(keymap: keymap, sources: sources, layouts: KeyboardLayout.all, strict: false)
        .filter { $0.message.contains("needs no @allowLayouts") }
    #expect(unneeded.map { sources.location(of: $0.range).column } == [13, 3])
    #expect(unneeded.map { String(decoding: sources.files[0].bytes[$0.range.start..<$0.range.end], as: UTF8.self) }
        == ["@allowLayouts(deadKey)", "@allowLayouts"])
    var bytes = Array(text.utf8)
    for fix in unneeded.flatMap(\.fixIts).sorted(by: { $0.range.start > $1.range.start }) {
        bytes.replaceSubrange(fix.range.start..<fix.range.end, with: Array(fix.replacement.utf8))
    }
    #expect(String(decoding: bytes, as: UTF8.self) == text
        .replacingOccurrences(of: "@allowLayouts(deadKey)  ", with: "").replacingOccurrences(of: "@allowLayouts \"B\"", with: "\"B\""))
}
