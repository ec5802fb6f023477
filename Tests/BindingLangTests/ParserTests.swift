import Foundation
import Testing
@testable import BindingLang

/// Diagnostics of `text` as `line:col: severity: message`.
func syntaxDiagnostics(_ text: String) -> [String] {
    let source = SourceFile(path: "t.bind", text: text)
    return Parser.parse(source, file: FileID(0)).1.map { d in
        let (l, c) = source.lineAndColumn(of: d.range.start)
        return "\(l):\(c): \(d.severity.rawValue): \(d.message)"
    }
}

/// The dump of `text`, which must parse without diagnostics.
func dumpOK(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    let (dump, diagnostics) = SyntaxDump.parse(text)
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))", sourceLocation: sourceLocation)
    return dump
}

/// The AST of one binding `text` inside `in R { … }`.
func bindingDump(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    let d = dumpOK("in R {\n\(text)\n}", sourceLocation: sourceLocation)
    return String(d.dropFirst("in R {".count).dropLast())
}

let grammarExample = """
    keymap "Editor"

    context loggedIn: Bool
    context readOnly: Bool
    context mode: normal | insert | visual

    responder TextView, Editor, Window, App     // roles, nearest first

    action selectTab(Int)
    action search
    action commentLine
    action showProfile

    in Editor {
      group "Tabs" {
        cmd+1 -> selectTab(1)  "Types"
        cmd+2 -> selectTab(2)  "Protocols"
        cmd+3 -> selectTab(3)  "Functions"
        cmd+4 -> selectTab(4)  "Operators"
      }
      cmd+alt+f      -> search       "Find…"
      ctrl+k ctrl+c  -> commentLine  "Comment Line"    // two strokes
      escape         -> cancelOperation                 // no title: works, not listed
    }

    in Editor when loggedIn {
      cmd+shift+p -> showProfile "Profile"
    }

    in TextView when mode == insert && !readOnly {
      primary+b -> toggleBoldface "Bold"
    }

    menu edit {
      "Copy"   -> copy
      "Define" -> define  when !readOnly
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
    """

@Test func grammarExampleParses() {
    #expect(dumpOK(grammarExample) == """
        keymap "Editor"
        context loggedIn: Bool
        context readOnly: Bool
        context mode: normal|insert|visual
        responder TextView,Editor,Window,App
        action selectTab(Int)
        action search
        action commentLine
        action showProfile
        in Editor {group "Tabs" {cmd+1/cmd+1 -> selectTab(int 1) "Types"; cmd+2/cmd+2 -> selectTab(int 2) "Protocols"; \
        cmd+3/cmd+3 -> selectTab(int 3) "Functions"; cmd+4/cmd+4 -> selectTab(int 4) "Operators"}; \
        alt+cmd+f/alt+cmd+f -> search "Find…"; ctrl+k/ctrl+k ctrl+c/ctrl+c -> commentLine "Comment Line"; \
        escape/escape -> cancelOperation}
        in Editor when loggedIn {shift+cmd+p/shift+cmd+p -> showProfile "Profile"}
        in TextView when {{mode == insert} && !readOnly} {cmd+b/ctrl+b -> toggleBoldface "Bold"}
        menu edit {"Copy" -> copy; "Define" -> define when !readOnly}
        menu "File" {"New Tab" cmd+t/cmd+t -> selectTab(int 1)}
        shortcut "com.example.editor.search" {title "Search"; subtitle "Find in all files"; icon id search; \
        userInfo {"source": "home", "depth": int 2}}
        """)
}

@Test func examplesParseWithoutErrors() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let dir = root.appendingPathComponent("Examples")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    #expect(files.contains { $0.hasSuffix(".bind") })
    for name in files where name.hasSuffix(".bind") {
        let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
        #expect(syntaxDiagnostics(text) == [], "\(name)")
    }
}

@Test func declarationsParse() {
    #expect(dumpOK("context x: String\ncontext y: Foo") == "context x: String\ncontext y: Foo")
    #expect(dumpOK("context m: a\n  | b\n  | c") == "context m: a|b|c")
    #expect(dumpOK("responder A") == "responder A")
    #expect(dumpOK("action a(String)\naction b(Bool)") == "action a(String)\naction b(Bool)")
    #expect(dumpOK("") == "")
    #expect(dumpOK("// only a comment\n/* and a block */") == "")
}

@Test func keywordsAreContextual() {
    #expect(dumpOK("context in: Bool\naction when\nresponder menu, group") == "context in: Bool\naction when\nresponder menu,group")
    #expect(dumpOK("in R when in && when {\n}") == "in R when {in && when} {}")
}

@Test func chordsWithPunctuation() {
    #expect(bindingDump(#"cmd+[ -> a"#) == #"cmd+"["/cmd+"[" -> a"#)
    #expect(bindingDump(#"cmd++ -> a"#) == #"cmd+"+"/cmd+"+" -> a"#)
    #expect(bindingDump(#"cmd+- -> a"#) == #"cmd+"-"/cmd+"-" -> a"#)
    #expect(bindingDump(#"cmd+, -> a"#) == #"cmd+","/cmd+"," -> a"#)
    #expect(bindingDump(#"cmd+. -> a"#) == #"cmd+"."/cmd+"." -> a"#)
    #expect(bindingDump(#"cmd+= -> a"#) == #"cmd+"="/cmd+"=" -> a"#)
    #expect(bindingDump(#"ctrl+/ -> a"#) == #"ctrl+"/"/ctrl+"/" -> a"#)
    #expect(bindingDump(#"ctrl+] -> a"#) == #"ctrl+"]"/ctrl+"]" -> a"#)
    #expect(bindingDump(#"cmd+{ -> a"#) == #"cmd+"{"/cmd+"{" -> a"#)
    #expect(bindingDump(#"cmd+} -> a"#) == #"cmd+"}"/cmd+"}" -> a"#)
    #expect(bindingDump(#"cmd+( -> a"#) == #"cmd+"("/cmd+"(" -> a"#)
    #expect(bindingDump(#"cmd+! -> a"#) == #"cmd+"!"/cmd+"!" -> a"#)
    #expect(bindingDump(#"cmd+| -> a"#) == #"cmd+"|"/cmd+"|" -> a"#)
    #expect(bindingDump(#"cmd+: -> a"#) == #"cmd+":"/cmd+":" -> a"#)
    #expect(bindingDump(#"cmd+"[" -> a"#) == #"cmd+"["/cmd+"[" -> a"#)
    #expect(bindingDump(#""\"" -> a"#) == #""\""/"\"" -> a"#)
    #expect(bindingDump(#"cmd+"\\" -> a"#) == #"cmd+"\\"/cmd+"\\" -> a"#)
    #expect(bindingDump(#"⌘+⇧+k -> a"#) == #"shift+cmd+k/shift+cmd+k -> a"#)
    #expect(bindingDump(#"option+command+f -> a"#) == #"alt+cmd+f/alt+cmd+f -> a"#)
    #expect(bindingDump(#"shift+G -> a"#) == "[shift][G] -> a")
    #expect(bindingDump(#"G -> a"#) == "shift+g/shift+g -> a")
    #expect(bindingDump(#"cmd+k->a"#) == "cmd+k/cmd+k -> a")
    #expect(bindingDump(#"cmd+-->a"#) == #"cmd+"-"/cmd+"-" -> a"#)
    #expect(bindingDump(#"numpad+1 -> a"#) == "numpad+1/numpad+1 -> a")
    #expect(bindingDump(#"ctrl+k ctrl+c g -> a"#) == "ctrl+k/ctrl+k ctrl+c/ctrl+c g/g -> a")
    #expect(bindingDump(#""é" -> a"#) == #""é"/"é" -> a"#)
}

@Test func bindingTitlesConditionsAndArguments() {
    #expect(bindingDump(#"k -> a(-3) "T" when x"#) == #"k/k -> a(int -3) "T" when x"#)
    #expect(bindingDump(#"k -> a("s") when x == "v""#) == #"k/k -> a("s") when {x == "v"}"#)
    #expect(bindingDump(#"k -> a(true)"#) == "k/k -> a(bool true)")
    #expect(bindingDump(#"k -> a(-9223372036854775808)"#) == "k/k -> a(int -9223372036854775808)")
    #expect(bindingDump(#"k -> a(9223372036854775807)"#) == "k/k -> a(int 9223372036854775807)")
    #expect(bindingDump("k -> a when x &&\n  y") == "k/k -> a when {x && y}")
    #expect(dumpOK("in R {\n  a -> x\n  \"[\" -> y\n}") == #"in R {a/a -> x; "["/"[" -> y}"#)
    #expect(dumpOK("in R { a -> x }") == "in R {a/a -> x}")
    #expect(dumpOK("in R {\n  unbind ctrl+k ctrl+c\n  group \"G\" {\n    unbind x\n  }\n}")
        == #"in R {unbind ctrl+k/ctrl+k ctrl+c/ctrl+c; group "G" {unbind x/x}}"#)
    #expect(dumpOK("in R {\n  group -> x\n  unbind+k -> y\n}") == "in R {[group] -> x; [unbind][k] -> y}")
}

@Test func expressionPrecedence() {
    func cond(_ e: String) -> String {
        let d = dumpOK("in R when \(e) {}")
        return String(d.dropFirst("in R when ".count).dropLast(3))
    }
    #expect(cond("a || b && c") == "{a || {b && c}}")
    #expect(cond("a && b || c") == "{{a && b} || c}")
    #expect(cond("a || b || c") == "{{a || b} || c}")
    #expect(cond("a && b && c") == "{{a && b} && c}")
    #expect(cond("!a == b") == "{!a == b}")
    #expect(cond("!(a == b)") == "!({a == b})")
    #expect(cond("!!a") == "!!a")
    #expect(cond("a == b && c != d") == "{{a == b} && {c != d}}")
    #expect(cond("m in (a, b) || m not in (\"x\")") == #"{{m in [a, b]} || {m not in ["x"]}}"#)
    #expect(cond("true && false") == "{true && false}")
    #expect(cond("(a || b) && c") == "{({a || b}) && c}")
}

@Test func menusAndShortcuts() {
    #expect(dumpOK("""
        menu "View" {
          "Zoom In" cmd+= -> zoom(1) when a
          separator
          menu "Sub" {
            "Deep" -> x
          }
        }
        """) == #"menu "View" {"Zoom In" cmd+"="/cmd+"=" -> zoom(int 1) when a; separator; menu "Sub" {"Deep" -> x}}"#)
    #expect(dumpOK("""
        shortcut "t" {
          userInfo { "a b": { c: -1.5, d: true, }, e: "x" }
          icon compose title "T"
        }
        """) == #"shortcut "t" {userInfo {"a b": {"c": double -1.5, "d": bool true}, "e": "x"}; icon id compose; title "T"}"#)
    #expect(dumpOK("shortcut \"t\" {\n  userInfo {}\n}") == #"shortcut "t" {userInfo {}}"#)
}

@Test func astRanges() {
    let text = "in Editor when a {\n  cmd+k ctrl+c -> copy(1) \"T\" when b\n}"
    let (file, diagnostics) = Parser.parse(SourceFile(path: "t", text: text), file: FileID(3))
    #expect(diagnostics.isEmpty)
    guard case .block(let block) = file.declarations.first, case .binding(let b) = block.items.first else {
        Issue.record("no binding")
        return
    }
    func slice(_ r: SourceRange) -> String {
        #expect(r.file == FileID(3))
        return String(decoding: Array(text.utf8)[r.start..<r.end], as: UTF8.self)
    }
    #expect(slice(block.range) == text)
    #expect(slice(block.role.range) == "Editor")
    #expect(slice(b.range) == "cmd+k ctrl+c -> copy(1) \"T\" when b")
    #expect(slice(b.sequence.range) == "cmd+k ctrl+c")
    #expect(slice(b.sequence.chords[1].range) == "ctrl+c")
    #expect(b.sequence.chords[0].parts.map { slice($0.range) } == ["cmd", "k"])
    #expect(slice(b.action.range) == "copy(1)")
    #expect(b.title.map { slice($0.range) } == "\"T\"")
    #expect(b.condition.map { slice($0.range) } == "b")
}

/// Issue 10, defect 3: a quoted key may start a sequence on the line after another binding
/// (vim's `] m`, dired's `* t`, `% m`); only a title or `when` alone on that line is the
/// earlier binding's.
@Test func quotedKeyStartsASequenceAfterABinding() {
    let text = """
        in R {
          cmd+k -> a
          "]" m -> b
          "*" t -> c "Mark"
          "%" m -> d when x
          "[" -> e
        }
        """
    #expect(syntaxDiagnostics(text) == [])
    #expect(bindingDump("  k -> a\n  \"]\" m -> b").contains("\"]\" m"))
    #expect(syntaxDiagnostics("in R {\n  k -> a\n  \"Title\" when x\n}")
        == ["3:3: error: a binding's title must be on the same line as its action"])
}

/// A `when` or title alone on the line after a group's `}` follows no binding of its own
/// block: it is not reported as a binding's condition or title on the next line, even when
/// the group's last item is a binding.
@Test func lineAfterAGroupDoesNotContinueItsLastBinding() {
    let afterGroup = "in R {\n  group \"G\" {\n    a -> go\n  }\n  when x\n}"
    #expect(syntaxDiagnostics(afterGroup) == ["5:9: error: expected '->' after the key sequence, found end of line"])
    let afterBinding = "in R {\n  a -> go\n  when x\n}"
    #expect(syntaxDiagnostics(afterBinding) == ["3:3: error: a binding's 'when' must be on the same line as its action"])
}

/// A block's and a group's items arrays are reserved at their number of items, not one more
/// for the line of the closing brace (a 100,000-binding keymap's items are a third of its
/// syntax tree).
@Test func blockItemsAreReservedAtTheirNumber() {
    let bindings = (0..<12).map { "  cmd+\(Character(UnicodeScalar(UInt8(0x61 + $0)))) -> a" }.joined(separator: "\n")
    let text = "in R {\n\(bindings)\n  group \"G\" {\n\(bindings)\n  }\n}\n"
    let (file, diagnostics) = Parser.parse(SourceFile(path: "t.bind", text: text), file: FileID(0))
    #expect(diagnostics.isEmpty)
    guard case .block(let block)? = file.declarations.first else { Issue.record("no block"); return }
    #expect(block.items.count == 13)
    #expect(block.items.capacity < 14)
    guard case .group(let group) = block.items[12] else { Issue.record("no group"); return }
    #expect(group.items.count == 12 && group.items.capacity < 13)
}
