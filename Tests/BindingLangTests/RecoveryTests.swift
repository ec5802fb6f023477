import Foundation
import Testing
@testable import BindingLang

// MARK: - Every syntax diagnostic: exact message and position

@Test func lexicalDiagnostics() {
    #expect(syntaxDiagnostics("keymap \"abc") == ["1:8: error: unterminated string literal"])
    #expect(syntaxDiagnostics("keymap \"a\\qb\"") == [#"1:10: error: invalid escape sequence '\q' in string literal"#])
    #expect(syntaxDiagnostics("keymap \"\\u{D800}\"") == [
        #"1:9: error: invalid unicode escape '\u{D800}': expected 1 to 8 hex digits naming a Unicode scalar"#
    ])
    #expect(syntaxDiagnostics("/* open\naction a") == ["1:1: error: unterminated '/*' comment"])
    #expect(syntaxDiagnostics("action a\u{7}") == ["1:9: error: unexpected control character U+0007"])
    #expect(syntaxDiagnostics("in R {\n  k -> a(99999999999999999999)\n}") == [
        "2:10: error: integer literal '99999999999999999999' does not fit in 64 bits"
    ])
    #expect(syntaxDiagnostics("in R {\n  k -> a(-9223372036854775809)\n}") == [
        "2:10: error: integer literal '-9223372036854775809' does not fit in 64 bits"
    ])
}

@Test func invalidUTF8IsReportedEverywhere() {
    func diagnostics(_ bytes: [UInt8]) -> [String] {
        let source = SourceFile(path: "t", bytes: bytes)
        return Parser.parse(source, file: FileID(0)).1.map {
            let (l, c) = source.lineAndColumn(of: $0.range.start)
            return "\(l):\(c): \($0.message)"
        }
    }
    let code = Array("action a ".utf8) + [0xFF, 0xFE] + Array("\naction b // ".utf8) + [0xC0] + Array("\nkeymap \"x".utf8)
        + [0x80] + Array("\"".utf8)
    #expect(diagnostics(code) == ["1:10: invalid UTF-8", "2:13: invalid UTF-8", "3:10: invalid UTF-8"])
}

/// `unbind` takes no attributes: one error, at the attributes, with the fix-it removing them,
/// and the line is read as the unbind (not as a binding of a key named `unbind`).
@Test func attributesBeforeUnbindAreOneError() {
    let text = "in R {\n  @priority @repeat unbind cmd+j\n  k -> a\n}\n"
    let source = SourceFile(path: "t.bind", text: text)
    let (file, diagnostics) = Parser.parse(source, file: FileID(0))
    #expect(syntaxDiagnostics(text) == ["2:3: error: 'unbind' takes no attributes"])
    #expect(diagnostics.first?.fixIts.map(\.replacement) == [""])
    #expect(diagnostics.first.map { text.utf8.dropFirst($0.fixIts[0].range.start).prefix($0.fixIts[0].range.end - $0.fixIts[0].range.start) }
        .map { String(decoding: $0, as: UTF8.self) } == "@priority @repeat ")
    guard case .block(let block) = file.declarations.first, case .unbind(let unbind) = block.items.first else {
        Issue.record("not read as an unbind: \(file.declarations)")
        return
    }
    #expect(unbind.sequence.chords.map { $0.parts.map(\.text) } == [["cmd", "j"]])
}

/// Each line gets one `invalid UTF-8`, at the first byte of its first bad run and covering that
/// run (Grammar.md §1 and §2: at most one error per line); a run on another line is another.
@Test func invalidUTF8IsReportedOncePerLine() {
    let bytes = Array("responder E\naction a // x ".utf8) + [0xFF, 0xFE] + Array(" y ".utf8) + [0xC0] + Array(" z\naction b ".utf8)
        + [0xED, 0xA0, 0x80] + Array(" \"".utf8) + [0x80] + Array("\" /* ".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array(" */\n".utf8)
    let source = SourceFile(path: "t", bytes: bytes)
    let found = Parser.parse(source, file: FileID(0)).1.map { d -> String in
        let (l, c) = source.lineAndColumn(of: d.range.start)
        return "\(l):\(c)+\(d.range.end - d.range.start): \(d.message)"
    }
    #expect(found == ["2:15+2: invalid UTF-8", "3:10+3: invalid UTF-8"])
}

@Test func structuralDiagnostics() {
    #expect(syntaxDiagnostics("action") == ["1:7: error: expected action name, found end of file"])
    #expect(syntaxDiagnostics("foo bar\naction a") == ["1:1: error: expected declaration, found 'foo'"])
    #expect(syntaxDiagnostics("}") == ["1:1: error: expected declaration, found '}'"])
    #expect(syntaxDiagnostics("context x Bool") == ["1:11: error: expected ':' after the context name, found 'Bool'"])
    #expect(syntaxDiagnostics("context x:\naction a") == ["1:11: error: expected type, found end of line"])
    #expect(syntaxDiagnostics("context m: a | ") == ["1:15: error: expected enumeration case, found end of file"])
    #expect(syntaxDiagnostics("responder A, ") == ["1:13: error: expected role name, found end of file"])
    #expect(syntaxDiagnostics("action a(Int") == ["1:13: error: expected ')', found end of file"])
    #expect(syntaxDiagnostics("action a b") == ["1:10: error: expected end of line, found 'b'"])
    #expect(syntaxDiagnostics("keymap Editor") == ["1:8: error: expected keymap name, found 'Editor'"])
    #expect(syntaxDiagnostics("in {\n}") == ["1:4: error: expected role name, found '{'"])
    #expect(syntaxDiagnostics("in R\naction a") == ["1:5: error: expected '{' to open the block, found end of line"])
    #expect(syntaxDiagnostics("in R {\n  k -> a\n") == ["2:9: error: expected '}' at the end of the block, found end of file"])
    #expect(syntaxDiagnostics("in R when {\n}") == ["1:11: error: expected expression, found '{'"])
    #expect(syntaxDiagnostics("in R when (a {\n}") == ["1:14: error: expected ')', found '{'"])
    #expect(syntaxDiagnostics("in R when a == b == c {\n}") == [
        "1:18: error: comparisons cannot be chained; combine them with '&&' or '||'"
    ])
    #expect(syntaxDiagnostics("in R when a in b {\n}") == ["1:13: error: expected '{' to open the block, found 'in'"])
    #expect(syntaxDiagnostics("in R when a in (b c) {\n}") == ["1:19: error: expected ',' or ')', found 'c'"])
}

@Test func missingBraceHasNoteAtOpener() {
    let source = SourceFile(path: "t", text: "in R {\n  k -> a\naction b\n")
    let diagnostics = Parser.parse(source, file: FileID(0)).1
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.message == "expected '}' at the end of the block, found end of line")
    #expect(diagnostics.first.map { source.lineAndColumn(of: $0.range.start).line } == 2)
    #expect(diagnostics.first?.notes == [DiagnosticNote("to match this opening '{'", at: SourceRange(file: FileID(0), start: 5, end: 6))])
}

@Test func missingParenHasNoteAtOpener() {
    let d = Parser.parse(SourceFile(path: "t", text: "in R when (a {\n}"), file: FileID(0)).1
    #expect(d.first?.notes == [DiagnosticNote("to match this opening '('", at: SourceRange(file: FileID(0), start: 10, end: 11))])
}

@Test func bindingDiagnostics() {
    func item(_ text: String) -> [String] { syntaxDiagnostics("in R {\n\(text)\n}") }
    #expect(item("  k a") == ["2:5: error: expected '->' after the key sequence, found 'a'"] || item("  k a").count == 1)
    #expect(item("  k -> ") == ["2:7: error: expected action name, found end of line"])
    #expect(item("  k ->\n    a") == ["3:5: error: the action must be on the same line as its '->'"])
    #expect(item("  k -> 1") == ["2:8: error: expected action name, found '1'"])
    #expect(item("  k -> a(") == ["2:10: error: expected action argument, found end of line"])
    #expect(item("  k -> a(1") == ["2:11: error: expected ')', found end of line"])
    #expect(item("  k -> a(x)") == ["2:10: error: expected action argument, found 'x'"])
    #expect(item("  k -> a \"T\" \"U\"") == [#"2:14: error: expected end of line, found '"U"'"#])
    #expect(item("  k -> a\n  \"Title\"") == ["3:3: error: a binding's title must be on the same line as its action"])
    #expect(item("  k -> a\n  when x") == ["3:3: error: a binding's 'when' must be on the same line as its action"])
    #expect(item("  k -> a when") == ["2:14: error: expected expression, found end of line"])
    #expect(item("  ->") == ["2:3: error: expected key, found '->'"])
    #expect(item("  unbind") == ["2:9: error: expected key sequence to unbind, found end of line"])
    #expect(item("  group {\n  }") == ["2:9: error: expected group title, found '{'"])
    #expect(item("  group \"G\"\n") == ["2:12: error: expected '{' to open the group, found end of line"])
    #expect(item("  group \"G\" {\n    group \"H\" {\n    }\n  }") == ["3:5: error: groups cannot be nested"])
}

@Test func chordDiagnostics() {
    func item(_ text: String) -> [String] { syntaxDiagnostics("in R {\n\(text)\n}") }
    #expect(item("  cmd + k -> a") == ["2:6: error: white space is not allowed inside a chord"])
    #expect(item("  cmd+ k -> a") == ["2:6: error: white space is not allowed inside a chord"])
    #expect(item("  cmd+ -> a") == ["2:8: error: expected key after '+', found '->'"])
    #expect(item("  cmd+-> a") == ["2:7: error: expected key after '+', found '->'"])
    #expect(item("  cmd+\n") == ["2:7: error: expected key after '+', found end of line"])
    #expect(item("  cmd+1a -> a") == ["2:8: error: expected '+' between the parts of a chord"])
    #expect(item("  / -> a") == ["2:3: error: punctuation key '/' must be quoted when it is not after '+'"])
    #expect(item("  ctrl+k [ -> a") == ["2:10: error: punctuation key '[' must be quoted when it is not after '+'"])
    #expect(item("  \"ab\" -> a") == ["2:3: error: a quoted key must be exactly one character"])
    #expect(item("  cmd+\"\" -> a") == ["2:7: error: a quoted key must be exactly one character"])
    #expect(item("  cmd+k -> a cmd+j -> b") == ["2:14: error: expected end of line, found 'cmd'"])
}

@Test func bareStrokeFixItQuotes() {
    let source = SourceFile(path: "t", text: "in R {\n  \\ -> a\n}")
    let d = Parser.parse(source, file: FileID(0)).1
    #expect(d.first?.fixIts == [FixIt(range: SourceRange(file: FileID(0), start: 9, end: 10), replacement: #""\\""#)])
    let (file, _) = Parser.parse(SourceFile(path: "t", text: "in R {\n  / -> a\n}"), file: FileID(0))
    #expect(SyntaxDump.dump(file) == #"in R {"/"/"/" -> a}"#)  // the binding is kept: no cascade
}

@Test func whiteSpaceInChordFixIt() {
    let d = Parser.parse(SourceFile(path: "t", text: "in R {\n  cmd + k -> a\n}"), file: FileID(0)).1
    #expect(d.first?.fixIts == [FixIt(range: SourceRange(file: FileID(0), start: 12, end: 15), replacement: "+")])
}

@Test func menuDiagnostics() {
    #expect(syntaxDiagnostics("menu {\n}") == ["1:6: error: expected 'edit' or a menu title, found '{'"])
    #expect(syntaxDiagnostics("menu edit {\n  separator\n}") == ["2:3: error: the edit menu cannot have separators"])
    #expect(syntaxDiagnostics("menu edit {\n  menu \"S\" {\n  }\n}") == ["2:3: error: the edit menu cannot have submenus"])
    #expect(syntaxDiagnostics("menu \"F\" {\n  menu edit {\n  }\n}") == ["2:8: error: expected submenu title, found 'edit'"])
    #expect(syntaxDiagnostics("menu \"F\" {\n  copy\n}") == ["2:3: error: expected menu item title, found 'copy'"])
    #expect(syntaxDiagnostics("menu \"F\" {\n  \"C\" copy\n}") == ["2:7: error: expected '->', found 'copy'"] ||
        syntaxDiagnostics("menu \"F\" {\n  \"C\" copy\n}").count == 1)
    #expect(syntaxDiagnostics("menu \"F\" {\n  \"C\" ctrl+k ctrl+c -> a\n}") == [
        "2:14: error: a menu item's key equivalent must be a single chord"
    ])
    #expect(syntaxDiagnostics("menu \"F\" {\n  \"C\" \n}") == ["2:6: error: expected a key equivalent or '->', found end of line"])
}

@Test func shortcutDiagnostics() {
    #expect(syntaxDiagnostics("shortcut x {\n}") == ["1:10: error: expected shortcut type, found 'x'"])
    #expect(syntaxDiagnostics("shortcut \"t\" {\n  title 5\n}") == ["2:9: error: expected field value, found '5'"])
    #expect(syntaxDiagnostics("shortcut \"t\" {\n  5\n}") == ["2:3: error: expected field name, found '5'"])
    #expect(syntaxDiagnostics("shortcut \"t\" {\n  u { a 1 }\n}") == ["2:9: error: expected ':' after the key, found '1'"])
    #expect(syntaxDiagnostics("shortcut \"t\" {\n  u { a: }\n}") == ["2:10: error: expected value, found '}'"])
    #expect(syntaxDiagnostics("shortcut \"t\" {\n  u { a: 1 b: 2 }\n}") == ["2:12: error: expected ',' or '}', found 'b'"])
    #expect(syntaxDiagnostics("shortcut \"t\" {\n  u { 1: 2 }\n}") == ["2:7: error: expected dictionary key, found '1'"])
    let text = "shortcut \"t\" {\n  u {\n    a: 1\n    b: 2\n  }\n}"
    let d = Parser.parse(SourceFile(path: "t", text: text), file: FileID(0)).1
    #expect(d.map(\.message) == ["expected ',' between entries, found end of line"])
    #expect(d.first?.fixIts == [FixIt(range: SourceRange(file: FileID(0), start: 29, end: 29), replacement: ",")])
}

// MARK: - Recovery

@Test func threeIndependentErrorsReportThree() {
    let text = """
        keymap "K"
        context mode: a | b
        action go(Int

        in Editor {
          cmd+k -> go(1) "Go"
          cmd + j -> go(2)
          ctrl+x ->
          ctrl+y -> go(3) "Three"
        }

        menu "File" {
          "New" cmd+n -> go(4)
        }
        """
    #expect(syntaxDiagnostics(text) == [
        "3:14: error: expected ')', found end of line",
        "7:6: error: white space is not allowed inside a chord",
        "8:12: error: expected action name, found end of line",
    ])
}

@Test func recoveryKeepsGoodDeclarations() {
    let text = """
        action a b c
        action ok
        in R {
          k ->
          j -> ok
        }
        in S {
          x -> ok
        context c: Bool
        """
    let (dump, diagnostics) = SyntaxDump.parse(text)
    #expect(diagnostics.map(\.message) == [
        "expected end of line, found 'b'", "expected action name, found end of line",
        "expected '}' at the end of the block, found end of line",
    ])
    #expect(dump == "action a\naction ok\nin R {<error>; j/j -> ok}\nin S {x/x -> ok}\ncontext c: Bool")
}

@Test func oneErrorPerLine() {
    #expect(syntaxDiagnostics("action 1 2 3 \"x\u{7}").count == 1)
}

@Test func errorCapStopsWithNote() {
    let text = String(repeating: "action 1\n", count: 300)
    let d = syntaxDiagnostics(text)
    #expect(d.count == 101)
    #expect(d.last == "101:8: note: too many errors emitted, stopping now")
}

/// The line where the parser stops at its error limit holds a syntax error it does not show:
/// the checker's errors on it are left out too (one mistake, one error).
@Test func theLineTheParserStoppedAtGetsNoCheckError() {
    var sources = SourceManager()
    sources.add(SourceFile(path: "t.bind", text: "responder Editor\naction go\nin Editor {\n"
        + String(repeating: "  cmd+k -> go $\n", count: 150) + "}\n"))
    let messages = Compilation(sources: sources, platform: .macOS).diagnostics.map(\.message)
    #expect(messages.count == 101)
    #expect(!messages.contains { $0.contains("bound twice") })
    #expect(messages.last == Messages.tooManyErrors)
}

@Test func emptyAndWhiteSpaceFiles() {
    #expect(syntaxDiagnostics("") == [])
    #expect(syntaxDiagnostics("\n\n  \t\r\n") == [])
}

@Test func millionOpenBraces() {
    let text = String(repeating: "{", count: 1_000_000)
    #expect(syntaxDiagnostics(text) == ["1:1: error: expected declaration, found '{'"])
    let inBlock = "in R {" + String(repeating: "{", count: 100_000)
    #expect(syntaxDiagnostics(inBlock).count == 1)
    let lines = String(repeating: "{\n", count: 100_000)
    #expect(syntaxDiagnostics(lines).count == 1)
}

@Test func deepNestingIsAnErrorNotACrash() {
    let parens = "in R when " + String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000) + " {\n}"
    #expect(syntaxDiagnostics(parens).first == "1:267: error: nesting is too deep (more than 256 levels)")
    let bangs = "in R when " + String(repeating: "!", count: 100_000) + "a {\n}"
    #expect(syntaxDiagnostics(bangs).first == "1:267: error: nesting is too deep (more than 256 levels)")
    let dict = "shortcut \"t\" {\n  u " + String(repeating: "{ a: ", count: 100_000) + "\n}"
    #expect(syntaxDiagnostics(dict).count >= 1)
    let menus = "menu \"m\" {\n" + String(repeating: "menu \"n\" {\n", count: 10_000) + "}"
    #expect(syntaxDiagnostics(menus).contains("34:1: error: menus are nested too deeply"))
    let parenLines = "in R when " + String(repeating: "(\n", count: 50_000) + "{\n}"
    #expect(syntaxDiagnostics(parenLines).count >= 1)
}

@Test func garbageNeverCrashes() {
    var rng = SystemRandomNumberGenerator()
    let alphabet = Array("in R menu edit shortcut group unbind when {}()+->!&&||==\"\\,:.|/[]cmd k 1 \n\n\t".utf8)
    for round in 0..<200 {
        let bytes: [UInt8] = (0..<300).map { _ in
            round % 2 == 0 ? UInt8.random(in: 0...255, using: &rng) : alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
        }
        let source = SourceFile(path: "g", bytes: bytes)
        let (_, diagnostics) = Parser.parse(source, file: FileID(0))
        for d in diagnostics { #expect(d.range.start >= 0 && d.range.end <= bytes.count && d.range.start <= d.range.end) }
    }
}

@Test func missingCloseParenKeepsTheDeclaration() {
    let (dump, diagnostics) = SyntaxDump.parse("action go(Int\nin R {\n  k -> go(1 \"T\"\n}")
    #expect(diagnostics.map(\.message) == ["expected ')', found end of line", "expected ')', found '\"T\"'"])
    #expect(dump == "action go(Int)\nin R {k/k -> go(int 1) \"T\"}")
}

/// SplitMix64, for reproducible mutations.
private struct Mix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Test func tokenMutationsNeverCrashAndFormatSafely() {
    let path = ProcessInfo.processInfo.environment["MUTATION_FILE"]
    let bytes = Array((path.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? grammarExample).utf8)
    let tokens = Lexer.tokenize(bytes).tokens.dropLast()
    let seed = UInt64(ProcessInfo.processInfo.environment["MUTATION_SEED"] ?? "") ?? 7
    let rounds = Int(ProcessInfo.processInfo.environment["MUTATION_ROUNDS"] ?? "") ?? 120
    var rng = Mix(state: seed)
    for _ in 0..<rounds {
        // Delete, duplicate or move one token.
        let t = tokens[tokens.index(tokens.startIndex, offsetBy: Int.random(in: 0..<tokens.count, using: &rng))]
        let piece = Array(bytes[t.start..<t.end])
        var out = bytes
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: out.removeSubrange(t.start..<t.end)
        case 1: out.insert(contentsOf: piece, at: t.end)
        default:
            out.removeSubrange(t.start..<t.end)
            out.insert(contentsOf: piece + [0x20], at: Int.random(in: 0...out.count, using: &rng))
        }
        let source = SourceFile(path: "m", bytes: out)
        let (_, diagnostics) = Parser.parse(source, file: FileID(0))
        var lines = Set<Int>()
        for d in diagnostics where d.severity == .error {
            #expect(d.range.start >= 0 && d.range.start <= d.range.end && d.range.end <= out.count)
            #expect(lines.insert(source.lineAndColumn(of: d.range.start).line).inserted, "two errors on one line")
        }
        if case .success = Formatter.format(source, file: FileID(0)) {
            _ = formatted(String(decoding: out, as: UTF8.self))
        }
    }
}

@Test func foreignTokensAreNotTrusted() {
    let source = SourceFile(path: "t", text: "action a")
    let bogus = [Token(kind: .identifier, start: 5, end: 99), Token(kind: .end, start: 0, end: 0)]
    let (file, diagnostics) = Parser.parse(source, file: FileID(0), tokens: bogus)
    #expect(diagnostics.isEmpty)
    #expect(SyntaxDump.dump(file) == "action a")
    #expect(SyntaxDump.dump(Parser.parse(source, file: FileID(0), tokens: []).0) == "action a")
}

/// A misspelt declaration keyword or `group` is one error with a did-you-mean and a fix-it,
/// and the line is read as meant: what it declares is there for the rest of the file.
@Test func misspeltKeywordsAreReadAsMeant() {
    expectInlineDiagnostics("""
        responder Editor
        acton search      // error: expected declaration, found 'acton'; did you mean 'action'?
        contxt mode: a | b // error: expected declaration, found 'contxt'; did you mean 'context'?
        in Editor {
          grop "G" {      // error: expected binding, found 'grop'; did you mean 'group'?
            cmd+k -> search when mode == a
          }
        }
        """)
}
