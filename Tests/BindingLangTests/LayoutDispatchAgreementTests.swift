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
    /// miss (a binding without a performer is skipped, Grammar.md §5).
    var only = ""
    func canPerform(_ action: ActionInvocation) -> Bool { action.name == only }
    func perform(_ action: ActionInvocation) { performed.append(action.name) }
}

/// `ctrl+` every character the US keyboard types alone and every character some layout of the
/// database types alone, one action each: the probe keymap, compiled once.
private let probe: (keymap: Keymap, table: BindingTable, chords: [Chord])? = {
    var characters: [Unicode.Scalar] = []
    var seen = Set<Unicode.Scalar>()
    for layout in KeyboardLayout.all {
        for entry in layout.keys {
            guard let c = entry.character(at: .alone), !entry.isDead(at: .alone), c != " ", c.value >= 0x21,
                  let (key, shifted) = Key.resolve(String(c)), !shifted, !key.isNamed, seen.insert(c).inserted else { continue }
            characters.append(c)
        }
    }
    let chords = characters.map { Chord(key: Key(character: $0), modifiers: .control) }
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

/// What the app reports for a press of `key` at `level` with `declared` held (Grammar.md §5):
/// the character the level types (nothing for a dead key) with the modifiers the checker
/// says are pressed.
private func event(_ layout: KeyboardLayout, _ key: PhysicalKey, _ level: KeyboardLayout.Level, _ modifiers: Modifiers) -> KeyEvent {
    let entry = layout.entry(for: key)
    let typed = entry.flatMap { $0.isDead(at: level) ? nil : $0.character(at: level) }
    return KeyEvent(physicalKey: key, characters: typed.map { String($0) } ?? "", modifiers: modifiers, layout: layout)
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
    func performed(_ e: KeyEvent, only index: Int) -> Int? {
        editor.performed = []
        editor.only = "a\(index)"
        _ = dispatcher.dispatch(e, chain: snapshot, context: state)
        return editor.performed.first.flatMap { Int($0.dropFirst()) }
    }
    var clean = 0, untypable = 0
    for index in chords.indices {
        let mine = byBinding[index] ?? []
        let kinds = Set(mine.map(\.kind))
        if kinds.contains(.untypable) {
            untypable += 1
            for entry in layout.keys {
                for level in [KeyboardLayout.Level.alone, .shift] {
                    let mods: Modifiers = level.needsShift ? [.control, .shift] : .control
                    let got = performed(event(layout, entry.key, level, mods), only: index)
                    #expect(got != index, "\(id): untypable '\(chords[index].sourceText)' is performed by \(entry.key.code) at \(level)")
                }
            }
            continue
        }
        // Dead keys type nothing until the next key: the report names them as problems.
        guard !kinds.contains(.deadKey) else { continue }
        let chord = chords[index]
        let c = try #require(Unicode.Scalar(chord.key.rawValue))
        let key: PhysicalKey, level: KeyboardLayout.Level
        if kinds.contains(.usFallback) {
            let stroke = try #require(LayoutAnalysis.map(chord, on: layout, us: KeyboardLayout.us(layout.kind)).stroke)
            key = try #require(stroke.key.physicalKey)
            level = chord.modifiers.contains(.shift) ? .shift : .alone
        } else {
            let p = try #require(layout.position(of: c))
            (key, level) = (p.key, p.level)
        }
        // The app reports the character typed and the modifiers declared: Shift and
        // AltGr/Option went into the character (Grammar.md §5).
        let got = performed(event(layout, key, level, chord.modifiers), only: index)
        #expect(got == index,
                "\(id): '\(chord.sourceText)' pressed on \(key.code) at \(level) performs \(got.map { chords[$0].sourceText } ?? "nothing")")
        clean += 1
    }
    // Every layout types most of the probe as written or through the fallback.
    #expect(clean >= 40, "\(id): only \(clean) bindings typed cleanly")
    if id == "il" || id == "gr" || id == "ru" {
        // Non-Latin layouts: every US character typed alone on a US keyboard is typable.
        let us = KeyboardLayout.us(.pc)
        for index in chords.indices where us.position(of: Unicode.Scalar(chords[index].key.rawValue)!)?.level == .alone {
            #expect(!(byBinding[index] ?? []).contains { $0.kind == .untypable }, "\(id): '\(chords[index].sourceText)' untypable")
        }
    }
    _ = untypable
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
