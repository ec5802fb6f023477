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
        "'true' and 'false' cannot be the cases of an enumeration: conditions read them as Boolean values; did you mean 'Bool'?":
            "context m: true | false",
        "unknown argument type 'Integer'; did you mean 'Int'?": "action go(Integer)",
        "unknown action 'serch'; did you mean 'search'?":
            "responder Editor\naction search\nin Editor {\n  cmd+k -> serch\n}",
        "unknown responder role 'Editr'; did you mean 'Editor'?": "responder Editor\nin Editr {\n  cmd+k -> copy\n}",
        "unknown responder role 'Pnae'; did you mean 'Pane'?":
            "responder Editor, Pane\nin Editor when inside Pnae {\n  cmd+k -> copy\n}",
        "unknown modifier 'shft'; did you mean 'shift'?": "responder Editor\nin Editor {\n  shft+k -> copy\n}",
        "unknown key 'escap'; did you mean 'escape'?": "responder Editor\nin Editor {\n  escap -> copy\n}",
        "unknown key \"\\t\": a control character is no key; did you mean 'tab'?":
            "responder Editor\nin Editor {\n  cmd+\"\\t\" -> copy\n}",
        "unknown modifier 'ctlr'; did you mean 'ctrl'?": "responder Editor\nin Editor {\n  ctlr+k -> copy\n}",
        "unknown modifier 'comand'; did you mean 'command'?; the chord holds 'cmd' already, so leave it out":
            "responder Editor\nin Editor {\n  cmd+comand+k -> copy\n}",
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
        "expected declaration, found 'acton'; did you mean 'action'?": "acton go",
        "expected binding, found 'grop'; did you mean 'group'?": "responder Editor\nin Editor {\n  grop \"G\" {\n    cmd+k -> copy\n  }\n}",
        "unknown platform 'macos' (the platforms are macOS, iPadOS, windows, linux); did you mean 'macOS'?":
            "responder Editor\nin Editor when platform == macos {\n  cmd+k -> copy\n}",
        "unknown platform 'Linux' (the platforms are macOS, iPadOS, windows, linux); did you mean 'linux'?":
            "keymap \"K\" for Linux\nresponder Editor\nin Editor {\n  cmd+k -> copy\n}",
        "unknown attribute '@prority'; did you mean '@priority'?": "responder Editor\nin Editor {\n  @prority cmd+k -> copy\n}",
        "the repeat window '500' needs a unit; did you mean '500ms'?":
            "responder Editor\nin Editor {\n  @repeat(500) cmd+k up -> copy\n}",
        "unknown unit 'sec' in a repeat window; did you mean 's'?; write 'ms' (milliseconds) or 's' (seconds)":
            "responder Editor\nin Editor {\n  @repeat(2sec) cmd+k up -> copy\n}",
        "unknown unit 'm' in a repeat window; did you mean 'ms'?; write 'ms' (milliseconds) or 's' (seconds); a minute is '60s', the longest window":
            "responder Editor\nin Editor {\n  @repeat(1m) cmd+k up -> copy\n}",
        "'needsAltgr' is neither a layout finding (untypable, needsAltGr, needsShift, deadKey, collision, ctrlAltIsAltGr) nor a layout id; did you mean 'needsAltGr'?":
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

    /// `nearest` skips candidates by length and stops the distance early (the front end asks
    /// it once per unknown name, against hundreds of names); it must choose exactly what the
    /// plain definition chooses: every candidate's full distance, compared in order.
    @Test func shortcutsChooseWhatThePlainDefinitionChooses() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33) % n
        }
        let alphabet = Array("abcAB-é".unicodeScalars)
        func word() -> String {
            var s = String.UnicodeScalarView()
            for _ in 0..<next(9) { s.append(alphabet[next(alphabet.count)]) }
            return String(s)
        }
        func plain(_ word: String, _ candidates: [String]) -> String? {
            let w = Array(word.lowercased().utf8)
            let limit = max(1, w.count / 3)
            var best: (name: String, distance: Int, prefix: Bool)? = nil
            // Equal up to case: the first in alphabetical order of those.
            if let equal = candidates.filter({ Array($0.lowercased().utf8) == w }).min() { return equal }
            for c in candidates {
                let lowered = Array(c.lowercased().utf8)
                let prefix = min(lowered.count, w.count) >= 3 && (lowered.starts(with: w) || w.starts(with: lowered))
                let d = editDistance(w, lowered)
                guard d <= limit || prefix else { continue }
                if let b = best, d > b.distance || d == b.distance && (b.prefix && !prefix || b.prefix == prefix && c >= b.name) { continue }
                best = (c, d, prefix)
            }
            return best?.name
        }
        for _ in 0..<3000 {
            let w = word()
            let candidates = (0..<next(12)).map { _ in word() }
            #expect(nearest(to: w, in: candidates) == plain(w, candidates), "\(w) in \(candidates)")
        }
    }

    /// The answer never depends on the candidates' order (key names come from a dictionary,
    /// whose order changes from run to run): names equal up to case, or as near, go to the
    /// first in alphabetical order; for key names, to the one a user most likely meant
    /// (Grammar.md §4.3).
    @Test func suggestionsDoNotDependOnTheCandidatesOrder() {
        var seed: UInt64 = 7
        func shuffled(_ names: [String]) -> [String] {
            var out = names
            for i in out.indices.reversed() where i > 0 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                out.swapAt(i, Int(seed >> 33) % (i + 1))
            }
            return out
        }
        let keyNames = Array(Key.aliases.keys)
        let expected = [
            "SLASH": "slash", "MINUS": "minus", "COMMA": "comma", "BRACKETLEFT": "bracketLeft",
            "bracketleft": "bracketLeft", "Bracketleft": "BracketLeft", "Intlbackslash": "IntlBackslash",
            "PageUp": "pageUp", "PAGEUP": "pageUp", "Pageup": "pageUp", "PAGEDOWN": "pageDown",
            "slahs": "slash", "Slahs": "Slash", "Keya": "KeyA", "ESC": "esc", "Escape": "escape",
        ]
        for _ in 0..<20 {
            let names = shuffled(keyNames)
            for (word, name) in expected {
                #expect(Key.nearestName(to: word, in: names) == name, "\(word)")
            }
            #expect(nearest(to: "ab", in: shuffled(["aB", "AB", "Ab", "abc"])) == "AB")
            #expect(nearest(to: "abx", in: shuffled(["abd", "abc", "aby"])) == "abc")
        }
        #expect(Chord.nearestName(to: "SLASH") == "slash")
    }

    @Test func distanceMatchesTheTableOnRandomWords() {
        var seed: UInt64 = 42
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33) % n
        }
        // The full table of the optimal string alignment distance, row by row.
        func table(_ a: [UInt8], _ b: [UInt8]) -> Int {
            var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in 0...a.count { d[i][0] = i }
            for j in 0...b.count { d[0][j] = j }
            for i in stride(from: 1, through: a.count, by: 1) {
                for j in stride(from: 1, through: b.count, by: 1) {
                    d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
                }
            }
            return d[a.count][b.count]
        }
        for _ in 0..<2000 {
            let a = (0..<next(10)).map { _ in UInt8(97 + next(3)) }
            let b = (0..<next(10)).map { _ in UInt8(97 + next(3)) }
            #expect(editDistance(a, b) == table(a, b))
        }
    }
}
