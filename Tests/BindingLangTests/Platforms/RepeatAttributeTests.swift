import BindingRuntime
import Testing
@testable import BindingLang

/// `@repeat` and `@repeat(window)` (Grammar.md §4.8): parsed, formatted, checked with
/// positioned diagnostics and fix-its, carried into the model, the table, `dump` and the
/// explanation text. Dispatch is tested end to end in BindingRuntimeTests' `RepeatTests`.
struct RepeatAttributeTests {
    static let header = """
        responder Pane
        action resize(String)
        action nextPane

        """

    @Test func windowsTravelIntoTheModelAndTheTable() throws {
        let (keymap, diagnostics, _) = checkSource(Self.header + """
            in Pane {
              @repeat ctrl+b up            -> resize("up")
              @repeat(750ms) ctrl+b down   -> resize("down")
              @repeat(1.25s) ctrl+b left   -> resize("left")
              @priority @repeat(60s) ctrl+b right -> resize("right")
              ctrl+b o                     -> nextPane
            }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        let k = try #require(keymap)
        #expect(k.bindings.map(\.repeatMilliseconds) == [500, 750, 1250, 60_000, nil])
        for strip in [false, true] {
            let table = try BindingTable(bytes: Emitter.emit(k, strip: strip))
            #expect((0..<5).map { table.repeatMilliseconds(binding: $0) } == [500, 750, 1250, 60_000, nil])
            #expect(table.wantsPriorityOverSystemBehavior(binding: 3))
            #expect(Keymap(table: table).bindings.map(\.repeatMilliseconds) == k.bindings.map(\.repeatMilliseconds))
        }
        let dump = KeymapPrinter.text(k)
        #expect(dump.contains("@repeat(500ms) ctrl+b up"))
        #expect(dump.contains("@priority @repeat(60000ms) ctrl+b right"))
        #expect(KeymapPrinter.json(k).rendered(pretty: false).contains("\"repeatMilliseconds\":750"))
    }

    @Test func mistakesArePositionedErrors() {
        expectInlineDiagnostics(Self.header + """
            in Pane {
              @repeat up -> resize("up")                  // error: '@repeat' needs a sequence of two or more strokes; a one-stroke binding repeats by pressing it again
              @repeat(500) ctrl+b a -> resize("a")        // error: the repeat window '500' needs a unit; did you mean '500ms'?
              @repeat(2sec) ctrl+b b -> resize("b")       // error: unknown unit 'sec' in a repeat window; did you mean 's'?; write 'ms' (milliseconds) or 's' (seconds)
              @repeat(2h) ctrl+b c -> resize("c")         // error: unknown unit 'h' in a repeat window; write 'ms' (milliseconds) or 's' (seconds)
              @repeat(61s) ctrl+b d -> resize("d")        // error: repeat window '61s' is out of range; it must be from 1ms to 60s
              @repeat(0ms) ctrl+b e -> resize("e")        // error: repeat window '0ms' is out of range; it must be from 1ms to 60s
              @repeat(0.5ms) ctrl+b f -> resize("f")      // error: repeat window '0.5ms' is not a whole number of milliseconds
              @repeat(99999999999s) ctrl+b g -> resize("g") // error: repeat window '99999999999s' is out of range; it must be from 1ms to 60s
              @priority(3) ctrl+b h -> resize("h")        // error: attribute '@priority' takes no argument
              @repeat @repeat(1s) ctrl+b i -> resize("i") // error: attribute '@repeat' is given twice // note: first given here
              @repeat() ctrl+b j -> resize("j")           // error: expected a repeat window such as '500ms' after '(', found ')'
              @repeat(fast) ctrl+b n -> resize("n")       // error: expected a repeat window such as '500ms' after '(', found 'fast'
              @repeat(5ms ctrl+b k -> resize("k")         // error: expected ')' after the duration, found 'ctrl'
              @repeat(0.001s) ctrl+b l -> resize("l")
              @repeat (1s) ctrl+b m -> resize("m")        // error: no space is allowed between '@repeat' and its '('
            }
            """)
    }

    /// `@allowLayouts(…)` takes names only, `@repeat(…)` a window only: each mistake is one
    /// error that says what the attribute takes (not the other's message, not two errors at
    /// one column), and a name given twice is a warning with a fix-it.
    @Test func eachAttributeSaysWhatItsParenthesesTake() {
        expectInlineDiagnostics(Self.header + """
            in Pane {
              @allowLayouts() ctrl+b a -> nextPane          // error: expected a finding kind or a layout id in '@allowLayouts(…)', found ')'
              @allowLayouts( ) ctrl+b b -> nextPane         // error: expected a finding kind or a layout id in '@allowLayouts(…)', found ')'
              @allowLayouts("fr") ctrl+b c -> nextPane      // error: expected a finding kind or a layout id in '@allowLayouts(…)', found '"fr"'
              @allowLayouts(500ms) ctrl+b d -> nextPane     // error: expected a finding kind or a layout id in '@allowLayouts(…)', found '500'
              @allowLayouts(fr,) ctrl+b e -> nextPane       // error: expected a finding kind or a layout id in '@allowLayouts(…)' after ',', found ')'
              @allowLayouts(needsAltGr, needsAltGr) ctrl+b f -> nextPane // warning: 'needsAltGr' is named twice in '@allowLayouts'; remove the second // note: first given here
              @allowLayouts(needsShift, fr) ctrl+b g -> nextPane
            }
            """)
        let (fixed, _) = CheckFixItTests.applyingFixIts(Self.header + "in Pane {\n  @allowLayouts(fr, needsAltGr, fr) ctrl+b a -> nextPane\n}\n")
        #expect(fixed.contains("@allowLayouts(fr, needsAltGr) ctrl+b a"))
    }

    @Test func fixItsRepairTheAttributes() {
        let source = Self.header + """
            in Pane {
              @repeat up -> resize("up")
              @priority @repeat cmd+k -> resize("k")
              @repeat(500) ctrl+b a -> resize("a")
              @repeat(2Seconds) ctrl+b b -> resize("b")
              @allowReserved(1) cmd+space -> resize("c")
            }
            """
        let (fixed, messages) = CheckFixItTests.applyingFixIts(source)
        #expect(messages.count == 5, "\(messages)")
        #expect(fixed == Self.header + """
            in Pane {
              up -> resize("up")
              @priority cmd+k -> resize("k")
              @repeat(500ms) ctrl+b a -> resize("a")
              @repeat(2s) ctrl+b b -> resize("b")
              @allowReserved cmd+space -> resize("c")
            }
            """)
    }

    @Test func formatterRoundTripsTheAttribute() throws {
        let text = Self.header + "in Pane {\n  @repeat(1.5s)   ctrl+b up -> resize(\"up\")\n  @repeat ctrl+b down -> resize(\"down\")\n}\n"
        let formatted = try Formatter.format(SourceFile(path: "a.bind", text: text), file: FileID(0)).get()
        #expect(formatted.contains("  @repeat(1.5s) ctrl+b up -> resize(\"up\")\n"))
        #expect(formatted.contains("  @repeat ctrl+b down     -> resize(\"down\")\n"))
        let again = try Formatter.format(SourceFile(path: "a.bind", text: formatted), file: FileID(0)).get()
        #expect(again == formatted)
        let (before, _, _) = checkSource(text)
        let (after, _, _) = checkSource(formatted)
        #expect(before?.bindings.map(\.repeatMilliseconds) == after?.bindings.map(\.repeatMilliseconds))
    }

    @Test func explanationTextSaysTheLaterStrokesRepeat() throws {
        let (keymap, _, _) = checkSource(Self.header + """
            in Pane {
              @repeat ctrl+b up          -> resize("up")
              @repeat(800ms) ctrl+b down -> resize("down")
              up                         -> nextPane
            }
            """)
        let k = try #require(keymap)
        let table = try BindingTable(bytes: Emitter.emit(k))
        final class Pane: Responder {
            var responderRoles: [String] { ["Pane"] }
            var nextResponder: (any Responder)? { nil }
            func canPerform(_ action: ActionInvocation) -> Bool { true }
            func perform(_ action: ActionInvocation) {}
        }
        let d = Dispatcher(table: table)
        let e = d.explain(try #require(try? StrokeText.sequence("ctrl+b up up down", platform: .apple).get()),
                          firstResponder: Pane(), context: ContextState(table: table))
        let text = ExplanationPrinter.explanation(e, keymap: k, chain: ["Pane"], values: [])
        #expect(text.hasPrefix("""
            ctrl+b up up down: performed resize("down") on Pane, as a repeat: 'ctrl+b up' performs resize("up") \
            and starts repeat mode, then 'up', 'down' repeat without 'ctrl+b' (each within 500ms of the stroke \
            before); repeat mode goes on for 800ms

            """), "\(text)")
        let json = ExplanationPrinter.json(e, keymap: k, chain: ["Pane"], values: []).rendered(pretty: false)
        #expect(json.contains("\"repeat\":{\"keys\":\"ctrl+b up\",\"binding\":0,\"prefix\":\"ctrl+b\",\"repeats\":[\"up\",\"down\"],\"windowsMilliseconds\":[500,500]}"), "\(json)")
    }
}
