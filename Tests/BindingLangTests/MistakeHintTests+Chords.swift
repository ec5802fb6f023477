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
        // `meta` and `super` in any case; never a fix-it that repeats a modifier or leaves
        // the chord without a key.
        Case(body: "in R {\n  Meta+k -> stop\n}", message: "2:3: 'Meta' is ambiguous: Emacs, readline and tmux mean alt (option) by it, other keymaps cmd; write 'alt' or 'cmd'", fixIts: ["alt", "cmd"]),
        Case(body: "in R {\n  Super+k -> stop\n}", message: "2:3: 'Super' is the Windows and Linux logo key or the Command key of an Apple keyboard, which this language writes 'cmd' on every platform; write 'cmd'", fixIts: ["cmd"]),
        Case(body: "in R {\n  cmd+super+k -> stop\n}", message: "2:7: 'super' is the Windows and Linux logo key or the Command key of an Apple keyboard, which this language writes 'cmd' on every platform; leave it out: the chord holds 'cmd' already", fixIts: [""]),
        Case(body: "in R {\n  primary+SUPER+k -> stop\n}", message: "2:11: 'SUPER' is the Windows and Linux logo key or the Command key of an Apple keyboard, which this language writes 'cmd' on every platform; leave it out: the chord holds 'cmd' already", fixIts: [""]),
        Case(body: "in R {\n  cmd+Meta+k -> stop\n}", message: "2:7: 'Meta' is ambiguous: Emacs, readline and tmux mean alt (option) by it, other keymaps cmd; write 'alt', or leave it out: the chord holds 'cmd' already", fixIts: ["alt", ""]),
        Case(body: "in R {\n  cmd+super -> stop\n}", message: "2:7: 'super' is the Windows and Linux logo key or the Command key of an Apple keyboard, which this language writes 'cmd' on every platform; leave it out: the chord holds 'cmd' already, and end the chord with a key", fixIts: []),
        Case(body: "in R {\n  ctrl+Meta -> stop\n}", message: "2:8: 'Meta' is ambiguous: Emacs, readline and tmux mean alt (option) by it, other keymaps cmd; write 'alt' or 'cmd', and end the chord with a key", fixIts: []),
        Case(body: "in R {\n  cmd+comand+k -> stop\n}", message: "2:7: unknown modifier 'comand'; did you mean 'command'?; the chord holds 'cmd' already, so leave it out", fixIts: [""]),
        // A name running into non-ASCII letters, and a character written decomposed.
        Case(body: "in R {\n  ctrl+KeyÄ -> stop\n}", message: "2:8: 'KeyÄ' is no key name: key positions are named after the keys of a US keyboard (KeyA…KeyZ); the key that types 'ä' is written \"ä\"", fixIts: ["\"ä\""]),
        Case(body: "in R {\n  cmd+e\u{301} -> stop\n}", message: "2:7: the key 'e\u{301}' is written as 'e' and the combining mark U+0301; write the precomposed \"\u{E9}\"", fixIts: ["\"\u{E9}\""]),
        Case(body: "in R {\n  cmd+Straße -> stop\n}", message: "2:7: 'Straße' is neither a name nor one character: names are ASCII, and a key that types another character is that one character, quoted (cmd+\"é\")", fixIts: []),
        Case(body: "in R {\n  cmd+\"e\\u{301}\" -> stop\n}", message: "2:7: a quoted key must be exactly one character; this one is 'e' and the combining mark U+0301: write the precomposed \"\u{E9}\"", fixIts: ["\"\u{E9}\""]),
        // The web's names of other keys: both readings, neither applied by `--fix`.
        Case(body: "in R {\n  ctrl+Delete -> stop\n}", message: "2:8: unknown key 'Delete': 'delete' is Backspace (⌫) in this language; the forward-delete key (⌦), the web's 'Delete', is 'forwardDelete'", fixIts: ["forwardDelete", "delete"]),
        Case(body: "in R {\n  ctrl+ENTER -> stop\n}", message: "2:8: unknown key 'ENTER': 'enter' is the numeric keypad's Enter (⌤) in this language; the main Return key (↩), the web's 'Enter', is 'return'", fixIts: ["return", "enter"]),
        // Repeat windows: the shared did-you-mean, and a minute is no unit.
        Case(body: "in R {\n  @repeat(5mss) ctrl+k up -> stop\n}", message: "2:12: unknown unit 'mss' in a repeat window; did you mean 'ms'?; write 'ms' (milliseconds) or 's' (seconds)", fixIts: ["ms"]),
        Case(body: "in R {\n  @repeat(1m) ctrl+k up -> stop\n}", message: "2:12: unknown unit 'm' in a repeat window; did you mean 'ms'?; write 'ms' (milliseconds) or 's' (seconds); a minute is '60s', the longest window", fixIts: ["ms", "60s"]),
        Case(body: "in R {\n  @repeat(2m) ctrl+k up -> stop\n}", message: "2:12: unknown unit 'm' in a repeat window; did you mean 'ms'?; write 'ms' (milliseconds) or 's' (seconds); a minute is '60s', the longest window", fixIts: []),
        Case(body: "in R {\n  @repeat(500 ms) ctrl+k up -> stop\n}", message: "2:11: a duration's number and unit are written together: '500ms'", fixIts: [""]),
        // A minute's other spellings have no near unit: no lone `60s` for `--fix` to apply;
        // nor a window out of range (`0m`).
        Case(body: "in R {\n  @repeat(1min) ctrl+k up -> stop\n}", message: "2:12: unknown unit 'min' in a repeat window; write 'ms' (milliseconds) or 's' (seconds); a minute is '60s', the longest window", fixIts: []),
        Case(body: "in R {\n  @repeat(0m) ctrl+k up -> stop\n}", message: "2:12: unknown unit 'm' in a repeat window; did you mean 'ms'?; write 'ms' (milliseconds) or 's' (seconds); a minute is '60s', the longest window", fixIts: []),
        // Apart and no unit either way: the joined text is not shown as the right spelling.
        Case(body: "in R {\n  @repeat(500 mss) ctrl+k up -> stop\n}", message: "2:11: a duration's number and unit are written together, with no space between them", fixIts: []),
    ]

    /// A key part's text is told apart from another by its scalars: `"e\u{301}"` met first
    /// (an error) never makes a later precomposed `"é"` an unknown key, nor the reverse.
    @Test func decomposedAndPrecomposedPartsStayApart() {
        let decomposed = KeyPartNames.number("e\u{301}"), precomposed = KeyPartNames.number("\u{E9}")
        #expect(decomposed != precomposed)
        #expect(Array(KeyPartNames.spelling(decomposed).unicodeScalars) == ["e", "\u{301}"])
        #expect(Array(KeyPartNames.spelling(precomposed).unicodeScalars) == ["\u{E9}"])
        #expect(MistakeHintTests.errors("in R {\n  cmd+\"\u{E9}\" -> stop\n}").isEmpty)
    }
}
