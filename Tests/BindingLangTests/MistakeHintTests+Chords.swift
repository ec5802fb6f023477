import BindingRuntime
import Testing
@testable import BindingLang

/// Mistakes in chords and their attributes (Grammar.md §2, §4.3, §4.8): one error that says
/// what is wrong, and fix-its each of which gives a binding without errors. A fix-it that is a
/// guess comes with its alternative, so `check --fix`, which applies only a lone fix-it,
/// leaves the choice to a person.
extension MistakeHintTests {
    static let chordCases: [Case] = [
        // Key names equal up to case to several: the canonical name, not the key position,
        // unless capitalised as key positions are.
        Case(body: "in R {\n  cmd+SLASH -> stop\n}", message: "2:7: unknown key 'SLASH'; did you mean 'slash'?", fixIts: ["slash"]),
        Case(body: "in R {\n  cmd+PageUp -> stop\n}", message: "2:7: unknown key 'PageUp'; did you mean 'pageUp'?", fixIts: ["pageUp"]),
        Case(body: "in R {\n  cmd+Bracketleft -> stop\n}", message: "2:7: unknown key 'Bracketleft'; did you mean 'BracketLeft'?", fixIts: ["BracketLeft"]),
        // A control character is no key; the message escapes it.
        Case(body: "in R {\n  cmd+\"\\u{7f}\" -> stop\n}", message: "2:7: unknown key \"\\u{7F}\": a control character is no key; did you mean 'delete'?", fixIts: ["delete"]),
        Case(body: "in R {\n  cmd+\"\\u{85}\" -> stop\n}", message: "2:7: unknown key \"\\u{85}\": a control character is no key", fixIts: []),
        Case(body: "in R {\n  cmd+\u{85} -> stop\n}", message: "2:7: unknown key \"\\u{85}\": a control character is no key", fixIts: []),
        Case(body: "in R {\n  cmd+\"\\u{1}\" -> stop\n}", message: "2:7: unknown key \"\\u{1}\": a control character is no key", fixIts: []),
    ]

}
