import BindingRuntime
import Testing
@testable import BindingLang

/// `@priority` and `@allowReserved` (Grammar.md §4.8): parsed, formatted, checked, carried
/// into the model and the table.
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
}
