import Testing
@testable import BindingLang

/// Token kinds of `text`, without `.end`.
private func kinds(_ text: String) -> [TokenKind] {
    let (tokens, _) = Lexer.tokenize(Array(text.utf8))
    return tokens.dropLast().map(\.kind)
}

private func kinds(_ bytes: [UInt8]) -> [TokenKind] {
    Lexer.tokenize(bytes).tokens.dropLast().map(\.kind)
}

@Test func emptyInputIsJustEnd() {
    let (tokens, comments) = Lexer.tokenize([])
    #expect(tokens == [Token(kind: .end, start: 0, end: 0, flags: .precededByNewline)])
    #expect(comments.isEmpty)
}

@Test func identifiersNumbersAndPunctuation() {
    #expect(kinds("context mode: a | b") == [.identifier, .identifier, .colon, .identifier, .pipe, .identifier])
    #expect(kinds("cmd+1 -> selectTab(-12)") == [
        .identifier, .plus, .integer, .arrow, .identifier, .leftParen, .punct(UInt8(ascii: "-")), .integer,
        .rightParen,
    ])
    #expect(kinds("1.5 1. 12") == [.decimal, .integer, .dot, .integer])
    #expect(kinds("a&&!b||c==d!=e") == [
        .identifier, .andAnd, .bang, .identifier, .orOr, .identifier, .equalEqual, .identifier, .bangEqual, .identifier,
    ])
    #expect(kinds("{ } ( ) , .") == [.leftBrace, .rightBrace, .leftParen, .rightParen, .comma, .dot])
    #expect(kinds("_x9 f12") == [.identifier, .identifier])
}

@Test func chordPunctuationIsRecoverable() {
    let p = { (c: Character) in TokenKind.punct(c.asciiValue!) }
    #expect(kinds("cmd+[") == [.identifier, .plus, p("[")])
    #expect(kinds("cmd++") == [.identifier, .plus, .plus])
    #expect(kinds("cmd+- -> x") == [.identifier, .plus, p("-"), .arrow, .identifier])
    #expect(kinds("cmd+-> x") == [.identifier, .plus, .arrow, .identifier])
    #expect(kinds("cmd+= cmd+/ cmd+, cmd+.") == [
        .identifier, .plus, p("="), .identifier, .plus, p("/"), .identifier, .plus, .comma, .identifier, .plus, .dot,
    ])
    #expect(kinds("; ' ` * & ~ @ # $ % ^ < > ? \\ ]") == ";'`*&~@#$%^<>?\\]".map { p($0) })
}

@Test func unicodeCharactersOutsideStrings() {
    #expect(kinds("⌘+k") == [.unicode, .plus, .identifier])
    #expect(kinds("🔍é") == [.unicode, .unicode])
}

@Test func strings() {
    #expect(kinds(#""Find…" "查找" "🔍""#) == [.string(terminated: true), .string(terminated: true), .string(terminated: true)])
    #expect(kinds("\"abc\nx") == [.string(terminated: false), .identifier])
    #expect(kinds("\"abc") == [.string(terminated: false)])
    #expect(kinds(#""a\"b" c"#) == [.string(terminated: true), .identifier])
}

@Test func stringEscapesDecode() {
    func decode(_ text: String) -> (String, [StringProblem.Kind]) {
        let bytes = Array(text.utf8)
        let token = Lexer.tokenize(bytes).tokens[0]
        let (value, problems) = Lexer.decodeString(bytes, token: token)
        return (value, problems.map(\.kind))
    }
    #expect(decode(#""a\"b\\c\nd\te\rf\0g""#) == ("a\"b\\c\nd\te\rf\0g", []))
    #expect(decode(#""\u{41}\u{1F50D}\u{e9}""#) == ("A🔍é", []))
    #expect(decode(#""plain""#) == ("plain", []))
    #expect(decode(#""\q""#) == ("\u{FFFD}", [.invalidEscape]))
    #expect(decode(#""\u{D800}""#) == ("\u{FFFD}", [.invalidUnicodeEscape]))
    #expect(decode(#""\u{123456789}""#) == ("\u{FFFD}", [.invalidUnicodeEscape]))
    #expect(decode(#""\u{}""#) == ("\u{FFFD}", [.invalidUnicodeEscape]))
    #expect(decode(#""\u41""#).1 == [.invalidUnicodeEscape])
    #expect(decode(#""\u{41""#).1 == [.invalidUnicodeEscape])
    let bad: [UInt8] = [0x22, 0x61, 0xFF, 0x62, 0x22]
    let t = Lexer.tokenize(bad).tokens[0]
    #expect(t.kind == .string(terminated: true))
    #expect(t.flags.contains(.hasErrors))
    #expect(Lexer.decodeString(bad, token: t).value == "a\u{FFFD}b")
    #expect(Lexer.decodeString(bad, token: t).problems == [StringProblem(kind: .invalidUTF8, start: 2, end: 3)])
}

@Test func commentsAreTrivia() {
    let text = "a // line\n/* block /* nested */ still */ b /**/"
    let (tokens, comments) = Lexer.tokenize(Array(text.utf8))
    #expect(tokens.map(\.kind) == [.identifier, .identifier, .end])
    #expect(comments == [
        Comment(start: 2, end: 9, isBlock: false),
        Comment(start: 10, end: 40, isBlock: true),
        Comment(start: 43, end: 47, isBlock: true),
    ])
    #expect(tokens[1].precededByNewline)
    #expect(kinds("a /* x\n */ b") == [.identifier, .identifier])
    #expect(Lexer.tokenize(Array("a /* x\n */ b".utf8)).tokens[1].precededByNewline)
}

@Test func unterminatedBlockComment() {
    let (tokens, comments) = Lexer.tokenize(Array("a /* x /* y */".utf8))
    #expect(tokens.map(\.kind) == [.identifier, .invalid(.unterminatedBlockComment), .end])
    #expect(tokens[1].start == 2 && tokens[1].end == 4)
    #expect(comments.count == 1 && comments[0].end == 14)
}

@Test func newlineFlags() {
    let (tokens, _) = Lexer.tokenize(Array("a b\n c\r\nd".utf8))
    #expect(tokens.map(\.precededByNewline) == [true, false, true, true, false])
}

@Test func invalidUTF8AndControlCharacters() {
    #expect(kinds([0x61, 0xFF, 0xFE, 0x62]) == [.identifier, .invalid(.invalidUTF8), .identifier])
    #expect(kinds([0xC0, 0x80]) == [.invalid(.invalidUTF8)])  // overlong
    #expect(kinds([0xED, 0xA0, 0x80]) == [.invalid(.invalidUTF8)])  // surrogate
    #expect(kinds([0xE2, 0x8C]) == [.invalid(.invalidUTF8)])  // truncated
    #expect(kinds([0x2F, 0x2F, 0x20, 0xFF, 0x0A, 0x61]) == [.invalid(.invalidUTF8), .identifier])
    #expect(kinds([0x61, 0x07, 0x62]) == [.identifier, .invalid(.controlCharacter(7)), .identifier])
    #expect(kinds([0xEF, 0xBB, 0xBF, 0x61]) == [.identifier])  // byte-order mark
}

@Test func tokenRanges() {
    let (tokens, _) = Lexer.tokenize(Array("in Editor {\n  cmd+k -> x \"T\"\n}".utf8))
    #expect(tokens.map { [$0.start, $0.end] } == [
        [0, 2], [3, 9], [10, 11], [14, 17], [17, 18], [18, 19], [20, 22], [23, 24], [25, 28], [29, 30], [30, 30],
    ])
}

@Test func binaryGarbageNeverCrashes() {
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<50 {
        let bytes = (0..<500).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let (tokens, comments) = Lexer.tokenize(bytes)
        #expect(tokens.last?.kind == .end)
        var last = 0
        for t in tokens {
            #expect(t.start >= last && t.end >= t.start && t.end <= bytes.count)
            last = t.start
        }
        for c in comments { #expect(c.end <= bytes.count) }
    }
}
