import BindingRuntime
import Testing
@testable import BindingLang

/// `@priority`, `@allowReserved`, `@noRemapping` and `@noMirroring` (Grammar.md §4.8):
/// parsed, formatted, checked, carried into the model (and, for `@priority`, the table) and
/// the generated Swift.
struct AttributeTests {
    static let header = """
        responder Editor
        action lineStart
        action search

        """

    @Test func priorityTravelsIntoTheModelAndTheTable() throws {
        let (keymap, diagnostics, _) = checkSource(Self.header + """
            in Editor {
              @priority left -> lineStart
              cmd+f -> search
            }
            """, platform: .iPadOS)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        let k = try #require(keymap)
        #expect(k.bindings.map(\.wantsPriorityOverSystemBehavior) == [true, false])
        for strip in [false, true] {
            let table = try BindingTable(bytes: Emitter.emit(k, strip: strip))
            #expect(table.wantsPriorityOverSystemBehavior(binding: 0))
            #expect(!table.wantsPriorityOverSystemBehavior(binding: 1))
            #expect(!table.wantsPriorityOverSystemBehavior(binding: 7))
            #expect(table.binding(0).wantsPriorityOverSystemBehavior)
            var back = Keymap(table: table)
            if !strip {
                #expect(back == k)
            } else {
                back.bindings = back.bindings.map { var b = $0; b.location = nil; b.overriddenBy = []; return b }
                #expect(back.bindings.map(\.wantsPriorityOverSystemBehavior) == [true, false])
            }
        }
        #expect(KeymapPrinter.text(k).contains("@priority left"))
    }

    @Test func attributeMistakes() {
        expectInlineDiagnostics(Self.header + """
            in Editor {
              @prority cmd+1 -> search                // error: unknown attribute '@prority'; did you mean '@priority'?
              @priority @priority cmd+2 -> search     // error: attribute '@priority' is given twice // note: first given here
              @ cmd+3 -> search                       // error: expected attribute name after '@', found 'cmd'
            }
            """)
    }

    @Test func attributesMustShareTheSequencesLine() {
        let (_, diagnostics, _) = checkSource(Self.header + """
            in Editor {
              @priority
              cmd+1 -> search
            }
            """)
        #expect(diagnostics.map(\.message).contains { $0.hasPrefix("expected key sequence after the attributes, on the same line") })
    }

    @Test func formatterKeepsAttributes() throws {
        let text = Self.header + "in Editor {\n  @priority   @allowReserved cmd+space -> search\n  cmd+f -> search\n}\n"
        let source = SourceFile(path: "a.bind", text: text)
        let formatted = try Formatter.format(source, file: FileID(0)).get()
        #expect(formatted.contains("  @priority @allowReserved cmd+space -> search\n"))
        let again = try Formatter.format(SourceFile(path: "a.bind", text: formatted), file: FileID(0)).get()
        #expect(again == formatted)
    }

    /// `@noRemapping` and `@noMirroring` reach the model, the table (read back into the model)
    /// and the generated key commands, and the UIKit helper turns the properties off on the
    /// strokes that start such a command.
    @Test func keyboardAdaptationTravelsIntoTheModelAndTheGeneratedSwift() throws {
        let (keymap, diagnostics, _) = checkSource(Self.header + """
            action indent
            in Editor {
              @noRemapping ctrl+"[" -> lineStart "Line Start"
              @noMirroring cmd+"]" -> indent "Indent"
              @priority @noMirroring left -> lineStart
              cmd+f -> search
            }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        let k = try #require(keymap)
        #expect(k.bindings.map(\.allowsAutomaticLocalization) == [false, true, true, true])
        #expect(k.bindings.map(\.allowsAutomaticMirroring) == [false, false, false, true])
        #expect(KeymapPrinter.text(k).contains("@noRemapping ctrl+\"[\""))
        #expect(KeymapPrinter.text(k).contains("@priority @noMirroring left"))
        let back = Keymap(table: try BindingTable(bytes: Emitter.emit(k, strip: false)))
        #expect(back.bindings.map(\.allowsAutomaticLocalization) == [false, true, true, true])
        #expect(back.bindings.map(\.allowsAutomaticMirroring) == [false, false, false, true])

        let source = SwiftGenerator.generate(k)
        let data = try #require(source.components(separatedBy: "public static let keyCommands: [KeyCommand] = [").last?
            .components(separatedBy: "\n    ]").first)
        let commands = Array(data.components(separatedBy: "KeyCommand(").dropFirst())
        #expect(commands.count == 4)
        #expect(commands[0].contains("allowsAutomaticLocalization: false,\n            allowsAutomaticMirroring: false),"))
        #expect(commands[1].contains("allowsAutomaticMirroring: false),") && !commands[1].contains("allowsAutomaticLocalization"))
        #expect(commands[2].contains("wantsPriorityOverSystemBehavior: true,\n            allowsAutomaticMirroring: false),"))
        #expect(!commands[3].contains("allowsAutomatic"))
        #expect(source.contains("command.allowsAutomaticLocalization = false"))
        #expect(source.contains("command.allowsAutomaticMirroring = false"))
    }

    @Test func keyboardAdaptationThatChangesNothingIsAWarning() {
        expectInlineDiagnostics(Self.header + """
            in Editor {
              @noMirroring cmd+k -> search            // warning: '@noMirroring' is not needed: the system mirrors only brackets, braces, parentheses, angle brackets and arrow keys, and the key command's stroke is 'cmd+k'
              @noRemapping @noMirroring cmd+"(" -> search // warning: '@noMirroring' is not needed: '@noRemapping' turns mirroring off too
              @noRemapping f13 -> search              // warning: '@noRemapping' has no effect: UIKit has no key command input for 'f13'
              @noMirroring cmd+"<" -> search
              @noMirroring ctrl+"{" x -> lineStart
              @noMirorring cmd+right -> lineStart     // error: unknown attribute '@noMirorring'; did you mean '@noMirroring'?
              @noRemapping @noRemapping cmd+1 -> search // error: attribute '@noRemapping' is given twice // note: first given here
            }
            """)
        // A key position's key command is its US character: `[` mirrors, `j` remaps.
        expectInlineDiagnostics(Self.header + """
            in Editor {
              @noMirroring cmd+BracketLeft -> search
              @noRemapping cmd+KeyJ -> search
              @noMirroring cmd+KeyK -> lineStart   // warning: '@noMirroring' is not needed: the system mirrors only brackets, braces, parentheses, angle brackets and arrow keys, and the key command's stroke is 'cmd+KeyK'
            }
            """)
    }

    /// On a main-menu item, `@noRemapping` and `@noMirroring` reach the model's menu item and
    /// the binding its key equivalent makes, the generated `menuCommands`, and the AppKit and
    /// UIKit helpers, which turn the properties off (macOS 12, iOS 15) on that item only.
    @Test func mainMenuItemsTakeKeyboardAdaptation() throws {
        let (keymap, diagnostics, _) = checkSource(Self.header + """
            action back
            menu "Go" {
              @noRemapping "Line Start" ctrl+"[" -> lineStart
              menu "History" {
                @noMirroring @allowLayouts(needsAltGr) "Back" cmd+"[" -> back
              }
              "Search" cmd+f -> search
            }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        let k = try #require(keymap)
        guard case .item(let first) = k.mainMenus[0].entries[0], case .submenu(let history) = k.mainMenus[0].entries[1],
              case .item(let back) = history.entries[0], case .item(let search) = k.mainMenus[0].entries[2]
        else { Issue.record("unexpected menu \(k.mainMenus)"); return }
        #expect([first, back, search].map(\.allowsAutomaticLocalization) == [false, true, true])
        #expect([first, back, search].map(\.allowsAutomaticMirroring) == [false, false, true])
        #expect(k.bindings.map(\.allowsAutomaticLocalization) == [false, true, true])
        #expect(k.bindings.map(\.allowsAutomaticMirroring) == [false, false, true])
        #expect(k.bindings[1].layoutAllowance != nil)

        let read = Keymap(table: try BindingTable(bytes: Emitter.emit(k, strip: true)))
        #expect(read.mainMenus == k.mainMenus)
        #expect(read.bindings.map(\.allowsAutomaticMirroring) == [false, false, true])

        let text = KeymapPrinter.text(k)
        #expect(text.contains("  @noRemapping \"Line Start\" ctrl+\"[\" -> lineStart"), "\(text)")
        #expect(text.contains("    @noMirroring \"Back\" cmd+\"[\" -> back"), "\(text)")
        #expect(text.contains("  \"Search\" cmd+f -> search"), "\(text)")

        let source = SwiftGenerator.generate(k)
        let data = try #require(source.components(separatedBy: "public static let menuCommands: [MenuCommand] = [").last?
            .components(separatedBy: "\n    ]").first)
        let commands = Array(data.components(separatedBy: "MenuCommand(").dropFirst())
        #expect(commands.count == 3)
        #expect(commands[0].contains("condition: nil, allowsAutomaticLocalization: false, allowsAutomaticMirroring: false),"))
        #expect(commands[1].contains("condition: nil, allowsAutomaticMirroring: false),"))
        #expect(!commands[2].contains("allowsAutomatic"))
        #expect(source.contains("if !command.allowsAutomaticLocalization { item.allowsAutomaticKeyEquivalentLocalization = false }"))
        #expect(source.contains("if !command.allowsAutomaticMirroring { item.allowsAutomaticKeyEquivalentMirroring = false }"))
        #expect(source.contains("if !command.allowsAutomaticLocalization { keyCommand.allowsAutomaticLocalization = false }"))
        #expect(source.contains("if !command.allowsAutomaticMirroring { keyCommand.allowsAutomaticMirroring = false }"))
    }

    @Test func mainMenuItemAttributeMistakes() {
        expectInlineDiagnostics(Self.header + """
            menu "Go" {
              @noMirroring "Search" cmd+f -> search    // warning: '@noMirroring' is not needed: the system mirrors only brackets, braces, parentheses, angle brackets and arrow keys, and the key command's stroke is 'cmd+f'
              @noRemapping "Start" -> lineStart        // warning: '@noRemapping' has no effect: the menu item has no key equivalent
              @noRemapping "Far" f13 -> search         // warning: '@noRemapping' has no effect: UIKit has no key command input for 'f13'
              @priority "Find" cmd+g -> search         // error: a main-menu item takes only '@allowReserved', '@allowLayouts', '@noRemapping' and '@noMirroring', not '@priority'
              @allowReserved "Switch" cmd+tab -> search
            }
            menu edit {
              @noRemapping "Copy" -> search            // error: edit-menu items take no attributes (they have no key equivalent)
            }
            """)
    }

    @Test func formatterKeepsKeyboardAdaptation() throws {
        let text = Self.header + "in Editor {\n  @noRemapping   ctrl+\"[\" -> search\n  @priority @noMirroring  left -> lineStart\n}\n"
        let formatted = try Formatter.format(SourceFile(path: "a.bind", text: text), file: FileID(0)).get()
        #expect(formatted.contains("  @noRemapping ctrl+\"[\""))
        #expect(formatted.contains("@priority @noMirroring left"))
        #expect(try Formatter.format(SourceFile(path: "a.bind", text: formatted), file: FileID(0)).get() == formatted)
    }
}
