import Testing
@testable import BindingLang

/// Every checker diagnostic, with exact message and position, as inline expectations
/// (`// error@col: message` on the line concerned), driven by one parameterised test.
struct CheckDiagnosticsTests {
    struct Fixture: CustomTestStringConvertible, Sendable {
        var name: String
        var files: [String]
        var testDescription: String { name }
        init(_ name: String, _ files: String...) {
            self.name = name
            self.files = files
        }
    }

    static let fixtures: [Fixture] = [
        Fixture("declarations", """
            keymap "A"                           // note@1: first named here
            keymap "B"                       // error@1: keymap name is given twice in this file
            context flag: Bool               // note@9: 'flag' was first declared here
            context flag: Bool               // error@9: invalid redeclaration of context 'flag'
            context count: Bol               // error@16: unknown context type 'Bol'; did you mean 'Bool'?
            context mode: a | b | a          // error@23: duplicate case 'a' in enumeration // note@15: 'a' was first listed here
            responder Editor, View, Editor   // error@25: invalid redeclaration of responder role 'Editor' // note@11: 'Editor' was first declared here
            action go                        // note@8: 'go' was first declared here
            action go                        // error@8: invalid redeclaration of action 'go'
            action copy                      // error@8: 'copy' is a standard action and is already declared
            action jump(Strin)               // error@13: unknown argument type 'Strin'; did you mean 'String'?
            in View {
              cmd+j -> jump(1)
              cmd+k -> go when count
              cmd+l -> go when mode == a
            }
            """),
        // Conditions read `true` and `false` as Booleans: no case could be compared with them,
        // so such a declaration is one error and its uses are not reported again.
        Fixture("Boolean cases", """
            context m: true | false          // error@12: 'true' and 'false' cannot be the cases of an enumeration: conditions read them as Boolean values; did you mean 'Bool'?
            context n: on | false | off      // error@17: 'false' cannot be a case of an enumeration: conditions read it as a Boolean value; choose another name
            responder E
            action a
            in E {
              cmd+1 -> a when m == true
              cmd+2 -> a when m in (true, false)
              cmd+3 -> a when n == on
            }
            """),
        Fixture("names", """
            context loggedIn: Bool
            context mode: normal | insert
            responder Editor
            action search
            in Editr {                       // error@4: unknown responder role 'Editr'; did you mean 'Editor'?
              cmd+k -> serch                 // error@12: unknown action 'serch'; did you mean 'search'?
            }
            in Editor {
              cmd+a -> search when logedIn   // error@24: unknown context variable 'logedIn'; did you mean 'loggedIn'?
              cmd+b -> search when mode == insrt   // error@32: 'mode' has no case 'insrt'; did you mean 'insert'?
              cmd+c -> search when insert    // error@24: unknown context variable 'insert'; did you mean 'mode == insert'?
              cmd+d -> search when zzz       // error@24: unknown context variable 'zzz'
              cmd+e -> frobnicate            // error@12: unknown action 'frobnicate'
            }
            """),
        Fixture("condition types", """
            context loggedIn: Bool
            context mode: normal | insert
            context lang: String
            responder Editor
            action a
            in Editor {
              cmd+a -> a when loggedIn == "yes"      // error@31: cannot compare Bool context 'loggedIn' with a string
              cmd+b -> a when mode == "insert"       // error@27: cannot compare enumeration context 'mode' with a string
              cmd+c -> a when lang == swift          // error@27: cannot compare String context 'lang' with identifier 'swift'; did you mean "swift"?
              cmd+d -> a when mode                   // error@19: enumeration context 'mode' is not a condition; compare it with '==' or 'in'
              cmd+e -> a when lang                   // error@19: String context 'lang' is not a condition; compare it with '==' or 'in'
              cmd+f -> a when mode == true           // error@27: cannot compare enumeration context 'mode' with a Boolean
              cmd+g -> a when loggedIn == maybe      // error@31: cannot compare Bool context 'loggedIn' with identifier 'maybe'; use true or false
              cmd+h -> a when "x"                    // error@19: a string is not a condition
              cmd+i -> a when "x" == lang            // error@19: left side of '==' must be a context variable
              cmd+j -> a when mode in (normal, nope) // error@36: 'mode' has no case 'nope'
              cmd+k -> a when lang != (loggedIn && loggedIn)   // error@27: right side of '!=' must be a case name, a string or true/false
              cmd+l -> a when nope == x && mode      // error@19: unknown context variable 'nope' // error@32: enumeration context 'mode' is not a condition; compare it with '==' or 'in'
            }
            """),
        Fixture("action arguments", """
            responder Editor
            action selectTab(Int)
            action open(String)
            action toggle(Bool)
            action search
            in Editor {
              cmd+1 -> selectTab                  // error@12: action 'selectTab' needs an argument of type Int
              cmd+2 -> selectTab("2")             // error@22: action 'selectTab' takes an argument of type Int, not String
              cmd+3 -> search(3)                  // error@19: action 'search' takes no argument
              cmd+4 -> open(true)                 // error@17: action 'open' takes an argument of type String, not Bool
              cmd+5 -> toggle(1)                  // error@19: action 'toggle' takes an argument of type Bool, not Int
              cmd+6 -> copy(1)                    // error@17: action 'copy' takes no argument
              cmd+7 -> selectTab(7)
              cmd+8 -> open("x")
              cmd+9 -> toggle(false)
            }
            """),
        Fixture("chords", """
            responder Editor
            action a
            in Editor {
              cmd+command+k -> a        // error@7: duplicate modifier 'command' (same as 'cmd')
              cmd+cmd+j -> a            // error@7: duplicate modifier 'cmd'
              shift+G -> a              // error@3: duplicate modifier 'shift': upper-case 'G' already means shift
              shft+k -> a               // error@3: unknown modifier 'shft'; did you mean 'shift'?
              cmd+escap -> a            // error@7: unknown key 'escap'; did you mean 'escape'?
              cmd+shift -> a            // error@3: chord 'cmd+shift' has no key
              a+b -> a                  // error@3: chord has two keys, 'a' and 'b'; only the last part is the key
              numpad+a -> a             // error@3: impossible chord 'numpad+a': the numeric keypad has no 'a' key
              ctrl+k ctrl+frob -> a     // error@15: unknown key 'frob'
              numpad+5 -> a
              cmd+primary+x -> a        // error@7: duplicate modifier 'primary' (same as 'cmd')
            }
            """),
        Fixture("never chosen", """
            context a: Bool
            context mode: x | y
            responder Editor
            action go
            in Editor when a && !a {              // warning@16: condition is never true; no binding of this block can be chosen
              cmd+a -> go when mode == x
            }
            in Editor when a {
              cmd+b -> go when !a                 // warning@20: condition is never true; 'cmd+b' can never be chosen
              cmd+c -> go when mode == x && mode == y   // warning@20: condition is never true; 'cmd+c' can never be chosen
              cmd+d -> go when mode != x && mode != y   // warning@20: condition is never true; 'cmd+d' can never be chosen
              cmd+e -> go when false              // warning@20: condition is never true; 'cmd+e' can never be chosen
            }
            menu "M" {
              "Never" -> go when a && !a          // warning@22: condition is never true; menu item "Never" is never enabled
            }
            """),
        Fixture("titles", """
            responder Editor
            action selectTab(Int)
            action search
            in Editor {
              group "" {                          // warning@9: empty group title
                cmd+0 -> search ""                // warning@21: empty discoverability title
              }
              group "Tabs" {
                cmd+1 -> selectTab(1) "Types"     // note@27: first used here
                cmd+2 -> selectTab(2) "Types"     // warning@27: title "Types" is already used for 'selectTab(1)' in group "Tabs"
              }
              cmd+3 -> search "Find"              // note@19: first used here
              cmd+4 -> find "Find"                // warning@17: title "Find" is already used for 'search' among ungrouped commands
              cmd+5 -> search "Find"
            }
            in Editor when false {                // warning@16: condition is never true; no binding of this block can be chosen
              group "Tabs" {
                cmd+6 -> selectTab(1) "Types"
              }
            }
            """),
        Fixture("conflicts", """
            context mode: normal | insert
            context loggedIn: Bool
            context readOnly: Bool
            context lang: String
            responder Editor, View
            action search
            in Editor {
              cmd+k -> search when mode == insert       // note@3: the other binding is here
              cmd+k -> find   when mode == normal
              cmd+k -> copy   when loggedIn             // error@3: 'cmd+k' is bound twice in role 'Editor' when mode == insert, loggedIn == true
              cmd+j -> search when loggedIn && !readOnly
              cmd+j -> find   when readOnly
              cmd+l -> search when lang == "swift"
              cmd+l -> find   when lang == "rust"
              cmd+m -> search when lang != "swift"      // note@3: the other binding is here
              cmd+m -> find   when lang != "rust"       // error@3: 'cmd+m' is bound twice in role 'Editor' when lang == ""
              cmd+n -> search when loggedIn || readOnly // note@3: the other binding is here
              cmd+n -> find   when !loggedIn            // error@3: 'cmd+n' is bound twice in role 'Editor' when loggedIn == false, readOnly == true
              cmd+o -> search                           // note@3: the other binding is here
              command+o -> find                         // error@3: 'cmd+o' is bound twice in role 'Editor'
              cmd+p -> search when mode in (normal, insert) // note@3: the other binding is here
              cmd+p -> find   when mode != normal && readOnly  // error@3: 'cmd+p' is bound twice in role 'Editor' when mode == insert, readOnly == true
            }
            in View {
              cmd+k -> paste                             // nearer role: shadowing, not a conflict
            }
            """),
        Fixture("prefix conflicts", """
            context vim: Bool
            responder Editor, View
            action comment
            in Editor {
              ctrl+k         -> cut                 // note@3: 'ctrl+k' is bound here
              ctrl+k ctrl+c  -> comment             // error@3: 'ctrl+k' is both bound and a prefix of 'ctrl+k ctrl+c' in role 'Editor'
              ctrl+x ctrl+s  -> comment when vim    // note@3: 'ctrl+x ctrl+s' is bound here
              ctrl+x         -> copy when !vim
              ctrl+x ctrl+s ctrl+a -> paste when vim    // error@3: 'ctrl+x ctrl+s' is both bound and a prefix of 'ctrl+x ctrl+s ctrl+a' in role 'Editor' when vim == true
            }
            in View {
              ctrl+k -> paste
            }
            """),
        Fixture("menu conflicts", """
            context mode: normal | insert
            responder Editor
            action search
            action newTab
            in Editor {
              cmd+t -> search when mode == insert   // note@3: 'cmd+t' is bound here
              cmd+n x -> search                     // note@3: 'cmd+n x' is bound here
              cmd+y -> search when mode == insert
            }
            menu "File" {
              "New Tab" cmd+t -> newTab             // error@13: key equivalent 'cmd+t' of menu item "New Tab" is also bound in role 'Editor' when mode == insert
              "New" cmd+n -> newTab                 // note@9: the other binding is here // error@9: key equivalent 'cmd+n' of menu item "New" is also the first stroke of 'cmd+n x' in role 'Editor'
              menu "More" {
                "Why" cmd+y -> newTab when mode == normal
                "Again" cmd+n -> search when mode == normal    // error@13: 'cmd+n' is the key equivalent of two menu items when mode == normal
              }
            }
            """),
        Fixture("menus", """
            responder Editor
            action go
            menu edit {                         // note@1: first declared here
              "Go" cmd+g -> go                  // error@8: edit-menu items have no key equivalent
              separator                         // error@3: the edit menu cannot have separators
              menu "Sub" {                      // error@3: the edit menu cannot have submenus
                "Go" -> go
              }
              "" -> go                          // warning@3: empty discoverability title
            }
            menu edit {                         // error@1: the edit menu is declared twice in this file
              "Go" -> goo                       // error@11: unknown action 'goo'; did you mean 'go'?
            }
            menu "File" {                       // note@6: first declared here
              "Go" cmd+g -> go when nope        // error@25: unknown context variable 'nope'
            }
            menu "File" {                       // error@6: menu "File" is declared twice in this file
            }
            menu "" {                           // warning@6: empty menu title
            }
            """),
        Fixture("quick actions", """
            shortcut "a" {                       // note@10: first declared here
              title "A"
              icon search                        // note@3: 'icon' is given here
              iconFile "a.png"                   // warning@3: 'iconFile' overrides 'icon'; the icon type is ignored
              userInfo { source: "home", depth: 2, ratio: 1.5, on: true, nested: { deep: { x: "y" } } }
            }
            shortcut "a" {                       // error@10: shortcut "a" is declared twice in this file
              title "Again"
            }
            shortcut "b" {                       // error@10: shortcut "b" has no title
              subtitle "no title"
            }
            shortcut "c" {
              titl "C"                           // error@3: unknown shortcut field 'titl'; did you mean 'title'?
              icon serch                         // error@8: unknown icon type 'serch'; did you mean 'search'?
            }
            shortcut "d" {
              title "D"                          // note@3: first declared here
              title "D2"                         // error@3: field 'title' is given twice
              subtitle { }                       // error@12: field 'subtitle' needs a string
              userInfo "x"                       // error@12: field 'userInfo' needs a dictionary
            }
            shortcut "e" {
              title ""                           // warning@9: empty quick action title
              icon "compose"
              userInfo { k: 1, k: 2 }            // error@20: duplicate key "k" in user info // note@14: first declared here
            }
            shortcut "" {                        // error@10: shortcut type must not be empty
              title "Empty"
            }
            shortcut "f" {
              title "F"
              titel "x"                          // error@3: unknown shortcut field 'titel'
              icon search
              iconFile { a: 1 }                  // error@12: field 'iconFile' needs a string
            }
            """),
        Fixture("quick-action text a property list cannot hold", """
            shortcut "q\\u{1}" {                  // error@10: a property list cannot hold U+0001 (XML 1.0 has no such character)
              title "T\\u{B}"                     // error@9: a property list cannot hold U+000B (XML 1.0 has no such character)
              subtitle "Z\\0Y"                    // error@12: a property list cannot hold U+0000 (XML 1.0 has no such character)
              iconFile "i\\u{FFFF}"               // error@12: a property list cannot hold U+FFFF (XML 1.0 has no such character)
            }
            shortcut "u" {
              title "U"
              userInfo { "a": 1, "a\\u{1F}": 2 }  // error@22: a property list cannot hold U+001F (XML 1.0 has no such character)
            }
            shortcut "n" {
              title "N"
              userInfo { nested: { v: "\\u{FFFE}" } }   // error@27: a property list cannot hold U+FFFE (XML 1.0 has no such character)
            }
            shortcut "fine" {
              title "A\\rB\\tC\\nD\\u{7F}\\u{FFFD}"
              userInfo { crlf: "x\\r\\ny" }
            }
            """),
        Fixture("no cascades", """
            context mode: a | b
            responder R
            action go(Int)
            in R when nope {                     // error@11: unknown context variable 'nope'
              cmd+1 -> go(1) when mode == a
              cmd+2 -> go(2) when mode == a
              cmd+3 -> go("x")                   // error@15: action 'go' takes an argument of type Int, not String
            }
            in Q {                               // error@4: unknown responder role 'Q'; did you mean 'R'?
              cmd+1 -> go(1)
              cmd+1 -> go(1)
            }
            in R {
              cmd+4 -> go(4) when mode == c && mode == a     // error@31: 'mode' has no case 'c'; did you mean 'a'?
              cmd+4 -> go(4)
              cmd+5 -> go(5) when mode == a
              cmd+5 -> gone(5)                   // error@12: unknown action 'gone'
            }
            """),
    ]

    @Test(arguments: fixtures)
    func fixture(_ f: Fixture) {
        expectInlineDiagnostics(f.files.enumerated().map { ("f\($0.offset).bind", $0.element) })
    }

    /// `context m: true | false` comes with the fix-it that makes it a Bool.
    @Test func aBooleanEnumerationIsFixedToBool() {
        let (fixed, _) = CheckFixItTests.applyingFixIts("context m: false | true\nresponder E\nin E { cmd+1 -> copy when m == true }\n")
        #expect(fixed == "context m: Bool\nresponder E\nin E { cmd+1 -> copy when m == true }\n")
    }
}
