import BindingRuntime
import Testing
@testable import BindingLang

/// Several files layered in order (Grammar.md §9).
struct CheckLayeringTests {
    static let base = """
        keymap "Base"
        context mode: normal | insert
        responder Editor, App
        action search
        action comment
        in Editor {
          cmd+k -> search "Search" when mode == insert
          cmd+k -> find "Find" when mode == normal
          ctrl+k ctrl+c -> comment "Comment"
          cmd+f -> find "Find"
        }
        in App {
          cmd+k -> search
        }
        menu edit {
          "Copy" -> copy
        }
        menu "File" {
          "Search" cmd+s -> search
        }
        menu "View" {
          "Find" -> find
        }
        shortcut "one" { title "One" }
        shortcut "two" { title "Two" }
        """

    static func chord(_ text: String) -> Chord {
        (try? Chord.parse(text, platform: .apple).get()) ?? Chord(key: Key(character: "?"))
    }

    @Test func laterBindingReplacesAllEarlierOfRoleAndSequence() throws {
        let user = """
            keymap "User"
            in Editor {
              cmd+k -> comment "Comment"
            }
            """
        let (keymap, diagnostics, _) = checkSources([("base.bind", Self.base), ("user.bind", user)])
        #expect(diagnostics == [])
        let k = try #require(keymap)
        #expect(k.name == "Base")
        let cmdK = k.bindings.filter { $0.sequence == [Self.chord("cmd+k")] }
        // Both Editor bindings of cmd+k are gone; App's stays (another role).
        #expect(cmdK.map(\.role) == [1, 0])
        #expect(cmdK.map { k.actions[$0.action].name } == ["search", "comment"])
        #expect(cmdK.last?.location == BindingLang.SourceLocation(path: "user.bind", line: 3, column: 3))
        #expect(cmdK.last?.condition == .constant(true))
    }

    /// What a VS Code user writes over its defaults: `escape escape` where the base binds
    /// `escape` under long conditions (unbound there first), and a binding that overrides the
    /// base's of the same keys. The narrowed base conditions contradict the layer's by one
    /// conjunct at their end; the checker used to give up on each pair as too complex.
    @Test func aLayerOverLongBaseConditionsHasNoConflicts() throws {
        let flags = (0..<48).map { "f\($0)" }
        // (f0 || f1) && !(f2 && f3) && !(f4 && f5) && ...: many states, no variable forced.
        let long = "(f0 || f1) && " + stride(from: 2, to: flags.count, by: 2).map { "!(f\($0) && f\($0 + 1))" }.joined(separator: " && ")
        var base = "keymap \"Base\"\n" + (flags + ["inZenMode", "editorTextFocus"]).map { "context \($0): Bool\n" }.joined()
        base += "context lang: String\ncontext slot: s0 | s1 | s2 | s3 | s4 | s5\nresponder Workbench\n"
        base += (0..<6).map { "action a\($0)\n" }.joined() + "action exitZen\naction run\nin Workbench {\n"
        for k in 0..<6 {
            base += "  escape -> a\(k) when \(long) && slot == s\(k)\n"
            base += "  ctrl+return -> a\(k) when \(long) && slot == s\(k)\n"
        }
        base += "}\n"
        let user = """
            in Workbench {
              unbind escape when inZenMode
              escape escape -> exitZen when inZenMode
              ctrl+return -> run when editorTextFocus && lang == "python"
            }
            """
        let (keymap, diagnostics, _) = checkSources([("base.bind", base), ("user.bind", user)])
        #expect(diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        let k = try #require(keymap)
        #expect(k.bindings.filter { $0.sequence == [Self.chord("ctrl+return")] }.count == 7)
    }

    /// The same with the layer's conditions that real VS Code users write (`a || b`,
    /// `!vim_active || vim_mode != "Insert" && …`, `editorFocus && vim_mode != "Insert"`): the
    /// base binding narrowed to `E && !(L)` denies the layer's `L` outright, or `!(a || b)` forces
    /// `!a` and `!b`; each pair was "too complex" before.
    @Test func aLayerWithDisjunctionsOverLongBaseConditionsHasNoConflicts() throws {
        let flags = (0..<48).map { "f\($0)" }
        let long = "(f0 || f1) && " + stride(from: 2, to: flags.count, by: 2).map { "!(f\($0) && f\($0 + 1))" }.joined(separator: " && ")
        var base = "keymap \"Base\"\n" + (flags + ["a", "b", "vim_active", "editorFocus", "sideBar"]).map { "context \($0): Bool\n" }.joined()
        base += "context vim_mode: String\ncontext slot: s0 | s1 | s2 | s3 | s4 | s5\nresponder Workbench\n"
        base += (0..<6).map { "action a\($0)\n" }.joined() + "action run\nin Workbench {\n"
        for k in 0..<6 {
            for key in ["return", "escape", "tab"] { base += "  \(key) -> a\(k) when \(long) && slot == s\(k)\n" }
        }
        base += "}\n"
        let user = """
            in Workbench {
              return -> run when a || b
              escape -> run when !vim_active || vim_mode != "Insert" && (sideBar || a)
              tab -> run when editorFocus && vim_mode != "Insert"
            }
            """
        let (keymap, diagnostics, _) = checkSources([("base.bind", base), ("user.bind", user)])
        #expect(diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        let k = try #require(keymap)
        #expect(k.bindings.filter { $0.sequence == [Self.chord("return")] }.count == 7)
    }

    @Test func unbindRemovesAndWarnsWhenNothingIsBound() throws {
        let user = """
            in Editor when mode == insert {
              unbind cmd+k
              unbind ctrl+k ctrl+c
              unbind cmd+j                  // warning@10: 'cmd+j' is not bound in role 'Editor' by an earlier file; nothing to unbind
            }
            in App {
              group "G" {
                unbind cmd+f                // warning@12: 'cmd+f' is not bound in role 'App' by an earlier file; nothing to unbind
              }
            }
            """
        expectInlineDiagnostics([("base.bind", Self.base), ("user.bind", user)])
        let (keymap, _, _) = checkSources([("base.bind", Self.base), ("user.bind", user)])
        let k = try #require(keymap)
        // The block's condition restricts its unbinds: cmd+k's insert-mode binding is gone,
        // its normal-mode one untouched, and ctrl+k ctrl+c stays live outside insert mode.
        #expect(k.bindings.map { Messages.sequenceText($0.sequence) } == ["cmd+k", "ctrl+k ctrl+c", "cmd+f", "cmd+k", "cmd+s"])
        #expect(k.bindings.map(\.role) == [0, 0, 0, 1, nil])
        #expect(k.bindings[0].condition == .enumEquals(0, 0))
        #expect(k.bindings[1].condition == .not(.enumEquals(0, 1)))
        // Only the used standard actions are listed, in StandardActions order.
        #expect(k.actions.map(\.name) == ["search", "comment", "copy", "find"])
    }

    @Test func unbindInTheFirstFileWarns() {
        expectInlineDiagnostics("""
            responder Editor
            in Editor {
              unbind cmd+k    // warning@10: 'cmd+k' is not bound in role 'Editor' by an earlier file; nothing to unbind
              cmd+k -> copy
            }
            """)
    }

    @Test func menusAndShortcutsAreReplacedInPlace() throws {
        let user = """
            menu edit {
              "Paste" -> paste
            }
            menu "File" {
              "Find" cmd+g -> find
            }
            menu "Help" {
              "Search" -> search
            }
            shortcut "one" { title "Uno" }
            shortcut "three" { title "Three" }
            """
        let (keymap, diagnostics, _) = checkSources([("base.bind", Self.base), ("user.bind", user)])
        #expect(diagnostics == [])
        let k = try #require(keymap)
        #expect(k.editMenu.map(\.title) == ["Paste"])
        #expect(k.mainMenus.map(\.title) == ["File", "View", "Help"])
        #expect(k.mainMenus.first?.entries.count == 1)
        #expect(k.quickActions.map(\.title) == ["Uno", "Two", "Three"])
        // The File menu's key equivalent is now the later one's, at the later menu's place.
        let menuBindings = k.bindings.filter { $0.role == nil }
        #expect(menuBindings.map(\.sequence) == [[Self.chord("cmd+g")]])
        #expect(menuBindings.first?.location?.path == "user.bind")
        #expect(k.groups == ["File"])
    }

    @Test func declarationsAreSharedAcrossFiles() {
        expectInlineDiagnostics([
            ("a.bind", """
                context flag: Bool                  // note@9: 'flag' was first declared here
                responder Editor
                action go                           // note@8: 'go' was first declared here
                in Editor {
                  cmd+l -> later when laterFlag     // uses may precede declarations
                }
                """),
            ("b.bind", """
                context flag: Bool                  // error@9: invalid redeclaration of context 'flag'
                context laterFlag: Bool
                action go                           // error@8: invalid redeclaration of action 'go'
                action later
                in Editor {
                  cmd+g -> go when flag
                }
                """),
        ])
    }

    @Test func layeringCanCreateCrossFileConflicts() {
        expectInlineDiagnostics([
            ("a.bind", """
                responder Editor
                action go
                in Editor {
                  ctrl+k ctrl+c -> go               // note@3: 'ctrl+k ctrl+c' is bound here
                }
                menu "File" {
                  "Go" cmd+g -> go                  // note@8: menu item "Go" is here
                }
                """),
            ("b.bind", """
                in Editor {
                  ctrl+k -> copy                    // error@3: 'ctrl+k' is both bound and a prefix of 'ctrl+k ctrl+c' in role 'Editor'
                  cmd+g -> paste                    // error@3: key equivalent 'cmd+g' of menu item "Go" is also bound in role 'Editor'
                }
                """),
        ])
    }

    @Test func duplicatesWithinOneFileAreNotReplaced() {
        expectInlineDiagnostics("""
            responder Editor
            in Editor {
              cmd+k -> copy     // note@3: the other binding is here
            }
            in Editor {
              cmd+k -> paste    // error@3: 'cmd+k' is bound twice in role 'Editor'
            }
            """)
    }
}

/// A later file overrides earlier bindings only where its condition holds (Grammar.md §9).
struct CheckLayeringConditionTests {
    static let base = """
        context mode: normal | insert
        context readOnly: Bool
        responder Editor
        action save
        action peek
        in Editor {
          cmd+s -> save "Save"
          cmd+p -> peek when mode == normal
          cmd+d -> peek when readOnly
        }
        """

    @Test func laterBindingNarrowsTheEarlierOne() throws {
        let user = """
            in Editor {
              cmd+s -> peek when readOnly
              cmd+p -> save when mode == insert    // disjoint: cmd+p's binding is untouched
              cmd+d -> save                        // ungated: cmd+d's binding is gone
            }
            """
        let (keymap, diagnostics, _) = checkSources([("base.bind", Self.base), ("user.bind", user)])
        #expect(diagnostics == [])
        let k = try #require(keymap)
        let texts = k.bindings.map { Messages.sequenceText($0.sequence) + " " + k.actions[$0.action].name }
        #expect(texts == ["cmd+s save", "cmd+p peek", "cmd+s peek", "cmd+p save", "cmd+d save"])
        #expect(k.bindings[0].condition == .not(.flag(1)))
        #expect(k.bindings[1].condition == .enumEquals(0, 0))
    }

    @Test func unbindWithACondition() throws {
        let user = """
            in Editor when mode == insert {
              unbind cmd+s when readOnly
              unbind cmd+p          // warning@10: 'cmd+p' is not bound in role 'Editor' by an earlier file when mode == insert; nothing to unbind
            }
            """
        expectInlineDiagnostics([("base.bind", Self.base), ("user.bind", user)])
        let (keymap, _, _) = checkSources([("base.bind", Self.base), ("user.bind", user)])
        let k = try #require(keymap)
        #expect(k.bindings[0].condition == .not(.and(.enumEquals(0, 1), .flag(1))))
    }

    @Test func narrowingSimplifies() {
        let e = Condition.flag(0), r = Condition.flag(1)
        #expect(Layering.andNot(e, .and(e, r)) == .and(e, .not(r)))
        #expect(Layering.andNot(.constant(true), .not(r)) == r)
        #expect(Layering.andNot(e, .constant(false)) == e)
        #expect(Layering.andNot(e, .constant(true)) == .constant(false))
        #expect(Layering.andNot(.and(e, r), .and(r, e)) == .constant(false))
        // More than 8 conjuncts (looked up by hash), one repeated: those in `a` are dropped.
        let flags = (2..<12).map { Condition.flag($0) }
        let b = (flags + [r, flags[0]]).dropFirst().reduce(flags[0]) { .and($0, $1) }
        let rest = (flags.dropFirst(3) + [r]).reduce(flags[2]) { .and($0, $1) }
        #expect(Layering.andNot(.and(flags[0], flags[1]), b) == .and(.and(flags[0], flags[1]), .not(rest)))
    }

    /// 300 overrides of one key (200 bindings and 100 unbinds over one base binding, each
    /// where another case of a 301-case enumeration holds) narrow the base to the one case left,
    /// within 2,000,000 units of the checker's work (trying every case at each step of the
    /// search, as it did before it skipped the cases a conjunct rules out, took about 18,000,000).
    @Test func manyOverridesOfOneKeyAreCheapAndExact() throws {
        let cases = (0...300).map { "m\($0)" }
        let base = "context mode: " + cases.joined(separator: " | ") + "\nresponder Editor\naction a\naction b\nin Editor {\n  ctrl+j -> a\n}\n"
        var user = "in Editor {\n"
        for i in 0..<200 { user += "  ctrl+j -> b when mode == m\(i)\n" }
        for i in 200..<300 { user += "  unbind ctrl+j when mode == m\(i)\n" }
        user += "}\n"
        var sources = SourceManager()
        var files: [FileSyntax] = []
        for (path, text) in [("base.bind", base), ("user.bind", user + "")] {
            let source = SourceFile(path: path, text: text)
            let id = sources.add(source)
            files.append(Parser.parse(source, file: id).0)
        }
        let (keymap, diagnostics) = Checker.check(
            files, sources: sources, platform: .apple, checkConflicts: true, allowance: CheckBudget(units: 2_000_000))
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message).prefix(3))")
        let k = try #require(keymap)
        #expect(k.bindings.count == 201)
        let condition = k.bindings[0].condition
        for c in cases.indices {
            #expect(Satisfiability.evaluate(condition, [0: .enumCase(c)]) == (c == 300), "mode == m\(c)")
        }
    }
}
