/// A keyboard layout: what each physical key types alone, with Shift, with AltGr (Option on
/// Apple keyboards) and with both, and which of those are dead keys. The database
/// (``KeyboardLayout/all``) is generated from xkeyboard-config and VS Code's macOS and Windows tables by
/// `Scripts/generate-layouts.py`; no layout is written by hand in code.
public struct KeyboardLayout: Sendable, Identifiable {
    /// Short id used on the command line: `de`, `fr`, `de-mac`, `dvorak`.
    public let id: String
    /// Human name, e.g. `German, Apple`.
    public let name: String
    /// Whose layout this is: Apple's (the third level is Option, a modifier apps see), Linux's
    /// or Windows' (the third level is AltGr; Windows sends it as Ctrl+Alt).
    public let kind: Kind
    /// Where the data came from (`xkeyboard-config symbols/de`, `vscode de.darwin.ts`,
    /// `vscode de.win.ts, dead keys as de`).
    public let source: String
    /// The writing-system keys this layout defines, in key order.
    public let keys: [Entry]
    /// Best position of each character (see ``position(of:)``).
    private let positions: [UInt32: Position]
    /// Index into ``keys`` by HID usage, -1 where the layout has no entry: a key event on a
    /// layout looks its key up (``entry(for:)``), which was a walk of up to a hundred entries.
    private let entryIndex: [Int16]

    /// Apple's layouts, or the PC ones as Linux or Windows lays them out.
    public enum Kind: String, Sendable {
        /// Linux (xkb): the third and fourth levels need AltGr.
        case pc
        /// Windows: the third and fourth levels need AltGr, which is Ctrl+Alt there, and a
        /// dead key arms only in the modifier state that types its accent.
        case windows
        /// Apple: the third and fourth levels need Option (⌥), which apps see as `alt`.
        case apple
    }

    /// A shift level: which of Shift and AltGr/Option are held.
    public enum Level: Int, Sendable, CaseIterable, Comparable {
        case alone = 0, shift, altGr, shiftAltGr
        /// Whether Shift is held at this level.
        public var needsShift: Bool { self == .shift || self == .shiftAltGr }
        /// Whether AltGr (or Option) is held at this level.
        public var needsAltGr: Bool { rawValue >= 2 }
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// One key of a layout: the character each level types (nil where it types none) and
    /// which levels are dead keys (they type nothing until the next key).
    public struct Entry: Sendable {
        /// The physical key.
        public let key: PhysicalKey
        /// Indexed by ``Level/rawValue``.
        public let characters: [Unicode.Scalar?]
        /// Bit n set when level n is a dead key.
        public let deadMask: UInt8
        /// The character at `level`, if any.
        public func character(at level: Level) -> Unicode.Scalar? { characters[level.rawValue] }
        /// Whether `level` is a dead key.
        public func isDead(at level: Level) -> Bool { deadMask & (1 << UInt8(level.rawValue)) != 0 }
    }

    /// Where a character is typed: the key, the level, and whether it is a dead key there.
    public struct Position: Sendable, Equatable {
        public let key: PhysicalKey
        public let level: Level
        public let isDead: Bool
        public init(key: PhysicalKey, level: Level, isDead: Bool) {
            self.key = key
            self.level = level
            self.isDead = isDead
        }
    }

    /// The entry for `key`, if this layout types anything with it.
    public func entry(for key: PhysicalKey) -> Entry? {
        let usage = Int(key.usage)
        guard usage < entryIndex.count, entryIndex[usage] >= 0 else { return nil }
        return keys[Int(entryIndex[usage])]
    }

    /// Where `character` is typed on this layout: the position that is not a dead key, at the
    /// lowest level, first in key order; a dead-key position only when there is no other; nil
    /// when no key types it.
    public func position(of character: Unicode.Scalar) -> Position? { positions[character.value] }

    /// Whether the letter keys type Latin letters (false for Russian, Greek, Hebrew…), judged
    /// by what the A key types alone, as Zed does on macOS: on the other layouts the
    /// dispatcher falls back to each key's US character (Grammar.md §5).
    public let typesLatinLetters: Bool

    init(id: String, name: String, kind: Kind, source: String, keys: [Entry]) {
        self.id = id
        self.name = name
        self.kind = kind
        self.source = source
        self.keys = keys
        var best: [UInt32: (Position, rank: Int)] = [:]
        for (order, entry) in keys.enumerated() {
            for level in Level.allCases {
                guard let c = entry.character(at: level) else { continue }
                let dead = entry.isDead(at: level)
                let rank = (dead ? 1 << 20 : 0) | level.rawValue << 16 | order
                if let known = best[c.value], known.rank <= rank { continue }
                best[c.value] = (Position(key: entry.key, level: level, isDead: dead), rank)
            }
        }
        positions = best.mapValues { $0.0 }
        var index = [Int16](repeating: -1, count: Int(keys.map(\.key.usage).max() ?? 0) + 1)
        for (i, entry) in keys.enumerated() where index[Int(entry.key.usage)] < 0 {
            index[Int(entry.key.usage)] = Int16(truncatingIfNeeded: i)  // the first, as before
        }
        entryIndex = index
        if let a = keys.first(where: { $0.key.code == "KeyA" })?.character(at: .alone) {
            typesLatinLetters = !KeyEvent.isNonLatinLetter(a)
        } else {
            typesLatinLetters = false
        }
    }

    // MARK: - The database

    /// Every layout of the database, in its order (PC layouts, then Apple's). Parsed from
    /// ``database`` on first use.
    /// (The generated database has no duplicate lines; a test parses it without error.)
    public static let all: [KeyboardLayout] = (try? parse(database)) ?? []

    /// The layout with id `id`, if the database has it.
    public static func named(_ id: String) -> KeyboardLayout? {
        switch id {
        case "us": usPC
        case "us-mac": usMac
        default: all.first { $0.id == id }
        }
    }

    /// The two US layouts, parsed alone: the checker needs only them (for the spellings of
    /// reserved shortcuts), and parsing all 44 layouts would cost every `bindc check` 3 ms.
    private static let usPC: KeyboardLayout? = (try? parse(database, only: "us"))?.first
    private static let usMac: KeyboardLayout? = (try? parse(database, only: "us-mac"))?.first

    /// The US layout of `kind`, the reference the others are compared with.
    public static func us(_ kind: Kind) -> KeyboardLayout { named(kind == .apple ? "us-mac" : "us") ?? all[0] }

    /// A layout data text that lists one key, or one layout, twice (``parse(_:)``).
    public struct DataError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The 1-based line of the second listing.
        public let line: Int
        /// What is wrong, e.g. `key Digit1 of layout 'us' is listed twice (first on line 3)`.
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Parses the text format described at ``database``. A key listed twice in one layout,
    /// or a layout id given twice, is an error (which line should win is not knowable, and
    /// ``entry(for:)`` and ``position(of:)`` must agree); other lines it cannot read are
    /// skipped (the generator never writes them, and the tests read every line). With `only`,
    /// just the layout of that id is read (the others' key lines are skipped unsplit).
    static func parse(_ text: String, only: String? = nil) throws(DataError) -> [KeyboardLayout] {
        // Bytes, not `Character`s: splitting the 50 KB database by grapheme cost 10 ms on
        // every `bindc check` (the reserved-shortcut check reads the US layout).
        let bytes = Array(text.utf8)
        func string(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        var layouts: [KeyboardLayout] = []
        var header: [Range<Int>]? = nil
        var entries: [Entry] = []
        var keyLines: [PhysicalKey: Int] = [:]
        var idLines: [String: Int] = [:]
        var lineNumber = 0
        var skipping = false
        func finish() {
            if !skipping, let h = header, h.count >= 4 {
                layouts.append(KeyboardLayout(
                    id: string(h[0].dropFirst()), name: string(h[2]), kind: Kind(rawValue: string(h[1])) ?? .pc,
                    source: string(h[3]), keys: entries))
            }
            entries = []
        }
        var fields: [Range<Int>] = []
        var lineStart = 0
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            lineNumber += 1
            guard lineEnd > lineStart, !skipping || bytes[lineStart] == UInt8(ascii: "@") else { continue }
            fields.removeAll(keepingCapacity: true)
            var fieldStart = lineStart
            for i in lineStart...lineEnd where i == lineEnd || bytes[i] == UInt8(ascii: "\t") {
                fields.append(fieldStart..<i)
                fieldStart = i + 1
            }
            if bytes[lineStart] == UInt8(ascii: "@") {
                finish()
                header = fields
                keyLines = [:]
                let id = string(fields[0].dropFirst())
                if fields.count >= 4, let first = idLines[id] {
                    throw DataError(line: lineNumber, message: "layout '\(id)' is listed twice (first on line \(first))")
                }
                idLines[id] = lineNumber
                skipping = only.map { $0 != id } ?? false
                continue
            }
            guard fields.count >= 5, let key = PhysicalKey(code: string(fields[0])) else { continue }
            if let h = header, let first = keyLines[key] {
                throw DataError(line: lineNumber, message: "key \(key.code) of layout '\(string(h[0].dropFirst()))' is listed twice (first on line \(first))")
            }
            keyLines[key] = lineNumber
            let chars: [Unicode.Scalar?] = (1...4).map { fields[$0].isEmpty ? nil : string(fields[$0]).unicodeScalars.first }
            let mask = fields.count > 5 ? UInt8(string(fields[5])) ?? 0 : 0
            entries.append(Entry(key: key, characters: chars, deadMask: mask))
        }
        finish()
        return layouts
    }
}
