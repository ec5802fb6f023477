import BindingLang
import Testing

@Test func dumpTextListsEverything() {
    let text = KeymapPrinter.text(SampleKeymap.keymap)
    let expected = #"""
        keymap "Editor" for macOS

        contexts:
          context loggedIn: Bool
          context readOnly: Bool
          context mode: normal | insert | visual
          context language: String

        responder TextView, Editor, Window, App

        actions:
          selectTab(Int)
          search
          commentLine
          open(String)
          default(Bool)
          copy  (standard)
          toggleBoldface  (standard)

        bindings (7):
          ROLE      KEYS           ACTION             TITLE           GROUP   WHEN                         SOURCE
          Editor    cmd+1          selectTab(1)       "Types"         "Tabs"                               editor.bind:21:5
          Editor    alt+cmd+f      search             "Find…"
          Editor    ctrl+k ctrl+c  commentLine        "Comment Line"
          TextView  cmd+b          toggleBoldface     "Bold"                  mode == insert && !readOnly
          Editor    cmd+o          open("a \"b\"\\")                          mode in (normal, visual)
          Editor    up             default(true)
          menu      cmd+t          selectTab(1)       "New Tab"       "File"

        menu edit {
          "Copy" -> copy
          "Define & <Look up>" -> search when !readOnly
        }

        menu "File" {
          "New Tab" cmd+t -> selectTab(1)
          separator
          menu "Recent" {
            "Search" -> search
          }
        }

        shortcut "com.example.editor.search" {
          title "Search"
          subtitle "Find in <all> files"
          icon search
          userInfo { source: "home", depth: 2, ratio: 0.5, pinned: true, "nested key": { off: false } }
        }

        shortcut "com.example.editor.new" {
          title "New"
          iconFile "NewIcon"
        }

        """#
    #expect(text == expected)
}

@Test func dumpJSONResolvesNames() {
    let json = KeymapPrinter.json(SampleKeymap.keymap).rendered(pretty: false)
    #expect(json.hasPrefix(#"{"name":"Editor","platform":"macOS","contexts":[{"name":"loggedIn","type":"Bool"}"#))
    #expect(json.contains(#"{"role":"Editor","menu":false,"keys":"ctrl+k ctrl+c","glyphs":"⌃K ⌃C","#))
    // Each condition is listed once under `conditions`; a binding names it by index.
    let document = KeymapPrinter.json(SampleKeymap.keymap)
    guard case .object(let members) = document, case .array(let conditions)? = members.first(where: { $0.0 == "conditions" })?.1 else {
        Issue.record("no conditions array")
        return
    }
    let index = conditions.firstIndex(of: .string("mode in (normal, visual)"))
    #expect(index != nil)
    #expect(json.contains(#""action":"open","argument":"a \"b\"\\","title":null,"group":null,"condition":\#(index ?? -1),"location":null,"priority":false,"allowsAutomaticLocalization":true,"allowsAutomaticMirroring":true}"#))
    #expect(json.contains(#""location":{"path":"editor.bind","line":21,"column":5}"#))
    #expect(json.contains(#"{"role":null,"menu":true,"keys":"cmd+t""#))
    #expect(json.contains(#""userInfo":{"source":"home","depth":2,"ratio":0.5,"pinned":true,"nested key":{"off":false}}"#))
    #expect(json.contains(#"{"kind":"submenu","title":"Recent","entries":[{"kind":"item","title":"Search","keyEquivalent":null"#))
}

@Test func jsonEscapesAndPrettyPrints() {
    let v = JSONValue.object([("a", .array([.int(1), .string("x\u{1}\n\"")])), ("b", .object([])), ("c", .double(.nan))])
    #expect(v.rendered(pretty: false) == #"{"a":[1,"x\u0001\n\""],"b":{},"c":null}"#)
    #expect(v.rendered() == "{\n  \"a\": [\n    1,\n    \"x\\u0001\\n\\\"\"\n  ],\n  \"b\": {},\n  \"c\": null\n}")
}

@Test func sourceTextQuotesAndIdentifiers() {
    #expect(SourceText.quoted("a\"b\\c\nd\u{7}é") == #""a\"b\\c\nd\u{7}é""#)
    #expect(SourceText.isIdentifier("nested_1"))
    #expect(!SourceText.isIdentifier("1x"))
    #expect(!SourceText.isIdentifier("a b"))
    #expect(!SourceText.isIdentifier(""))
}

@Test func unquotedInvertsQuoted() {
    for text in ["", "plain", "a\"b\\c\nd\u{7}é\t\r\0", "\u{1F50D} find"] {
        #expect(SourceText.unquoted(SourceText.quoted(text)) == text)
    }
    #expect(SourceText.unquoted("bare") == "bare")
}
