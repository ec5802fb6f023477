import Testing
@testable import BindingLang
import BindingRuntime

/// A keymap checked from `text` (which must have no errors).
private func keymap(_ text: String, platform: Platform = .apple) throws -> Keymap {
    let (keymap, diagnostics, _) = checkSource(text)
    #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
    return try #require(keymap)
}

private func findings(_ keymap: Keymap, on id: String) throws -> [LayoutFinding] {
    LayoutAnalysis(keymap: keymap).analyse(try #require(KeyboardLayout.named(id)))
}

private let editorHeader = """
    context mode: normal | insert
    responder Editor
    action a1
    action a2
    action a3
    action a4

    """

@Test func germanBracketsNeedAltGrOrOption() throws {
    let k = try keymap(editorHeader + "in Editor {\n  cmd+\"[\" -> a1\n}\n")
    let de = try findings(k, on: "de")
    #expect(de.map(\.kind) == [.needsAltGr])
    #expect(de.first?.strokes?.sourceText == "cmd+altGr+Digit8")
    let mac = try findings(k, on: "de-mac")
    #expect(mac.map(\.kind) == [.needsAltGr])
    #expect(mac.first?.strokes?.sourceText == "alt+cmd+Digit5")
    #expect(Messages.layoutFinding(mac[0], keymap: k, layout: KeyboardLayout.named("de-mac")!)
        == "on de-mac: 'cmd+\"[\"' needs Option for '[': press alt+cmd+Digit5")
    #expect(try findings(k, on: "us").isEmpty)
    #expect(try findings(k, on: "us-mac").isEmpty)
}

/// A character at the Shift+Option (Shift+AltGr) level is one finding, not a needsAltGr and
/// a needsShift about the same keys: told as one line, counted as one problem, and accepted by
/// `@allowLayouts(needsAltGr)` (Grammar.md §4.8's example, on fr-mac). An apostrophe is quoted
/// in double quotes.
@Test func shiftAltGrLevelIsOneFinding() throws {
    let k = try keymap(editorHeader + "in Editor {\n  cmd+\"[\" -> a1\n  @allowLayouts(needsAltGr) cmd+\"\\\\\" -> a2\n  ctrl+\"'\" -> a3\n}\n")
    let frMac = try #require(KeyboardLayout.named("fr-mac"))
    let found = try findings(k, on: "fr-mac")
    let bracket = found.filter { $0.binding == 0 }
    #expect(bracket.map(\.kind) == [.needsAltGr])
    #expect(Messages.layoutFinding(bracket[0], keymap: k, layout: frMac)
        == "on fr-mac: 'cmd+\"[\"' needs Option and Shift for '[': press alt+shift+cmd+Digit5")
    // The backslash (Shift+Option+/ on a French Mac): allowed whole by needsAltGr.
    let backslash = found.filter { $0.binding == 1 }
    #expect(backslash.map(\.kind) == [.needsAltGr] && backslash.allSatisfy(\.isAllowed))
    #expect(LayoutFinding.told(found).filter { $0.finding.binding < 2 }.count == 1)
    // On a German Mac '[' is Option alone: no Shift to mention.
    let deMac = try #require(KeyboardLayout.named("de-mac"))
    let de = try findings(k, on: "de-mac").filter { $0.binding == 0 }
    #expect(Messages.layoutFinding(de[0], keymap: k, layout: deMac) == "on de-mac: 'cmd+\"[\"' needs Option for '[': press alt+cmd+Digit5")
    // The apostrophe needs Shift on a German keyboard (Shift+#).
    let quote = try findings(k, on: "de").filter { $0.binding == 2 && $0.kind == .needsShift }
    #expect(Messages.layoutFinding(try #require(quote.first), keymap: k, layout: KeyboardLayout.named("de")!)
        == "on de: 'ctrl+\"'\"' needs Shift for \"'\": press ctrl+shift+Backslash")
}

/// `shift+"["` is the key that types `[` without Shift, at the lowest level first: on a UK
/// or US keyboard the key right of P, not a key that types `[` with AltGr (UK's AltGr+8);
/// on a Brazilian ABNT2 keyboard the key that types `[` alone (BracketRight).
@Test func shiftedCharactersUseTheKeyThatTypesThemAlone() throws {
    let k = try keymap(editorHeader + "in Editor {\n  ctrl+shift+\"[\" -> a1\n  ctrl+shift+\"\\\\\" -> a2\n}\n")
    for id in ["gb", "br", "us"] {
        let found = try findings(k, on: id)
        #expect(found.isEmpty, "\(id): \(found.map(\.kind))")
    }
    let gb = try #require(KeyboardLayout.named("gb"))
    let chord = try #require(k.bindings.first?.sequence.first)
    let press = try #require(gb.press(chord))
    #expect(press.key.physicalKey?.code == "BracketLeft" && press.level == .alone)
}

/// Windows sends AltGr as Ctrl+Alt: a chord with both on a key whose AltGr level types a
/// character, or Ctrl with a character that needs AltGr, is the keys of typing it. Not on
/// Linux (AltGr is its own key there), not with the Windows key, not on a key AltGr leaves
/// alone, and a dead key at a Windows layout's plain level is no finding with Ctrl held.
@Test func ctrlAltIsAltGrOnWindows() throws {
    let k = try keymap(editorHeader + "in Editor {\n  ctrl+alt+q -> a1\n  ctrl+\"[\" -> a2\n  ctrl+alt+left -> a3\n  ctrl+alt+cmd+q -> a4\n}\n")
    let win = try findings(k, on: "de-win")
    #expect(win.filter { $0.kind == .ctrlAltIsAltGr }.map { "\($0.binding) \(String(Character($0.character!)))" } == ["0 @", "1 ["])
    #expect(try findings(k, on: "de").allSatisfy { $0.kind != .ctrlAltIsAltGr })
    #expect(try findings(k, on: "us-win").isEmpty)
    let dead = try keymap(editorHeader + "in Editor {\n  ctrl+\"^\" -> a1\n  \"^\" -> a2\n}\n")
    #expect(try findings(dead, on: "de-win").filter { $0.kind == .deadKey }.map(\.binding) == [1])
    #expect(try findings(dead, on: "de").filter { $0.kind == .deadKey }.map(\.binding) == [0, 1])
}

@Test func frenchDigitsNeedShift() throws {
    let k = try keymap(editorHeader + "in Editor {\n  cmd+1 -> a1\n  cmd+0 -> a2\n}\n")
    let fr = try findings(k, on: "fr")
    #expect(fr.map(\.kind) == [.needsShift, .needsShift])
    #expect(fr.map { $0.strokes?.sourceText } == ["shift+cmd+Digit1", "shift+cmd+Digit0"])
    #expect(try findings(k, on: "de").isEmpty)
}

@Test func russianFallsBackToTheUSKey() throws {
    let k = try keymap(editorHeader + "in Editor {\n  ctrl+c -> a1\n  \"$\" -> a2\n}\n")
    let ru = try findings(k, on: "ru")
    #expect(ru.map(\.kind) == [.usFallback, .untypable])
    #expect(ru[0].strokes?.sourceText == "ctrl+KeyC")
    #expect(ru[1].strokes == nil && ru[1].character == "$")
    // German types both; the Greek layout falls back too.
    #expect(try findings(k, on: "de").isEmpty)
    #expect(try findings(k, on: "gr").first?.kind == .usFallback)
}

@Test func deadKeysAreReported() throws {
    let k = try keymap(editorHeader + "in Editor {\n  ctrl+\"^\" -> a1\n}\n")
    let de = try findings(k, on: "de")
    #expect(de.map(\.kind) == [.deadKey])
    #expect(de.first?.strokes?.sourceText == "ctrl+Backquote")
}

@Test func collisionsOnceMappedToKeysWithAWitness() throws {
    let k = try keymap(editorHeader + """
        in Editor {
          ctrl+KeyH -> a1 when mode == normal
          ctrl+h -> a2
          ctrl+KeyK ctrl+KeyC -> a3
          ctrl+k ctrl+c -> a4 when mode == insert
        }
        """)
    let us = try findings(k, on: "us")
    #expect(us.map(\.kind) == [.collision, .collision])
    #expect(us.first?.binding == 1 && us.first?.other == 0 && us.first?.witness == "mode == normal")
    #expect(us.last?.binding == 3 && us.last?.other == 2 && us.last?.witness == "mode == insert")
    #expect(Messages.layoutFinding(us[0], keymap: k, layout: KeyboardLayout.named("us")!)
        == "on us: 'ctrl+h' presses the same keys as 'ctrl+KeyH' in role 'Editor' when mode == normal: ctrl+KeyH")
    // Dvorak types h on the J key: no collision there, ctrl+k ctrl+c neither (k and c move).
    #expect(try findings(k, on: "dvorak").isEmpty)
    // A prefix collision: ctrl+z against ctrl+y ctrl+x on German keys (z and y swap).
    let prefix = try keymap(editorHeader + "in Editor {\n  ctrl+KeyY -> a1\n  ctrl+z ctrl+x -> a2\n}\n")
    let de = try findings(prefix, on: "de")
    #expect(de.map(\.kind) == [.collision])
    #expect(de.first?.strokes?.sourceText == "ctrl+KeyY ctrl+KeyX" && de.first?.otherStrokes?.sourceText == "ctrl+KeyY")
}

@Test func conditionsThatNeverOverlapDoNotCollide() throws {
    let k = try keymap(editorHeader + """
        in Editor {
          ctrl+KeyH -> a1 when mode == normal
          ctrl+h -> a2 when mode == insert
        }
        """)
    #expect(try findings(k, on: "us").isEmpty)
}

/// Built from the data: a binding of every character each layout types maps to the key and
/// level the layout gives for it, with the findings that level implies.
@Test(arguments: KeyboardLayout.all.map(\.id))
func everyCharacterMapsToItsPosition(_ id: String) throws {
    let layout = try #require(KeyboardLayout.named(id))
    let us = KeyboardLayout.us(layout.kind)
    for entry in layout.keys {
        for level in KeyboardLayout.Level.allCases {
            guard let c = entry.character(at: level), c != " " else { continue }
            // As a binding writes it: an upper-case ASCII letter is shift and the letter.
            let (key, shifted) = try #require(Key.resolve(String(c)))
            let chord = Chord(key: key, modifiers: shifted ? [.control, .shift] : .control)
            let mapped = LayoutAnalysis.map(chord, on: layout, us: us)
            let p = try #require(layout.position(of: c))
            guard let stroke = mapped.stroke else { Issue.record("\(id): \(c) untypable"); continue }
            // A non-Latin layout presses a character no key types alone on its US key (§5).
            if !layout.typesLatinLetters, p.level != .alone || p.isDead, let base = Unicode.Scalar(key.rawValue),
               let u = us.position(of: base), u.level == .alone, u.key.usCharacter == base {
                #expect(stroke.key == Key(physical: u.key) && mapped.findings.map(\.0) == [.usFallback], "\(id): \(c)")
                continue
            }
            #expect(stroke.key == Key(physical: p.key), "\(id): \(c)")
            let kinds = mapped.findings.map(\.0)
            #expect(kinds.contains(.needsAltGr) == p.level.needsAltGr, "\(id): \(c)")
            // With Ctrl held, Windows arms only a dead key at an AltGr level (AltGr is Ctrl+Alt).
            #expect(kinds.contains(.deadKey) == (p.isDead && (layout.kind != .windows || p.level.needsAltGr)), "\(id): \(c)")
            #expect(stroke.modifiers.contains(.shift) == (p.level.needsShift || shifted), "\(id): \(c)")
            #expect(stroke.altGr == (p.level.needsAltGr && layout.kind != .apple), "\(id): \(c)")
        }
    }
}

@Test func layoutDiagnosticsPointAtTheBinding() throws {
    let text = editorHeader + "in Editor {\n  cmd+\"[\" -> a1\n  ctrl+KeyH -> a2\n  ctrl+h -> a3\n}\n"
    let (k, _, sources) = checkSource(text)
    let keymap = try #require(k)
    let ds = LayoutDiagnostics.diagnostics(keymap: keymap, sources: sources, layouts: [KeyboardLayout.named("de")!], strict: false)
    let flat = flatten(ds, sources)
    #expect(flat.filter { $0.severity != .note }.map(\.line) == [8, 10])
    #expect(flat.filter { $0.severity == .note }.map(\.line) == [9])
    #expect(ds.allSatisfy { $0.severity == .warning })
    #expect(ds[1].notes.count == 1)
    let strict = LayoutDiagnostics.diagnostics(keymap: keymap, sources: sources, layouts: [KeyboardLayout.named("de")!], strict: true)
    #expect(strict.allSatisfy { $0.severity == .error })
    #expect(LayoutSelection.layouts("de, fr,de") .map { $0.map(\.id) } == .success(["de", "fr"]))
    #expect(LayoutSelection.layouts("dee").map { $0.map(\.id) } == .failure(.init(name: "dee", suggestion: "de")))
    #expect((try? LayoutSelection.layouts("all").get().count) == KeyboardLayout.all.count)
}

/// `LayoutFinding.told` merges a dead-key finding into the Shift or AltGr finding about the
/// same binding, character and keys, and nothing else, at the size of a layout's report for a
/// large keymap (it compared every pair of findings, which made `bindc layouts --all` on
/// 10,000 bindings take 4 s instead of 0.5).
@Test func toldMergesDeadKeysPerBindingAtScale() {
    let equal = PhysicalStroke(key: Key(physical: PhysicalKey(code: "Equal")!), modifiers: [.control, .shift])
    let minus = PhysicalStroke(key: Key(physical: PhysicalKey(code: "Minus")!), modifiers: [.control])
    var all: [LayoutFinding] = []
    for b in 0..<4_000 {
        switch b % 4 {
        case 0:  // needs Shift and on a dead key, same keys: one finding
            all.append(LayoutFinding(kind: .deadKey, layout: "de", binding: b, character: "`", strokes: [equal]))
            all.append(LayoutFinding(kind: .needsShift, layout: "de", binding: b, character: "`", strokes: [equal]))
        case 1:  // a dead key on other keys than the Shift finding: both stay
            all.append(LayoutFinding(kind: .needsAltGr, layout: "de", binding: b, character: "`", strokes: [equal]))
            all.append(LayoutFinding(kind: .deadKey, layout: "de", binding: b, character: "`", strokes: [minus]))
        case 2:  // the same keys in another binding do not merge
            all.append(LayoutFinding(kind: .deadKey, layout: "de", binding: b, character: "^", strokes: [equal]))
        default:
            all.append(LayoutFinding(kind: .collision, layout: "de", binding: b, strokes: [minus], other: b - 1, otherStrokes: [minus]))
        }
    }
    let told = LayoutFinding.told(all)
    #expect(told.count == 1_000 + 2_000 + 1_000 + 1_000)
    #expect(told.filter(\.alsoDeadKey).map(\.finding.binding) == Array(stride(from: 0, to: 4_000, by: 4)))
    #expect(told.filter { $0.finding.kind == .deadKey }.count == 2_000)
    #expect(told.first?.finding.kind == .needsShift && told.first?.alsoDeadKey == true)
}
