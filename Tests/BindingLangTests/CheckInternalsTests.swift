import BindingRuntime
import Testing
@testable import BindingLang

/// The checker's helper structures.
struct CheckInternalsTests {
    @Test func nameIndexFindsShortLongAndUnicodeNames() {
        var index = NameIndex<Int>()
        let names = (0..<500).map { "name\($0)" } + ["a", "", "exactlyfifteen!", "sixteen-letters!", "a much longer name than sixteen", "⌘", "查找"]
        for (i, name) in names.enumerated() { index[name] = i }
        for (i, name) in names.enumerated() { #expect(index[name] == i, "\(name)") }
        #expect(index["name500"] == nil)
        #expect(index["b"] == nil)
        #expect(index["a much longer name than sixteeN"] == nil)
        index["a"] = 42
        #expect(index["a"] == 42)
        #expect(index.count == names.count)
    }

    @Test func repeatedConditionsShareTheirLoweringButNotTheirErrors() {
        expectInlineDiagnostics("""
            context mode: a | b
            responder R
            action go
            in R {
              cmd+1 -> go when mode == a      // note@3: the other binding is here
              cmd+2 -> go when mode == a
              cmd+3 -> go when mode == c      // error@28: 'mode' has no case 'c'; did you mean 'a'?
              cmd+4 -> go when mode == c      // error@28: 'mode' has no case 'c'; did you mean 'a'?
              cmd+1 -> go when mode == a      // error@3: 'cmd+1' is bound twice in role 'R' when mode == a
            }
            """)
    }

    @Test func deepConditionsAreAnErrorNotACrash() {
        let chain = Array(repeating: "flag", count: 300).joined(separator: " && ")
        let nested = String(repeating: "!", count: 200) + "flag"
        let list = "mode in (" + Array(repeating: "a", count: 200).joined(separator: ", ") + ")"
        let (keymap, diagnostics, _) = checkSource("""
            context flag: Bool
            context mode: a | b
            responder R
            in R {
              cmd+1 -> copy when \(chain)
              cmd+2 -> copy when \(nested)
              cmd+3 -> copy when \(list)
              cmd+4 -> copy when flag && flag
            }
            """)
        #expect(keymap == nil)
        #expect(diagnostics.filter { $0.message == Messages.conditionTooDeep }.count == 3)
    }
}
