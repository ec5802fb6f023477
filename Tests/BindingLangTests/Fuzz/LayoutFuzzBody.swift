// Target `layouts`: layout data and layout-aware key events, shared by Fuzz/run.sh's fuzzer and
// SurfaceFuzzTests. Only BindingLang and BindingRuntime are used; a violated property is
// returned as a message.
@testable import BindingLang
@testable import BindingRuntime

/// Target `layouts`. The first byte chooses:
/// - high bit set: the rest is layout data in the database's text format; every layout read
///   from it places each character where its key types it, and printing the layouts back in
///   the same format reads back as the same layouts;
/// - otherwise: a layout of the database (byte mod the count); the rest is a `.bind` source,
///   then optionally the line `//@events` and 4-byte events (physical key, modifiers, a
///   character). Each event is dispatched as a layout-aware ``KeyEvent`` and must do what
///   `explain` says of the chords the dispatcher tries for it (typed character, key
///   position, US character); and every binding `bindc layouts` finds typable without
///   problems on that layout, pressed on its physical keys, performs its action.
enum LayoutFuzzBody {
    static let marker: [UInt8] = Array("\n//@events\n".utf8)

    static func run(_ bytes: [UInt8]) -> [String] {
        guard let first = bytes.first else { return [] }
        let rest = Array(bytes.dropFirst())
        if first & 0x80 != 0 { return database(rest) }
        let layout = KeyboardLayout.all[Int(first) % KeyboardLayout.all.count]
        var source = rest, events: [UInt8] = []
        if let at = find(marker, in: rest) {
            source = Array(rest[..<at])
            events = Array(rest[(at + marker.count)...])
        }
        var sources = SourceManager()
        sources.add(SourceFile(path: "layouts.bind", bytes: source))
        let platform: Platform = layout.kind == .apple ? .macOS : .linux
        guard let keymap = Compilation(sources: sources, platform: platform).keymap,
              let table = try? BindingTable(bytes: Emitter.emit(keymap, strip: true)) else { return [] }
        return arbitraryEvents(events, layout: layout, table: table) + typableBindings(keymap, layout: layout, table: table)
    }

    // MARK: - Layout data

    static func database(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        // A key or layout listed twice is rejected (KeyboardLayout.DataError): nothing to check.
        guard let layouts = try? KeyboardLayout.parse(text) else { return [] }
        for layout in layouts {
            for entry in layout.keys {
                for level in KeyboardLayout.Level.allCases {
                    guard let c = entry.character(at: level) else { continue }
                    guard let p = layout.position(of: c), layout.entry(for: p.key)?.character(at: p.level) == c else {
                        return ["layout \(layout.id): '\(c.escaped(asASCII: true))' has no position where its key types it"]
                    }
                    // The chosen position is a live key whenever one exists.
                    if p.isDead && !entry.isDead(at: level) {
                        return ["layout \(layout.id): '\(c.escaped(asASCII: true))' placed on a dead key although a live one types it"]
                    }
                }
            }
        }
        let printed = print(layouts)
        guard let again = try? KeyboardLayout.parse(printed) else { return ["layout data does not read back as printed:\n\(printed)"] }
        guard print(again) == printed else { return ["layout data does not read back as printed:\n\(printed)"] }
        return []
    }

    /// Layouts in the database's text format.
    static func print(_ layouts: [KeyboardLayout]) -> String {
        var out = ""
        for layout in layouts {
            out += "@\(layout.id)\t\(layout.kind.rawValue)\t\(layout.name)\t\(layout.source)\n"
            for entry in layout.keys {
                out += entry.key.code
                for level in KeyboardLayout.Level.allCases {
                    out += "\t" + (entry.character(at: level).map { String($0) } ?? "")
                }
                out += "\t\(entry.deadMask)\n"
            }
        }
        return out
    }

    // MARK: - Events

    /// A responder that plays every role and performs everything.
    final class Everything: Responder {
        let responderRoles: [String]
        init(_ roles: [String]) { responderRoles = roles }
        var nextResponder: (any Responder)? { nil }
        func canPerform(_ action: ActionInvocation) -> Bool { true }
        func perform(_ action: ActionInvocation) {}
    }

    static func arbitraryEvents(_ bytes: [UInt8], layout: KeyboardLayout, table: BindingTable) -> [String] {
        let keys = PhysicalKey.all
        let responder = Everything((0..<table.roleCount).map { table.roleName($0) })
        let context = ContextState(table: table)
        let dispatcher = Dispatcher(table: table)
        var i = 0
        while i + 4 <= bytes.count, i < 4 * 64 {
            let key = keys[Int(bytes[i]) % keys.count]
            let modifiers = Modifiers(rawValue: bytes[i + 1] & Modifiers.all.rawValue)
            // A character the layout types (its level from the low bits), or any scalar.
            var characters = ""
            let pick = Int(bytes[i + 2]), low = Int(bytes[i + 3])
            if pick & 0x80 == 0 {
                if let c = layout.entry(for: key)?.character(at: KeyboardLayout.Level(rawValue: pick & 3)!) { characters = String(c) }
            } else if let s = Unicode.Scalar(UInt32(pick & 0x7F) << 8 | UInt32(low)) {
                characters = String(s)
            }
            i += 4
            let event = KeyEvent(physicalKey: key, characters: characters, modifiers: modifiers)
            if let named = key.namedKey, event.chord.key != named {
                return ["\(key.code) typing '\(characters)' reads as \(event.chord.sourceText), not its named key"]
            }
            // Only Shift may go into the character (Grammar.md §5, Shift and the character).
            if !event.chord.modifiers.union(.shift).isSuperset(of: modifiers) || event.keyPosition?.modifiers.isSuperset(of: modifiers) != true {
                return ["\(key.code): modifiers lost"]
            }
            // What explain says of each chord the dispatcher tries, in its order.
            var tried = [event.chord]
            if let alternate = event.shiftAlternate { tried.append(alternate) }
            if let position = event.keyPosition { tried.append(position) }
            if let fallback = event.fallback { tried.append(fallback) }
            var expected: ActionInvocation? = nil, pending = false
            for chord in tried {
                let e = dispatcher.explain([chord], firstResponder: responder, context: context)
                if case .performed = e.outcome { expected = e.chosen?.action; break }
                if case .pending = e.outcome { pending = true; break }
            }
            let result = dispatcher.dispatch(event, firstResponder: responder, context: context)
            _ = dispatcher.cancelPending()
            if result.performedAction != expected || result.isPending != pending {
                return ["\(key.code) typing '\(characters.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())' with \(modifiers.rawValue): "
                        + "dispatch gives \(result), explain of \(tried.map(\.sourceText)) gives \(expected.map(\.description) ?? (pending ? "pending" : "nothing"))"]
            }
        }
        return []
    }

    /// Every binding the layout analysis finds typable without problems (alone or through
    /// the US-character fallback), unconditional, in a role, and not sharing a prefix with
    /// another binding of its role, performs its action when its physical strokes are
    /// pressed with the characters the layout types there.
    static func typableBindings(_ keymap: Keymap, layout: KeyboardLayout, table: BindingTable) -> [String] {
        guard keymap.bindings.count <= 256 else { return [] }
        let findings = LayoutAnalysis(keymap: keymap).analyse(layout)
        var troubled = Set<Int>(), strokes: [Int: [PhysicalStroke]] = [:]
        for f in findings {
            if f.kind.isProblem {
                troubled.insert(f.binding)
                if let other = f.other { troubled.insert(other) }
            } else if let s = f.strokes {
                strokes[f.binding] = s
            }
        }
        let bindings = keymap.bindings
        let context = ContextState(table: table)
        for (index, binding) in bindings.enumerated() where !troubled.contains(index) {
            guard let role = binding.role, case .constant(true) = binding.condition else { continue }
            let shares = bindings.indices.contains { j in
                j != index && bindings[j].role == role
                    && (bindings[j].sequence.starts(with: binding.sequence.prefix(1)) || binding.sequence.starts(with: bindings[j].sequence.prefix(1)))
            }
            if shares { continue }
            let pressed = strokes[index] ?? binding.sequence.map { chord in
                LayoutAnalysis.map(chord, on: layout, us: KeyboardLayout.us(layout.kind)).stroke
                    ?? PhysicalStroke(key: chord.key, modifiers: chord.modifiers)
            }
            if pressed.contains(where: \.altGr) { continue }
            // A chord of Shift and a character that Shift changes (`shift+cmd+"]"`) is decided
            // by Grammar.md §5 (Shift and the character) with the layout's two characters;
            // these events carry no layout, so such chords are checked by
            // LayoutDispatchAgreementTests (every layout), not here.
            if binding.sequence.contains(where: shiftChangesCharacter) { continue }
            let dispatcher = Dispatcher(table: table)
            let responder = Everything([keymap.roles[role]])
            var last: DispatchResult = .unhandled
            for (n, stroke) in pressed.enumerated() { last = dispatcher.dispatch(event(stroke, layout, Double(n) * 0.01), firstResponder: responder, context: context) }
            guard let performed = last.performedAction, performed.name == keymap.actions[binding.action].name else {
                return ["binding \(index) (\(binding.sequence.map(\.sourceText).joined(separator: " "))) pressed as "
                        + "\(pressed.sourceText) on \(layout.id) gives \(last), not \(keymap.actions[binding.action].name)"]
            }
        }
        return []
    }

    /// The key event of pressing `stroke` on `layout`: the characters its key types at the
    /// level Shift (and Option on Apple layouts) selects.
    static func event(_ stroke: PhysicalStroke, _ layout: KeyboardLayout, _ time: Double) -> KeyEvent {
        guard let key = stroke.key.physicalKey else { return KeyEvent(Chord(key: stroke.key, modifiers: stroke.modifiers), timestamp: time) }
        let third = stroke.altGr || (layout.kind == .apple && stroke.modifiers.contains(.alternate))
        let level: KeyboardLayout.Level = stroke.modifiers.contains(.shift) ? (third ? .shiftAltGr : .shift) : (third ? .altGr : .alone)
        let typed = layout.entry(for: key)?.character(at: level).map { String($0) } ?? ""
        return KeyEvent(physicalKey: key, characters: typed, modifiers: stroke.modifiers, timestamp: time)
    }

    /// Whether `chord` holds Shift with a character other than an ASCII letter (which the
    /// press reports as the shifted character on most keys).
    static func shiftChangesCharacter(_ chord: Chord) -> Bool {
        guard chord.modifiers.contains(.shift), !chord.key.isNamed, !chord.key.isPhysical,
              let c = Unicode.Scalar(chord.key.rawValue) else { return false }
        return !(c.value >= 0x61 && c.value <= 0x7A) && c != " "
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
        return nil
    }
}
