import BindingRuntime

/// Resolves `menu edit { … }` and `menu "Title" { … }` (Grammar.md §7): items' actions,
/// conditions and key equivalents; submenus and separators in main menus only.
struct MenuChecker {
    let conditions: ConditionChecker
    let chords: ChordResolver
    let actions: ActionResolver
    /// Submenus nested deeper than this are an error (and are not walked).
    static let maximumDepth = 32

    /// Adds the menu to `result`; reports a second edit menu or a second main menu with the
    /// same title in one file.
    func check(
        _ menu: MenuDeclaration, into result: inout FileResult, editMenuRange: inout SourceRange?,
        mainMenuRanges: inout [String: SourceRange], _ sat: inout Satisfiability, _ engine: inout DiagnosticEngine
    ) {
        guard let title = menu.title else {
            let items = editItems(menu.entries, &sat, &engine)
            if let first = editMenuRange {
                engine.error(Messages.editMenuTwice, at: Self.headRange(menu),
                             notes: [DiagnosticNote(Messages.firstDeclaredHereShort, at: first)])
                return
            }
            editMenuRange = Self.headRange(menu)
            result.editMenu = items
            return
        }
        if title.value.isEmpty { engine.warning(Messages.emptyMenuTitle, at: title.range) }
        let checked = mainMenu(menu, title: title, depth: 0, &sat, &engine)
        if let first = mainMenuRanges[title.value] {
            engine.error(Messages.menuTwice(title.value), at: title.range,
                         notes: [DiagnosticNote(Messages.firstDeclaredHereShort, at: first)])
            return
        }
        mainMenuRanges[title.value] = title.range
        result.mainMenus.append(checked)
    }

    /// The start of `menu edit`: the declaration's first four bytes.
    private static func headRange(_ menu: MenuDeclaration) -> SourceRange {
        SourceRange(file: menu.range.file, start: menu.range.start, end: min(menu.range.end, menu.range.start + 4))
    }

    private func editItems(_ entries: [MenuEntrySyntax], _ sat: inout Satisfiability, _ engine: inout DiagnosticEngine) -> [CheckedEditItem] {
        var items: [CheckedEditItem] = []
        for entry in entries {
            switch entry {
            case .item(let item):
                if let key = item.keyEquivalent { engine.error(Messages.editMenuKeyEquivalent, at: key.range) }
                for attribute in item.attributes { engine.error(Messages.attributeOnEditMenuItem, at: attribute.range) }
                guard let (title, action, argument, condition, _) = common(item, &sat, &engine) else { continue }
                items.append(CheckedEditItem(title: title, action: action, argument: argument, condition: condition))
            case .submenu(let sub):
                engine.error(Messages.editMenuSubmenu, at: sub.title?.range ?? sub.range)
            case .separator(let range):
                engine.error(Messages.editMenuSeparator, at: range)
            case .error:
                continue
            }
        }
        return items
    }

    private func mainMenu(
        _ menu: MenuDeclaration, title: StringLiteral, depth: Int, _ sat: inout Satisfiability,
        _ engine: inout DiagnosticEngine
    ) -> CheckedMenu {
        var checked = CheckedMenu(title: title.value, titleRange: title.range, entries: [])
        for entry in menu.entries {
            switch entry {
            case .item(let item):
                var key: Chord?
                var keyOK = true
                if let syntax = item.keyEquivalent {
                    key = chords.chord(syntax, &engine)
                    keyOK = key != nil
                }
                let attributes = BindingAttributes.check(
                    item.attributes, sequence: nil, titleStart: item.title.range.start,
                    chords: keyOK ? key.map { [$0] } ?? [] : nil, &engine)
                guard let (itemTitle, action, argument, condition, neverEnabled) = common(item, &sat, &engine), keyOK
                else { continue }
                checked.entries.append(.item(CheckedMenuItem(
                    title: itemTitle, titleRange: item.title.range, action: action, argument: argument,
                    keyEquivalent: key, keyRange: item.keyEquivalent?.range, condition: condition,
                    allowReservedRange: attributes.allowReservedRange, layoutAllowance: attributes.layoutAllowance,
                    allowsAutomaticLocalization: attributes.allowsAutomaticLocalization,
                    allowsAutomaticMirroring: attributes.allowsAutomaticMirroring, neverEnabled: neverEnabled)))
            case .submenu(let sub):
                guard depth < Self.maximumDepth else {
                    engine.error(Messages.menuTooDeep, at: sub.range)
                    continue
                }
                let subTitle = sub.title ?? StringLiteral(value: "", range: sub.range)
                if subTitle.value.isEmpty { engine.warning(Messages.emptyMenuTitle, at: subTitle.range) }
                checked.entries.append(.submenu(mainMenu(sub, title: subTitle, depth: depth + 1, &sat, &engine)))
            case .separator:
                checked.entries.append(.separator)
            case .error:
                continue
            }
        }
        return checked
    }

    /// Title, action and condition of an item, and whether the condition is never true
    /// (warned about); nil when any is wrong (reported).
    private func common(
        _ item: MenuItemSyntax, _ sat: inout Satisfiability, _ engine: inout DiagnosticEngine
    ) -> (String, ActionID, ArgumentValue, Condition, neverEnabled: Bool)? {
        if item.title.value.isEmpty { engine.warning(Messages.emptyTitle, at: item.title.range) }
        let action = actions.resolve(item.action, &engine)
        var condition: Condition? = Condition.unconditional
        var neverEnabled = false
        if let expression = item.condition {
            condition = conditions.lower(expression, &engine)
            // `is R` is false on a menu item: `when is Editor` never enables it.
            if let c = condition, !sat.isSatisfiable(c.mentionsChain ? c.asMenuItems(seenFrom: nil, roleCount: 0) : c) {
                // Off on this platform (`when platform == …`): left out, not a mistake.
                if conditions.holdsOnAnotherPlatform(expression, &sat) { return nil }
                let keymap = conditions.platformsOutsideTheKeymap(expression, &sat)
                engine.warning(Messages.menuItemNeverEnabled(item.title.value) + Messages.onlyOffTheKeymapsPlatforms(keymap), at: expression.range)
                neverEnabled = true
            }
        }
        guard let (id, argument) = action, let condition else { return nil }
        return (item.title.value, id, argument, condition, neverEnabled)
    }
}
