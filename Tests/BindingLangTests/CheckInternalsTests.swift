import BindingRuntime
import Testing
@testable import BindingLang

/// The checker's helper structures.
struct CheckInternalsTests {
    @Test func bindingOrderIsTheComparisonSortsOrder() {
        var rng = SplitMix64(seed: 34)
        let keys = ["a", "b", "z", "1"].map { Key(character: $0.unicodeScalars.first!) }
        let chords = keys.flatMap { k in [Modifiers(), .shift, [.control, .shift]].map { Chord(key: k, modifiers: $0) } }
        let at = SourceRange(file: FileID(0), start: 0, end: 1)
        for round in 0..<20 {
            let bindings = (0..<(round * 37 + 1)).map { _ in
                let role = Int(rng.next() % 5) - 1
                let strokes = 1 + Int(rng.next() % 4)
                return CheckedBinding(
                    sequence: (0..<strokes).map { _ in chords[Int(rng.next() % UInt64(chords.count))] },
                    role: role < 0 ? nil : role, action: .declared(0), argument: .none, title: nil, titleRange: nil,
                    group: nil, condition: .constant(true), range: at)
            }
            let expected = bindings.indices.sorted { a, b in
                let ra = bindings[a].role ?? -1, rb = bindings[b].role ?? -1
                if ra != rb { return ra < rb }
                let sa = bindings[a].sequence.map(\.code), sb = bindings[b].sequence.map(\.code)
                if sa != sb { return sa.lexicographicallyPrecedes(sb) }
                return a < b
            }
            #expect(BindingOrder(bindings).indices == expected)
        }
    }

    @Test func modelBindingsAreCompactAndKeepEveryProperty() {
        #expect(MemoryLayout<Binding>.stride <= 104)
        let at = SourceLocation(path: "a.bind", line: 3, column: 7)
        var a = Binding(sequence: [], role: 2, action: 4, title: "T", group: 1, location: at, repeatMilliseconds: 300)
        #expect(a.role == 2 && a.group == 1 && a.location == at && a.repeatMilliseconds == 300)
        #expect(!a.performsOnTimeout && !a.wantsPriorityOverSystemBehavior && a.allowsAutomaticMirroring)
        let b = a
        a.overriddenBy = [Override(location: at, condition: .flag(0), isUnbind: false)]
        a.repeatMilliseconds = nil
        a.role = nil
        a.location = nil
        a.performsOnTimeout = true
        #expect(a.overriddenBy.count == 1 && a.repeatMilliseconds == nil && a.role == nil && a.location == nil)
        #expect(b.overriddenBy.isEmpty && b.repeatMilliseconds == 300 && b.role == 2 && b.location == at)
        #expect(a != b)
        a.overriddenBy = []
        a.repeatMilliseconds = 300
        a.role = 2
        a.location = at
        a.performsOnTimeout = false
        #expect(a == b)
    }

    /// A key part holds its text as a number (known names first, any other text numbered when
    /// first met): 16 bytes with no reference, every text kept, compared by text and range.
    @Test func keyPartsAreCompactAndKeepTheirText() {
        #expect(MemoryLayout<KeyPart>.stride == 16)
        #expect(_isPOD(KeyPart.self))
        let at = SourceRange(file: FileID(1), start: 4, end: 9)
        let texts = ["ctrl", "cmd", "⌘", "primary", "meta", "pageDown", "numpadEnter", "k", "K", "[", " ", "5", "f12",
                     "ctrlx", "10", "é", "\u{7}", "", "a-very-long-misspelled-modifier-name"]
        for text in texts {
            var part = KeyPart(text: text, range: at)
            #expect(part.text == text)
            let fromBytes = Array(text.utf8).withUnsafeBufferPointer { KeyPart(utf8: $0, range: at) }
            #expect(fromBytes.text == text && fromBytes == part)
            #expect((part.number <= KeyPartNames.knownCount) == KeyPartNames.spellings.contains(text))
            part.startsChord = true
            #expect(part.text == text && part.startsChord && part == KeyPart(text: text, range: at))
            part.text = "shift"
            #expect(part.text == "shift" && part == KeyPart(text: "shift", range: at))
            #expect(part != KeyPart(text: "shift", range: SourceRange(file: FileID(1), start: 4, end: 10)))
            #expect(KeyPart(text: text, range: at) == KeyPart(text: text, range: at))
            #expect(text == "shift" || KeyPart(text: text, range: at) != part)
        }
        // Every modifier spelling, key name and printable ASCII character has a number.
        for name in Array(Modifiers.spellings.keys) + Array(Key.aliases.keys) + ["primary", "a", "Z", "~", "\""] {
            #expect(KeyPartNames.number(name) <= KeyPartNames.knownCount, "\(name)")
        }
    }

    /// A sequence stores each part in 8 bytes when its number and length fit, and keeps every
    /// part as given either way: a long part, or one in another file, keeps the whole
    /// sequence's parts as they are.
    @Test func sequencesPackTheirPartsAndKeepThem() {
        #expect(MemoryLayout<PackedKeyPart>.stride == 8)
        #expect(MemoryLayout<ChordSequenceSyntax>.size <= 24)
        let file = FileID(3)
        func part(_ text: String, _ start: Int, _ length: Int, chord: Bool, in f: FileID = FileID(3)) -> KeyPart {
            var p = KeyPart(text: text, range: SourceRange(file: f, start: start, end: start + length))
            p.startsChord = chord
            return p
        }
        let long = String(repeating: "x", count: 3_000)
        let cases: [[KeyPart]] = [
            [part("cmd", 0, 3, chord: true), part("k", 4, 1, chord: false), part("ctrl", 6, 4, chord: true), part("c", 11, 1, chord: false)],
            [part("\"[\"", 1_000_000_000, 3, chord: true)],
            [part("cmd", 0, 3, chord: true), part(long, 4, long.utf8.count, chord: false)],
            [part("cmd", 0, 3, chord: true), part("k", 4, 1, chord: false, in: FileID(4))],
            [part("unknownPackedPart", 7, 17, chord: true), part("", 30, 0, chord: true)],
        ]
        for parts in cases {
            let s = ChordSequenceSyntax(parts: parts, range: SourceRange(file: file, start: 0, end: 40))
            #expect(s.partCount == parts.count)
            #expect(s.parts == parts)
            for (i, p) in parts.enumerated() {
                #expect(s.part(i) == p && s.part(i).text == p.text && s.part(i).startsChord == p.startsChord)
                #expect(s.part(i).range.file == p.range.file)
            }
            #expect(s.chordCount == parts.filter(\.startsChord).count)
        }
        // Stored in the parser's chunks: many sequences share one, each chunk twice the last
        // up to the largest; a sequence longer than a chunk gets its own array.
        var chunks = KeyPartChunks()
        var buffer: [PackedKeyPart] = []
        var made: [(ChordSequenceSyntax, [KeyPart])] = []
        for n in 0..<3_000 {
            // A first sequence longer than the first chunks, one as long as the largest and
            // one longer (its own array), among short ones.
            let count = switch n {
            case 0: 100
            case 1_000: KeyPartChunks.largest
            case 1_500: KeyPartChunks.largest + 1
            default: 1 + n % 7
            }
            let parts = (0..<count).map { i in part(i % 3 == 0 ? "cmd" : "k", n * 64 + i * 4, i % 3 == 0 ? 3 : 1, chord: i % 3 == 0) }
            made.append((ChordSequenceSyntax(parts: parts, range: SourceRange(file: file, start: n * 64, end: n * 64 + 60),
                                             packing: &buffer, into: &chunks), parts))
            #expect(buffer.isEmpty)
        }
        for (s, parts) in made {
            #expect(s.partCount == parts.count && s.parts == parts)
        }
    }

    /// A binding's syntax is stored with the least padding: 120 bytes, one per binding of a
    /// large keymap's tree.
    @Test func bindingSyntaxIsCompact() {
        #expect(MemoryLayout<BlockItem>.stride <= 120)
        #expect(MemoryLayout<ActionReference>.stride <= 40)
    }

    /// Texts that are no known spelling get one number each, the same on every thread.
    @Test func otherKeyPartTextsAreNumberedOnceAcrossThreads() async {
        let texts = (0..<200).map { "unknownPart\($0 % 50)" }
        let numbers = await withTaskGroup(of: [UInt32].self) { group in
            for _ in 0..<4 { group.addTask { texts.map { KeyPartNames.number($0) } } }
            var all: [[UInt32]] = []
            for await n in group { all.append(n) }
            return all
        }
        for n in numbers { #expect(n == numbers[0]) }
        #expect(Set(numbers[0]).count == 50)
        for (text, number) in zip(texts, numbers[0]) {
            #expect(number > KeyPartNames.knownCount && KeyPartNames.spelling(number) == text)
        }
    }

    @Test func checkedBindingsAreCompactAndCopiedOnWrite() {
        #expect(MemoryLayout<CheckedBinding>.stride <= 96)
        let at = SourceRange(file: FileID(2), start: 10, end: 20)
        var a = CheckedBinding(
            sequence: [], role: 3, action: .standard(5), argument: .none, title: "T",
            titleRange: SourceRange(file: FileID(2), start: 30, end: 33), group: nil, condition: .constant(true), range: at)
        #expect(a.role == 3 && a.group == nil && a.action == .standard(5))
        #expect(a.titleRange == SourceRange(file: FileID(2), start: 30, end: 33))
        #expect(a.allowsAutomaticLocalization && a.allowsAutomaticMirroring && !a.wantsPriority)
        #expect(a.timeoutRange == nil && a.overriddenBy.isEmpty && a.menuItemTitle == nil)
        a.role = nil
        a.action = .declared(7)
        a.wantsPriority = true
        #expect(a.role == nil && a.action == .declared(7) && a.wantsPriority)
        a.timeoutRange = at
        let b = a
        a.overriddenBy.append((at, .constant(false), true))
        a.timeoutRange = nil
        #expect(a.overriddenBy.count == 1 && a.timeoutRange == nil)
        #expect(b.overriddenBy.isEmpty && b.timeoutRange == at)
        var c = CheckedBinding(
            sequence: [], role: 0, action: .declared(0), argument: .none, title: nil, titleRange: nil, group: nil,
            condition: .constant(true), range: at)
        c.overrides = []
        c.overriddenBy = []
        #expect(c.overrides.isEmpty && c.overriddenBy.isEmpty)
        c.overrides = [at]
        c.overrides.append(at)
        #expect(c.overrides == [at, at])
    }

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
        // The chain is the parser's error (an error node the checker skips; a compilation
        // with a syntax error has no keymap), the other two the checker's.
        _ = keymap
        #expect(diagnostics.filter { $0.message == Messages.conditionTooDeep }.count == 3)
    }
}

/// Limits that keep hostile input from taking forever, and input that must not crash.
struct CheckLimitsTests {
    /// The pigeonhole formula: `holes + 1` pigeons each in some hole, no two in one hole.
    /// Unsatisfiable, and exponential for a search without learning.
    static func pigeonhole(_ holes: Int) -> (Condition, [ContextVariable]) {
        let pigeons = holes + 1
        func v(_ p: Int, _ h: Int) -> Int { p * holes + h }
        var contexts: [ContextVariable] = []
        for p in 0..<pigeons { for h in 0..<holes { contexts.append(ContextVariable(name: "p\(p)h\(h)", type: .bool)) } }
        var clauses: [Condition] = []
        for p in 0..<pigeons { clauses.append((1..<holes).reduce(Condition.flag(v(p, 0))) { .or($0, .flag(v(p, $1))) }) }
        for h in 0..<holes {
            for a in 0..<pigeons { for b in (a + 1)..<pigeons { clauses.append(.not(.and(.flag(v(a, h)), .flag(v(b, h))))) } }
        }
        // A balanced conjunction keeps the tree shallow.
        func all(_ cs: ArraySlice<Condition>) -> Condition {
            if cs.count == 1, let c = cs.first { return c }
            let mid = cs.startIndex + cs.count / 2
            return .and(all(cs[cs.startIndex..<mid]), all(cs[mid...]))
        }
        return (all(clauses[...]), contexts)
    }

    @Test func hardConditionsRunOutOfBudgetInsteadOfTime() {
        let (small, smallContexts) = Self.pigeonhole(3)
        if case .never = Satisfiability(contexts: smallContexts).decide(small) {} else { Issue.record("PHP(4,3) is unsatisfiable") }
        let (hard, contexts) = Self.pigeonhole(6)
        if case .tooComplex = Satisfiability(contexts: contexts).decide(hard) {} else { Issue.record("expected the budget to run out") }
    }

    @Test func garbageNeverCrashes() {
        var rng = CheckSatisfiabilityTests.RNG(state: 42)
        let words = ["in", "R", "{", "}", "->", "when", "&&", "||", "!", "==", "!=", "(", ")", ",", "cmd+k", "ctrl+k",
                     "x", "mode", "a", "b", "copy", "go", "\"T\"", "group", "unbind", "menu", "edit", "\"File\"", "shortcut",
                     "title", "icon", "userInfo", ":", "context", "Bool", "|", "responder", "action", "go(1)", "1", "\n",
                     "separator", "cmd+", "+", "numpad+a", "G", "shift+G", "true", "false", "in (a, b)", "not"]
        let prelude = "context x: Bool\ncontext mode: a | b\nresponder R, S\naction go\n"
        for _ in 0..<300 {
            let n = 1 + rng.below(40)
            let text = prelude + (0..<n).map { _ in words[rng.below(words.count)] }.joined(separator: " ")
            _ = checkSource(text)
        }
        for _ in 0..<100 {
            let bytes = (0..<rng.below(200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            var sources = SourceManager()
            let source = SourceFile(path: "g.bind", bytes: bytes)
            let id = sources.add(source)
            let (file, _) = Parser.parse(source, file: id)
            _ = Checker.check([file, file], sources: sources, platform: .other)
        }
    }

    @Test func handBuiltTreesWithOutOfRangeLocationsDoNotCrash() {
        let bogus = SourceRange(file: FileID(7), start: 5, end: 1)
        let id = Identifier(name: "R", range: bogus)
        let part = KeyPart(text: "k", range: bogus)
        let chord = ChordSyntax(parts: [part], range: bogus)
        let binding = BindingSyntax(
            sequence: ChordSequenceSyntax(chords: [chord], range: bogus),
            action: ActionReference(name: Identifier(name: "copy", range: bogus), argument: nil, range: bogus),
            title: nil, condition: .bool(true, range: bogus), range: bogus)
        let file = FileSyntax(file: FileID(7), declarations: [
            .responder([id], range: bogus),
            .block(BindingBlock(role: id, condition: nil, items: [.binding(binding), .binding(binding)], range: bogus)),
        ])
        let (keymap, diagnostics) = Checker.check([file], sources: SourceManager(), platform: .apple)
        #expect(keymap == nil)
        #expect(diagnostics.map(\.message) == ["'k' is bound twice in role 'R'"])
    }
}

extension CheckLimitsTests {
    @Test func aSequenceBoundThousandsOfTimesIsAnErrorNotAQuadraticSearch() {
        var text = "context lang: String\nresponder R\n"
        text += "in R {\n"
        for i in 0...ConflictChecker.maximumRun { text += "  cmd+k -> copy when lang == \"v\(i)\"\n" }
        text += "}\n"
        let (keymap, diagnostics, sources) = checkSource(text)
        #expect(keymap == nil)
        #expect(flatten(diagnostics, sources).map(\.description) == [
            "test.bind:\(ConflictChecker.maximumRun + 4):3: error: too many bindings of 'cmd+k' in role 'R' to check them for conflicts",
        ])
    }
}

extension CheckLimitsTests {
    @Test func deepMenusAndUserInfoAreErrors() {
        let menus = String(repeating: "menu \"m\" { ", count: 40) + "\"x\" -> copy" + String(repeating: " }", count: 40)
        let info = "shortcut \"s\" { title \"S\" userInfo " + String(repeating: "{ k: ", count: 40) + "1" + String(repeating: " }", count: 40) + " }"
        let (_, diagnostics, _) = checkSource(menus + "\n" + info + "\n")
        // Both stop in the parser, which the compiler reports before any keymap is made.
        // Dictionaries past the parser's block limit (32, the checker's own) stop in the parser.
        let messages = diagnostics.map(\.message)
        #expect(messages.contains(Messages.menuTooDeep) || messages.contains(Messages.nestingTooDeep(Parser.maxBlockDepth)))
        #expect(messages.contains(Messages.nestingTooDeep(Parser.maxBlockDepth)))
    }

    /// Submenus nest at most 32 deep (Grammar.md §7.2), as dictionaries do: 32 are accepted,
    /// and 33 are one error, the parser's, in the menus' wording (Grammar.md §2; the checker
    /// stopped at 31, and at 33 both spoke).
    @Test func submenusNestThirtyTwoDeep() {
        func menus(_ submenus: Int) -> String {
            String(repeating: "menu \"m\" { ", count: submenus + 1) + "\"x\" -> copy" + String(repeating: " }", count: submenus + 1) + "\n"
        }
        let (keymap, accepted, _) = checkSource(menus(32))
        #expect(keymap != nil)
        #expect(accepted.filter { $0.severity == .error }.isEmpty, "\(accepted.map(\.message))")
        let (_, deeper, _) = checkSource(menus(33))
        #expect(deeper.filter { $0.severity == .error }.map(\.message) == [Messages.menuTooDeep])
    }

    @Test func iconNeedsAName() {
        expectInlineDiagnostics("""
            shortcut "s" {
              title "S"
              icon { }                 // error@8: field 'icon' needs a system icon name
            }
            """)
    }
}
