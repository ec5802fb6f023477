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
                engine.error(Messages.unknownModifier(name, suggestion), at: range, fixIts: fixIt(range, suggestion))
            } else if let named = Self.namedKey(forControlCharacter: name) {
                // `"\t"`: the key is named, not a character (the tab character is no key).
                engine.error(Messages.controlCharacterKey(Self.escaped(name), named), at: range,
                             fixIts: [FixIt(range: range, replacement: named)])
            } else {
                let suggestion = nearest(to: name, in: Self.keyNames)
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
            let range = syntax.parts.first(where: { $0.text == name })?.range ?? syntax.range
            let fixIts = (Modifiers.ambiguousSpellings[name] ?? []).map { FixIt(range: range, replacement: $0) }
            engine.error(Messages.ambiguousModifier(name), at: range, fixIts: fixIts)
        case .unquotedPunctuation(let text), .syntax(let text):
            // Only from reading text; the parser reports these before parts are built.
            engine.error(Messages.unknownKey(text, nil), at: syntax.range)
        }
    }

    /// The named key that types `text` when it is one control character: tab, return (a line
    /// break or carriage return), escape, delete (backspace or DEL).
    static func namedKey(forControlCharacter text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 1 else { return nil }
        switch scalars[0].value {
        case 0x09: return "tab"
        case 0x0A, 0x0D: return "return"
        case 0x1B: return "escape"
        case 0x08, 0x7F: return "delete"
        default: return nil
        }
    }

    /// `text` with its control characters written as string escapes (`\t`, `\u{1B}`), for a
    /// message that must not print them raw.
    static func escaped(_ text: String) -> String {
        var out = ""
        for s in text.unicodeScalars {
            switch s.value {
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0..<0x20, 0x7F: out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(s)
            }
        }
        return out
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
