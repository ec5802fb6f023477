import BindingRuntime
import Foundation
import Testing
@testable import BindingLang

/// The one did-you-mean (``nearest(to:in:)``, Grammar.md §4.3): every example Grammar.md gives
/// is produced by the checker, and the common mistakes get a suggestion.
struct DidYouMeanTests {
    /// Every backticked message in Grammar.md that contains "did you mean" (spans joined
    /// across line breaks).
    static let documented: [String] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Grammar.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        let joined = text.replacingOccurrences(of: "\n", with: " ")
        let spans = joined.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        return spans.filter { $0.contains("did you mean") }.map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
    }()

    /// A source that makes each documented message (it ends the error's message).
    static let sources: [String: String] = [
        "unknown context type 'Boolean'; did you mean 'Bool'?": "context x: Boolean",
        "unknown argument type 'Integer'; did you mean 'Int'?": "action go(Integer)",
        "unknown action 'serch'; did you mean 'search'?":
            "responder Editor\naction search\nin Editor {\n  cmd+k -> serch\n}",
        "unknown responder role 'Editr'; did you mean 'Editor'?": "responder Editor\nin Editr {\n  cmd+k -> copy\n}",
        "unknown responder role 'Pnae'; did you mean 'Pane'?":
            "responder Editor, Pane\nin Editor when inside Pnae {\n  cmd+k -> copy\n}",
        "unknown modifier 'shft'; did you mean 'shift'?": "responder Editor\nin Editor {\n  shft+k -> copy\n}",
        "unknown key 'escap'; did you mean 'escape'?": "responder Editor\nin Editor {\n  escap -> copy\n}",
        "unknown modifier 'ctlr'; did you mean 'ctrl'?": "responder Editor\nin Editor {\n  ctlr+k -> copy\n}",
        "unknown context variable 'logedIn'; did you mean 'loggedIn'?":
            "context loggedIn: Bool\nresponder Editor\nin Editor when logedIn {\n  cmd+k -> copy\n}",
        "did you mean 'mode == insert'?":
            "context mode: normal | insert\nresponder Editor\nin Editor when insert {\n  cmd+k -> copy\n}",
        "'mode' has no case 'insrt'; did you mean 'insert'?":
            "context mode: normal | insert\nresponder Editor\nin Editor when mode == insrt {\n  cmd+k -> copy\n}",
        "cannot compare String context 'lang' with identifier 'swift'; did you mean \"swift\"?":
            "context lang: String\nresponder Editor\nin Editor when lang == swift {\n  cmd+k -> copy\n}",
        "unknown icon type 'serch'; did you mean 'search'?": "shortcut \"s\" {\n  title \"S\"\n  icon serch\n}",
        "unknown shortcut field 'titel'; did you mean 'title'?": "shortcut \"s\" {\n  titel \"S\"\n}",
        "unknown platform 'macos'; did you mean 'macOS'?; the platforms are macOS, iPadOS, windows, linux":
            "responder Editor\nin Editor when platform == macos {\n  cmd+k -> copy\n}",
        "unknown attribute '@prority'; did you mean '@priority'?": "responder Editor\nin Editor {\n  @prority cmd+k -> copy\n}",
        "the repeat window '500' needs a unit; did you mean '500ms'?":
            "responder Editor\nin Editor {\n  @repeat(500) cmd+k up -> copy\n}",
        "unknown unit 'sec' in a repeat window; did you mean 's'?; write 'ms' (milliseconds) or 's' (seconds)":
            "responder Editor\nin Editor {\n  @repeat(2sec) cmd+k up -> copy\n}",
        "'needsAltgr' is neither a layout finding (untypable, needsAltGr, needsShift, deadKey, collision) nor a layout id; did you mean 'needsAltGr'?":
            "responder Editor\nin Editor {\n  @allowLayouts(needsAltgr) cmd+k -> copy\n}",
    ]

    @Test func grammarExamplesWereFound() {
        #expect(Self.documented.count >= 12)
        for message in Self.documented {
            #expect(Self.sources[message] != nil, "no test source for Grammar.md's \(message)")
        }
    }

    @Test(arguments: documented)
    func grammarExample(_ message: String) throws {
        let source = try #require(Self.sources[message])
        let (_, diagnostics, _) = checkSource(source)
        let errors = diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(errors.count == 1 && errors.allSatisfy { $0.hasSuffix(message) }, "\(errors)")
    }

    @Test(arguments: [
        ("Boolean", ["Bool", "String"], "Bool"),
        ("Integer", ["Int", "String", "Bool"], "Int"),
        ("titel", ["title", "subtitle", "icon", "iconFile", "userInfo"], "title"),
        ("ctlr", Array(Modifiers.spellings.keys) + ["primary"], "ctrl"),
        ("bool", ["Bool", "String"], "Bool"),
        ("Editr", ["Editor", "Window"], "Editor"),
    ])
    func commonMistakes(_ word: String, _ candidates: [String], _ expected: String) {
        #expect(nearest(to: word, in: candidates) == expected)
    }

    @Test func farNamesGetNoSuggestion() {
        #expect(nearest(to: "zzzz", in: ["Bool", "String"]) == nil)
        #expect(nearest(to: "ab", in: ["abcdef"]) == nil)
    }

    @Test func transpositionIsOneEdit() {
        #expect(editDistance(Array("titel".utf8), Array("title".utf8)) == 1)
        #expect(editDistance(Array("ctlr".utf8), Array("ctrl".utf8)) == 1)
        #expect(editDistance(Array("kitten".utf8), Array("sitting".utf8)) == 3)
    }
}
