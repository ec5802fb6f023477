/// The wording of every diagnostic the lexer and parser produce (Grammar.md, sections 1–2).
extension Messages {
    // MARK: - Lexical

    /// Bytes that are not valid UTF-8.
    public static let invalidUTF8 = "invalid UTF-8"
    /// At a file's first lone `\r` (Grammar.md §1).
    public static let loneCarriageReturn =
        "a lone carriage return is white space, not a line end: the lines an editor shows around it are one line here; end lines with \\n or \\r\\n"
    /// An ASCII control character outside strings and comments.
    public static func controlCharacter(_ byte: UInt8) -> String {
        "unexpected control character U+\(hex4(UInt32(byte)))"
    }
    /// A `/*` without its `*/`.
    public static let unterminatedBlockComment = "unterminated '/*' comment"
    /// A string literal without its closing quote on the same line.
    public static let unterminatedString = "unterminated string literal"
    /// `\q` in a string literal.
    public static func invalidEscape(_ text: String) -> String { "invalid escape sequence '\(text)' in string literal" }
    /// `\u{…}` that is malformed or names no Unicode scalar.
    public static func invalidUnicodeEscape(_ text: String) -> String {
        "invalid unicode escape '\(text)': expected 1 to 8 hex digits naming a Unicode scalar"
    }
    /// An integer literal outside the 64-bit range.
    public static func integerOverflow(_ text: String) -> String { "integer literal '\(text)' does not fit in 64 bits" }

    // MARK: - Structure

    /// The general form: `expected '->', found 'foo'`.
    public static func expected(_ what: String, found: String) -> String { "expected \(what), found \(found)" }
    /// Whether `message` is an error the parser reported at the end of a file (a block left
    /// open, a binding cut short): no source was skipped after it.
    static func isAtEndOfFile(_ message: String) -> Bool { message.hasSuffix(", found end of file") }
    /// A tool that reads one stroke was given several.
    public static let oneStrokeExpected = "expected one stroke, found a sequence"
    /// The note on a missing `}` pointing at its `{`.
    public static let toMatchBrace = "to match this opening '{'"
    /// The note on a missing `)` pointing at its `(`.
    public static let toMatchParen = "to match this opening '('"
    /// Nesting deeper than the parser's limit.
    public static func nestingTooDeep(_ limit: Int) -> String { "nesting is too deep (more than \(limit) levels)" }
    /// Emitted once, when the error cap is reached; parsing stops there.
    public static let tooManyErrors = "too many errors emitted, stopping now"
    /// `@repeat (1s)`: a space between an attribute's name and its `(`.
    public static func spaceBeforeAttributeArgument(_ name: String) -> String {
        "no space is allowed between '@\(name)' and its '('"
    }
    /// `@repeat(500 ms)`: a space between a duration's number and its unit.
    public static func spaceInDuration(_ number: String, _ unit: String) -> String {
        // Shown joined only when that is a duration (`500 mss` is not one either way).
        ["ms", "s"].contains(unit) ? "a duration's number and unit are written together: '\(number)\(unit)'"
            : "a duration's number and unit are written together, with no space between them"
    }

    // MARK: - Layers

    /// `layer over` after another declaration.
    public static let layerNotFirst = "'layer over' must come before every other declaration of the file"
    /// `layer over ""`.
    public static let emptyLayerPath = "empty path in 'layer over'"
    /// A chain of `layer over` that comes back to a file being loaded.
    public static func layerCycle(_ files: [String]) -> String {
        "layering cycle: " + files.map { "'\($0)'" }.joined(separator: " -> ") + " (each layers over the next)"
    }
    /// A file reached a second time: by a second directive, or as a root and by a directive.
    public static func layerReachedTwice(_ file: String, firstAsRoot: Bool, nowAsRoot: Bool) -> String {
        switch (firstAsRoot, nowAsRoot) {
        case (true, true): return "'\(file)' is given twice"
        case (true, false):
            return "'\(file)' is layered over here but was also given on its own; give only the file that layers over it"
        case (false, true):
            return "'\(file)' is given on its own but an earlier file already layers over it; give only that file"
        case (false, false): return "'\(file)' is reached a second time; a file is layered once"
        }
    }
    /// The note at the first directive that reached a file.
    public static let layerFirstReachedHere = "first reached here"
    /// `layer over` chains deeper than the limit.
    public static func layersTooDeep(_ limit: Int) -> String { "layering is nested too deeply (more than \(limit) files)" }
    /// A directive naming no earlier file of an already ordered compilation.
    public static func layerBaseNotLoaded(_ path: String) -> String {
        "'\(path)' is not compiled before this file; put it first or let 'layer over' load it"
    }

    // MARK: - Chords

    /// `cmd + k`.
    public static let whiteSpaceInChord = "white space is not allowed inside a chord"
    /// `cmd+1a`: two key parts with nothing between them.
    public static let expectedPlusInChord = "expected '+' between the parts of a chord"
    /// `/ -> x`: bare punctuation as a whole stroke.
    public static func bareKeyPunctuation(_ text: String) -> String {
        "punctuation key '\(text)' must be quoted when it is not after '+'"
    }
    /// `"ab"` or `""` as a key.
    public static let quotedKeyNotOneCharacter = "a quoted key must be exactly one character"
    /// `"e\u{301}"`: one character to the eye, written as several scalars that compose to
    /// `precomposed`.
    public static func quotedKeyDecomposed(_ written: String, _ precomposed: Unicode.Scalar) -> String {
        "\(quotedKeyNotOneCharacter); this one is \(scalarList(written)): write the precomposed \(quoted(String(precomposed)))"
    }
    /// `cmd+é` typed as `e` and U+0301: a bare key written as several scalars that compose to
    /// `precomposed`.
    public static func bareKeyDecomposed(_ written: String, _ precomposed: Unicode.Scalar) -> String {
        "the key '\(written)' is written as \(scalarList(written)); write the precomposed \(quoted(String(precomposed)))"
    }
    /// `ctrl+KeyÄ`: a key position's name with a non-ASCII letter; `key` is the character key
    /// probably meant.
    public static func nonASCIIKeyPosition(_ written: String, _ key: String) -> String {
        "'\(written)' is no key name: key positions are named after the keys of a US keyboard (KeyA…KeyZ); the key that types '\(key)' is written \(quoted(key))"
    }
    /// `cmd+Straße`: a name with a non-ASCII character.
    public static func nonASCIIName(_ written: String) -> String {
        "'\(written)' is neither a name nor one character: names are ASCII, and a key that types another character is that one character, quoted (cmd+\"é\")"
    }
    /// `'e' and U+0301`: the first scalar of `text` as a character, the others (combining
    /// marks) as code points.
    static func scalarList(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let marks = scalars.dropFirst().map { "U+" + hex4($0.value) }
        return "'\(Character(scalars[0]))' and the combining mark\(marks.count == 1 ? "" : "s") " + marks.joined(separator: " ")
    }
    /// `"Copy" ctrl+k ctrl+c -> x` in a menu.
    public static let keyEquivalentIsOneChord = "a menu item's key equivalent must be a single chord"

    // MARK: - Bindings and menus

    /// A binding's title on the line after its action.
    public static let titleOnNextLine = "a binding's title must be on the same line as its action"
    /// A binding's `when` on the line after its action.
    public static let whenOnNextLine = "a binding's 'when' must be on the same line as its action"
    /// `@priority unbind cmd+j`: attributes belong to bindings.
    public static let unbindTakesNoAttributes = "'unbind' takes no attributes"
    /// `group` inside a `group`.
    public static let nestedGroup = "groups cannot be nested"
    /// `menu "…" { … }` inside `menu edit`.
    public static let submenuInEditMenu = "the edit menu cannot have submenus"
    /// `separator` inside `menu edit`.
    public static let separatorInEditMenu = "the edit menu cannot have separators"
    /// `a == b == c`.
    public static let chainedComparison = "comparisons cannot be chained; combine them with '&&' or '||'"
    /// `view = note` in a condition.
    public static let assignmentInCondition = "use '==' to compare; '=' is not an operator"
    /// `and`, `or`, `not` written for `&&`, `||`, `!`.
    public static func wordOperator(_ word: String, _ symbol: String) -> String {
        "use '\(symbol)' instead of '\(word)'"
    }
    /// `go()`: parentheses without an argument.
    public static let emptyArgumentList =
        "an action without argument is written without '()'; with an argument, put it inside"
    /// `# note`: a comment written with `#`.
    public static let hashComment = "comments start with '//', not '#'"
    /// `cmd+k,cmd+l`: chords of a sequence separated by a comma.
    public static let commaInSequence = "the chords of a sequence are separated by a space, not ','"
    /// A binding's or menu item's action on the line after its `->`.
    public static let actionOnNextLine = "the action must be on the same line as its '->'"
    /// `userInfo { k: name }`: a bare name as a user-info value.
    public static func bareUserInfoValue(_ name: String) -> String {
        "a user-info value that is text must be quoted: \"\(name)\""
    }

    /// `U+0007`-style code point text.
    static func hex4(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
