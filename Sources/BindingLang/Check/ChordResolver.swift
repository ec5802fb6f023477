import BindingRuntime

/// Turns chords as written into canonical ``Chord`` values with ``Chord/build(parts:platform:)``
/// (Grammar.md §4.3), and reports each ``ChordError`` at the part it concerns.
struct ChordResolver {
    let platform: Platform
    /// The chords resolved so far, by source text; nil when the chords' sources are not known.
    private let memo: ChordMemo?

    /// A resolver for `platform`; given the `sources` the chords are read from, it resolves
    /// each distinct chord text once (``ChordMemo``).
    init(platform: Platform, sources: SourceManager? = nil) {
        self.platform = platform
        memo = sources.map { ChordMemo(sources: $0) }
    }

    /// Modifier spellings, for did-you-means on parts in modifier position.
    private static let modifierNames: [String] = Array(Modifiers.spellings.keys) + ["primary"]
    /// Key names (named keys, aliases, punctuation names), for parts in key position.
    private static let keyNames: [String] = Array(Key.aliases.keys)

    /// The chords of a sequence, or nil when one of them is wrong (each error reported) or it
    /// has more than ``TableFormat/maxSequenceLength`` strokes.
    func sequence(_ syntax: ChordSequenceSyntax, _ engine: inout DiagnosticEngine) -> [Chord]? {
        let count = syntax.chordCount
        if count > TableFormat.maxSequenceLength {
            engine.error(Messages.sequenceTooLong(count), at: syntax.range)
            return nil
        }
        if count == 0 {
            engine.error(Messages.chordHasNoKey(""), at: syntax.range)
            return nil
        }
        if count <= 2 {
            // Most sequences: an array literal allocates at its size without the general
            // path's work (the same errors, in the same order, as the loop below).
            let end = syntax.chordEnd(from: 0)
            let first = chord(syntax, 0, end, &engine)
            if count == 1 { return first.map { memo?.sequence($0, nil) ?? [$0] } }
            let second = chord(syntax, end, syntax.partCount, &engine)
            guard let first, let second else { return nil }
            return memo?.sequence(first, second) ?? [first, second]
        }
        var chords: [Chord] = []
        chords.reserveCapacity(count)
        var failed = false
        // By index: a closure per chord cost more than resolving a remembered chord.
        var start = 0
        let partCount = syntax.partCount
        while start < partCount {
            let end = syntax.chordEnd(from: start)
            if let chord = chord(syntax, start, end, &engine) {
                chords.append(chord)
            } else {
                failed = true
            }
            start = end
        }
        return failed ? nil : chords
    }

    /// The canonical chord, or nil after reporting why it is wrong.
    func chord(_ syntax: ChordSyntax, _ engine: inout DiagnosticEngine) -> Chord? {
        guard !syntax.parts.isEmpty else { return built(syntax.parts, syntax.range, &engine) }
        let one = ChordSequenceSyntax(chords: [syntax], range: syntax.range)
        return chord(one, 0, one.partCount, range: syntax.range, &engine)
    }

    /// The canonical chord of parts `start..<end` of `sequence` (one chord), or nil after
    /// reporting why it is wrong.
    @inline(__always)
    private func chord(_ sequence: ChordSequenceSyntax, _ start: Int, _ end: Int, _ engine: inout DiagnosticEngine) -> Chord? {
        chord(sequence, start, end, range: sequence.chordRange(start, end), &engine)
    }

    /// As above, the chord written at `range`.
    private func chord(_ sequence: ChordSequenceSyntax, _ start: Int, _ end: Int, range: SourceRange,
                       _ engine: inout DiagnosticEngine) -> Chord? {
        let key = memo?.key(range)
        if let key, let known = memo?[key] { return known }
        if let chord = fastChord(sequence, start, end) {
            if let key { memo?[key] = chord }
            return chord
        }
        return built((start..<end).map { var p = sequence.part($0); p.startsChord = false; return p }, range, &engine)
    }

    /// ``Chord/build(parts:platform:)`` for what ``fastChord(_:_:_:)`` does not take, reporting
    /// what is wrong (out of line: the common chord does not pay for its frame).
    @inline(never)
    private func built(_ parts: [KeyPart], _ range: SourceRange, _ engine: inout DiagnosticEngine) -> Chord? {
        switch Chord.build(parts: parts.map(\.text), platform: platform) {
        case .success(let chord):
            return chord
        case .failure(let error):
            report(error, ChordSyntax(parts: parts, range: range), &engine)
            return nil
        }
    }

    /// What a part's text means, for every name longer than one ASCII byte.
    private enum Meaning: Sendable {
        case modifier(Modifiers)
        case primary
        case key(Key)
    }

    private static let meanings: NameIndex<Meaning> = {
        var table = NameIndex<Meaning>()
        for (name, key) in Key.aliases { table[name] = .key(key) }
        for (name, modifier) in Modifiers.spellings { table[name] = .modifier(modifier) }
        table["primary"] = .primary
        return table
    }()

    /// ``meanings`` by known ``KeyPartNames`` number (nothing at 0).
    private static let meaningsByNumber: [Meaning?] = [nil] + KeyPartNames.spellings.map { meanings[$0] }
    /// The byte of each one-byte known ``KeyPartNames`` spelling, by number (0 for the others).
    private static let bytesByNumber: [UInt8] = [0] + KeyPartNames.spellings.map { $0.utf8.count == 1 ? $0.utf8.first ?? 0 : 0 }

    /// What `part`'s text means. Every text with a meaning is a known spelling, so a part
    /// numbered after them has none.
    @inline(__always)
    private static func meaning(_ part: KeyPart) -> Meaning? {
        part.number <= KeyPartNames.knownCount ? meaningsByNumber[Int(part.number)] : nil
    }

    /// The byte of `part`'s text when it is one printable ASCII character (every such text
    /// is a known spelling); nil otherwise, and then the fast path gives way to the full one.
    @inline(__always)
    private static func singleByte(_ part: KeyPart) -> UInt8? {
        guard part.number <= KeyPartNames.knownCount else { return nil }
        let byte = bytesByNumber[Int(part.number)]
        return byte == 0 ? nil : byte
    }

    /// The common, valid case without building a parts array: the same result as
    /// ``Chord/build(parts:platform:)`` whenever it returns one; nil for anything unusual
    /// (which then goes through `build`, which also says what is wrong).
    private func fastChord(_ sequence: ChordSequenceSyntax, _ start: Int, _ end: Int) -> Chord? {
        guard end > start else { return nil }
        let last = sequence.part(end - 1)
        var modifiers: Modifiers = []
        for i in start..<(end - 1) {
            let m: Modifiers
            switch Self.meaning(sequence.part(i)) {
            case .modifier(let known)?: m = known
            case .primary?: m = platform.primaryModifier
            default: return nil
            }
            if modifiers.contains(m) { return nil }
            modifiers.insert(m)
        }
        var key: Key
        if let byte = Self.singleByte(last) {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            if byte >= 0x41 && byte <= 0x5A {
                if modifiers.contains(.shift) { return nil }
                modifiers.insert(.shift)
            }
            key = Key(character: Unicode.Scalar(byte))
        } else {
            guard case .key(let k)? = Self.meaning(last) else { return nil }
            key = k
        }
        if modifiers.contains(.numericPad) && !key.isOnNumericPad { return nil }
        return Chord(key: key, modifiers: modifiers)
    }

    private func report(_ error: ChordError, _ syntax: ChordSyntax, _ engine: inout DiagnosticEngine) {
        let text = syntax.parts.map(\.text).joined(separator: "+")
        let last = syntax.parts.count - 1
        switch error {
        case .unknownName(let name, _):
            guard let i = syntax.parts.firstIndex(where: { $0.text == name }) else {
                engine.error(Messages.unknownKey(name, nil), at: syntax.range)
                return
            }
            let range = syntax.parts[i].range
            if i < last, Messages.isAltGrSpelling(name) {
                // `bindc layouts` writes the AltGr level `altGr+`; a binding names the character
                // that level types. Never a fix-it to `alt`, which is another key.
                engine.error(Messages.altGrModifier(name), at: range)
            } else if i < last {
                let suggestion = nearest(to: name, in: Self.modifierNames)
                if let suggestion, let held = heldSpelling(of: suggestion, in: syntax, except: i) {
                    // `cmd+comand+k`: 'command' would repeat 'cmd'; the fix leaves the part out.
                    engine.error(Messages.unknownModifier(name, suggestion, held: held), at: range,
                                 fixIts: [removal(i, syntax)])
                } else {
                    engine.error(Messages.unknownModifier(name, suggestion), at: range, fixIts: fixIt(range, suggestion))
                }
            } else if let scalar = Self.controlCharacter(name) {
                // `"\t"`: the key is named, not a character (the tab character is no key).
                let named = Self.namedKey(forControlCharacter: scalar)
                engine.error(Messages.controlCharacterKey(SourceLiteral.quoted(name), named), at: range,
                             fixIts: fixIt(range, named))
            } else if let meant = Self.confusableKeyNames[name.lowercased()] {
                // `Delete`, `Enter`: the web's names for other keys than this language's
                // `delete` and `enter`; both readings are offered, neither applied by `--fix`.
                engine.error(Messages.confusableKeyName(name, meant), at: range,
                             fixIts: [FixIt(range: range, replacement: meant), FixIt(range: range, replacement: name.lowercased())])
            } else {
                let suggestion = Key.nearestName(to: name, in: Self.keyNames)
                engine.error(Messages.unknownKey(name, suggestion), at: range, fixIts: fixIt(range, suggestion))
            }
        case .duplicateModifier:
            reportDuplicate(syntax, &engine)
        case .missingKey:
            engine.error(Messages.chordHasNoKey(text), at: syntax.range)
        case .twoKeys(let first, let second):
            let range = syntax.parts.dropLast().first(where: { $0.text == first })?.range ?? syntax.range
            engine.error(Messages.chordHasTwoKeys(first, second), at: range)
        case .impossible(let reason):
            engine.error(Messages.impossibleChord(text, reason), at: syntax.range)
        case .ambiguousModifier(let name):
            guard let i = syntax.parts.firstIndex(where: { $0.text == name }) else {
                engine.error(Messages.ambiguousModifier(name), at: syntax.range)
                return
            }
            let range = syntax.parts[i].range
            let readings = Modifiers.ambiguousReadings(of: name) ?? []
            // A reading the chord holds already would repeat it (`cmd+super+k` → `cmd+cmd+k`):
            // not offered; leaving the part out is. As the key (`cmd+super`) the part leaves the
            // chord without a key whatever it is replaced with: no fix-it.
            let held = readings.filter { heldSpelling(of: $0, in: syntax, except: i) != nil }
            let fresh = readings.filter { !held.contains($0) }
            var fixIts: [FixIt] = []
            if i < last {
                fixIts = fresh.map { FixIt(range: range, replacement: $0) }
                if !held.isEmpty { fixIts.append(removal(i, syntax)) }
            }
            engine.error(Messages.ambiguousModifier(name, held: held, isKey: i == last), at: range, fixIts: fixIts)
        case .unquotedPunctuation(let text), .syntax(let text):
            // Only from reading text; the parser reports these before parts are built.
            engine.error(Messages.unknownKey(text, nil), at: syntax.range)
        }
    }

    /// The spelling of the part other than `except` among `syntax`'s modifiers that holds the
    /// modifier `spelling` names (after aliases and `primary`), if one does.
    private func heldSpelling(of spelling: String, in syntax: ChordSyntax, except: Int) -> String? {
        guard let modifier = modifier(spelling) else { return nil }
        return syntax.parts.dropLast().indices.first { $0 != except && self.modifier(syntax.parts[$0].text) == modifier }
            .map { syntax.parts[$0].text }
    }

    /// The modifier `spelling` names on this platform, if it is one.
    private func modifier(_ spelling: String) -> Modifiers? {
        spelling == "primary" ? platform.primaryModifier : Modifiers.spellings[spelling]
    }

    /// The fix-it leaving out modifier part `i` of `syntax` with its `+`.
    private func removal(_ i: Int, _ syntax: ChordSyntax) -> FixIt {
        let part = syntax.parts[i].range
        let next = syntax.parts[i + 1].range
        return FixIt(range: SourceRange(file: part.file, start: part.start, end: next.start), replacement: "")
    }

    /// Key names that keymaps elsewhere write for other keys than this language's names equal
    /// to them up to case (Grammar.md §4.3), by the lower-case name, mapped to this language's
    /// name for the key meant there: the web's `Delete` is the forward-delete key (`delete` is
    /// Backspace), its `Enter` the main Return key (`enter` is the keypad's).
    static let confusableKeyNames = ["delete": "forwardDelete", "enter": "return"]

    /// The control character `text` is when it is one (C0, delete or C1: Unicode's `Cc`),
    /// which is no key (Grammar.md §4.3).
    static func controlCharacter(_ text: String) -> Unicode.Scalar? {
        let scalars = text.unicodeScalars
        guard let s = scalars.first, scalars.count == 1, s.properties.generalCategory == .control else { return nil }
        return s
    }

    /// The named key that types the control character `scalar`, if one does: tab, return (a
    /// line break or carriage return), escape, delete (backspace or DEL).
    static func namedKey(forControlCharacter scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x09: return "tab"
        case 0x0A, 0x0D: return "return"
        case 0x1B: return "escape"
        case 0x08, 0x7F: return "delete"
        default: return nil
        }
    }

    /// Finds the part that repeats an earlier modifier (after aliases and `primary`), or the
    /// `shift` made redundant by an upper-case key.
    private func reportDuplicate(_ syntax: ChordSyntax, _ engine: inout DiagnosticEngine) {
        var seen: [(Modifiers, KeyPart)] = []
        for part in syntax.parts.dropLast() {
            let m = part.text == "primary" ? platform.primaryModifier : Modifiers.spellings[part.text]
            guard let m else { continue }
            if let first = seen.first(where: { $0.0 == m }) {
                engine.error(Messages.duplicateModifier(part.text, sameAs: first.1.text), at: part.range)
                return
            }
            seen.append((m, part))
        }
        let key = syntax.parts.last?.text ?? ""
        let shift = seen.first(where: { $0.0 == .shift })?.1.range ?? syntax.range
        engine.error(Messages.shiftImpliedByKey(key), at: shift)
    }
}
