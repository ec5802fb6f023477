/// The syntax tree of one `.bind` file, as written: names unresolved, every node with its
/// source range. The parser builds it (with `.error` nodes where it recovered); the checker
/// resolves it into a ``Keymap``; the formatter prints it back.
public struct FileSyntax: Sendable {
    public var file: FileID
    public var declarations: [Declaration]
    public init(file: FileID, declarations: [Declaration]) {
        self.file = file
        self.declarations = declarations
    }
}

/// A name as written, with its range.
public struct Identifier: Sendable, Equatable {
    public var name: String
    public var range: SourceRange
    public init(name: String, range: SourceRange) {
        self.name = name
        self.range = range
    }
}

/// A string literal with escapes decoded.
public struct StringLiteral: Sendable, Equatable {
    public var value: String
    public var range: SourceRange
    public init(value: String, range: SourceRange) {
        self.value = value
        self.range = range
    }
}

/// A top-level declaration (Grammar.md, "Declarations").
public enum Declaration: Sendable {
    /// `layer over "path"`: a file this one layers over (Grammar.md §9).
    case layer(LayerDirective)
    /// `keymap "Name"` or `keymap "Name" for linux, windows`: the platforms it is for, as
    /// written (empty: every platform).
    case keymap(StringLiteral, platforms: [Identifier], range: SourceRange)
    /// `context name: Type`
    case context(ContextDeclaration)
    /// `responder A, B, C`
    case responder([Identifier], range: SourceRange)
    /// `action name` or `action name(Type)`
    case action(ActionDeclaration)
    /// `in Role [when expr] { items }`
    case block(BindingBlock)
    /// `menu edit { … }` or `menu "Title" { … }`
    case menu(MenuDeclaration)
    /// `shortcut "type" { fields }`
    case shortcut(ShortcutDeclaration)
    /// Source the parser skipped while recovering.
    case error(SourceRange)
}

/// `layer over "path"`: names a file this one layers over, relative to this file's directory.
/// Directives come before every other declaration; several are loaded in order.
public struct LayerDirective: Sendable {
    /// The path as written (escapes decoded).
    public var path: StringLiteral
    public var range: SourceRange
    public init(path: StringLiteral, range: SourceRange) {
        self.path = path
        self.range = range
    }
}

/// `context name: Type`.
public struct ContextDeclaration: Sendable {
    public var name: Identifier
    public var type: TypeSyntax
    public var range: SourceRange
    public init(name: Identifier, type: TypeSyntax, range: SourceRange) {
        self.name = name
        self.type = type
        self.range = range
    }
}

/// A context type as written.
public enum TypeSyntax: Sendable {
    /// `Bool`, `String`, or an unknown name (the checker reports it).
    case named(Identifier)
    /// `a | b | c`: an enumeration of two or more cases.
    case enumeration([Identifier], range: SourceRange)
}

/// `action name` or `action name(Type)`.
public struct ActionDeclaration: Sendable {
    public var name: Identifier
    public var argumentType: Identifier?
    public var range: SourceRange
    public init(name: Identifier, argumentType: Identifier?, range: SourceRange) {
        self.name = name
        self.argumentType = argumentType
        self.range = range
    }
}

/// `in Role [when expr] { items }`: key commands of one responder role.
public struct BindingBlock: Sendable {
    public var role: Identifier
    public var condition: Expression?
    public var items: [BlockItem]
    public var range: SourceRange
    public init(role: Identifier, condition: Expression?, items: [BlockItem], range: SourceRange) {
        self.role = role
        self.condition = condition
        self.items = items
        self.range = range
    }
}

/// One item of a binding block.
public enum BlockItem: Sendable {
    case binding(BindingSyntax)
    /// `group "Title" { items }`
    case group(GroupSyntax)
    /// `unbind sequence [when expr]`: removes earlier files' bindings of this sequence in this
    /// role, where the condition holds.
    case unbind(UnbindSyntax)
    case error(SourceRange)
}

extension BlockItem {
    /// Whether the item is a binding (its case only: no payload is copied).
    var isBinding: Bool {
        if case .binding = self { return true }
        return false
    }
}

/// `group "Title" { items }`: a discoverability group.
public struct GroupSyntax: Sendable {
    public var title: StringLiteral
    public var items: [BlockItem]
    public var range: SourceRange
    public init(title: StringLiteral, items: [BlockItem], range: SourceRange) {
        self.title = title
        self.items = items
        self.range = range
    }
}

/// `unbind sequence [when expr]`.
public struct UnbindSyntax: Sendable {
    public var sequence: ChordSequenceSyntax
    /// The unbind's own condition; the block's `when` applies too.
    public var condition: Expression?
    /// From `unbind` to the end of the sequence or condition.
    public var range: SourceRange
    public init(sequence: ChordSequenceSyntax, condition: Expression?, range: SourceRange) {
        self.sequence = sequence
        self.condition = condition
        self.range = range
    }
}

/// `[@attribute…] sequence -> action[(arg)] ["Title"] [when expr]`.
///
/// 120 bytes: the properties are stored in the order that leaves no padding (a large keymap
/// has one of these per binding in its syntax tree).
public struct BindingSyntax: Sendable {
    public var sequence: ChordSequenceSyntax
    public var action: ActionReference
    public var title: StringLiteral?
    /// From the first attribute (or the sequence) to the end of the binding.
    public var range: SourceRange
    public var condition: Expression?
    /// `@priority`, `@allowReserved`, `@repeat` before the sequence, in written order
    /// (Grammar.md §4.8).
    public var attributes: [AttributeSyntax]
    public init(
        sequence: ChordSequenceSyntax, action: ActionReference, title: StringLiteral?,
        condition: Expression?, range: SourceRange, attributes: [AttributeSyntax] = []
    ) {
        self.sequence = sequence
        self.action = action
        self.title = title
        self.condition = condition
        self.range = range
        self.attributes = attributes
    }
}

/// `@name`, `@name(argument)` or `@name(name, …)` before a binding: `@priority`,
/// `@allowReserved`, `@repeat`, `@repeat(800ms)`, `@allowLayouts(de, needsAltGr)`. The parser
/// accepts any name, and in parentheses either a number with a unit or a list of names; the
/// checker knows which exist.
public struct AttributeSyntax: Sendable {
    /// The name after the `@`.
    public var name: Identifier
    /// The parenthesised number argument directly after the name, if any (`(800ms)`).
    public var argument: AttributeArgumentSyntax?
    /// The parenthesised names directly after the name, if any (`(de, fr-mac, deadKey)`).
    public var arguments: [Identifier]?
    /// From the `@` to the end of the name, or of the `)`.
    public var range: SourceRange
    public init(name: Identifier, argument: AttributeArgumentSyntax? = nil, arguments: [Identifier]? = nil, range: SourceRange) {
        self.name = name
        self.argument = argument
        self.arguments = arguments
        self.range = range
    }
}

/// `(500ms)` after an attribute's name: a number and the unit written directly after it.
public struct AttributeArgumentSyntax: Sendable {
    /// The number as written: digits, or digits `.` digits (`500`, `1.5`).
    public var number: String
    /// The unit directly after the number (`ms`, `s`); nil when none is written.
    public var unit: Identifier?
    /// The number and its unit.
    public var valueRange: SourceRange
    /// From `(` to `)`.
    public var range: SourceRange
    public init(number: String, unit: Identifier?, valueRange: SourceRange, range: SourceRange) {
        self.number = number
        self.unit = unit
        self.valueRange = valueRange
        self.range = range
    }

    /// The argument as the formatter writes it: `(500ms)`.
    public var text: String { "(" + number + (unit?.name ?? "") + ")" }
}

/// One or more chords separated by spaces: `ctrl+k ctrl+c`.
///
/// The chords' key parts are kept in one array, in order, a chord starting at each part whose
/// ``KeyPart/startsChord`` is set: one array per sequence rather than one per chord and one of
/// chords. The parts are the largest share of a large keymap's syntax tree, so each is
/// stored in 8 bytes when it fits (``PackedKeyPart``: its file is the sequence's), else as
/// a ``KeyPart``; the parser stores them in chunks shared by many sequences
/// (``KeyPartChunk``). ``part(_:)`` reads one, ``parts`` makes the array, ``chords`` gives
/// them chord by chord.
public struct ChordSequenceSyntax: Sendable {
    /// The parts, packed or, when one does not fit, as they are.
    private enum Storage: Sendable {
        /// `count` parts from `start` of a chunk shared with other sequences.
        case chunk(KeyPartChunk, start: UInt16, count: UInt16)
        case packed([PackedKeyPart])
        case wide([KeyPart])
    }

    private var storage: Storage
    public var range: SourceRange

    /// A sequence of `chords` (for trees built by hand). As for parsed chords, each chord's
    /// range is taken to run from its first part's start to its last part's end; a chord
    /// without parts has nothing to keep and is left out.
    public init(chords: [ChordSyntax], range: SourceRange) {
        var parts: [KeyPart] = []
        parts.reserveCapacity(chords.reduce(0) { $0 + $1.parts.count })
        for chord in chords {
            for (i, part) in chord.parts.enumerated() {
                var part = part
                part.startsChord = i == 0
                parts.append(part)
            }
        }
        self.init(parts: parts, range: range)
    }

    /// A sequence of `parts` as stored (each chord's first part marked), all in `range`'s
    /// file. Stored in an array of exactly their number.
    init(parts: [KeyPart], range: SourceRange) {
        self.range = range
        var packed: [PackedKeyPart] = []
        storage = Self.pack(parts, in: range.file, into: &packed) ? .packed(Self.exactly(packed)) : Self.wide(parts)
    }

    /// A sequence of `parts` (as above) stored in the parser's `chunks`, packed through
    /// `buffer` (left empty, its capacity kept for the next sequence).
    init(parts: [KeyPart], range: SourceRange, packing buffer: inout [PackedKeyPart], into chunks: inout KeyPartChunks) {
        self.range = range
        defer { buffer.removeAll(keepingCapacity: true) }
        if !Self.pack(parts, in: range.file, into: &buffer) {
            storage = Self.wide(parts)
        } else if let (chunk, start) = chunks.store(buffer) {
            storage = .chunk(chunk, start: UInt16(start), count: UInt16(buffer.count))
        } else {
            storage = .packed(Self.exactly(buffer))
        }
    }

    /// `packed` in an array of exactly their number.
    private static func exactly(_ packed: [PackedKeyPart]) -> [PackedKeyPart] {
        var copy: [PackedKeyPart] = []
        copy.reserveCapacity(packed.count)
        copy.append(contentsOf: packed)
        return copy
    }

    /// Appends `parts` packed to `packed`; false when one is in another file than `file`, or
    /// does not fit in a ``PackedKeyPart``.
    private static func pack(_ parts: [KeyPart], in file: FileID, into packed: inout [PackedKeyPart]) -> Bool {
        for part in parts {
            guard part.range.file == file, let p = PackedKeyPart(part) else { return false }
            packed.append(p)
        }
        return true
    }

    /// `parts` as they are, in an array of exactly their number.
    private static func wide(_ parts: [KeyPart]) -> Storage {
        var wide: [KeyPart] = []
        wide.reserveCapacity(parts.count)
        wide.append(contentsOf: parts)
        return .wide(wide)
    }

    /// Every chord's parts in order; the first part of each chord has ``KeyPart/startsChord``.
    /// Made on each call: ``partCount`` and ``part(_:)`` read one at a time.
    public var parts: [KeyPart] { (0..<partCount).map(part) }

    /// How many parts the sequence has.
    public var partCount: Int {
        switch storage {
        case .chunk(_, _, let count): Int(count)
        case .packed(let p): p.count
        case .wide(let w): w.count
        }
    }

    /// Part `i` (`0..<partCount`; any other index traps, as an array's does).
    @inline(__always)
    public func part(_ i: Int) -> KeyPart {
        switch storage {
        case .chunk(let c, let start, let count):
            precondition(UInt(bitPattern: i) < UInt(count), "part index out of range")
            return c[Int(start) + i].part(in: range.file)
        case .packed(let p): return p[i].part(in: range.file)
        case .wide(let w): return w[i]
        }
    }

    /// Whether part `i` begins a chord.
    @inline(__always)
    func startsChord(_ i: Int) -> Bool {
        switch storage {
        case .chunk(let c, let start, let count):
            precondition(UInt(bitPattern: i) < UInt(count), "part index out of range")
            return c[Int(start) + i].startsChord
        case .packed(let p): return p[i].startsChord
        case .wide(let w): return w[i].startsChord
        }
    }

    /// The chords, each with its own parts array (made on each call).
    public var chords: [ChordSyntax] {
        var chords: [ChordSyntax] = []
        var start = 0
        while start < partCount {
            let end = chordEnd(from: start)
            let own = (start..<end).map { var p = part($0); p.startsChord = false; return p }
            chords.append(ChordSyntax(parts: own, range: chordRange(start, end)))
            start = end
        }
        return chords
    }

    /// How many chords the sequence has.
    public var chordCount: Int {
        var n = 0
        for i in 0..<partCount where startsChord(i) { n += 1 }
        return n
    }

    /// Where the chord whose first part is at `start` ends: the next chord's first part, or
    /// the end of the parts.
    @inline(__always)
    func chordEnd(from start: Int) -> Int {
        let count = partCount
        var end = start + 1
        while end < count && !startsChord(end) { end += 1 }
        return end
    }

    /// The range of the chord of parts `start..<end`: from its first part's start to its
    /// last part's end, as parsed.
    @inline(__always)
    func chordRange(_ start: Int, _ end: Int) -> SourceRange {
        part(start).range.through(part(end - 1).range)
    }
}

/// A ``KeyPart`` in 8 bytes, without its file: the start offset (32 bits), and in the other
/// word the text's ``KeyPartNames`` number (20 bits), the length (11 bits) and whether it
/// starts a chord. A part whose number or length needs more bits is not packed.
struct PackedKeyPart: Sendable {
    private let start: UInt32
    private let word: UInt32

    private static let numberBits: UInt32 = 20
    private static let lengthBits: UInt32 = 11
    private static let chordBit: UInt32 = 1 << 31

    /// `part` packed, or nil when its number or length does not fit.
    @inline(__always)
    init?(_ part: KeyPart) {
        let length = part.range.end - part.range.start
        guard part.number < 1 << Self.numberBits, length >= 0, length < 1 << Self.lengthBits else { return nil }
        start = UInt32(truncatingIfNeeded: part.range.start)
        word = part.number | UInt32(truncatingIfNeeded: length) << Self.numberBits | (part.startsChord ? Self.chordBit : 0)
    }

    /// Whether the part begins a chord.
    @inline(__always)
    var startsChord: Bool { word & Self.chordBit != 0 }

    /// The part, in `file`.
    @inline(__always)
    func part(in file: FileID) -> KeyPart {
        let length = Int(word >> Self.numberBits & (1 << Self.lengthBits - 1))
        var part = KeyPart(number: word & (1 << Self.numberBits - 1),
                           range: SourceRange(file: file, start: Int(start), end: Int(start) + length))
        part.startsChord = startsChord
        return part
    }
}

/// One chord as written: its `+`-separated parts, the last one the key.
public struct ChordSyntax: Sendable {
    public var parts: [KeyPart]
    public var range: SourceRange
    public init(parts: [KeyPart], range: SourceRange) {
        self.parts = parts
        self.range = range
    }
}

/// A modifier or key name as written (`cmd`, `k`, `f5`, `"["`, `[`); `text` is the name or the
/// quoted character, unquoted.
///
/// 16 bytes, with no reference: the text is held as its number in ``KeyPartNames``. Key parts
/// are a third of a large keymap's syntax tree, so their size is much of the tree's, and a
/// part array without references is copied and freed without visiting its parts.
public struct KeyPart: Sendable, Equatable {
    public var range: SourceRange
    /// The text's number in ``KeyPartNames`` (bits 0–30) and ``startsChord`` (bit 31).
    private var code: UInt32

    private static let chordBit: UInt32 = 1 << 31

    /// The text's number in ``KeyPartNames`` (1 or more; one of the known spellings up to
    /// ``KeyPartNames/knownCount``).
    var number: UInt32 { code & ~Self.chordBit }

    /// In a ``ChordSequenceSyntax``, whether this part begins a chord (false elsewhere). Not
    /// compared.
    public internal(set) var startsChord: Bool {
        get { code & Self.chordBit != 0 }
        set { code = newValue ? code | Self.chordBit : code & ~Self.chordBit }
    }

    /// The name or the quoted character, unquoted.
    public var text: String {
        get { KeyPartNames.spelling(number) }
        set { code = (code & Self.chordBit) | KeyPartNames.number(newValue) }
    }

    public init(text: String, range: SourceRange) {
        self.range = range
        code = KeyPartNames.number(text)
    }

    /// The part whose text is number `number` of ``KeyPartNames``.
    @inline(__always)
    init(number: UInt32, range: SourceRange) {
        self.range = range
        code = number
    }

    /// The part spelled by the UTF-8 bytes `utf8` (the parser's: no `String` is made for a
    /// known name).
    init(utf8: UnsafeBufferPointer<UInt8>, range: SourceRange) {
        self.range = range
        code = KeyPartNames.number(utf8: utf8)
    }

    /// Same text and range (each text has one number).
    public static func == (a: KeyPart, b: KeyPart) -> Bool {
        a.range == b.range && a.number == b.number
    }
}

/// `name` or `name(literal)`: the action a binding or menu item sends.
///
/// 40 bytes: its range starts where its name does, so only the end is stored (one per
/// binding of a large keymap's syntax tree).
public struct ActionReference: Sendable {
    public var name: Identifier
    /// Where ``range`` ends (stored beside the name's 28 bytes, where it takes no room).
    private var end: UInt32
    public var argument: Literal?

    /// From the name to the end of the reference (the argument's `)`); it starts where the
    /// name does.
    public var range: SourceRange {
        SourceRange(file: name.range.file, start: name.range.start, end: max(name.range.start, Int(end)))
    }

    /// A reference to `name` with `argument`, written at `range`, which starts where `name`
    /// does.
    public init(name: Identifier, argument: Literal?, range: SourceRange) {
        self.name = name
        self.argument = argument
        end = UInt32(truncatingIfNeeded: range.end)
    }
}

/// A literal value: action arguments and user-info values.
///
/// Indirect: a reference to a box, 8 bytes where the value was 32. Every binding's action
/// holds an optional one, and few bindings have an argument.
public indirect enum Literal: Sendable {
    case int(Int64, range: SourceRange)
    case double(Double, range: SourceRange)
    case string(StringLiteral)
    case bool(Bool, range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .int(_, let r), .double(_, let r), .bool(_, let r): return r
        case .string(let s): return s.range
        }
    }
}

/// A `when` expression (Grammar.md, "Conditions").
public indirect enum Expression: Sendable {
    /// A context variable, or an enum case on the right of `==`/`!=`/`in`.
    case identifier(Identifier)
    case string(StringLiteral)
    case bool(Bool, range: SourceRange)
    /// `!e`; the range covers the whole expression.
    case not(Expression, range: SourceRange)
    /// `lhs op rhs`; `operatorRange` is the operator's own range.
    case binary(BinaryOperator, Expression, Expression, operatorRange: SourceRange)
    /// `lhs in (a, b, …)` or `lhs not in (…)`.
    case membership(Expression, [Expression], negated: Bool, range: SourceRange)
    /// `( e )`, kept so the formatter can print it.
    case parenthesized(Expression, range: SourceRange)
    /// `inside Role` or `is Role`: a question about the responder chain.
    case chain(ChainPredicateSyntax)
    /// Where the parser recovered; the checker skips it.
    case error(SourceRange)

    /// The source range of the whole expression (found by walking down the operands of
    /// binary operators in a loop, not by recursion).
    public var range: SourceRange {
        guard case .binary(_, var first, var last, _) = self else { return ownRange }
        while case .binary(_, let l, _, _) = first { first = l }
        while case .binary(_, _, let r, _) = last { last = r }
        return first.ownRange.through(last.ownRange)
    }

    /// The range of a node that is not `.binary` (whose range is its operands').
    private var ownRange: SourceRange {
        switch self {
        case .identifier(let i): return i.range
        case .string(let s): return s.range
        case .bool(_, let r), .not(_, let r), .membership(_, _, _, let r), .parenthesized(_, let r), .error(let r):
            return r
        case .binary(_, _, _, let r): return r
        case .chain(let c): return c.range
        }
    }
}

/// `inside Role` / `is Role` in a condition (Grammar.md §4.6).
public struct ChainPredicateSyntax: Sendable {
    /// Which question: a responder further out plays the role, or the same one does.
    public enum Kind: String, Sendable {
        case inside
        case `is`
    }
    public var kind: Kind
    public var role: Identifier
    /// From the keyword to the end of the role name.
    public var range: SourceRange
    public init(kind: Kind, role: Identifier, range: SourceRange) {
        self.kind = kind
        self.role = role
        self.range = range
    }
}

/// Binary `when` operators, from loosest to tightest: `||`, `&&`, then `==` `!=`.
public enum BinaryOperator: String, Sendable {
    case or = "||"
    case and = "&&"
    case equal = "=="
    case notEqual = "!="
}

/// `menu edit { … }` or `menu "Title" { … }`.
public struct MenuDeclaration: Sendable {
    /// nil for the edit menu; the title for a main menu or submenu.
    public var title: StringLiteral?
    public var entries: [MenuEntrySyntax]
    public var range: SourceRange
    public init(title: StringLiteral?, entries: [MenuEntrySyntax], range: SourceRange) {
        self.title = title
        self.entries = entries
        self.range = range
    }
}

/// One entry of a menu declaration.
public enum MenuEntrySyntax: Sendable {
    /// `"Title" [chord] -> action [when expr]`
    case item(MenuItemSyntax)
    /// `menu "Title" { … }` nested in a main menu.
    case submenu(MenuDeclaration)
    /// `separator`
    case separator(SourceRange)
    case error(SourceRange)
}

/// `"Title" [chord] -> action [when expr]`.
public struct MenuItemSyntax: Sendable {
    public var title: StringLiteral
    public var keyEquivalent: ChordSyntax?
    public var action: ActionReference
    public var condition: Expression?
    /// From the first attribute (or the title) to the end of the item.
    public var range: SourceRange
    /// Attributes before the title (`@allowLayouts(…)`, Grammar.md §4.8), in written order.
    public var attributes: [AttributeSyntax]
    public init(
        title: StringLiteral, keyEquivalent: ChordSyntax?, action: ActionReference,
        condition: Expression?, range: SourceRange, attributes: [AttributeSyntax] = []
    ) {
        self.attributes = attributes
        self.title = title
        self.keyEquivalent = keyEquivalent
        self.action = action
        self.condition = condition
        self.range = range
    }
}

/// `shortcut "type" { field value … }`: a home-screen quick action.
public struct ShortcutDeclaration: Sendable {
    public var type: StringLiteral
    public var fields: [ShortcutField]
    public var range: SourceRange
    public init(type: StringLiteral, fields: [ShortcutField], range: SourceRange) {
        self.type = type
        self.fields = fields
        self.range = range
    }
}

/// `title "…"`, `subtitle "…"`, `icon name`, `iconFile "…"`, `userInfo { … }`.
public struct ShortcutField: Sendable {
    public var name: Identifier
    public var value: FieldValue
    public var range: SourceRange
    public init(name: Identifier, value: FieldValue, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}

/// The value of a shortcut field.
public enum FieldValue: Sendable {
    case literal(Literal)
    case identifier(Identifier)
    case dictionary(DictionarySyntax)
    case error(SourceRange)
}

/// `{ key: value, … }` with string, number, Bool or nested dictionary values.
public struct DictionarySyntax: Sendable {
    public var entries: [DictionaryEntrySyntax]
    public var range: SourceRange
    public init(entries: [DictionaryEntrySyntax], range: SourceRange) {
        self.entries = entries
        self.range = range
    }
}

/// `key: value` in a dictionary; the key is an identifier or a string.
public struct DictionaryEntrySyntax: Sendable {
    public var key: StringLiteral
    public var value: FieldValue
    public var range: SourceRange
    public init(key: StringLiteral, value: FieldValue, range: SourceRange) {
        self.key = key
        self.value = value
        self.range = range
    }
}
