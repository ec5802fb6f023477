import BindingRuntime

/// The checker: resolves parsed files into one ``Keymap`` (Grammar.md §3–§11).
///
/// Phases: collect every file's declarations into one ``Scope``; check each file's blocks,
/// menus and quick actions on their own; layer the files in order (``Layering``); then, on
/// the final bindings, find conflicts (``ConflictChecker``) and reused titles
/// (``TitleChecker``); and, when nothing was an error, assemble the model.
public enum Checker {
    /// Checks parsed files in layering order into one keymap; nil when any error was found.
    /// The diagnostics are sorted by file and position.
    /// `checkConflicts: false` leaves out the rules of Grammar.md §10 (for `bindc diff --user`,
    /// which reports them itself).
    public static func check(
        _ files: [FileSyntax], sources: SourceManager, platform: Platform, checkConflicts: Bool = true
    ) -> (Keymap?, [Diagnostic]) {
        var files = files
        return check(&files, release: false, sources: sources, platform: platform, checkConflicts: checkConflicts,
                     allowance: CheckBudget())
    }

    /// ``check(_:sources:platform:checkConflicts:)`` with the work allowance given (tests use a
    /// small one).
    static func check(
        _ files: [FileSyntax], sources: SourceManager, platform: Platform, checkConflicts: Bool, allowance: CheckBudget
    ) -> (Keymap?, [Diagnostic]) {
        var files = files
        return check(&files, release: false, sources: sources, platform: platform, checkConflicts: checkConflicts,
                     allowance: allowance)
    }

    /// Checks like ``check(_:sources:platform:checkConflicts:)``. With `release`, the files'
    /// declarations are freed once every block is checked, and their memory handed back to
    /// the system, so that when `files` holds the only reference the syntax trees are gone
    /// before the conflict checks and the keymap's assembly (`files` is left without
    /// declarations).
    static func check(
        _ files: inout [FileSyntax], release: Bool, sources: SourceManager, platform: Platform, checkConflicts: Bool = true,
        allowance: CheckBudget = CheckBudget()
    ) -> (Keymap?, [Diagnostic]) {
        var engine = DiagnosticEngine()
        let scope = Scope.collect(files, into: &engine)
        KeymapPlatforms.check(files, platform: platform, into: &engine)
        var conditions = ConditionChecker(scope: scope, platform: platform)
        conditions.keymapPlatforms = KeymapPlatforms.listed(in: files) ?? Platform.allCases
        let chords = ChordResolver(platform: platform, sources: sources)
        let actions = ActionResolver(scope: scope)
        let blocks = BlockChecker(scope: scope, conditions: conditions, chords: chords, actions: actions)
        let menus = MenuChecker(conditions: conditions, chords: chords, actions: actions)
        let quickActions = QuickActionChecker()
        var satisfiability = Satisfiability(contexts: scope.contexts, roles: scope.roles)
        satisfiability.allowance = allowance
        var layering = Layering()
        var groups = GroupTable()
        var memo = ConditionMemo(sources: sources)

        for index in files.indices {
            var result = FileResult(file: files[index].file)
            result.bindings.reserveCapacity(Self.bindingCount(files[index]))
            var editMenuRange: SourceRange?
            var mainMenuRanges: [String: SourceRange] = [:]
            var shortcutRanges: [String: SourceRange] = [:]
            // With `release`, checked declarations are freed in batches (``Checker/releaseBatch``).
            var firstUnreleased = 0, bindingsAtRelease = 0
            // By index: iterating would copy each declaration.
            for d in files[index].declarations.indices {
                if release && result.bindings.count - bindingsAtRelease >= Self.releaseBatch {
                    for k in firstUnreleased..<d { files[index].declarations[k] = .error(Self.released) }
                    FreedMemory.release()
                    firstUnreleased = d
                    bindingsAtRelease = result.bindings.count
                }
                switch files[index].declarations[d] {
                case .block(let block):
                    blocks.check(block, into: &result, groups: &groups, memo: &memo, &satisfiability, &engine)
                case .menu(let menu):
                    menus.check(menu, into: &result, editMenuRange: &editMenuRange, mainMenuRanges: &mainMenuRanges,
                                &satisfiability, &engine)
                case .shortcut(let shortcut):
                    if let action = quickActions.check(shortcut, typeRanges: &shortcutRanges, &engine) {
                        result.quickActions.append((action, shortcut.range))
                    }
                case .layer, .keymap, .context, .responder, .action, .error:
                    continue
                }
            }
            layering.apply(result, scope: scope, &satisfiability, &engine)
        }

        if release {
            // Freed together, after the last binding is checked, and handed back at once:
            // the checked bindings' chords and conditions were allocated above the trees,
            // not in holes that freeing the trees item by item would have left among them,
            // so the trees' pages come back whole (``FreedMemory``).
            for index in files.indices { files[index].declarations = [] }
            FreedMemory.release()
        }
        let bindings = finalBindings(layering, &groups)
        let order = BindingOrder(bindings)
        if checkConflicts {
            ConflictChecker(scope: scope, satisfiability: satisfiability, topFile: files.last?.file).check(bindings, in: order, &engine)
        }
        PressCost(scope: scope).check(bindings, in: order, &engine)
        TitleChecker(scope: scope, groups: groups).check(bindings, &engine)
        SystemShortcutChecker(platform: platform, sources: sources).check(bindings, &engine)
        if platform == .iPadOS { UIKeyCommandChecker().check(bindings, &engine) }
        if allowance.isSpent, !allowance.reported, let last = bindings.last {
            // Spent before the conflict rules (on the conditions of blocks and layers) and not
            // reported there: the compilation is not finished, so it is still an error.
            allowance.reported = true
            engine.error(Messages.checkBudgetSpentBefore(last.sequence, units: allowance.units), at: last.range)
        }
        let diagnostics = engine.sorted
        if engine.hasErrors { return (nil, diagnostics) }
        let keymap = KeymapAssembler(scope: scope, groups: groups, sources: sources, platform: platform)
            .assemble(bindings: bindings, editMenu: layering.editMenu, mainMenus: layering.mainMenus,
                      quickActions: layering.quickActions)
        return (keymap, diagnostics)
    }

    /// How many bindings are checked between two releases of the checked declarations' syntax
    /// trees (with `release`). Freed one by one, each tree left small holes that the next
    /// bindings' chord sequences filled, so that few pages ever became free. Freed in batches
    /// of about 0.7 MB, the trees leave whole free runs; the sequences checked next are carved
    /// densely from the start of a run, and the rest of it goes back to the system. The whole
    /// check then stays within the parsed trees' memory instead of adding the checked data on top.
    static let releaseBatch = 2_048

    /// What a released declaration is replaced with.
    private static let released = SourceRange(file: FileID(0), start: 0, end: 0)

    /// The number of bindings written in the blocks of `file` (groups included), to size the
    /// checked bindings' array once.
    static func bindingCount(_ file: FileSyntax) -> Int {
        func count(_ items: [BlockItem]) -> Int {
            var n = 0
            for i in items.indices {
                switch items[i] {
                case .binding: n += 1
                case .group(let g): n += count(g.items)
                case .unbind, .error: continue
                }
            }
            return n
        }
        var n = 0
        for d in file.declarations.indices {
            if case .block(let block) = file.declarations[d] { n += count(block.items) }
        }
        return n
    }

    /// The layered role bindings and the final main menus' key equivalents, in declaration
    /// order (file order, then position in the file).
    static func finalBindings(_ layering: Layering, _ groups: inout GroupTable) -> [CheckedBinding] {
        var bindings = layering.bindings
        var menuBindings: [CheckedBinding] = []
        for menu in layering.mainMenus { keyEquivalents(of: menu, group: groups.id(menu.title), into: &menuBindings) }
        if menuBindings.isEmpty { return bindings }
        bindings += menuBindings
        return bindings.enumerated().sorted { a, b in
            let ra = a.element.range, rb = b.element.range
            if ra.file != rb.file { return ra.file < rb.file }
            if ra.start != rb.start { return ra.start < rb.start }
            return a.offset < b.offset
        }.map(\.element)
    }

    private static func keyEquivalents(of menu: CheckedMenu, group: Int, into out: inout [CheckedBinding]) {
        for entry in menu.entries {
            switch entry {
            case .item(let item):
                guard let chord = item.keyEquivalent, let range = item.keyRange else { continue }
                var binding = CheckedBinding(
                    sequence: [chord], role: nil, action: item.action, argument: item.argument, title: item.title,
                    titleRange: item.titleRange, group: group, condition: item.condition, range: range,
                    menuItemTitle: item.title, allowReservedRange: item.allowReservedRange, layoutAllowance: item.layoutAllowance,
                    allowsAutomaticLocalization: item.allowsAutomaticLocalization,
                    allowsAutomaticMirroring: item.allowsAutomaticMirroring)
                binding.neverChosen = item.neverEnabled
                out.append(binding)
            case .submenu(let sub):
                keyEquivalents(of: sub, group: group, into: &out)
            case .separator:
                continue
            }
        }
    }
}
