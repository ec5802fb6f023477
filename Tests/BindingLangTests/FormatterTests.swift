import Foundation
import BindingRuntime
import Testing
@testable import BindingLang

/// Formats `text`, checking idempotence and that the tree is unchanged.
func formatted(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    guard case .success(let once) = Formatter.format(SourceFile(path: "t", text: text), file: FileID(0)) else {
        Issue.record("does not format", sourceLocation: sourceLocation)
        return ""
    }
    guard case .success(let twice) = Formatter.format(SourceFile(path: "t", text: once), file: FileID(0)) else {
        Issue.record("formatted text does not parse:\n\(once)", sourceLocation: sourceLocation)
        return once
    }
    #expect(once == twice, "not idempotent", sourceLocation: sourceLocation)
    #expect(SyntaxDump.parse(text).0 == SyntaxDump.parse(once).0, "meaning changed", sourceLocation: sourceLocation)
    #expect(commentTexts(text) == commentTexts(once), "comments changed", sourceLocation: sourceLocation)
    return once
}

/// Every comment of `text`, trailing white space trimmed.
func commentTexts(_ text: String) -> [String] {
    let bytes = Array(text.utf8)
    return Lexer.tokenize(bytes).comments.map {
        var s = String(decoding: bytes[$0.start..<$0.end], as: UTF8.self)
        while s.hasSuffix(" ") || s.hasSuffix("\t") { s.removeLast() }
        return s
    }
}

@Test func formatsTheGrammarExample() {
    #expect(formatted(grammarExample) == """
        keymap "Editor"

        context loggedIn: Bool
        context readOnly: Bool
        context mode: normal | insert | visual

        responder TextView, Editor, Window, App // roles, nearest first

        action selectTab(Int)
        action search
        action commentLine
        action showProfile

        in Editor {
          group "Tabs" {
            cmd+1 -> selectTab(1) "Types"
            cmd+2 -> selectTab(2) "Protocols"
            cmd+3 -> selectTab(3) "Functions"
            cmd+4 -> selectTab(4) "Operators"
          }
          alt+cmd+f     -> search          "Find…"
          ctrl+k ctrl+c -> commentLine     "Comment Line" // two strokes
          escape        -> cancelOperation                // no title: works, not listed
        }

        in Editor when loggedIn {
          shift+cmd+p -> showProfile "Profile"
        }

        in TextView when mode == insert && !readOnly {
          primary+b -> toggleBoldface "Bold"
        }

        menu edit {
          "Copy"   -> copy
          "Define" -> define when !readOnly
        }

        menu "File" {
          "New Tab" cmd+t -> selectTab(1)
        }

        shortcut "com.example.editor.search" {
          title    "Search"
          subtitle "Find in all files"
          icon     search
          userInfo { source: "home", depth: 2 }
        }

        """)
}

@Test func examplesFormatIdempotently() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let dir = root.appendingPathComponent("Examples")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    #expect(files.contains { $0.hasSuffix(".bind") })
    for name in files where name.hasSuffix(".bind") {
        let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
        _ = formatted(text)
    }
}

@Test func chordsAreNormalised() {
    #expect(formatted("in R {\n  option+command+f -> a\n}") == "in R {\n  alt+cmd+f -> a\n}\n")
    #expect(formatted("in R {\n  G -> a\n  ⌘+⇧+esc -> b\n  cmd++ -> c\n  cmd+[ -> d\n  shift+primary+k -> e\n}") == """
        in R {
          shift+g         -> a
          shift+cmd+escape -> b
          cmd+"+"         -> c
          cmd+"["         -> d
          primary+shift+k -> e
        }

        """.replacingOccurrences(of: "shift+g         ->", with: "shift+g          ->")
        .replacingOccurrences(of: "cmd+\"+\"         ->", with: "cmd+\"+\"          ->")
        .replacingOccurrences(of: "cmd+\"[\"         ->", with: "cmd+\"[\"          ->")
        .replacingOccurrences(of: "primary+shift+k ->", with: "primary+shift+k  ->"))
    // Invalid chords are kept as written.
    #expect(formatted("in R {\n  cmd+command+k -> a\n  shift+G -> b\n  hyper+x -> c\n}") == """
        in R {
          cmd+command+k -> a
          shift+G       -> b
          hyper+x       -> c
        }

        """)
}

@Test func alignmentRunsBreakAtBlankLinesAndComments() {
    let text = """
        in R {
          a -> x "A"
          ctrl+k ctrl+c -> yy "B" when c

          b -> z
          // about c
          c -> zzz "C"
        }
        """
    #expect(formatted(text) == """
        in R {
          a             -> x  "A"
          ctrl+k ctrl+c -> yy "B" when c

          b -> z
          // about c
          c -> zzz "C"
        }

        """)
}

/// Invisible characters that break or hide text in an editor are written as escapes: C1
/// controls and the line and paragraph separators, like the C0 controls.
@Test func invisibleCharactersInStringsAreEscaped() {
    #expect(formatted("action a\nin R {\n  k -> a \"x\u{85}y\u{2028}z\u{2029}\u{7}\"\n}\n")
        == "action a\nin R {\n  k -> a \"x\\u{85}y\\u{2028}z\\u{2029}\\u{7}\"\n}\n")
}

/// Strings in chords are re-escaped too: a valid key that is an invisible character (the line
/// separator) in its canonical form, and the quoted parts of a chord kept as written because
/// it is invalid (a control character is no key, Grammar.md §4.3).
@Test func invisibleCharactersInChordsAreEscaped() {
    #expect(formatted("action a\nin R {\n  cmd+\"\u{2028}\" -> a\n}\n") == "action a\nin R {\n  cmd+\"\\u{2028}\" -> a\n}\n")
    #expect(formatted("action a\nin R {\n  cmd+\"\u{7F}\" -> a\n  ctrl+\"\u{85}\" -> a\n}\n")
        == "action a\nin R {\n  cmd+\"\\u{7F}\"  -> a\n  ctrl+\"\\u{85}\" -> a\n}\n")
    #expect(Key(character: "\u{2028}").sourceName == "\"\\u{2028}\"")
}

/// Comments sharing a line of their own stay on it, as written.
@Test func commentsSharingALineStayOnIt() {
    let text = "in R {\n  /* a */ /* b */\n  k -> x\n}\n/* block */   // and line\n"
    #expect(formatted(text) == text)
}

@Test func commentsStayInPlace() {
    let text = """
        // header comment

        /* block
           comment */
        keymap   "K"   // trailing
        in R {  // after brace
          // leading
          a->x   /* trailing block */
          b -> /* inside */ y
          /* before close */
        } // after close
        // at the end
        """
    #expect(formatted(text) == """
        // header comment

        /* block
           comment */
        keymap "K" // trailing
        in R { // after brace
          // leading
          a -> x /* trailing block */
          b -> /* inside */ y
          /* before close */
        } // after close
        // at the end

        """)
}

/// A block comment before code on its line stays before that code on its line: in a
/// user-info dictionary `a: 1, /* c */ b: 2` put `/* c */` at the end of `a`'s line and `b`
/// on the next, and a comment before a declaration, binding, group or menu item got a line of
/// its own. A comment after code (before `,` or `}`) still ends that code's line.
@Test func commentsBeforeCodeStayOnItsLine() {
    #expect(formatted("""
        shortcut "t" {
          title "T"
          userInfo {
            a: 1, /* c */ b: 2,
            d: 3 /* after d */, e: 4,
            /* own */ f: 5, /* g1 */ /* g2 */ g: { h: 1, /* i */ i: 2 },
            j: { /* k */ k: 1,
              l: 2, /* before close */ },
          }
        }
        shortcut "u" { title "U" userInfo { a: 1, /* c */ b: 2 } }
        """) == """
        shortcut "t" {
          title "T"
          userInfo {
            a: 1,
            /* c */ b: 2,
            d: 3, /* after d */
            e: 4,
            /* own */ f: 5,
            /* g1 */ /* g2 */ g: { h: 1, /* i */ i: 2 },
            j: {
              /* k */ k: 1,
              l: 2, /* before close */
            },
          }
        }
        shortcut "u" {
          title "U"
          userInfo { a: 1, /* c */ b: 2 }
        }

        """)
    #expect(formatted("""
        /* a */ /* b */ responder R
        /* x */ // y
        action go
        in R {
          /* pre */ @priority cmd+k -> go "Go"   // trailing
          cmd+j  ->  go "J"
          cmd+jj ->  go

          /* e */ group "G" {
            cmd+l -> go
          }
        }
        menu "File" { /* m */ "Open" cmd+o -> go
        }
        """) == """
        /* a */ /* b */ responder R
        /* x */ // y
        action go
        in R {
          /* pre */ @priority cmd+k -> go "Go" // trailing
          cmd+j  -> go "J"
          cmd+jj -> go

          /* e */ group "G" {
            cmd+l -> go
          }
        }
        menu "File" {
          /* m */ "Open" cmd+o -> go
        }

        """)
}

@Test func blankLinesCollapseAndTrim() {
    #expect(formatted("\n\n\naction a\n\n\n\naction b\n\n\n") == "action a\n\naction b\n")
    #expect(formatted("in R {\n\n  a -> x\n\n\n  b -> y\n\n}") == "in R {\n  a -> x\n\n  b -> y\n}\n")
    #expect(formatted("") == "")
    #expect(formatted("// only\n") == "// only\n")
    #expect(formatted("in R {}\nin S {\n}\nin T { a -> b }") == "in R {}\nin S {}\nin T {\n  a -> b\n}\n")
}

@Test func expressionsAndLiterals() {
    #expect(formatted("in R when !a&&(b||c)&&m   in(x,y)&&n not in (\"q\") {\n  k -> a(-5)   when  x!=y\n}") == """
        in R when !a && (b || c) && m in (x, y) && n not in ("q") {
          k -> a(-5) when x != y
        }

        """)
    #expect(formatted("keymap \"a\\u{41}\\t\\\"\\\\\\u{7}é\"") == "keymap \"aA\\t\\\"\\\\\\u{7}é\"\n")
    #expect(formatted("in R {\n  k -> a(007)\n}") == "in R {\n  k -> a(7)\n}\n")
}

@Test func menusAndShortcutsLayout() {
    let text = """
        menu "View" {
          "Zoom In" cmd+= -> zoom(1)
          "Actual Size" cmd+0 -> zoom(0) when zoomed
          separator
          menu "Sub" { "Deep" -> x }
          menu "Empty" {}
        }
        shortcut "t" {
          title "T"
          iconFile "img"
          userInfo {
            a: 1,
            "b c": { d: true, e: -1.50 },
            f: {
              g: "h" // note
            }
          }
        }
        """
    #expect(formatted(text) == """
        menu "View" {
          "Zoom In"     cmd+"=" -> zoom(1)
          "Actual Size" cmd+0   -> zoom(0) when zoomed
          separator
          menu "Sub" {
            "Deep" -> x
          }
          menu "Empty" {}
        }
        shortcut "t" {
          title    "T"
          iconFile "img"
          userInfo {
            a: 1,
            "b c": { d: true, e: -1.50 },
            f: {
              g: "h", // note
            },
          }
        }

        """)
}

/// The block comments of `text` that code (not `,` or a closing bracket) follows on their
/// line, with that code's first token.
private func commentsBeforeCode(_ text: String) -> [String] {
    let bytes = Array(text.utf8)
    let (tokens, comments) = Lexer.tokenize(bytes)
    return comments.compactMap { c in
        guard c.isBlock, let next = tokens.first(where: { $0.start >= c.end }), next.start < bytes.count,
              !bytes[c.end..<next.start].contains(0x0A) else { return nil }
        let first = String(decoding: bytes[next.start..<next.end], as: UTF8.self)
        return [",", "}", ")", "]"].contains(first) ? nil : String(decoding: bytes[c.start..<c.end], as: UTF8.self) + " " + first
    }
}

/// A small deterministic generator (SplitMix64) for the comment-insertion test.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Test func commentsAnywhereSurviveFormatting() {
    let base = grammarExample + "\nin R {\n  unbind ctrl+k\n  cmd+\"[\" -> a(\"x\") \"T\" when !(a || b) && m not in (x, y)\n}\n"
        + "shortcut \"u\" {\n  userInfo {\n    a: { b: 1 },\n    c: {\n      d: -2.5,\n    },\n  }\n}\n"
    let bytes = Array(base.utf8)
    let tokens = Lexer.tokenize(bytes).tokens
    var rng = SplitMix(state: 42)
    var formattedCount = 0
    for round in 0..<60 {
        // Insert one to three comments into gaps between tokens.
        var inserts: [(Int, String)] = []
        for _ in 0..<(1 + round % 3) {
            let t = tokens[Int.random(in: 0..<tokens.count, using: &rng)]
            let text = ["/* c\(round) */", " // l\(round)\n", "/* m\n\(round) */"][Int.random(in: 0..<3, using: &rng)]
            inserts.append((t.start, text))
        }
        var out = bytes
        for (offset, text) in inserts.sorted(by: { $0.0 > $1.0 }) {
            out.insert(contentsOf: Array((" " + text + " ").utf8), at: offset)
        }
        let text = String(decoding: out, as: UTF8.self)
        guard case .success = Formatter.format(SourceFile(path: "t", text: text), file: FileID(0)) else { continue }
        formattedCount += 1
        let result = formatted(text)
        // A block comment followed on its line by code other than `,` or a closing bracket
        // still is.
        #expect(commentsBeforeCode(result) == commentsBeforeCode(text), "\(text)\n--\n\(result)")
    }
    #expect(formattedCount > 20)
}

/// A file whose lines end with `\r\n` (its first line's, as editors judge it) is formatted
/// as with `\n` and keeps `\r\n`: `fmt --check` failed every file Git checked out on Windows.
@Test func crlfInputKeepsItsLineEnds() {
    let lf = "// c\naction a // t\n\nin R {\n  k -> a \"T\"\n}\n"
    let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(formatted(crlf) == crlf)
    #expect(formatted("action a\r\nin R { k -> a }\n") == "action a\r\nin R {\r\n  k -> a\r\n}\r\n")
    #expect(formatted("action a\nin R { k -> a }\r\n") == "action a\nin R {\n  k -> a\n}\n")
}

@Test func syntaxErrorsFailFormatting() {
    let result = Formatter.format(SourceFile(path: "t", text: "action\nin R {\n  k ->\n}"), file: FileID(0))
    guard case .failure(let errors) = result else {
        Issue.record("formatted a file with syntax errors")
        return
    }
    #expect(errors.diagnostics.map(\.message) == [
        "expected action name, found end of line", "expected action name, found end of line",
    ])
}

/// `backspace` is kept as written, and so is `delete`: `backspace` says Backspace is meant
/// where `delete` may be taken for Del, so formatting brings no warning the source did not
/// have (Grammar.md §11: on Windows `ctrl+alt+delete` is warned, `ctrl+alt+backspace` not).
@Test func backspaceIsKeptAsWritten() {
    let text = "responder E\naction a\naction b\nin E {\n  alt+ctrl+backspace -> a\n  shift+delete -> b\n  cmd+backspace j -> b\n}\n"
    let once = formatted(text)
    #expect(once == "responder E\naction a\naction b\nin E {\n  ctrl+alt+backspace -> a\n  shift+delete       -> b\n  cmd+backspace j    -> b\n}\n")
    for source in [text, once] {
        let (_, diagnostics, _) = checkSource(source, platform: .windows)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    }
}
