/// One stroke: a key pressed with a set of modifiers. A binding's sequence is one or more.
/// It prints as `.bind` source writes it (``sourceText``: `shift+cmd+f`, `cmd+"["`), which
/// ``parse(_:platform:)`` reads back.
public struct Chord: Hashable, Sendable, CustomStringConvertible {
    /// The key pressed.
    public let key: Key
    /// The modifiers held.
    public let modifiers: Modifiers

    public init(key: Key, modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// The chord packed in 32 bits: modifiers in bits 21–26, the key below. This is the form
    /// stored in tables and hashed by the trie.
    public var code: UInt32 { UInt32(modifiers.rawValue) << 21 | key.rawValue }

    /// Unpacks ``code``; nil when the bits are not a valid chord.
    public init?(code: UInt32) {
        let mods = Modifiers(rawValue: UInt8(truncatingIfNeeded: code >> 21))
        guard code >> 27 == 0, Modifiers.all.isSuperset(of: mods) else { return nil }
        let key = Key(rawValue: code & 0x1F_FFFF)
        guard key.isValid else { return nil }
        self.init(key: key, modifiers: mods)
    }

    /// Canonical source text, e.g. `ctrl+alt+shift+cmd+k`, `cmd+"["`.
    public var sourceText: String {
        var parts: [String] = []
        for m in Modifiers.canonicalOrder where modifiers.contains(m.modifier) { parts.append(m.name) }
        parts.append(key.sourceName)
        return parts.joined(separator: "+")
    }

    /// ``sourceText``: a chord prints as source writes it.
    public var description: String { sourceText }

    /// Overlay rendering in Apple's order, e.g. `⌃⌥⇧⌘K`.
    public var glyphs: String {
        var s = ""
        for m in Modifiers.canonicalOrder where modifiers.contains(m.modifier) { s += m.glyph }
        return s + key.glyph
    }

    /// Plain-text rendering, e.g. `Ctrl+Alt+Shift+Cmd+K`.
    public var plainText: String {
        var parts: [String] = []
        for m in Modifiers.canonicalOrder where modifiers.contains(m.modifier) { parts.append(Chord.plainNames[m.modifier] ?? m.name) }
        parts.append(key.plainName)
        return parts.joined(separator: "+")
    }
}

extension Chord {
    /// Each modifier's name in plain-text renderings.
    static let plainNames: [Modifiers: String] = [
        .control: "Ctrl", .alternate: "Alt", .shift: "Shift", .command: "Cmd",
        .capsLock: "CapsLock", .numericPad: "Numpad",
    ]
}

/// Why a chord spelled as text could not be built.
public enum ChordError: Error, Equatable, Sendable {
    /// A part that is neither a modifier nor a key; `suggestion` is the nearest known name.
    case unknownName(String, suggestion: String?)
    /// The same modifier given twice (after aliases: `cmd+command+k`).
    case duplicateModifier(String)
    /// Modifiers with no key, or two keys in one chord.
    case missingKey
    /// Two keys in one chord (`a+b`).
    case twoKeys(String, String)
    /// A chord no keyboard can produce (`numpad+a`).
    case impossible(String)
    /// A modifier spelling with several readings (`meta`, `super`; see
    /// ``Modifiers/ambiguousSpellings``).
    case ambiguousModifier(String)
    /// A stroke that is one punctuation character written bare (`[`): source quotes it
    /// (`"["`); bare punctuation is a key only directly after a `+` (`cmd+[`).
    case unquotedPunctuation(String)
    /// Text that is not a chord as source writes one (Grammar.md §2), from where it goes
    /// wrong: white space or a control character inside the chord, two parts with no `+`
    /// between them (`cmd+1a`, `⌘k`), a quoted key that is not one character (`cmd+"ab"`),
    /// or a string literal that is unterminated or has a bad escape.
    case syntax(String)
}

extension Chord {
    /// Builds a chord from its parts as written (`["cmd", "shift", "k"]`), the last one the
    /// key, resolving aliases, `primary` for `platform`, and upper-case letters (`G` is
    /// `shift+g`). The front end and every tool that reads chords from users share this.
    public static func build(parts: [String], platform: Platform) -> Result<Chord, ChordError> {
        guard let keyPart = parts.last, !keyPart.isEmpty else { return .failure(.missingKey) }
        var mods: Modifiers = []
        for name in parts.dropLast() {
            let m: Modifiers
            if name == "primary" { m = platform.primaryModifier }
            else if let known = Modifiers.spellings[name] { m = known }
            else if Modifiers.ambiguousReadings(of: name) != nil { return .failure(.ambiguousModifier(name)) }
            else if Key.resolve(name) != nil { return .failure(.twoKeys(name, keyPart)) }
            else { return .failure(.unknownName(name, suggestion: nearestName(to: name))) }
            if mods.contains(m) { return .failure(.duplicateModifier(name)) }
            mods.insert(m)
        }
        if Modifiers.ambiguousReadings(of: keyPart) != nil { return .failure(.ambiguousModifier(keyPart)) }
        if keyPart == "primary" || Modifiers.spellings[keyPart] != nil { return .failure(.missingKey) }
        guard let (key, shifted) = Key.resolve(keyPart) else {
            return .failure(.unknownName(keyPart, suggestion: nearestName(to: keyPart)))
        }
        if shifted {
            if mods.contains(.shift) { return .failure(.duplicateModifier("shift")) }
            mods.insert(.shift)
        }
        if mods.contains(.numericPad) && !key.isOnNumericPad {
            // `'a'`, and a quoted key as written (`"("`), not wrapped again.
            let name = key.sourceName.hasPrefix("\"") ? key.sourceName : "'\(key.sourceName)'"
            return .failure(.impossible("the numeric keypad has no \(name) key"))
        }
        return .success(Chord(key: key, modifiers: mods))
    }

    /// Every name a user may write in a chord, for did-you-mean suggestions.
    public static var knownNames: [String] {
        Array(Modifiers.spellings.keys) + ["primary"] + Array(Key.aliases.keys)
    }

    /// The known name closest to `name` by edit distance, if one is close enough; among key
    /// names as ``Key/nearestName(to:in:)`` prefers them.
    public static func nearestName(to name: String) -> String? {
        nearest(to: name, in: knownNames, preferring: Key.suggestionRank(for: name))
    }
}

extension Key {
    /// The key name `word` most likely misspells among `names` (key names from
    /// ``aliases``), by ``nearest(to:in:preferring:)`` and ``suggestionRank(for:)``: the same
    /// answer whatever the order of `names` (a dictionary's keys change order between runs).
    public static func nearestName(to word: String, in names: some Sequence<String>) -> String? {
        nearest(to: word, in: names, preferring: suggestionRank(for: word))
    }

    /// How likely each key name is meant by `word` among names equally near it (lowest
    /// first, Grammar.md §4.3): a key position (`Slash`, `BracketLeft`) first when `word` is
    /// capitalised as position names are (`Bracketleft`); then a key's canonical name or a
    /// punctuation name (`pageUp`, `slash`); then another alias (`pageup`, `esc`); a key
    /// position last for any other spelling (`SLASH`, `bracketleft`).
    public static func suggestionRank(for word: String) -> (String) -> Int {
        let capitalised = word.unicodeScalars.first.map { ("A"..."Z").contains($0) } == true
            && word.unicodeScalars.contains { ("a"..."z").contains($0) }
        return { name in
            guard let key = aliases[name] else { return 2 }
            if key.isPhysical { return capitalised ? 0 : 3 }
            return key.isNamed && key.sourceName != name ? 2 : 1
        }
    }

    /// The key a source word names, and whether it implies shift (an upper-case letter).
    /// Accepts canonical names, aliases, and any single character but a control character.
    public static func resolve(_ word: String) -> (Key, shifted: Bool)? {
        if let k = aliases[word] { return (k, false) }
        let scalars = Array(word.unicodeScalars)
        // A control character (C0, delete, C1) is no key (Grammar.md §4.3).
        guard scalars.count == 1, let s = scalars.first, s.properties.generalCategory != .control else { return nil }
        let shifted = s.value >= 0x41 && s.value <= 0x5A
        return (Key(character: s), shifted)
    }
}

/// The candidate `word` most likely misspells, shared by every did-you-mean (Grammar.md §4.3):
/// a candidate equal to it up to case wins; otherwise the nearest by ``editDistance(_:_:)``
/// (case-insensitive) among those within a third of the word's length (at least 1), or that
/// the word starts with or that start with the word (the shorter at least 3 letters:
/// `Boolean` → `Bool`, `Integer` → `Int`). Ties (several candidates equal up to case, or as
/// near) prefer a prefix, then the first in alphabetical order (by Unicode scalars, so
/// `Slash` before `slash`), whatever the order of `candidates`. Nil when no candidate is that
/// close.
public func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
    nearest(to: word, in: candidates, preferring: { _ in 0 })
}

/// ``nearest(to:in:)`` with a further tie-break before alphabetical order: among candidates
/// as near as each other (and alike in being a prefix or not), the lowest `rank` wins. Key
/// names rank so (``Key/nearestName(to:in:)``): `SLASH` means `slash` more likely than the
/// key position `Slash`.
public func nearest(to word: String, in candidates: some Sequence<String>, preferring rank: (String) -> Int) -> String? {
    let w = Array(word.lowercased().utf8)
    let limit = max(1, w.count / 3)
    // Distance -1: equal up to case, nearer than any misspelling.
    var best: (name: String, distance: Int, prefix: Bool, rank: Int)? = nil
    var rows = EditDistanceRows()
    for c in candidates {
        // An ASCII candidate whose length is too far from the word's can only be a prefix
        // match: that is checked in place, so most candidates cost no allocation.
        let ascii = c.utf8.allSatisfy { $0 < 0x80 }
        if ascii && abs(c.utf8.count - w.count) > limit && !asciiPrefixMatch(c, w) { continue }
        let lowered = ascii ? c.utf8.map(asciiLowercased) : Array(c.lowercased().utf8)
        let d: Int
        let prefix: Bool
        if lowered == w {
            d = -1
            prefix = false
        } else {
            let shorter = min(lowered.count, w.count)
            prefix = shorter >= 3 && (lowered.starts(with: w) || w.starts(with: lowered))
            // Past the limit only a prefix counts, and then its exact distance ranks it.
            d = rows.distance(w, lowered, atMost: prefix ? Int.max : limit)
            guard d <= limit || prefix else { continue }
        }
        if let b = best {
            if d > b.distance { continue }
            if d == b.distance {
                if b.prefix && !prefix { continue }
                if b.prefix == prefix {
                    let r = rank(c)
                    if r > b.rank || r == b.rank && c >= b.name { continue }
                    best = (c, d, prefix, r)
                    continue
                }
            }
        }
        best = (c, d, prefix, rank(c))
    }
    return best?.name
}

private func asciiLowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
}

/// Whether the ASCII text `c`, lower-cased, and `w` (lower-case) are a prefix match in
/// ``nearest(to:in:)``'s sense: the shorter at least 3 bytes and a prefix of the other.
private func asciiPrefixMatch(_ c: String, _ w: [UInt8]) -> Bool {
    let count = c.utf8.count
    guard min(count, w.count) >= 3 else { return false }
    return zip(c.utf8, w).allSatisfy { asciiLowercased($0) == $1 }
}

/// Edit distance between two byte strings, counting an insertion, a deletion, a substitution
/// or a transposition of two adjacent bytes as one edit (optimal string alignment, the
/// restricted Damerau–Levenshtein distance): `titel` is one edit from `title`.
public func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var rows = EditDistanceRows()
    return rows.distance(a, b, atMost: Int.max)
}

/// The three rows ``editDistance(_:_:)`` works in, kept between calls so that comparing one
/// word with many candidates allocates them once.
private struct EditDistanceRows {
    var before: [Int] = []  // row i - 2
    var prev: [Int] = []    // row i - 1
    var cur: [Int] = []

    /// The distance between `a` and `b`, or some value above `bound` when it exceeds `bound`
    /// (stops once two consecutive rows are all above it: every later cell derives from
    /// those two rows with costs of at least 0, and column 0 only grows).
    mutating func distance(_ a: [UInt8], _ b: [UInt8], atMost bound: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if bound != Int.max && abs(a.count - b.count) > bound { return bound + 1 }
        let width = b.count + 1
        if before.count < width {
            before = [Int](repeating: 0, count: width)
            prev = before
            cur = before
        }
        for j in 0..<width { prev[j] = j }
        var previousRowAbove = false
        for i in 1...a.count {
            cur[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                var d = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                cur[j] = d
                rowMinimum = min(rowMinimum, d)
            }
            if rowMinimum > bound {
                if previousRowAbove { return bound + 1 }
                previousRowAbove = true
            } else {
                previousRowAbove = false
            }
            swap(&before, &prev)
            swap(&prev, &cur)
        }
        return prev[b.count]
    }
}
