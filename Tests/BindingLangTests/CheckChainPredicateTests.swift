import BindingRuntime
import Testing
@testable import BindingLang

/// `inside Role` / `is Role` in conditions (Grammar.md §4.6): parsing, checking, and exact
/// overlap with each predicate a free Bool.
struct CheckChainPredicateTests {
    @Test func parsesAsPredicatesOnlyBeforeANameOnTheSameLine() {
        #expect(SyntaxDump.parse("in A when inside B && !is C {\n}\n").0 == "in A when {inside B && !is C} {}")
        // A context may be called `inside` or `is`.
        #expect(SyntaxDump.parse("in A when inside && is == x {\n}\n").0 == "in A when {inside && {is == x}} {}")
        #expect(SyntaxDump.parse("in A when inside in (a, b) {\n}\n").0 == "in A when {inside in [a, b]} {}")
    }

    @Test func unknownRolesGetADidYouMean() {
        expectInlineDiagnostics("""
            responder Editor, Pane
            in Editor {
              cmd+k -> copy when inside Pnae   // error@29: unknown responder role 'Pnae'; did you mean 'Pane'?
              cmd+j -> copy when is Edtor      // error@25: unknown responder role 'Edtor'; did you mean 'Editor'?
            }
            """)
    }

    @Test func overlapIsDecidedExactly() {
        expectInlineDiagnostics("""
            context flag: Bool
            responder Editor, Pane, Dock
            in Editor {
              cmd+k -> copy when inside Pane                 // note: the other binding is here
              cmd+k -> cut when !inside Pane                 // never together with the first
              cmd+k -> paste when is Dock && flag            // error: 'cmd+k' is bound twice in role 'Editor' when flag == true, inside Pane, is Dock
              cmd+j -> copy when inside Pane && !inside Pane // warning: condition is never true; 'cmd+j' can never be chosen
            }
            """)
    }

    @Test func conditionsPrintBack() throws {
        let (keymap, diagnostics, _) = checkSource("""
            responder Editor, Pane
            in Editor when !inside Pane || is Pane {
              cmd+k -> copy
            }
            """)
        #expect(diagnostics == [])
        let k = try #require(keymap)
        #expect(ConditionPrinter.render(k.bindings[0].condition, contexts: k.contexts, roles: k.roles) == "!inside Pane || is Pane")
    }
}
