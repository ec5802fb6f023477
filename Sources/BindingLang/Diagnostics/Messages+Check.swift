import BindingRuntime

/// The wording of every diagnostic the checker emits (Grammar.md sections 3–11).
extension Messages {
    // MARK: - Helpers

    /// `; did you mean 'x'?` when there is a suggestion, else nothing.
    static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    /// A sequence as canonical source text: `ctrl+k ctrl+c`.
    static func sequenceText(_ chords: [Chord]) -> String {
        chords.map(\.sourceText).joined(separator: " ")
    }

    /// A string value quoted as in source, with `"` and `\` escaped.
    static func quoted(_ text: String) -> String {
        SourceLiteral.quoted(text)
    }

    // MARK: - Declarations

    static func redeclaration(_ kind: String, _ name: String) -> String {
        "invalid redeclaration of \(kind) '\(name)'"
    }
    static func firstDeclaredHere(_ name: String) -> String { "'\(name)' was first declared here" }
    static func standardActionRedeclared(_ name: String) -> String {
        "'\(name)' is a standard action and is already declared"
    }
    static let keymapNamedTwice = "keymap name is given twice in this file"
    static let keymapFirstNamedHere = "first named here"
    static func unknownContextType(_ name: String, _ suggestion: String?) -> String {
        "unknown context type '\(name)'\(didYouMean(suggestion))"
    }
    static func unknownArgumentType(_ name: String, _ suggestion: String?) -> String {
        "unknown argument type '\(name)'\(didYouMean(suggestion))"
    }
    static func duplicateCase(_ name: String) -> String { "duplicate case '\(name)' in enumeration" }
    static let enumerationNeedsTwoCases = "an enumeration needs two or more cases"
    static let booleanEnumeration =
        "'true' and 'false' cannot be the cases of an enumeration: conditions read them as Boolean values; did you mean 'Bool'?"
    static func booleanCase(_ name: String) -> String {
        "'\(name)' cannot be a case of an enumeration: conditions read it as a Boolean value; choose another name"
    }
    static func firstCaseHere(_ name: String) -> String { "'\(name)' was first listed here" }

    // MARK: - Names

    static func unknownContext(_ name: String, _ suggestion: String?) -> String {
        "unknown context variable '\(name)'\(didYouMean(suggestion))"
    }
    static func unknownRole(_ name: String, _ suggestion: String?) -> String {
        "unknown responder role '\(name)'\(didYouMean(suggestion))"
    }
    static func unknownAction(_ name: String, _ suggestion: String?) -> String {
        "unknown action '\(name)'\(didYouMean(suggestion))"
    }
    /// Whether `message` says a context, role or action is not declared: after a syntax
    /// error, the skipped source may have declared it, so such errors are not reported.
    static func isUnresolvedName(_ message: String) -> Bool {
        unresolvedNamePrefixes.contains { message.hasPrefix($0) }
    }
    /// The three messages' text before the name (`unknown action '`), from their templates,
    /// and the start of ``chainWordWithoutRole(_:example:)`` (a context of that name may be
    /// declared in what a syntax error skipped).
    private static let unresolvedNamePrefixes = [
        unknownContext("", nil), unknownRole("", nil), unknownAction("", nil),
    ].map { String($0.dropLast()) } + ["inside", "is"].map(chainWordWithoutRolePrefix)
    /// `when inside` with no role after it, and no context named `inside` (Grammar.md §4.6).
    static func chainWordWithoutRole(_ word: String, example role: String) -> String {
        chainWordWithoutRolePrefix(word) + " after it on the same line, as in '\(word) \(role)'; no context variable is named '\(word)'"
    }
    private static func chainWordWithoutRolePrefix(_ word: String) -> String { "'\(word)' needs a role name" }
    static func unknownCase(_ context: String, _ name: String, _ suggestion: String?) -> String {
        "'\(context)' has no case '\(name)'\(didYouMean(suggestion))"
    }

    // MARK: - Conditions

    /// `Bool context 'x'`, `String context 'x'`, `enumeration context 'x'`.
    static func contextDescription(_ variable: ContextVariable) -> String {
        switch variable.type {
        case .bool: return "Bool context '\(variable.name)'"
        case .string: return "String context '\(variable.name)'"
        case .enumeration: return "enumeration context '\(variable.name)'"
        }
    }
    static func notACondition(_ variable: ContextVariable) -> String {
        "\(contextDescription(variable)) is not a condition; compare it with '==' or 'in'"
    }
    static let stringIsNotACondition = "a string is not a condition"
    static func leftSideNotAContext(_ op: String) -> String {
        "left side of '\(op)' must be a context variable"
    }
    static func rightSideNotAValue(_ op: String) -> String {
        "right side of '\(op)' must be a case name, a string or true/false"
    }
    static func cannotCompareWithString(_ variable: ContextVariable) -> String {
        "cannot compare \(contextDescription(variable)) with a string"
    }
    static func cannotCompareWithBool(_ variable: ContextVariable) -> String {
        "cannot compare \(contextDescription(variable)) with a Boolean"
    }
    static func cannotCompareWithIdentifier(_ variable: ContextVariable, _ name: String) -> String {
        switch variable.type {
        case .string: return "cannot compare \(contextDescription(variable)) with identifier '\(name)'; did you mean \(quoted(name))?"
        default: return "cannot compare \(contextDescription(variable)) with identifier '\(name)'; use true or false"
        }
    }
    static func unknownPlatform(_ name: String, _ suggestion: String?) -> String {
        "unknown platform '\(name)' (the platforms are \(Platform.allCases.map(\.rawValue).joined(separator: ", ")))\(didYouMean(suggestion))"
    }
    static func platformListedTwice(_ name: String) -> String { "platform '\(name)' is listed twice" }
    static func keymapNotForPlatform(_ name: String, _ platforms: [Platform], compiledFor platform: Platform) -> String {
        let list = platforms.map(\.rawValue).joined(separator: ", ")
        return "keymap \(quoted(name)) is for \(list), not \(platform.rawValue) (the platform compiled for); compile it with --platform \(platforms[0].rawValue.lowercased()), or add \(platform.rawValue) to this list"
    }
    static let platformIsBuiltIn = "'platform' is built in (the platform compiled for, set by --platform); choose another name"
    static func unknownAttribute(_ name: String, _ suggestion: String?) -> String {
        "unknown attribute '@\(name)'\(didYouMean(suggestion.map { "@" + $0 }))"
    }
    static func attributeTwice(_ name: String) -> String { "attribute '@\(name)' is given twice" }
    static let attributeOnEditMenuItem = "edit-menu items take no attributes (they have no key equivalent)"
    static func attributeNotOnMenuItem(_ name: String) -> String {
        "a main-menu item takes only '@allowReserved', '@allowLayouts', '@noRemapping' and '@noMirroring', not '@\(name)'"
    }
    static func attributeWithoutKeyEquivalent(_ name: String) -> String {
        "'@\(name)' has no effect: the menu item has no key equivalent"
    }
    static func unknownLayoutAllowance(_ name: String, _ suggestion: String?) -> String {
        "'\(name)' is neither a layout finding (\(LayoutFinding.Kind.allCases.filter(\.isProblem).map(\.rawValue).joined(separator: ", ")))"
            + " nor a layout id\(didYouMean(suggestion))"
    }
    static let firstGivenHere = "first given here"
    /// `@allowLayouts(needsAltGr, needsAltGr)`: the second changes nothing.
    static func layoutAllowanceNamedTwice(_ name: String) -> String { "'\(name)' is named twice in '@allowLayouts'; remove the second" }
    static func attributeTakesNoArgument(_ name: String) -> String { "attribute '@\(name)' takes no argument" }
    static func repeatNeedsUnit(_ number: String) -> String {
        "the repeat window '\(number)' needs a unit; did you mean '\(number)ms'?"
    }
    /// `minutes`: `unit` spells minutes elsewhere (`1m`), which are written in seconds.
    static func unknownRepeatUnit(_ unit: String, _ suggestion: String?, minutes: Bool = false) -> String {
        "unknown unit '\(unit)' in a repeat window\(didYouMean(suggestion)); write 'ms' (milliseconds) or 's' (seconds)"
            + (minutes ? "; a minute is '60s', the longest window" : "")
    }
    static func repeatWindowOutOfRange(_ text: String) -> String {
        "repeat window '\(text)' is out of range; it must be from 1ms to 60s"
    }
    static func repeatWindowNotWhole(_ text: String) -> String {
        "repeat window '\(text)' is not a whole number of milliseconds"
    }
    static let repeatNeedsSequence =
        "'@repeat' needs a sequence of two or more strokes; a one-stroke binding repeats by pressing it again"
    /// `ctrl+alt+delete` where the platform reserves `ctrl+alt+forwardDelete` (Grammar.md §11).
    static func deleteIsBackspace(_ chord: Chord, _ reserved: [ReservedShortcut], platform: Platform) -> String {
        let del = Chord(key: .forwardDelete, modifiers: chord.modifiers)
        let what = reserved.map(\.action).joined(separator: "; ")
        return "'\(chord.sourceText)' is pressed with Backspace: 'delete' is the Backspace key and the Del key is 'forwardDelete'; \(platform.displayName) reserves '\(del.sourceText)' (\(what)); write 'backspace' to keep Backspace"
    }
    /// `onMenuItem`: the binding is a main-menu item's key equivalent, whose attributes go
    /// before the item's title.
    static func reservedShortcut(_ chord: Chord, _ reserved: [ReservedShortcut], platform: Platform, onMenuItem: Bool = false) -> String {
        let keep = "write @allowReserved before the \(onMenuItem ? "menu item" : "binding") to keep it anyway"
        // Who takes it: the platform, or the desktops of a platform that has several (Linux's
        // GNOME and KDE Plasma), named as such; each action is then labelled with its owner
        // when there is more than one.
        var owners: [String] = []
        for r in reserved where !owners.contains(r.owner) { owners.append(r.owner) }
        let what = reserved.map { owners.count == 1 ? $0.action : "\($0.owner): \($0.action)" }
        if reserved.allSatisfy(\.reachesTheApp) {
            return "'\(chord.sourceText)' is a standard shortcut on \(platform.displayName) (\(what.joined(separator: "; "))): the app receives it,"
                + " but users expect it to do that; \(keep)"
        }
        let who = owners == [platform.displayName] ? "\(platform.displayName), which takes"
            : "\(owners.joined(separator: " and ")) on \(platform.displayName), which \(owners.count == 1 ? "takes" : "take")"
        return "'\(chord.sourceText)' is reserved by \(who) it before the app (\(what.joined(separator: "; ")));"
            + " \(keep)"
    }
    static func textInputFirst(_ chord: Chord, _ what: String, onMenuItem: Bool = false) -> String {
        "on iPadOS text input and focus get '\(chord.sourceText)' before key commands (it \(what));"
            + (onMenuItem ? " a menu item cannot take it first: a binding with @priority can"
                          : " write @priority before the binding to take it first")
    }
    static func allowReservedUnneeded(_ sequence: [Chord]) -> String {
        "'@allowReserved' is not needed: no platform reserves '\(sequenceText(sequence))'"
    }
    static func noMirroringUnneeded(_ chord: Chord) -> String {
        "'@noMirroring' is not needed: the system mirrors only brackets, braces, parentheses, angle brackets"
            + " and arrow keys, and the key command's stroke is '\(chord.sourceText)'"
    }
    static func noUIKeyCommand(_ attribute: String, _ chord: Chord) -> String {
        "'@\(attribute)' has no effect: UIKit has no key command input for '\(chord.sourceText)'"
    }
    static func noKeyCommandInput(_ chord: Chord) -> String {
        "UIKit has no key command input for '\(chord.sourceText)', so on iPadOS no key command can deliver it"
    }
    static func sameKeyCommand(_ chord: Chord, as earlier: Chord, input: String) -> String {
        "on iPadOS '\(chord.sourceText)' is the same key command as '\(earlier.sourceText)' (UIKit input \(input)),"
            + " and UIKit keeps only one of the two"
    }
    static let noMirroringWithNoRemapping = "'@noMirroring' is not needed: '@noRemapping' turns mirroring off too"
    static let conditionTooDeep = "condition is nested too deeply"
    static let blockConditionNeverTrue = "condition is never true; no binding of this block can be chosen"
    static func bindingNeverChosen(_ sequence: [Chord]) -> String {
        "condition is never true; '\(sequenceText(sequence))' can never be chosen"
    }
    /// Added to a never-true warning whose condition holds only on platforms the keymap is not
    /// for (`platforms` are the keymap's; empty: nothing added).
    static func onlyOffTheKeymapsPlatforms(_ platforms: [Platform]) -> String {
        guard !platforms.isEmpty else { return "" }
        return " on the platforms the keymap is for (" + platforms.map(\.rawValue).joined(separator: ", ") + ")"
    }
    static func menuItemNeverEnabled(_ title: String) -> String {
        "condition is never true; menu item \(quoted(title)) is never enabled"
    }

    // MARK: - Actions

    static func missingArgument(_ action: String, _ type: ArgumentType) -> String {
        "action '\(action)' needs an argument of type \(type.rawValue)"
    }
    static func unexpectedArgument(_ action: String) -> String { "action '\(action)' takes no argument" }
    static func wrongArgumentType(_ action: String, _ expected: ArgumentType, _ found: String) -> String {
        "action '\(action)' takes an argument of type \(expected.rawValue), not \(found)"
    }

    // MARK: - Chords

    static func unknownModifier(_ name: String, _ suggestion: String?) -> String {
        "unknown modifier '\(name)'\(didYouMean(suggestion))"
    }
    /// `cmd+comand+k`: the modifier meant is `held` already, so the part is left out.
    static func unknownModifier(_ name: String, _ suggestion: String, held: String) -> String {
        "unknown modifier '\(name)'\(didYouMean(suggestion)); the chord holds '\(held)' already, so leave it out"
    }
    /// `altGr` (as `bindc layouts` writes the AltGr level) in modifier position: AltGr goes
    /// into the character typed, so a binding names that character (Grammar.md §4.3, §10).
    static func altGrModifier(_ name: String) -> String {
        "'\(name)' is not a modifier a binding holds: AltGr goes into the character the key types, so bind that character (ctrl+\"[\", which is ctrl+altGr+Digit8 on a German keyboard); 'alt' is the Alt (Option) key"
    }
    /// Whether `name` spells AltGr (`altGr`, `AltGr`, `alt_gr`, `altgraph`), in any case.
    static func isAltGrSpelling(_ name: String) -> Bool {
        ["altgr", "alt_gr", "alt-gr", "altgraph"].contains(name.lowercased())
    }
    /// `meta` or `super` (in any case), which keymaps use for different modifiers (Grammar.md
    /// §4.3), as written; `held` are the readings the chord holds already (only leaving the
    /// part out is offered for them), `isKey` whether it is the chord's last part.
    public static func ambiguousModifier(_ name: String, held: [String] = [], isKey: Bool = false) -> String {
        let readings = Modifiers.ambiguousReadings(of: name) ?? []
        let explanation: String
        switch name.lowercased() {
        case "meta":
            explanation = "'\(name)' is ambiguous: Emacs, readline and tmux mean alt (option) by it, other keymaps cmd"
        case "super":
            explanation = "'\(name)' is the Windows and Linux logo key or the Command key of an Apple keyboard, which this language writes 'cmd' on every platform"
        default:
            explanation = "'\(name)' is ambiguous"
        }
        func list(_ names: [String], _ conjunction: String) -> String {
            let quoted = names.map { "'\($0)'" }
            return quoted.count < 2 ? quoted.joined() : quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted.last!
        }
        let fresh = readings.filter { !held.contains($0) }
        var advice = fresh.isEmpty ? "" : "write " + list(fresh, "or")
        if !held.isEmpty {
            advice += (advice.isEmpty ? "" : ", or ") + "leave it out: the chord holds \(list(held, "and")) already"
        }
        if isKey { advice += ", and end the chord with a key" }
        return explanation + "; " + advice
    }
    /// `cmd+"\t"`, `cmd+"\u{7F}"`: a control character as the key, `quoted` as source writes
    /// it (never raw), with the named key that types it, if any.
    static func controlCharacterKey(_ quoted: String, _ named: String?) -> String {
        "unknown key \(quoted): a control character is no key\(didYouMean(named))"
    }
    /// `Delete`, `Enter`: a spelling of another keymap's name for the key this language calls
    /// `meant`, equal up to case to this language's name of another key.
    static func confusableKeyName(_ name: String, _ meant: String) -> String {
        let lower = name.lowercased()
        let (what, other, web) = lower == "delete"
            ? ("Backspace (⌫)", "the forward-delete key (⌦)", "Delete")
            : ("the numeric keypad's Enter (⌤)", "the main Return key (↩)", "Enter")
        return "unknown key '\(name)': '\(lower)' is \(what) in this language; \(other), the web's '\(web)', is '\(meant)'"
    }
    static func unknownKey(_ name: String, _ suggestion: String?) -> String {
        "unknown key '\(name)'\(didYouMean(suggestion))"
    }
    static func duplicateModifier(_ name: String, sameAs first: String) -> String {
        name == first ? "duplicate modifier '\(name)'" : "duplicate modifier '\(name)' (same as '\(first)')"
    }
    static func shiftImpliedByKey(_ key: String) -> String {
        "duplicate modifier 'shift': upper-case '\(key)' already means shift"
    }
    static func chordHasNoKey(_ text: String) -> String { "chord '\(text)' has no key" }
    static func chordHasTwoKeys(_ first: String, _ second: String) -> String {
        "chord has two keys, '\(first)' and '\(second)'; only the last part is the key"
    }
    static func impossibleChord(_ text: String, _ reason: String) -> String {
        "impossible chord '\(text)': \(reason)"
    }

    // MARK: - Blocks, titles, layering

    static let emptyTitle = "empty discoverability title"
    static let emptyGroupTitle = "empty group title"
    static let emptyMenuTitle = "empty menu title"
    static let emptyQuickActionTitle = "empty quick action title"
    static func nothingToUnbind(_ sequence: [Chord], role: String) -> String {
        "'\(sequenceText(sequence))' is not bound in role '\(role)' by an earlier file; nothing to unbind"
    }
    static func nothingToUnbind(_ sequence: [Chord], role: String, when condition: String) -> String {
        "'\(sequenceText(sequence))' is not bound in role '\(role)' by an earlier file when \(condition); nothing to unbind"
    }
    static func titleReused(_ title: String, firstUse: String, group: String?) -> String {
        let place = group.map { "in group \(quoted($0))" } ?? "among ungrouped commands"
        return "title \(quoted(title)) is already used for '\(firstUse)' \(place)"
    }
    static let titleFirstUsedHere = "first used here"

    // MARK: - Conflicts

    /// ` when a == x, b == true`, or nothing when the witness is empty (always).
    static func witnessSuffix(_ witness: String) -> String { witness.isEmpty ? "" : " when " + witness }
    static func boundTwice(_ sequence: [Chord], role: String, witness: String) -> String {
        "'\(sequenceText(sequence))' is bound twice in role '\(role)'\(witnessSuffix(witness))"
    }
    static func keyEquivalentTwice(_ chord: [Chord], witness: String) -> String {
        "'\(sequenceText(chord))' is the key equivalent of two menu items\(witnessSuffix(witness))"
    }
    static let otherBindingHere = "the other binding is here"
    static func checkBudgetSpent(_ sequence: [Chord], in role: String, units: Int) -> String {
        "the checker's work budget for one compilation (\(units) steps) ran out while comparing the conditions of the bindings of '\(sequenceText(sequence))' in \(role); simplify those conditions or split the keymap"
    }
    static func checkBudgetSpentBefore(_ sequence: [Chord], units: Int) -> String {
        "the checker's work budget for one compilation (\(units) steps) ran out before it reached the binding of '\(sequenceText(sequence))'; simplify the keymap's conditions or split the keymap"
    }
    static func conditionsTooComplex(_ sequence: [Chord]) -> String {
        "conditions too complex to decide whether '\(sequenceText(sequence))' conflicts with another binding"
    }
    static func bindingsTooCostly(_ sequence: [Chord], role: String, _ size: Int) -> String {
        "the conditions of the bindings of '\(sequenceText(sequence))' in role '\(role)' take \(size) operations to evaluate on one key press; at most \(TableFormat.maxPressCode)"
    }

    static func continuationsTooCostly(_ prefix: [Chord], role: String, _ size: Int) -> String {
        "the conditions of the bindings that continue '\(sequenceText(prefix))' in role '\(role)' take more than \(TableFormat.maxPressCode) operations to evaluate on one key press"
    }

    static func sequenceTooLong(_ count: Int) -> String {
        "a key sequence has at most \(TableFormat.maxSequenceLength) strokes; this one has \(count)"
    }

    static func tooManyBindings(_ sequence: [Chord], role: String) -> String {
        "too many bindings of '\(sequenceText(sequence))' in role '\(role)' to check them for conflicts"
    }
    static func prefixConflict(_ short: [Chord], _ long: [Chord], role: String, witness: String) -> String {
        "'\(sequenceText(short))' is both bound and a prefix of '\(sequenceText(long))' in role '\(role)'\(witnessSuffix(witness))"
    }
    static func timeoutWithoutLonger(_ sequence: [Chord], role: String) -> String {
        "'@timeout' changes nothing here: no longer binding of role '\(role)' starts with '\(sequenceText(sequence))'"
    }
    static func boundHere(_ sequence: [Chord]) -> String { "'\(sequenceText(sequence))' is bound here" }
    static func menuConflict(item: String, _ chord: [Chord], other: [Chord], role: String, witness: String) -> String {
        let what = other.count == 1 ? "is also bound" : "is also the first stroke of '\(sequenceText(other))'"
        return "key equivalent '\(sequenceText(chord))' of menu item \(quoted(item)) \(what) in role '\(role)'\(witnessSuffix(witness))"
    }
    static func menuItemHere(_ title: String) -> String { "menu item \(quoted(title)) is here" }

    // MARK: - Menus

    static let editMenuKeyEquivalent = "edit-menu items have no key equivalent"
    static let editMenuSubmenu = "the edit menu cannot have submenus"
    static let editMenuSeparator = "the edit menu cannot have separators"
    static let editMenuTwice = "the edit menu is declared twice in this file"
    static func menuTwice(_ title: String) -> String { "menu \(quoted(title)) is declared twice in this file" }
    static let firstDeclaredHereShort = "first declared here"
    static let menuTooDeep = "menus are nested too deeply"

    // MARK: - Quick actions

    static func unknownShortcutField(_ name: String, _ suggestion: String?) -> String {
        "unknown shortcut field '\(name)'\(didYouMean(suggestion))"
    }
    static func fieldGivenTwice(_ name: String) -> String { "field '\(name)' is given twice" }
    static func fieldNeedsString(_ name: String) -> String { "field '\(name)' needs a string" }
    static let fieldNeedsIcon = "field 'icon' needs a system icon name"
    static let fieldNeedsDictionary = "field 'userInfo' needs a dictionary"
    static func unknownIconType(_ name: String, _ suggestion: String?) -> String {
        "unknown icon type '\(name)'\(didYouMean(suggestion))"
    }
    static func shortcutWithoutTitle(_ type: String) -> String { "shortcut \(quoted(type)) has no title" }
    static let emptyShortcutType = "shortcut type must not be empty"
    static func duplicateShortcut(_ type: String) -> String {
        "shortcut \(quoted(type)) is declared twice in this file"
    }
    static let iconAndIconFile = "'iconFile' overrides 'icon'; the icon type is ignored"
    static let iconGivenHere = "'icon' is given here"
    static func duplicateUserInfoKey(_ key: String) -> String { "duplicate key \(quoted(key)) in user info" }
    /// Two user-info keys that are canonically equivalent but not the same scalars: the
    /// scalars where they differ, this key's first.
    static func userInfoKeyNormalization(_ key: String, _ other: String) -> String {
        let a = Array(key.unicodeScalars), b = Array(other.unicodeScalars)
        var prefix = 0
        while prefix < min(a.count, b.count) && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        func codes(_ s: [Unicode.Scalar]) -> String {
            s[prefix..<(s.count - suffix)].map { "U+" + hex4($0.value) }.joined(separator: " ")
        }
        return "user-info keys \(quoted(key)) and \(quoted(other)) differ only in Unicode normalization"
            + " (\(codes(a)) here, \(codes(b)) there): the property list keeps both keys, but Swift's String"
            + " compares them equal; write both the same way, or make them different keys"
    }
    static let otherKeyHere = "the other key is here"
    static func userInfoIdentifier(_ name: String) -> String {
        "user-info value must be a string, number, Boolean or dictionary; did you mean \(quoted(name))?"
    }
    static let userInfoTooDeep = "user info is nested too deeply"
    /// Quick-action text with a character XML 1.0 cannot carry (``PlistWriter/unrepresentableScalar(in:)``).
    static func notInPropertyList(_ scalar: Unicode.Scalar) -> String {
        "a property list cannot hold U+\(hex4(scalar.value)) (XML 1.0 has no such character)"
    }
    /// The emitted table of a checked keymap did not load: a BindKit defect, never the user's.
    public static func unloadableTable(_ error: TableError) -> String {
        "internal error: the table compiled from these sources does not load (\(error)); nothing was written. Please report this, with the sources"
    }
}
