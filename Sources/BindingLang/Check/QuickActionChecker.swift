import BindingRuntime

/// Resolves `shortcut "type" { … }` declarations (Grammar.md §8) into ``QuickAction``s.
struct QuickActionChecker {
    static let fieldNames = ["title", "subtitle", "icon", "iconFile", "userInfo"]
    /// Nested user-info dictionaries deeper than this are an error (and are not walked).
    static let maximumDepth = 32

    /// The quick action, or nil when it has an error (all reported). `typeRanges` holds the
    /// types this file already declared.
    func check(
        _ d: ShortcutDeclaration, typeRanges: inout [String: SourceRange], _ engine: inout DiagnosticEngine
    ) -> QuickAction? {
        var ok = true
        if d.type.value.isEmpty {
            engine.error(Messages.emptyShortcutType, at: d.type.range)
            ok = false
        }
        if !representable(d.type, &engine) { ok = false }
        if let first = typeRanges[d.type.value] {
            engine.error(Messages.duplicateShortcut(d.type.value), at: d.type.range,
                         notes: [DiagnosticNote(Messages.firstDeclaredHereShort, at: first)])
            ok = false
        } else {
            typeRanges[d.type.value] = d.type.range
        }
        var action = QuickAction(type: d.type.value, title: "")
        var seen: [String: SourceRange] = [:]
        var hasTitle = false
        for field in d.fields {
            let name = field.name.name
            guard Self.fieldNames.contains(name) else {
                // Only a field the shortcut lacks is suggested (its fix-it would make another
                // "given twice").
                let suggestion = nearest(to: name, in: Self.fieldNames.filter { f in !d.fields.contains { $0.name.name == f } })
                engine.error(Messages.unknownShortcutField(name, suggestion), at: field.name.range,
                             fixIts: fixIt(field.name.range, suggestion))
                ok = false
                if suggestion == "title" { hasTitle = true }  // do not also say "no title"
                continue
            }
            if let first = seen[name] {
                engine.error(Messages.fieldGivenTwice(name), at: field.name.range,
                             notes: [DiagnosticNote(Messages.firstDeclaredHereShort, at: first)])
                ok = false
                continue
            }
            seen[name] = field.name.range
            if case .error = field.value {
                ok = false
                if name == "title" { hasTitle = true }
                continue
            }
            switch name {
            case "title", "subtitle", "iconFile":
                guard case .literal(.string(let s)) = field.value else {
                    engine.error(Messages.fieldNeedsString(name), at: Self.range(of: field.value))
                    ok = false
                    if name == "title" { hasTitle = true }
                    continue
                }
                if !representable(s, &engine) { ok = false }
                if name == "title" {
                    hasTitle = true
                    action.title = s.value
                    if s.value.isEmpty { engine.warning(Messages.emptyQuickActionTitle, at: s.range) }
                } else if name == "subtitle" {
                    action.subtitle = s.value
                } else {
                    action.iconFile = s.value
                }
            case "icon":
                let icon: (String, SourceRange)
                switch field.value {
                case .identifier(let id): icon = (id.name, id.range)
                case .literal(.string(let s)): icon = (s.value, s.range)
                default:
                    engine.error(Messages.fieldNeedsIcon, at: Self.range(of: field.value))
                    ok = false
                    continue
                }
                guard QuickActionIcons.all.contains(icon.0) else {
                    let suggestion = nearest(to: icon.0, in: QuickActionIcons.all)
                    engine.error(Messages.unknownIconType(icon.0, suggestion), at: icon.1,
                                 fixIts: fixIt(icon.1, suggestion))
                    ok = false
                    continue
                }
                action.iconType = icon.0
            default:  // userInfo
                guard case .dictionary(let dictionary) = field.value else {
                    engine.error(Messages.fieldNeedsDictionary, at: Self.range(of: field.value))
                    ok = false
                    continue
                }
                if let entries = userInfo(dictionary, depth: 0, &engine) { action.userInfo = entries } else { ok = false }
            }
        }
        if !hasTitle {
            engine.error(Messages.shortcutWithoutTitle(d.type.value), at: d.type.range)
            ok = false
        }
        // (Only when both are valid: a wrong one has its own error.)
        if let icon = seen["icon"], let file = seen["iconFile"], action.iconType != nil, action.iconFile != nil {
            engine.warning(Messages.iconAndIconFile, at: file, notes: [DiagnosticNote(Messages.iconGivenHere, at: icon)])
        }
        return ok ? action : nil
    }

    /// The entries of a user-info dictionary, or nil after reporting a mistake in it.
    private func userInfo(_ d: DictionarySyntax, depth: Int, _ engine: inout DiagnosticEngine) -> [UserInfoEntry]? {
        guard depth < Self.maximumDepth else {
            engine.error(Messages.userInfoTooDeep, at: d.range)
            return nil
        }
        var entries: [UserInfoEntry] = []
        // A property list's keys are equal when their scalars are (``ExactString``), as
        // NSDictionary compares them; keys that are only canonically equivalent (`String`'s
        // `==`) are two keys, with a warning.
        var seen: [ExactString: SourceRange] = [:]
        var equivalent: [String: StringLiteral] = [:]
        var ok = true
        for entry in d.entries {
            if let first = seen[ExactString(entry.key.value)] {
                engine.error(Messages.duplicateUserInfoKey(entry.key.value), at: entry.key.range,
                             notes: [DiagnosticNote(Messages.firstDeclaredHereShort, at: first)])
                ok = false
                continue
            }
            seen[ExactString(entry.key.value)] = entry.key.range
            if let other = equivalent[entry.key.value] {
                engine.warning(Messages.userInfoKeyNormalization(entry.key.value, other.value), at: entry.key.range,
                               notes: [DiagnosticNote(Messages.otherKeyHere, at: other.range)])
            } else {
                equivalent[entry.key.value] = entry.key
            }
            if !representable(entry.key, &engine) { ok = false }
            let value: UserInfoValue
            switch entry.value {
            case .literal(.string(let s)):
                if !representable(s, &engine) { ok = false }
                value = .string(s.value)
            case .literal(.int(let n, _)): value = .int(n)
            case .literal(.double(let x, _)): value = .double(x)
            case .literal(.bool(let b, _)): value = .bool(b)
            case .dictionary(let nested):
                guard let inner = userInfo(nested, depth: depth + 1, &engine) else {
                    ok = false
                    continue
                }
                value = .dictionary(inner)
            case .identifier(let id):
                engine.error(Messages.userInfoIdentifier(id.name), at: id.range,
                             fixIts: [FixIt(range: id.range, replacement: Messages.quoted(id.name))])
                ok = false
                continue
            case .error:
                ok = false
                continue
            }
            entries.append(UserInfoEntry(key: entry.key.value, value: value))
        }
        return ok ? entries : nil
    }

    /// Whether a property list can hold `s`; an error at it when it cannot. A quick action is
    /// an Info.plist entry, and `bindc plist` could only drop the character, which can make
    /// two user-info keys one.
    private func representable(_ s: StringLiteral, _ engine: inout DiagnosticEngine) -> Bool {
        guard let scalar = PlistWriter.unrepresentableScalar(in: s.value) else { return true }
        engine.error(Messages.notInPropertyList(scalar), at: s.range)
        return false
    }

    private static func range(of value: FieldValue) -> SourceRange {
        switch value {
        case .literal(let l): return l.range
        case .identifier(let id): return id.range
        case .dictionary(let d): return d.range
        case .error(let r): return r
        }
    }
}
