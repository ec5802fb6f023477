import BindingRuntime

/// The attributes a binding may carry (Grammar.md §4.8), with a one-line summary each, for
/// editors (the language server's completion and hover).
public enum KnownAttributes {
    /// Each attribute's name (without the `@`), how it is written, and what it does.
    public static let all: [(name: String, usage: String, summary: String)] = [
        ("priority", "@priority",
         "the key goes to this command before the system's text input and focus handling (UIKit's wantsPriorityOverSystemBehavior)"),
        ("allowReserved", "@allowReserved",
         "bind a shortcut the system reserves on some platform anyway; silences that warning"),
        ("repeat", "@repeat or @repeat(800ms)",
         "repeatable, like tmux's bind -r: after the binding completes, for the window (default 500ms, at most 60s) a bare press of its last stroke, or of another repeatable binding's with the same prefix, performs it again without the prefix; any other key ends repeat mode"),
        ("timeout", "@timeout",
         "the binding may also start longer bindings of its role, as in Vim and Zed: pressed while one of them is live, it waits, and runs when the next key continues none of them or the sequence times out"),
        ("allowLayouts", "@allowLayouts or @allowLayouts(needsAltGr, de, fr-mac)",
         "accept what some keyboard layouts do to this binding (the finding kinds and layout ids named, or all): bindc check --layouts does not report them"),
        ("noRemapping", "@noRemapping",
         "the system keeps this shortcut as written on every keyboard layout instead of remapping it (UIKit's allowsAutomaticLocalization = false, iOS 15; on a main-menu item also AppKit's allowsAutomaticKeyEquivalentLocalization, macOS 12; also turns mirroring off)"),
        ("noMirroring", "@noMirroring",
         "the system keeps brackets and arrow keys of this shortcut as written in right-to-left interfaces (UIKit's allowsAutomaticMirroring = false, iOS 15; on a main-menu item also AppKit's allowsAutomaticKeyEquivalentMirroring, macOS 12)"),
    ]
}

/// The attributes written before a binding (Grammar.md §4.8), checked: `@priority`,
/// `@allowReserved`, `@repeat[(window)]`, `@allowLayouts[(names)]`, `@noRemapping` and
/// `@noMirroring`; any other name is an error with a did-you-mean, a repeated one an error, an
/// argument where none is taken an error with a fix-it, an unknown name in `@allowLayouts(…)`
/// an error with a did-you-mean, and a `@noRemapping` or `@noMirroring` that can change nothing
/// a warning.
struct BindingAttributes {
    /// The attribute names the language knows, in the order messages list them.
    static let names = KnownAttributes.all.map(\.name)
    /// The attributes a main-menu item takes, for its key equivalent.
    static let menuItemNames: Set = ["allowReserved", "allowLayouts", "noRemapping", "noMirroring"]

    /// `@priority` was written.
    var wantsPriority = false
    /// Where `@allowReserved` was written.
    var allowReservedRange: SourceRange?
    /// `@repeat`: the repeat window in milliseconds (nil when not written).
    var repeatMilliseconds: Int?
    /// Where `@timeout` was written (nil when not): the binding may be a prefix of longer
    /// ones of its role.
    var timeoutRange: SourceRange?
    /// `@allowLayouts(…)`: the layout findings accepted (nil when not written).
    var layoutAllowance: LayoutAllowance?
    /// `@noRemapping` was written: UIKit's `allowsAutomaticLocalization` is turned off.
    var allowsAutomaticLocalization = true
    /// `@noMirroring` (or `@noRemapping`) was written: UIKit's `allowsAutomaticMirroring` is
    /// turned off.
    var allowsAutomaticMirroring = true

    /// Reads `syntax`, the attributes before `sequence` (whose chords are `chords`, nil when
    /// it has errors), reporting unknown and repeated attributes, misplaced arguments, bad
    /// repeat windows, `@repeat` on one stroke, and a `@noRemapping` or `@noMirroring` that can
    /// change nothing: its first stroke becomes no `UIKeyCommand`, or has nothing to mirror. A
    /// nil `sequence` means a main-menu item, which takes only `@allowReserved`,
    /// `@allowLayouts`, `@noRemapping` and `@noMirroring`, whose title starts at `titleStart`;
    /// its `chords` are its key equivalent, empty when it has none (each of the four
    /// attributes then changes nothing: a warning with a fix-it removing it), nil when the
    /// key equivalent has errors.
    static func check(
        _ syntax: [AttributeSyntax], sequence: ChordSequenceSyntax?, titleStart: Int? = nil, chords: [Chord]?,
        _ engine: inout DiagnosticEngine
    ) -> BindingAttributes {
        var result = BindingAttributes()
        // Most bindings have none: then there is nothing to report either (every warning
        // below is about an attribute written).
        if syntax.isEmpty { return result }
        var seen: [String: SourceRange] = [:]
        for (i, attribute) in syntax.enumerated() {
            let name = attribute.name.name
            guard names.contains(name) else {
                let suggestion = nearest(to: name, in: names)
                engine.error(Messages.unknownAttribute(name, suggestion), at: attribute.name.range,
                             fixIts: fixIt(attribute.name.range, suggestion))
                continue
            }
            if let first = seen[name] {
                engine.error(Messages.attributeTwice(name), at: attribute.range,
                             notes: [DiagnosticNote(Messages.firstGivenHere, at: first)])
                continue
            }
            seen[name] = attribute.range
            if sequence == nil, !menuItemNames.contains(name) {
                engine.error(Messages.attributeNotOnMenuItem(name), at: attribute.range)
                continue
            }
            if name != "repeat", let argument = attribute.argument {
                engine.error(Messages.attributeTakesNoArgument(name), at: argument.range,
                             fixIts: [FixIt(range: argument.range, replacement: "")])
            }
            if name != "allowLayouts", attribute.arguments != nil {
                let range = SourceRange(file: attribute.range.file, start: attribute.name.range.end, end: attribute.range.end)
                engine.error(Messages.attributeTakesNoArgument(name), at: range, fixIts: [FixIt(range: range, replacement: "")])
            }
            switch name {
            case "priority": result.wantsPriority = true
            case "allowLayouts": result.layoutAllowance = layoutAllowance(attribute, &engine)
            case "repeat":
                // A bad window is reported; the binding then stays repeatable with the
                // default window, so nothing else is reported about it.
                let window = attribute.argument.flatMap { repeatWindow($0, &engine) }
                result.repeatMilliseconds = window ?? Int(TableFormat.defaultRepeatMilliseconds)
                if let sequence, sequence.chordCount == 1 {
                    engine.error(Messages.repeatNeedsSequence, at: attribute.range,
                                 fixIts: [removal(i, of: syntax, before: sequence.range.start)])
                }
            case "timeout": result.timeoutRange = attribute.range
            case "noRemapping": result.allowsAutomaticLocalization = false
            case "noMirroring": result.allowsAutomaticMirroring = false
            default: result.allowReservedRange = attribute.range
            }
        }
        if !result.allowsAutomaticLocalization { result.allowsAutomaticMirroring = false }
        guard let first = chords?.first else {
            // A main-menu item without a key equivalent (chords empty, not nil): each
            // attribute it takes is for the key equivalent.
            if chords != nil {
                for (i, attribute) in syntax.enumerated() where menuItemNames.contains(attribute.name.name) {
                    // (Only the first of a name given twice: the second is an error.)
                    guard seen[attribute.name.name] == attribute.range else { continue }
                    engine.warning(Messages.attributeWithoutKeyEquivalent(attribute.name.name), at: attribute.range,
                                   fixIts: titleStart.map { [removal(i, of: syntax, before: $0)] } ?? [])
                }
            }
            return result
        }
        if SwiftGenerator.uiKitInput(first.key) == nil {
            for attribute in ["noRemapping", "noMirroring"] {
                guard let range = seen[attribute] else { continue }
                engine.warning(Messages.noUIKeyCommand(attribute, first), at: range)
            }
        } else if let mirroring = seen["noMirroring"] {
            if seen["noRemapping"] != nil {
                engine.warning(Messages.noMirroringWithNoRemapping, at: mirroring)
            } else if !mirrors(first.key) {
                engine.warning(Messages.noMirroringUnneeded(first), at: mirroring)
            }
        }
        return result
    }

    /// The fix-it removing attribute `i` of `syntax` and the space up to what follows it (the
    /// next attribute, or what starts at `end`: the sequence, or a menu item's title).
    static func removal(_ i: Int, of syntax: [AttributeSyntax], before end: Int) -> FixIt {
        let next = i + 1 < syntax.count ? syntax[i + 1].range.start : end
        return FixIt(range: SourceRange(file: syntax[i].range.file, start: syntax[i].range.start, end: next), replacement: "")
    }

    /// Whether UIKit mirrors a key command on `key` in right-to-left interfaces: it swaps
    /// input strings holding brackets, braces, parentheses, angle brackets or arrow keys
    /// (Apple's documentation of `UIKeyCommand.allowsAutomaticMirroring`). A key position's
    /// input is its US character (`BracketLeft` is `[`), as `bindc swift` writes it.
    static func mirrors(_ key: Key) -> Bool {
        switch SwiftGenerator.keyInput(key) {
        case .named(let name)?: return ["left", "right", "up", "down"].contains(name)
        case .character(let character)?: return character.count == 1 && "[]{}()<>".contains(character)
        case nil: return false
        }
    }

    /// Units a repeat window may be written in, and their milliseconds.
    static let units = ["ms": 1, "s": 1000]
    /// Spellings other languages use for the units, for a did-you-mean.
    static let unitSpellings = [
        "msec": "ms", "msecs": "ms", "millis": "ms", "millisecond": "ms", "milliseconds": "ms",
        "sec": "s", "secs": "s", "second": "s", "seconds": "s",
    ]

    /// Spellings of minutes, which are no unit of a repeat window (at most 60 s).
    static let minuteSpellings: Set = ["m", "min", "mins", "minute", "minutes"]
    /// Spellings of hours: another unit, never a misspelt `s` (no did-you-mean).
    static let hourSpellings: Set = ["h", "hr", "hrs", "hour", "hours"]

    /// The window `(500ms)` / `(1.5s)` states, in milliseconds, or nil after reporting it
    /// (no unit, an unknown unit, not whole milliseconds, outside 1 ms…60 s).
    static func repeatWindow(_ argument: AttributeArgumentSyntax, _ engine: inout DiagnosticEngine) -> Int? {
        guard let unit = argument.unit else {
            engine.error(Messages.repeatNeedsUnit(argument.number), at: argument.valueRange,
                         fixIts: [FixIt(range: argument.valueRange, replacement: argument.number + "ms")])
            return nil
        }
        guard let scale = units[unit.name] else {
            // Other languages' spellings, else the shared did-you-mean (`MS`, `m` → `ms`).
            let suggestion = hourSpellings.contains(unit.name.lowercased()) ? nil
                : unitSpellings[unit.name] ?? unitSpellings[unit.name.lowercased()] ?? nearest(to: unit.name, in: units.keys)
            guard minuteSpellings.contains(unit.name.lowercased()) else {
                engine.error(Messages.unknownRepeatUnit(unit.name, suggestion), at: unit.range, fixIts: fixIt(unit.range, suggestion))
                return nil
            }
            // `1m` is a minute elsewhere: `1ms` is one reading, `60s` the other, neither certain;
            // so both or none (a lone fix-it is one `check --fix` would apply), each in range.
            let seconds = Double(argument.number).map { $0 * 60 }
            let fixIts = seconds.flatMap { $0 >= 1 && $0 <= 60 && $0 == $0.rounded() && suggestion != nil ? "\(Int($0))s" : nil }
                .map { fixIt(unit.range, suggestion) + [FixIt(range: argument.valueRange, replacement: $0)] } ?? []
            engine.error(Messages.unknownRepeatUnit(unit.name, suggestion, minutes: true), at: unit.range, fixIts: fixIts)
            return nil
        }
        let text = argument.number + unit.name
        // number = whole[.fraction]; milliseconds = whole × scale + fraction × scale, exactly.
        let parts = argument.number.split(separator: ".", omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count > 1 ? parts[1] : ""
        let maximum = Int(TableFormat.maxRepeatMilliseconds)
        guard whole.count <= 8, let w = Int(whole) else {
            engine.error(Messages.repeatWindowOutOfRange(text), at: argument.valueRange)
            return nil
        }
        var milliseconds = w * scale
        var place = scale
        for digit in fraction.utf8 {
            let d = Int(digit) - 48
            if place % 10 != 0 {
                if d != 0 {
                    engine.error(Messages.repeatWindowNotWhole(text), at: argument.valueRange)
                    return nil
                }
                continue
            }
            place /= 10
            milliseconds += d * place
        }
        guard milliseconds >= 1, milliseconds <= maximum else {
            engine.error(Messages.repeatWindowOutOfRange(text), at: argument.valueRange)
            return nil
        }
        return milliseconds
    }

    /// `@allowLayouts` or `@allowLayouts(names)`: each name a finding kind or a layout id; an
    /// unknown name is an error with a did-you-mean among both, a number an error.
    static func layoutAllowance(_ attribute: AttributeSyntax, _ engine: inout DiagnosticEngine) -> LayoutAllowance {
        var allowance = LayoutAllowance()
        // (The parser reads only names in its parentheses: a duration is its error there.)
        let names = attribute.arguments ?? []
        for (i, argument) in names.enumerated() {
            if let first = names[..<i].first(where: { $0.name == argument.name }) {
                // From the end of the name before it: `, needsAltGr` goes.
                let removal = SourceRange(file: argument.range.file, start: names[i - 1].range.end, end: argument.range.end)
                engine.warning(Messages.layoutAllowanceNamedTwice(argument.name), at: argument.range,
                               notes: [DiagnosticNote(Messages.firstGivenHere, at: first.range)],
                               fixIts: [FixIt(range: removal, replacement: "")])
                continue
            }
            if let kind = LayoutFinding.Kind(rawValue: argument.name), kind.isProblem {
                allowance.kinds.insert(kind)
            } else if KeyboardLayout.named(argument.name) != nil {
                allowance.layouts.insert(argument.name)
            } else {
                let suggestion = nearest(to: argument.name, in: LayoutAllowance.argumentNames)
                engine.error(Messages.unknownLayoutAllowance(argument.name, suggestion), at: argument.range,
                             fixIts: fixIt(argument.range, suggestion))
            }
        }
        return allowance
    }
}
