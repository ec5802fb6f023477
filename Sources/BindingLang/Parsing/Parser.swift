import BindingRuntime

/// The `.bind` parser (Grammar.md, section 2): recursive descent for declarations and a
/// precedence table for `when` expressions.
///
/// It never stops at the first error: `expect` reports "expected X, found Y" and recovery
/// resumes at the next line, the next `}` or the next declaration keyword at the start of a
/// line, so one mistake yields one diagnostic. At most one error is reported per line, at most
/// ``Parser/maxErrors`` in all, and nesting deeper than ``Parser/maxDepth`` is an error rather
/// than a stack overflow.
public enum Parser {
    /// The most errors reported for one file; then a note says parsing stopped.
    public static let maxErrors = 100
    /// The deepest nesting of parentheses and `!` accepted (conditions are read without
    /// recursion, so this bounds their trees, not the parser's stack).
    public static let maxDepth = 256
    /// The deepest nesting of groups, submenus and dictionaries accepted, the checker's limit
    /// for menus and user info: each level is a few frames of the recursive reader (and of the
    /// checker, formatter and printers), about 18 KB in a debug build and twice that under
    /// the address sanitizer, so 32 levels stay far inside a 2 MB thread stack.
    public static let maxBlockDepth = 32
    /// The deepest `when` condition accepted (Grammar.md §4.6), in operators: along the path
    /// from the whole condition to any operand, each `!`, each pair of parentheses and each
    /// `&&`, `||`, `==` and `!=` is a level (a chain associates to the left, so its first
    /// operand is as deep as the chain has operators), and an `in` list of n items n levels.
    public static let maxConditionDepth = 128
    /// The tallest condition tree accepted: an operand is 1 tall and each level adds one
    /// (``maxConditionDepth`` levels above an operand).
    static let maxConditionHeight = maxConditionDepth + 1

    /// Parses one file into its syntax tree and the syntax diagnostics (sorted by position).
    /// The file is lexed as it is parsed (``TokenStream``), so its tokens are never all held
    /// at once.
    public static func parse(_ source: SourceFile, file: FileID) -> (FileSyntax, [Diagnostic]) {
        finish(State(source: source, file: file))
    }

    /// Parses already lexed tokens (``Lexer/tokenize(_:)`` of `source.bytes`).
    public static func parse(_ source: SourceFile, file: FileID, tokens: [Token]) -> (FileSyntax, [Diagnostic]) {
        finish(State(source: source, file: file, tokens: tokens))
    }

    /// Runs a parse from its start state: the tree and the diagnostics in source order.
    private static func finish(_ start: State) -> (FileSyntax, [Diagnostic]) {
        var state = start
        let file = state.file
        let declarations = state.parseFile()
        let diagnostics = state.diagnostics.enumerated().sorted {
            $0.element.range.start != $1.element.range.start
                ? $0.element.range.start < $1.element.range.start : $0.offset < $1.offset
        }.map(\.element)
        return (FileSyntax(file: file, declarations: declarations), diagnostics)
    }
}

extension Parser {
    /// The one Unicode scalar `text`, written with several, composes to (canonical
    /// composition, NFC): `é` for `e` and U+0301; nil when `text` is one scalar or composes to
    /// several. A key is one scalar (Grammar.md §4.3), so the decomposed form of a character
    /// is no key.
    static func precomposed(_ text: String) -> Unicode.Scalar? {
        guard text.unicodeScalars.count > 1 else { return nil }
        // The standard library's composition (public, though underscored: the package uses no
        // Foundation, whose `precomposedStringWithCanonicalMapping` is the same).
        let composed = String(decoding: text._nfcCodeUnits, as: UTF8.self).unicodeScalars
        return composed.count == 1 ? composed.first : nil
    }

    /// An expression and its height (a leaf is 1).
    typealias Sized = (expression: Expression, height: Int)

    /// The mutable state of one parse: the tokens, the position, the diagnostics so far.
    struct State {
        let source: SourceFile
        let bytes: [UInt8]
        let file: FileID
        /// The tokens, by index; read through ``token(_:)``.
        private var tokens: TokenStream
        /// Index of the current token; never an `.invalid` token, never past `.end`.
        private(set) var pos = 0
        /// The current token, token `pos`.
        private(set) var tok: Token
        /// End of the previous (non-invalid) token.
        var prevEnd = 0
        var diagnostics: [Diagnostic] = []
        var lastErrorLine = 0
        var errorCount = 0
        var stopped = false
        var depth = 0
        /// Whether the condition being parsed went past ``Parser/maxConditionDepth`` (or the
        /// nesting limit) and was reported: the rest of it is read but not kept.
        var conditionTooDeep = false
        /// Token index where the current declaration, item, entry or field began: an error
        /// there names the token found even when it starts a line.
        var constructStart = 0
        /// Reused buffer for the key parts of the sequence being read, which are then packed
        /// into ``partChunks``.
        var partBuffer: [KeyPart] = []
        /// Reused to pack a sequence's parts (kept empty between sequences).
        var packedBuffer: [PackedKeyPart] = []
        /// Where the sequences' parts are stored (``KeyPartChunk``).
        var partChunks = KeyPartChunks()
        /// Reused stack of ``parseCondition()`` (kept empty between conditions).
        var frameBuffer: [ExpressionFrame] = []

        /// A parse lexing `source` as it goes.
        init(source: SourceFile, file: FileID) {
            self.source = source
            self.bytes = source.bytes
            self.file = file
            self.tokens = TokenStream(lexing: source.bytes)
            tok = self.tokens.token(0)
            skipInvalid()
        }

        /// A parse of `tokens`, already lexed from `source`.
        init(source: SourceFile, file: FileID, tokens: [Token]) {
            self.source = source
            self.bytes = source.bytes
            self.file = file
            // The tokens must be the lexer's for these bytes: in order, in bounds, ending with
            // `.end`. A caller's list that is not gets replaced rather than trusted.
            var valid = !tokens.isEmpty
            if valid, case .end = tokens[tokens.count - 1].kind {} else { valid = false }
            var last = 0
            let count = source.bytes.count
            if valid {
                for t in tokens {
                    if t.start < last || t.end < t.start || t.end > count { valid = false; break }
                    last = t.start
                }
            }
            self.tokens = TokenStream(bytes: source.bytes, tokens: valid ? tokens : Lexer.tokenize(source.bytes).tokens)
            tok = self.tokens.token(0)
            skipInvalid()
        }

        // MARK: - Tokens

        /// Token `index` (the `.end` token for any index past it).
        @inline(__always)
        mutating func token(_ index: Int) -> Token { tokens.token(index) }

        /// Makes token `index` the current one.
        @inline(__always)
        private mutating func move(to index: Int) {
            pos = index
            tok = tokens.token(index)
        }

        var atEnd: Bool {
            if case .end = tok.kind { return true }
            return false
        }

        /// Moves to the next token, reporting (and skipping) invalid ones.
        @inline(__always)
        mutating func advance() {
            guard !atEnd else { return }
            prevEnd = tok.end
            move(to: pos + 1)
            if case .invalid = tok.kind { skipInvalid() }
        }

        mutating func skipInvalid() {
            while case .invalid(let reason) = tok.kind {
                let t = tok
                switch reason {
                case .invalidUTF8: error(Messages.invalidUTF8, t.start, t.end)
                case .controlCharacter(let b): error(Messages.controlCharacter(b), t.start, t.end)
                case .unterminatedBlockComment: error(Messages.unterminatedBlockComment, t.start, t.end)
                }
                if atEnd { return }
                move(to: pos + 1)
            }
        }

        /// The kind of the token after the current one (skipping invalid tokens), and whether
        /// it directly follows the current one with no white space.
        mutating func peek() -> (kind: TokenKind, adjacent: Bool, token: Token) {
            var j = pos + 1
            while case .invalid = token(j).kind { j += 1 }
            let t = token(j)
            return (t.kind, t.start == tok.end, t)
        }

        /// Whether the current token starts right where the previous one ended.
        var adjacent: Bool { tok.start == prevEnd && pos > 0 }

        func range(_ start: Int, _ end: Int) -> SourceRange { SourceRange(file: file, start: start, end: end) }

        func text(_ t: Token) -> String { String(decoding: bytes[t.start..<t.end], as: UTF8.self) }

        /// Whether `t` is the identifier `word`.
        func isWord(_ t: Token, _ word: StaticString) -> Bool {
            guard case .identifier = t.kind, t.end - t.start == word.utf8CodeUnitCount else { return false }
            return word.withUTF8Buffer { w in
                var k = 0
                while k < w.count {
                    if bytes[t.start + k] != w[k] { return false }
                    k += 1
                }
                return true
            }
        }

        func isKind(_ k: TokenKind) -> Bool { tok.kind == k }

        /// A declaration keyword at the start of a line: where recovery resumes.
        func isDeclarationStart(_ t: Token, includingMenu: Bool = true) -> Bool {
            guard t.precededByNewline, case .identifier = t.kind else { return false }
            return isWord(t, "keymap") || isWord(t, "context") || isWord(t, "responder") || isWord(t, "action")
                || isWord(t, "in") || (includingMenu && isWord(t, "menu") && followedByMenuTitle(t)) || isWord(t, "shortcut")
                || (isWord(t, "layer") && followedByOver(t))
        }

        /// Whether `edit` or a string follows `t` on its line (`menu edit`, `menu "File"`): a
        /// bare `menu` at the start of a line is otherwise the Menu key of a binding.
        func followedByMenuTitle(_ t: Token) -> Bool {
            var i = t.end
            while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
            guard i < bytes.count else { return true }
            if bytes[i] == 0x22 { return true }
            let word: [UInt8] = Array("edit".utf8)
            guard i + 4 <= bytes.count, Array(bytes[i..<i + 4]) == word else { return false }
            guard i + 4 < bytes.count else { return true }
            let b = bytes[i + 4]
            return !((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F)
        }

        /// Whether the word `over` follows `t` on its line (`layer over`): `layer` alone is
        /// an ordinary name.
        func followedByOver(_ t: Token) -> Bool {
            var i = t.end
            while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
            let word: [UInt8] = Array("over".utf8)
            guard i + 4 <= bytes.count, Array(bytes[i..<i + 4]) == word else { return false }
            guard i + 4 < bytes.count else { return true }
            let b = bytes[i + 4]
            let isNameByte = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
            return !isNameByte
        }

        /// How a token is named in "found …".
        func describe(_ t: Token) -> String {
            if case .end = t.kind { return "end of file" }
            var s = text(t)
            if s.unicodeScalars.count > 24 { s = String(String.UnicodeScalarView(s.unicodeScalars.prefix(24))) + "…" }
            return "'\(s)'"
        }

        // MARK: - Diagnostics

        mutating func error(
            _ message: String, _ start: Int, _ end: Int, notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
        ) {
            guard !stopped else { return }
            let line = source.lineAndColumn(of: start).line
            if line == lastErrorLine { return }
            lastErrorLine = line
            errorCount += 1
            if errorCount > Parser.maxErrors {
                diagnostics.append(Diagnostic(.note, Messages.tooManyErrors, at: range(start, end)))
                stopped = true
                move(to: tokens.endIndex())
                return
            }
            diagnostics.append(Diagnostic(.error, message, at: range(start, end), notes: notes, fixIts: fixIts))
        }

        /// Reports "expected `what`, found …" at the current token, or just after the previous
        /// token when the current one is on a later line or is the end of the file.
        mutating func errorExpected(_ what: String, notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) {
            if isHash(tok) && !atEnd && !(tok.precededByNewline && pos > 0 && pos != constructStart) {
                // `# note`: a comment in another language's syntax. Name the fix.
                error(Messages.hashComment, tok.start, tok.end, fixIts: [FixIt(range: range(tok.start, tok.end), replacement: "//")])
                return
            }
            if atEnd {
                error(Messages.expected(what, found: "end of file"), prevEnd, prevEnd, notes: notes, fixIts: fixIts)
            } else if tok.precededByNewline && pos > 0 && pos != constructStart {
                error(Messages.expected(what, found: "end of line"), prevEnd, prevEnd, notes: notes, fixIts: fixIts)
            } else {
                error(Messages.expected(what, found: describe(tok)), tok.start, tok.end, notes: notes, fixIts: fixIts)
            }
        }

        /// Whether `t` is a `#` (written where a comment was meant).
        func isHash(_ t: Token) -> Bool { t.kind == .punct(UInt8(ascii: "#")) }

        /// Consumes a token of kind `k`, or reports "expected `what`" and returns false
        /// without consuming (the caller's recovery makes progress).
        mutating func expect(_ k: TokenKind, _ what: String) -> Bool {
            if tok.kind == k { advance(); return true }
            errorExpected(what)
            return false
        }

        /// Enters one nesting level; false (after an error, `message` or else "nesting is too
        /// deep") when `limit` levels are already entered.
        mutating func enter(limit: Int = Parser.maxDepth, message: String? = nil) -> Bool {
            if depth >= limit {
                error(message ?? Messages.nestingTooDeep(limit), tok.start, tok.end)
                return false
            }
            depth += 1
            return true
        }

        mutating func leave() { depth -= 1 }

        // MARK: - Recovery

        /// Top level: skips to the next declaration keyword at the start of a line. Tokens of
        /// the failed declaration (from token index `from`) are skipped whatever they are, so
        /// that the skip always makes progress.
        mutating func skipToDeclaration(from: Int) {
            if pos == from { advance() }
            while !atEnd {
                if isDeclarationStart(tok) { return }
                // Fast scan to the next token that starts a line (or is invalid and must be reported).
                var j = pos + 1
                var previous = tok
                while true {
                    let t = token(j)
                    if t.flags.contains(.precededByNewline) { break }
                    if case .invalid = t.kind { break }
                    if case .end = t.kind { break }
                    previous = t
                    j += 1
                }
                prevEnd = previous.end
                move(to: j)
                skipInvalid()
            }
        }

        /// In a block, menu or shortcut: skips the rest of the line of a failed item that
        /// started at token index `from` (and any braces opened on it), up to, not including,
        /// the next line or a `}` closing the enclosing body; stops at a declaration keyword
        /// at the start of a line. The item's first token is always skipped.
        mutating func skipLine(from: Int, includingMenu: Bool = true) {
            var braces = 0
            while !atEnd {
                let t = tok
                if pos != from {
                    if isDeclarationStart(t, includingMenu: includingMenu) { return }
                    if braces == 0 && t.precededByNewline { return }
                }
                if case .rightBrace = t.kind {
                    if braces == 0 { return }
                    braces -= 1
                }
                if case .leftBrace = t.kind { braces += 1 }
                advance()
            }
        }

        /// After a block item, menu entry or declaration: the next one must start on a new
        /// line (or the body must close). Reports and skips the rest of the line otherwise.
        mutating func expectLineEnd(includingMenu: Bool = true) {
            if atEnd || tok.precededByNewline { return }
            if case .rightBrace = tok.kind { return }
            errorExpected("end of line")
            skipLine(from: -1, includingMenu: includingMenu)
        }

        // MARK: - File

        /// `file = { declaration } ;`
        mutating func parseFile() -> [Declaration] {
            var declarations: [Declaration] = []
            var seenOther = false  // a declaration other than `layer over` came first
            while !atEnd {
                // Nothing before a declaration is read again.
                tokens.drop(below: pos)
                let before = pos
                let start = tok.start
                constructStart = pos
                if let d = parseDeclaration() {
                    if case .layer(let l) = d {
                        if seenOther { error(Messages.layerNotFirst, l.range.start, l.range.end) }
                    } else {
                        seenOther = true
                    }
                    declarations.append(d)
                    if !atEnd && !tok.precededByNewline {
                        errorExpected("end of line")
                        skipToDeclaration(from: -1)
                    }
                } else {
                    skipToDeclaration(from: before)
                    declarations.append(.error(range(start, max(start, prevEnd))))
                }
                if pos == before { advance() }  // progress guard
                assert(pos > before || atEnd)
            }
            return declarations
        }

        /// ```
        /// declaration = layerDecl | keymapDecl | contextDecl | responderDecl | actionDecl
        ///             | block | menuDecl | shortcutDecl ;
        /// ```
        /// Returns nil after reporting an error (the caller skips to the next declaration).
        mutating func parseDeclaration() -> Declaration? {
            let t = tok
            if isWord(t, "in") { return parseBlock() }
            var keyword: String? = nil
            if case .identifier = t.kind, case let word = text(t), Self.declarationKeywords.contains(word) { keyword = word }
            // A misspelt keyword (`acton go`): one error with a did-you-mean, and the line is
            // read as that declaration, so what follows is checked as meant.
            if keyword == nil, case .identifier = t.kind, let near = nearest(to: text(t), in: Self.declarationKeywords),
               near != "layer" || followedByOver(t) {
                error(Messages.expected("declaration", found: describe(t)) + Messages.didYouMean(near), t.start, t.end,
                      fixIts: [FixIt(range: range(t.start, t.end), replacement: near)])
                keyword = near
            }
            switch keyword {
            case "layer"? where followedByOver(t): return parseLayer()
            case "keymap"?: return parseKeymap()
            case "context"?: return parseContext()
            case "responder"?: return parseResponder()
            case "action"?: return parseAction()
            case "menu"?: return parseMenu(nested: false, inEditMenu: false).map { .menu($0) }
            case "shortcut"?: return parseShortcut()
            default:
                errorExpected("declaration")
                return nil
            }
        }

        /// The keywords that start a declaration, for a did-you-mean (`in` is too short to
        /// guess from).
        static let declarationKeywords = ["layer", "keymap", "context", "responder", "action", "menu", "shortcut"]

        /// `layerDecl = "layer" NL "over" NL string ;`
        mutating func parseLayer() -> Declaration? {
            let start = tok.start
            advance()  // layer
            advance()  // over (checked by followedByOver)
            guard !tok.precededByNewline || atEnd else {
                errorExpected("path of the file to layer over")
                return nil
            }
            guard let path = parseString("path of the file to layer over") else { return nil }
            if path.value.isEmpty { error(Messages.emptyLayerPath, path.range.start, path.range.end) }
            return .layer(LayerDirective(path: path, range: range(start, prevEnd)))
        }

        /// `keymapDecl = "keymap" string [ "for" ident { "," ident } ] ;` (the platforms the
        /// keymap is for, Grammar.md §3.1)
        mutating func parseKeymap() -> Declaration? {
            let start = tok.start
            advance()
            guard let name = parseString("keymap name") else { return nil }
            var platforms: [Identifier] = []
            if isWord(tok, "for") {
                advance()
                guard let first = parseIdentifier("platform name") else { return nil }
                platforms.append(first)
                while case .comma = tok.kind {
                    advance()
                    guard let p = parseIdentifier("platform name") else { return nil }
                    platforms.append(p)
                }
            }
            return .keymap(name, platforms: platforms, range: range(start, prevEnd))
        }

        /// ```
        /// contextDecl = "context" ident ":" type ;
        /// type        = ident | ident "|" ident { "|" ident } ;   (* Bool, String, or cases *)
        /// ```
        mutating func parseContext() -> Declaration? {
            let start = tok.start
            advance()
            guard let name = parseIdentifier("context name") else { return nil }
            guard expect(.colon, "':' after the context name") else { return nil }
            guard let first = parseIdentifier("type") else { return nil }
            var type = TypeSyntax.named(first)
            if case .pipe = tok.kind {
                var cases = [first]
                while case .pipe = tok.kind {
                    let before = pos
                    advance()
                    guard let c = parseIdentifier("enumeration case") else { return nil }
                    cases.append(c)
                    assert(pos > before)
                }
                type = .enumeration(cases, range: range(first.range.start, prevEnd))
            }
            return .context(ContextDeclaration(name: name, type: type, range: range(start, prevEnd)))
        }

        /// `responderDecl = "responder" ident { "," ident } ;`
        mutating func parseResponder() -> Declaration? {
            let start = tok.start
            advance()
            guard let first = parseIdentifier("role name") else { return nil }
            var roles = [first]
            while case .comma = tok.kind {
                let before = pos
                advance()
                guard let r = parseIdentifier("role name") else { return nil }
                roles.append(r)
                assert(pos > before)
            }
            return .responder(roles, range: range(start, prevEnd))
        }

        /// `actionDecl = "action" ident [ "(" ident ")" ] ;` (the checker wants `Int`, `String` or `Bool`)
        mutating func parseAction() -> Declaration? {
            let start = tok.start
            advance()
            guard let name = parseIdentifier("action name") else { return nil }
            var argument: Identifier? = nil
            if case .leftParen = tok.kind {
                let open = tok
                advance()
                guard let type = parseIdentifier("argument type") else { return nil }
                argument = type
                // A missing `)` is reported, but the declaration is kept: no unknown-action cascade.
                _ = expectClose(.rightParen, "')'", opener: open)
            }
            return .action(ActionDeclaration(name: name, argumentType: argument, range: range(start, prevEnd)))
        }

        /// Consumes the closing token or reports it missing with a note at its opener.
        mutating func expectClose(_ k: TokenKind, _ what: String, opener: Token) -> Bool {
            if tok.kind == k { advance(); return true }
            let isBrace = k == .rightBrace
            errorExpected(
                what, notes: [DiagnosticNote(isBrace ? Messages.toMatchBrace : Messages.toMatchParen,
                                             at: range(opener.start, opener.end))])
            return false
        }

        // MARK: - Names and literals

        /// `ident`: reports "expected `what`" when the current token is not an identifier.
        mutating func parseIdentifier(_ what: String) -> Identifier? {
            guard case .identifier = tok.kind, pos == constructStart || !isDeclarationStart(tok) else {
                errorExpected(what)
                return nil
            }
            let t = tok
            advance()
            return Identifier(name: text(t), range: range(t.start, t.end))
        }

        /// `string`: reports "expected `what`" when the current token is not a string.
        mutating func parseString(_ what: String) -> StringLiteral? {
            guard case .string = tok.kind else {
                errorExpected(what)
                return nil
            }
            return stringLiteral()
        }

        /// The current string token as a literal (reporting its lexical problems), consumed.
        mutating func stringLiteral() -> StringLiteral {
            let t = tok
            advance()
            if case .string(terminated: false) = t.kind {
                error(Messages.unterminatedString, t.start, t.end)
            }
            let (value, problems) = Lexer.decodeString(bytes, token: t)
            for p in problems {
                let raw = String(decoding: bytes[p.start..<p.end], as: UTF8.self)
                switch p.kind {
                case .invalidEscape: error(Messages.invalidEscape(raw), p.start, p.end)
                case .invalidUnicodeEscape: error(Messages.invalidUnicodeEscape(raw), p.start, p.end)
                case .invalidUTF8: error(Messages.invalidUTF8, p.start, p.end)
                }
            }
            return StringLiteral(value: value, range: range(t.start, t.end))
        }

        /// ```
        /// literal = [ "-" ] integer | [ "-" ] decimal | string | "true" | "false" ;
        /// ```
        /// Integers and decimals may be preceded directly by `-`. Returns nil after an error.
        mutating func parseLiteral(_ what: String) -> Literal? {
            let t = tok
            switch t.kind {
            case .string:
                return .string(stringLiteral())
            case .integer, .decimal:
                advance()
                return number(negative: false, start: t.start, digits: t)
            case .punct(UInt8(ascii: "-")):
                let next = peek()
                switch next.kind {
                case .integer where next.adjacent, .decimal where next.adjacent:
                    advance()
                    let d = tok
                    advance()
                    return number(negative: true, start: t.start, digits: d)
                default:
                    errorExpected(what)
                    return nil
                }
            case .identifier where isWord(t, "true") || isWord(t, "false"):
                advance()
                return .bool(isWord(t, "true"), range: range(t.start, t.end))
            default:
                errorExpected(what)
                return nil
            }
        }

        /// The value of an integer or decimal token (with its sign).
        mutating func number(negative: Bool, start: Int, digits t: Token) -> Literal? {
            let r = range(start, t.end)
            if case .decimal = t.kind {
                let s = (negative ? "-" : "") + text(t)
                return .double(Double(s) ?? 0, range: r)
            }
            var magnitude: UInt64 = 0
            var overflow = false
            for b in bytes[t.start..<t.end] {
                let (m1, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (m2, o2) = m1.addingReportingOverflow(UInt64(b &- 0x30))
                if o1 || o2 { overflow = true; break }
                magnitude = m2
            }
            let limit: UInt64 = negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
            if overflow || magnitude > limit {
                error(Messages.integerOverflow(String(decoding: bytes[start..<t.end], as: UTF8.self)), start, t.end)
                return .int(0, range: r)
            }
            let value = negative ? (magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)) : Int64(magnitude)
            return .int(value, range: r)
        }

        // MARK: - Blocks

        /// `block = "in" ident [ "when" expr ] "{" { blockItem } "}" ;`
        mutating func parseBlock() -> Declaration? {
            let start = tok.start
            advance()
            let role = parseIdentifier("role name")
            var condition: Expression? = nil
            if role != nil && isWord(tok, "when") {
                advance()
                condition = parseExpression()
            }
            guard case .leftBrace = tok.kind else {
                if role != nil { errorExpected("'{' to open the block") }
                return nil
            }
            let items = parseItems(inGroup: false)
            guard let role else { return .error(range(start, prevEnd)) }
            return .block(BindingBlock(role: role, condition: condition, items: items, range: range(start, prevEnd)))
        }

        /// `"{" { blockItem } "}"` (or `{ binding | unbind }` in a group), from the `{`.
        mutating func parseItems(inGroup: Bool) -> [BlockItem] {
            let open = tok
            advance()
            var items: [BlockItem] = []
            items.reserveCapacity(itemCount(from: pos))
            var previousWasBinding = false
            while true {
                if case .rightBrace = tok.kind { advance(); break }
                if atEnd || isDeclarationStart(tok) {
                    _ = expectClose(.rightBrace, "'}' at the end of the block", opener: open)
                    break
                }
                let before = pos
                constructStart = pos
                // Appended first, then its case read in place (matching the item before
                // appending it copied the binding).
                items.append(parseBlockItem(inGroup: inGroup, previousWasBinding: previousWasBinding))
                previousWasBinding = items[items.count - 1].isBinding
                if pos == before { advance() }  // progress guard
                assert(pos > before || atEnd)
            }
            return items
        }

        /// About how many items the block or group whose first token is at `start` has: the
        /// lines that begin inside it at its own nesting level (a group counts once), up to its
        /// `}` or a declaration keyword at the start of a line, where ``parseItems(inGroup:)``
        /// stops too (so an unclosed block is not scanned to the end of the file, and each
        /// token is scanned at most once per enclosing block or group). Only the capacity of
        /// the items array depends on it: reserved up front, a large block's items are neither
        /// regrown while appending nor left with up to half their storage unused.
        mutating func itemCount(from start: Int) -> Int {
            var depth = 0
            var n = 0
            var j = start
            while true {
                let t = token(j)
                if case .end = t.kind { return n }
                // The closing brace ends the count before its line is counted as an item's.
                if case .rightBrace = t.kind, depth == 0 { return n }
                if t.precededByNewline {
                    if isDeclarationStart(t) { return n }
                    if depth == 0 { n += 1 }
                }
                switch t.kind {
                case .leftBrace: depth += 1
                case .rightBrace: depth -= 1
                default: break
                }
                j += 1
            }
        }

        /// ```
        /// blockItem = binding | group | unbind ;
        /// group     = "group" string "{" { binding | unbind } "}" ;   (* groups do not nest *)
        /// unbind    = "unbind" NL sequence [ NL "when" expr ] ;
        /// ```
        mutating func parseBlockItem(inGroup: Bool, previousWasBinding: Bool) -> BlockItem {
            let t = tok
            let start = t.start
            let from = pos
            let next = peek()
            let startsBinding = next.kind == .arrow || (next.kind == .plus && next.adjacent)
            // `grop "Title" {`: a misspelt `group` (no binding has a string after one word),
            // reported once and read as the group.
            var isGroup = isWord(t, "group") && !startsBinding
            if !isGroup, case .identifier = t.kind, case .string = next.kind, !next.token.precededByNewline,
               nearest(to: text(t), in: ["group"]) != nil {
                error(Messages.expected("binding", found: describe(t)) + Messages.didYouMean("group"), t.start, t.end,
                      fixIts: [FixIt(range: range(t.start, t.end), replacement: "group")])
                isGroup = true
            }
            if isGroup {
                advance()
                guard enter(limit: Parser.maxBlockDepth) else { skipLine(from: from); return .error(range(start, prevEnd)) }
                defer { leave() }
                let title = parseString("group title")
                guard case .leftBrace = tok.kind else {
                    if title != nil { errorExpected("'{' to open the group") }
                    skipLine(from: from)
                    return .error(range(start, prevEnd))
                }
                if inGroup { error(Messages.nestedGroup, start, t.end) }
                let items = parseItems(inGroup: true)
                expectLineEnd()
                guard let title, !inGroup else { return .error(range(start, prevEnd)) }
                return .group(GroupSyntax(title: title, items: items, range: range(start, prevEnd)))
            }
            if isWord(t, "unbind") && !startsBinding { return parseUnbind(from: from) }
            // A title or `when` alone at the start of a line continues the binding above; a
            // line that has its own `->` is a binding (`"]" m -> x`, vim's `] m`).
            if isWord(t, "when") && t.precededByNewline && previousWasBinding && !lineHasArrow() {
                error(Messages.whenOnNextLine, t.start, t.end)
                skipLine(from: from)
                return .error(range(start, prevEnd))
            }
            if case .string = t.kind, t.precededByNewline, previousWasBinding, !lineHasArrow() {
                error(Messages.titleOnNextLine, t.start, t.end)
                skipLine(from: from)
                return .error(range(start, prevEnd))
            }
            var attributes: [AttributeSyntax] = []
            if case .punct(UInt8(ascii: "@")) = t.kind {
                guard let parsed = parseAttributes() else {
                    skipLine(from: from)
                    return .error(range(start, max(start, prevEnd)))
                }
                attributes = parsed
                let after = peek()
                if isWord(tok, "unbind"), after.kind != .arrow, !(after.kind == .plus && after.adjacent) {
                    // `@priority unbind cmd+j`: reported once, with the fix, and read as the unbind.
                    error(Messages.unbindTakesNoAttributes, start, attributes[attributes.count - 1].range.end,
                          fixIts: [FixIt(range: range(start, tok.start), replacement: "")])
                    return parseUnbind(from: from)
                }
            }
            // The binding is built once, with its attributes (changing a built one copied it).
            guard let binding = parseBinding(attributes: attributes, start: start) else {
                skipLine(from: from)
                return .error(range(start, max(start, prevEnd)))
            }
            expectLineEnd()
            return .binding(binding)
        }

        /// `unbind = "unbind" NL sequence [ NL "when" expr ] ;` at the current token (`unbind`,
        /// token index `from`).
        mutating func parseUnbind(from: Int) -> BlockItem {
            let start = tok.start
            advance()
            if tok.precededByNewline || atEnd {
                errorExpected("key sequence to unbind")
                return .error(range(start, prevEnd))
            }
            guard let sequence = parseSequence(stopAtWhen: true) else {
                skipLine(from: from)
                return .error(range(start, prevEnd))
            }
            var condition: Expression? = nil
            if isWord(tok, "when") && !tok.precededByNewline {
                advance()
                condition = parseExpression()
            }
            expectLineEnd()
            return .unbind(UnbindSyntax(sequence: sequence, condition: condition, range: range(start, prevEnd)))
        }

        /// Whether an `->` follows on the current token's line (before any brace).
        mutating func lineHasArrow() -> Bool {
            var j = pos + 1
            while true {
                let t = token(j)
                if t.precededByNewline { return false }
                switch t.kind {
                case .arrow: return true
                case .leftBrace, .rightBrace, .end: return false
                default: j += 1
                }
            }
        }

        /// `attribute = "@" ident [ "(" ( duration | name { "," name } ) ")" ] ;` with `name =
        /// ident { "-" ident }` (no space after the `@`, none between a name's parts, and the
        /// `(` right after the attribute's name), one or more before a binding's sequence, all
        /// on the sequence's line.
        mutating func parseAttributes() -> [AttributeSyntax]? {
            var attributes: [AttributeSyntax] = []
            while case .punct(UInt8(ascii: "@")) = tok.kind, attributes.isEmpty || !tok.precededByNewline {
                let at = tok
                advance()
                guard case .identifier = tok.kind, tok.start == at.end else {
                    errorExpected("attribute name after '@'")
                    return nil
                }
                let name = Identifier(name: text(tok), range: range(tok.start, tok.end))
                advance()
                var argument: AttributeArgumentSyntax? = nil
                var arguments: [Identifier]? = nil
                var end = name.range.end
                if case .leftParen = tok.kind, tok.start != end, !tok.precededByNewline {
                    // `@repeat (1s)`: the argument must touch the name.
                    error(Messages.spaceBeforeAttributeArgument(name.name), end, tok.start,
                          fixIts: [FixIt(range: range(end, tok.start), replacement: "")])
                    return nil
                }
                if case .leftParen = tok.kind, tok.start == end {
                    // Names (`@allowLayouts(de, fr)`) or a duration (`@repeat(800ms)`): what the
                    // attribute takes decides; another attribute's argument is read by its first
                    // token, for the checker's "takes no argument".
                    let takesNames: Bool
                    switch name.name {
                    case "allowLayouts": takesNames = true
                    case "repeat": takesNames = false
                    default: if case .identifier = token(pos + 1).kind { takesNames = true } else { takesNames = false }
                    }
                    if takesNames {
                        let what = name.name == "allowLayouts" ? "a finding kind or a layout id in '@allowLayouts(…)'" : nil
                        guard let parsed = parseAttributeArguments(expecting: what) else { return nil }
                        arguments = parsed.names
                        end = parsed.end
                    } else {
                        guard let parsed = parseAttributeArgument() else { return nil }
                        argument = parsed
                        end = parsed.range.end
                    }
                }
                attributes.append(AttributeSyntax(name: name, argument: argument, arguments: arguments, range: range(at.start, end)))
            }
            if tok.precededByNewline || atEnd {
                errorExpected("key sequence after the attributes, on the same line")
                return nil
            }
            return attributes
        }

        /// `"(" duration ")"` after an attribute's name, `duration = ( integer | decimal ) [ ident ]`
        /// with the unit directly after the number (`(500ms)`, `(1.5s)`); the checker decides
        /// which units exist.
        mutating func parseAttributeArgument() -> AttributeArgumentSyntax? {
            let open = tok
            advance()
            switch tok.kind {
            case .integer, .decimal: break
            default:
                errorExpected("a repeat window such as '500ms' after '('")
                return nil
            }
            let number = tok
            advance()
            var unit: Identifier? = nil
            if case .identifier = tok.kind, !tok.precededByNewline {
                if tok.start != number.end {
                    // `(500 ms)`: read as `500ms`, after the error.
                    // The fix-it only where joining makes a duration (`500 mss` would still not be).
                    let joins = ["ms", "s"].contains(text(tok))
                    error(Messages.spaceInDuration(text(number), text(tok)), number.start, tok.end,
                          fixIts: joins ? [FixIt(range: range(number.end, tok.start), replacement: "")] : [])
                }
                unit = Identifier(name: text(tok), range: range(tok.start, tok.end))
                advance()
            }
            let valueEnd = unit?.range.end ?? number.end
            guard case .rightParen = tok.kind, !tok.precededByNewline else {
                errorExpected("')' after the duration")
                return nil
            }
            let close = tok
            advance()
            return AttributeArgumentSyntax(
                number: text(number), unit: unit, valueRange: range(number.start, valueEnd), range: range(open.start, close.end))
        }

        /// An attribute's `"(" name { "," name } ")"`, at the `(`: the names and the end of the
        /// `)`. Nil after an error (reported), with nothing consumed past the line. `what`
        /// names what a name is, for the error where one is missing.
        mutating func parseAttributeArguments(expecting what: String? = nil) -> (names: [Identifier], end: Int)? {
            let open = tok
            advance()
            var names: [Identifier] = []
            while true {
                guard case .identifier = tok.kind, !tok.precededByNewline else {
                    errorExpected(what.map { names.isEmpty ? $0 : $0 + " after ','" }
                                  ?? (names.isEmpty ? "a name in the attribute's parentheses" : "a name after ','"))
                    return nil
                }
                let start = tok.start
                var end = tok.end
                advance()
                // `fr-mac`: parts joined by '-' with nothing between them.
                while case .punct(UInt8(ascii: "-")) = tok.kind, tok.start == end,
                      case .identifier = token(pos + 1).kind, token(pos + 1).start == tok.end {
                    advance()
                    end = tok.end
                    advance()
                }
                names.append(Identifier(name: String(decoding: bytes[start..<end], as: UTF8.self), range: range(start, end)))
                if case .comma = tok.kind, !tok.precededByNewline { advance(); continue }
                if case .rightParen = tok.kind, !tok.precededByNewline {
                    let close = tok.end
                    advance()
                    return (names, close)
                }
                errorExpected("',' or ')' after the attribute's argument",
                              notes: [DiagnosticNote(Messages.toMatchParen, at: range(open.start, open.end))])
                return nil
            }
        }

        /// `binding = sequence "->" NL actionRef [ NL string ] [ NL "when" expr ] ;` after
        /// `attributes` (none, or those read from `start`).
        mutating func parseBinding(attributes: [AttributeSyntax], start: Int) -> BindingSyntax? {
            guard let sequence = parseSequence() else { return nil }
            guard case .arrow = tok.kind else {
                errorExpected("'->' after the key sequence")
                return nil
            }
            advance()
            guard !tok.precededByNewline else {
                actionOnNextLine()
                return nil
            }
            guard let action = parseActionReference() else { return nil }
            var title: StringLiteral? = nil
            if case .string = tok.kind, !tok.precededByNewline {
                title = stringLiteral()
            }
            var condition: Expression? = nil
            if isWord(tok, "when") && !tok.precededByNewline {
                advance()
                condition = parseExpression()
            }
            return BindingSyntax(
                sequence: sequence, action: action, title: title, condition: condition,
                range: range(attributes.isEmpty ? sequence.range.start : start, prevEnd), attributes: attributes)
        }

        /// Nothing follows `->` on its line. When the next line holds just the action (no `->`
        /// of its own), that is the one mistake: it is reported once and the line is skipped.
        mutating func actionOnNextLine() {
            let next = tok
            guard !atEnd, case .identifier = next.kind, !isDeclarationStart(next), !lineHasArrow() else {
                errorExpected("action name")
                return
            }
            error(Messages.actionOnNextLine, next.start, next.end)
            skipLine(from: pos)
        }

        /// `actionRef = ident [ NL "(" literal ")" ] ;`
        mutating func parseActionReference() -> ActionReference? {
            guard let name = parseIdentifier("action name") else { return nil }
            var argument: Literal? = nil
            if case .leftParen = tok.kind, !tok.precededByNewline {
                let open = tok
                advance()
                if case .rightParen = tok.kind {
                    // `go()`: the binding is left out (the checker would only repeat it).
                    error(Messages.emptyArgumentList, open.start, tok.end,
                          fixIts: [FixIt(range: range(open.start, tok.end), replacement: "")])
                    advance()
                    return nil
                }
                guard let literal = parseLiteral("action argument") else { return nil }
                argument = literal
                _ = expectClose(.rightParen, "')'", opener: open)  // reported; the reference is kept
            }
            return ActionReference(name: name, argument: argument, range: range(name.range.start, prevEnd))
        }

        // MARK: - Chords

        /// Whether `t` can begin a chord (bare punctuation is accepted with an error).
        func canStartChord(_ t: Token) -> Bool {
            switch t.kind {
            case .identifier, .integer, .string, .unicode: return true
            case .rightBrace, .leftBrace: return false
            default: return t.kind.isChordPunctuation
            }
        }

        /// `sequence = chord { NL chord } ;`: chords separated by white space, on one line.
        /// With `stopAtWhen` (after `unbind`), a bare `when` ends the sequence.
        mutating func parseSequence(stopAtWhen: Bool = false) -> ChordSequenceSyntax? {
            // Taken out of the state while parsing (the chords are parsed by mutating it);
            // put back, with its capacity, once the sequence is copied out.
            var parts: [KeyPart] = []
            swap(&parts, &partBuffer)
            defer {
                parts.removeAll(keepingCapacity: true)
                swap(&parts, &partBuffer)
            }
            guard let first = parseChord(into: &parts) else { return nil }
            var last = first
            while !atEnd && !tok.precededByNewline && canStartChord(tok) {
                if stopAtWhen && isWord(tok, "when") && !(peek().kind == .plus && peek().adjacent) { break }
                let before = pos
                if case .comma = tok.kind, adjacent {
                    // `cmd+k,cmd+l`: a sequence written with a comma, as some editors do.
                    let comma = tok
                    error(Messages.commaInSequence, comma.start, comma.end,
                          fixIts: [FixIt(range: range(comma.start, comma.end), replacement: " ")])
                    advance()
                    if atEnd || tok.precededByNewline || !canStartChord(tok) { return nil }
                }
                guard let c = parseChord(into: &parts) else { return nil }
                last = c
                assert(pos > before)
            }
            return ChordSequenceSyntax(parts: parts, range: range(first.start, last.end), packing: &packedBuffer, into: &partChunks)
        }

        /// One chord as its own ``ChordSyntax`` (a menu item's key equivalent).
        mutating func parseChord() -> ChordSyntax? {
            var parts: [KeyPart] = []
            parts.reserveCapacity(partCount())
            guard let range = parseChord(into: &parts) else { return nil }
            parts[0].startsChord = false
            return ChordSyntax(parts: parts, range: range)
        }

        /// ```
        /// chord   = keyPart { "+" keyPart } ;      (* no white space inside a chord *)
        /// keyPart = ident | digits | string | unicode
        ///         | punct ;                         (* punct: only directly after "+" *)
        /// ```
        ///
        /// Appends the chord's parts to `parts`, the first marked ``KeyPart/startsChord``, and
        /// returns the chord's range; nil (parts maybe appended) after reporting an error.
        mutating func parseChord(into parts: inout [KeyPart]) -> SourceRange? {
            let first = tok
            let firstPart = parts.count
            switch first.kind {
            case .identifier, .integer, .unicode, .string:
                guard let p = keyPart() else { return nil }
                parts.append(p)
            default:
                guard canStartChord(first) else {
                    errorExpected("key")
                    return nil
                }
                if isHash(first) && pos == constructStart && !lineHasArrow() {
                    errorExpected("key")  // names '//' as the fix
                    return nil
                }
                // Bare punctuation as a whole stroke: accept it, but ask for quotes.
                let raw = text(first)
                let quoted = "\"" + (raw == "\\" ? "\\\\" : raw) + "\""
                error(
                    Messages.bareKeyPunctuation(raw), first.start, first.end,
                    fixIts: [FixIt(range: range(first.start, first.end), replacement: quoted)])
                advance()
                parts.append(KeyPart(text: raw, range: range(first.start, first.end)))
            }
            // A part that runs on into non-ASCII letters (`KeyÄ`, `é` typed as `e` and U+0301):
            // read as the character it composes to, after the error, or the chord is left out.
            if nonASCIIWord(&parts) == false { return nil }
            while case .plus = tok.kind, !tok.precededByNewline {
                let plus = tok
                let partEnd = prevEnd
                let spaceBefore = plus.start != partEnd
                advance()
                let keyTok = tok
                let spaceAfter = keyTok.start != plus.end
                let startsPart: Bool
                switch keyTok.kind {
                case .identifier, .integer, .unicode, .string: startsPart = true
                default: startsPart = keyTok.kind.isChordPunctuation && !spaceAfter
                }
                if keyTok.precededByNewline || atEnd || !startsPart {
                    errorExpected("key after '+'")
                    return nil
                }
                if spaceBefore || spaceAfter {
                    error(
                        Messages.whiteSpaceInChord, partEnd, keyTok.start,
                        fixIts: [FixIt(range: range(partEnd, keyTok.start), replacement: "+")])
                }
                if case .string = keyTok.kind {} else if keyTok.kind.isChordPunctuation {
                    advance()
                    parts.append(keyPart(keyTok))
                    continue
                }
                guard let p = keyPart() else { return nil }
                parts.append(p)
                if nonASCIIWord(&parts) == false { return nil }
            }
            // Two parts with nothing between them (`cmd+1a`).
            switch tok.kind {
            case .identifier, .integer, .unicode, .string, .decimal:
                if adjacent {
                    error(Messages.expectedPlusInChord, prevEnd, tok.end,
                          fixIts: [FixIt(range: range(prevEnd, prevEnd), replacement: "+")])
                    return nil
                }
            default: break
            }
            parts[firstPart].startsChord = true
            return range(first.start, prevEnd)
        }

        /// When the last of `parts`, a name or a character, runs on with nothing between into
        /// tokens of which one is a non-ASCII character (`KeyÄ`, `Straße`, `é` typed as `e` and
        /// U+0301), reports the word as a whole rather than a missing `+`, and consumes it: nil
        /// when it does not, true when the word is one character written decomposed (then the
        /// part is that character), false after any other error.
        mutating func nonASCIIWord(_ parts: inout [KeyPart]) -> Bool? {
            guard let last = parts.last, tok.start == last.range.end else { return nil }
            // Only a word: not a string or punctuation part running into a letter (`cmd+[é`).
            let start = last.range.start
            guard bytes[start] >= 0x80 || Lexer.isIdentifierContinue(bytes[start]) else { return nil }
            var j = pos, end = last.range.end, nonASCII = bytes[start] >= 0x80
            scan: while token(j).start == end {
                switch token(j).kind {
                case .identifier, .integer: break
                case .unicode: nonASCII = true
                default: break scan
                }
                end = token(j).end
                j += 1
            }
            guard nonASCII, j > pos else { return nil }
            let written = String(decoding: bytes[start..<end], as: UTF8.self)
            while pos < j { advance() }
            if let one = Parser.precomposed(written) {
                error(Messages.bareKeyDecomposed(written, one), start, end,
                      fixIts: [FixIt(range: range(start, end), replacement: SourceLiteral.quoted(String(one)))])
                parts[parts.count - 1] = KeyPart(text: String(one), range: range(start, end))
                return true
            }
            let rest = String(written.dropFirst(3))
            if written.hasPrefix("Key"),
               let letter = rest.unicodeScalars.count == 1 ? rest.unicodeScalars.first : Parser.precomposed(rest),
               letter.value >= 0x80, letter.properties.isAlphabetic {
                // `KeyÄ`: the key labelled Ä, which types ä.
                let lower = letter.properties.lowercaseMapping
                let key = lower.unicodeScalars.count == 1 ? lower : String(letter)
                error(Messages.nonASCIIKeyPosition(written, key), start, end,
                      fixIts: [FixIt(range: range(start, end), replacement: SourceLiteral.quoted(key))])
                return false
            }
            error(Messages.nonASCIIName(written), start, end)
            return false
        }

        /// How many key parts the chord starting at the current token has: one, plus one per
        /// `+` on its line after a part. Only the capacity of the chord's array depends on it:
        /// reserved exactly, the array is neither regrown while appending nor copied to trim it
        /// (a chord's parts are the largest share of a large keymap's syntax tree).
        mutating func partCount() -> Int {
            var n = 1
            var j = pos + 1
            while true {
                let t = token(j)
                guard case .plus = t.kind, !t.precededByNewline else { return n }
                n += 1
                j += 2
            }
        }

        /// The key part spelled by token `t` (its bytes, no `String` for a known name).
        func keyPart(_ t: Token) -> KeyPart {
            bytes.withUnsafeBufferPointer {
                KeyPart(utf8: UnsafeBufferPointer(rebasing: $0[t.start..<t.end]), range: range(t.start, t.end))
            }
        }

        /// One key part that is an identifier, digits, a non-ASCII character or a
        /// one-character string; consumed.
        mutating func keyPart() -> KeyPart? {
            let t = tok
            switch t.kind {
            case .string:
                let s = stringLiteral()
                if let one = Parser.precomposed(s.value) {
                    // `"e\u{301}"`: one character to the eye; read as the precomposed one.
                    error(Messages.quotedKeyDecomposed(s.value, one), t.start, t.end,
                          fixIts: [FixIt(range: range(t.start, t.end), replacement: SourceLiteral.quoted(String(one)))])
                    return KeyPart(text: String(one), range: s.range)
                } else if s.value.unicodeScalars.count != 1 {
                    error(Messages.quotedKeyNotOneCharacter, t.start, t.end)
                    // Kept as written, quotes and all: no key or modifier has that name, so
                    // the chord does not resolve and its binding is left out (Grammar.md
                    // §4.5) rather than read as the name inside (`"cmd"+k` as `cmd+k`).
                    return keyPart(t)
                }
                return KeyPart(text: s.value, range: s.range)
            case .identifier, .integer, .unicode:
                advance()
                return keyPart(t)
            default:
                errorExpected("key")
                return nil
            }
        }

        // MARK: - Menus

        /// ```
        /// menuDecl  = "menu" ( "edit" | string ) "{" { menuEntry } "}" ;
        /// menuEntry = string [ NL chord ] "->" NL actionRef [ "when" expr ]
        ///           | "menu" string "{" { menuEntry } "}"      (* submenu: main menus only *)
        ///           | "separator" ;                            (* main menus only *)
        /// ```
        mutating func parseMenu(nested: Bool, inEditMenu: Bool) -> MenuDeclaration? {
            let start = tok.start
            advance()
            var title: StringLiteral? = nil
            if isWord(tok, "edit") && !nested {
                advance()
            } else {
                guard let t = parseString(nested ? "submenu title" : "'edit' or a menu title") else { return nil }
                title = t
            }
            guard case .leftBrace = tok.kind else {
                errorExpected("'{' to open the menu")
                return nil
            }
            let open = tok
            advance()
            let isEdit = title == nil
            var entries: [MenuEntrySyntax] = []
            while true {
                if case .rightBrace = tok.kind { advance(); break }
                if atEnd || isDeclarationStart(tok, includingMenu: false) {
                    _ = expectClose(.rightBrace, "'}' at the end of the menu", opener: open)
                    break
                }
                let before = pos
                constructStart = pos
                let entryStart = tok.start
                if let e = parseMenuEntry(inEditMenu: isEdit) {
                    entries.append(e)
                    expectLineEnd(includingMenu: false)
                } else {
                    skipLine(from: before, includingMenu: false)
                    entries.append(.error(range(entryStart, max(entryStart, prevEnd))))
                }
                if pos == before { advance() }  // progress guard
                assert(pos > before || atEnd)
            }
            return MenuDeclaration(title: title, entries: entries, range: range(start, prevEnd))
        }

        /// One `menuEntry`; nil after an error.
        mutating func parseMenuEntry(inEditMenu: Bool) -> MenuEntrySyntax? {
            let t = tok
            if isWord(t, "separator") {
                advance()
                if inEditMenu {
                    error(Messages.separatorInEditMenu, t.start, t.end)
                    return .error(range(t.start, t.end))
                }
                return .separator(range(t.start, t.end))
            }
            if isWord(t, "menu") {
                guard enter(limit: Parser.maxBlockDepth, message: Messages.menuTooDeep) else { return nil }
                defer { leave() }
                if inEditMenu { error(Messages.submenuInEditMenu, t.start, t.end) }
                guard let m = parseMenu(nested: true, inEditMenu: false) else { return nil }
                return inEditMenu ? .error(m.range) : .submenu(m)
            }
            var attributes: [AttributeSyntax] = []
            if case .punct(UInt8(ascii: "@")) = t.kind {
                guard let parsed = parseAttributes() else { return nil }
                attributes = parsed
            }
            guard case .string = tok.kind else {
                errorExpected("menu item title")
                return nil
            }
            let title = stringLiteral()
            var key: ChordSyntax? = nil
            if !tok.precededByNewline && tok.kind != .arrow && canStartChord(tok) {
                guard let c = parseChord() else { return nil }
                key = c
                if !tok.precededByNewline && tok.kind != .arrow && canStartChord(tok) {
                    error(Messages.keyEquivalentIsOneChord, tok.start, tok.end)
                    return nil
                }
            }
            guard case .arrow = tok.kind else {
                errorExpected(key == nil ? "a key equivalent or '->'" : "'->'")
                return nil
            }
            advance()
            guard !tok.precededByNewline else {
                actionOnNextLine()
                return nil
            }
            guard let action = parseActionReference() else { return nil }
            var condition: Expression? = nil
            if isWord(tok, "when") {
                advance()
                condition = parseExpression()
            }
            return .item(MenuItemSyntax(
                title: title, keyEquivalent: key, action: action, condition: condition,
                range: range(attributes.first?.range.start ?? title.range.start, prevEnd), attributes: attributes))
        }

        // MARK: - Shortcuts

        /// ```
        /// shortcutDecl = "shortcut" string "{" { field } "}" ;
        /// field        = ident ( string | ident | dictionary ) ;
        /// ```
        mutating func parseShortcut() -> Declaration? {
            let start = tok.start
            advance()
            guard let type = parseString("shortcut type") else { return nil }
            guard case .leftBrace = tok.kind else {
                errorExpected("'{' to open the shortcut")
                return nil
            }
            let open = tok
            advance()
            var fields: [ShortcutField] = []
            while true {
                if case .rightBrace = tok.kind { advance(); break }
                if atEnd || isDeclarationStart(tok) {
                    _ = expectClose(.rightBrace, "'}' at the end of the shortcut", opener: open)
                    break
                }
                let before = pos
                constructStart = pos
                if let name = parseIdentifier("field name") {
                    let value: FieldValue
                    switch tok.kind {
                    case .string: value = .literal(.string(stringLiteral()))
                    case .identifier:
                        let t = tok
                        advance()
                        value = .identifier(Identifier(name: text(t), range: range(t.start, t.end)))
                    case .leftBrace:
                        value = parseDictionary().map { .dictionary($0) } ?? .error(range(tok.start, prevEnd))
                    default:
                        errorExpected("field value")
                        let s = tok.start
                        skipLine(from: before)
                        value = .error(range(s, max(s, prevEnd)))
                    }
                    fields.append(ShortcutField(name: name, value: value, range: range(name.range.start, prevEnd)))
                } else {
                    skipLine(from: before)
                }
                if pos == before { advance() }  // progress guard
                assert(pos > before || atEnd)
            }
            return .shortcut(ShortcutDeclaration(type: type, fields: fields, range: range(start, prevEnd)))
        }

        /// ```
        /// dictionary = "{" [ entry { "," entry } [ "," ] ] "}" ;
        /// entry      = ( ident | string ) ":" value ;
        /// value      = literal | dictionary ;
        /// ```
        mutating func parseDictionary() -> DictionarySyntax? {
            let open = tok
            guard enter(limit: Parser.maxBlockDepth) else { skipLine(from: pos); return nil }
            defer { leave() }
            advance()
            var entries: [DictionaryEntrySyntax] = []
            while true {
                if case .rightBrace = tok.kind { advance(); break }
                if atEnd || isDeclarationStart(tok) {
                    _ = expectClose(.rightBrace, "'}' at the end of the dictionary", opener: open)
                    break
                }
                let before = pos
                constructStart = pos
                if let e = parseDictionaryEntry() {
                    entries.append(e)
                    if case .comma = tok.kind {
                        advance()
                    } else if case .rightBrace = tok.kind {
                    } else if tok.precededByNewline && isDictionaryKey(tok) {
                        // A missing comma between entries on separate lines: certain to fix.
                        error(Messages.expected("',' between entries", found: "end of line"), prevEnd, prevEnd,
                              fixIts: [FixIt(range: range(prevEnd, prevEnd), replacement: ",")])
                    } else {
                        errorExpected("',' or '}'")
                        skipDictionaryEntry()
                    }
                } else {
                    skipDictionaryEntry()
                }
                if pos == before { advance() }  // progress guard
                assert(pos > before || atEnd)
            }
            return DictionarySyntax(entries: entries, range: range(open.start, prevEnd))
        }

        func isDictionaryKey(_ t: Token) -> Bool {
            switch t.kind {
            case .identifier, .string: return true
            default: return false
            }
        }

        /// Skips to the next `,` (consumed) or `}` of the current dictionary.
        mutating func skipDictionaryEntry() {
            var braces = 0
            while !atEnd && !isDeclarationStart(tok) {
                switch tok.kind {
                case .leftBrace: braces += 1
                case .rightBrace:
                    if braces == 0 { return }
                    braces -= 1
                case .comma where braces == 0:
                    advance()
                    return
                default: break
                }
                advance()
            }
        }

        /// `entry = ( ident | string ) ":" value ;`
        mutating func parseDictionaryEntry() -> DictionaryEntrySyntax? {
            let t = tok
            let key: StringLiteral
            switch t.kind {
            case .identifier:
                advance()
                key = StringLiteral(value: text(t), range: range(t.start, t.end))
            case .string:
                key = stringLiteral()
            default:
                errorExpected("dictionary key")
                return nil
            }
            guard expect(.colon, "':' after the key") else { return nil }
            let value: FieldValue
            if case .leftBrace = tok.kind {
                guard let d = parseDictionary() else { return nil }
                value = .dictionary(d)
            } else if case .identifier = tok.kind, !isWord(tok, "true"), !isWord(tok, "false"), !tok.precededByNewline {
                // A bare name as a value: certainly meant as text. Reported with the quoting
                // fix-it and kept as that string, so nothing else follows from it.
                let name = tok
                let quoted = SourceLiteral.quoted(text(name))
                error(Messages.bareUserInfoValue(text(name)), name.start, name.end,
                      fixIts: [FixIt(range: range(name.start, name.end), replacement: quoted)])
                advance()
                value = .literal(.string(StringLiteral(value: text(name), range: range(name.start, name.end))))
            } else {
                guard let l = parseLiteral("value") else { return nil }
                value = .literal(l)
            }
            return DictionaryEntrySyntax(key: key, value: value, range: range(t.start, prevEnd))
        }
    }
}
