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

    /// `inside` or `is` without a role after it on its line, where no context has that name:
    /// the error says a role name goes after it, not that a context is unknown.
    @Test func aChainWordWithoutItsRoleSaysSo() {
        expectInlineDiagnostics("""
            context is: Bool
            responder Editor, Pane
            in Editor {
              cmd+k -> copy when inside        // error@22: 'inside' needs a role name after it on the same line, as in 'inside Editor'; no context variable is named 'inside'
              cmd+j -> copy when !inside && is // error@23: 'inside' needs a role name after it on the same line, as in 'inside Editor'; no context variable is named 'inside'
              cmd+l -> copy when is
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

    /// A main-menu item has no anchor (Grammar.md §4.6): its `inside R` holds when any
    /// responder plays `R`, which a binding's `!inside R` (further out than its anchor) does
    /// not rule out, and its `is R` is false; rule 3 compares them so.
    @Test func menuItemsAskTheWholeChain() {
        expectInlineDiagnostics("""
            responder Editor, Pane
            action x1
            action x2
            in Editor {
              cmd+k -> x1 when !inside Pane             // note: 'cmd+k' is bound here
              cmd+j -> x1 when is Editor                // note: 'cmd+j' is bound here
              cmd+l -> x1 when inside Pane              // the item's inside Pane holds too: never together
              cmd+m -> x1 when !inside Pane && !is Pane // note: 'cmd+m' is bound here
            }
            menu "File" {
              "A" cmd+k -> x2 when inside Pane  // error: key equivalent 'cmd+k' of menu item "A" is also bound in role 'Editor' when !inside Pane, is Pane
              "B" cmd+j -> x2 when !is Editor   // error: key equivalent 'cmd+j' of menu item "B" is also bound in role 'Editor' when is Editor
              "C" cmd+l -> x2 when !inside Pane
              "D" cmd+m -> x2 when inside Editor // error: key equivalent 'cmd+m' of menu item "D" is also bound in role 'Editor' when !inside Pane, !is Pane
            }
            """)
        // Alone, an item's `is R` is false: never enabled.
        expectInlineDiagnostics("""
            responder Editor
            action x
            menu "File" {
              "A" cmd+k -> x when is Editor     // warning@23: condition is never true; menu item "A" is never enabled
              "B" cmd+j -> x when !is Editor
            }
            menu edit {
              "C" -> x when is Editor || !inside Editor && inside Editor // warning@17: condition is never true; menu item "C" is never enabled
            }
            """)
        // Pane nearer than the binding's Editor: the item's `inside Pane` holds, the binding's
        // does not, and neither responder plays both.
        expectInlineDiagnostics("""
            responder Editor, Pane
            action x1
            action x2
            in Editor {
              cmd+k -> x1 when !inside Pane && !is Pane // note: 'cmd+k' is bound here
            }
            menu "File" {
              "A" cmd+k -> x2 when inside Pane  // error: key equivalent 'cmd+k' of menu item "A" is also bound in role 'Editor' when !inside Pane, !is Pane, 'Pane' played by a responder nearer than the binding's
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
