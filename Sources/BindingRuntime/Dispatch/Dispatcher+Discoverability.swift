// MARK: - Discoverability, continuations, menus (listing: these may allocate)

extension Dispatcher {
    /// Memoised rule-2 outcomes per trie node, for listings that ask about many sequences.
    struct ResolutionCache {
        var outcomes: [Int: Int] = [:]   // node → chosen binding, -1 pending, -2 nothing, -3 - b pending holding b
    }

    /// Whether `outcome` leaves the dispatcher pending (holding a binding or not).
    static func isPending(_ outcome: Int) -> Bool { outcome == -1 || outcome <= -3 }

    /// Whether `outcome` performs `binding` (at once, or when the sequence it holds is not
    /// continued).
    static func performs(_ outcome: Int, _ binding: Int) -> Bool { outcome == binding || outcome == -3 - binding }

    func outcome(_ node: Int, _ cache: inout ResolutionCache, _ first: any Responder, _ state: ContextState) -> Int {
        if let o = cache.outcomes[node] { return o }
        let o: Int
        switch resolve(node: node, firstResponder: first, context: state) {
        case .chosen(let b, _): o = b
        case .pending: o = -1
        case .holding(let b): o = -3 - b
        case .nothing: o = -2
        }
        cache.outcomes[node] = o
        return o
    }

    /// The discoverability overlay for this chain and context (Grammar.md §6): titled
    /// bindings a press of their sequence would perform now (live, with a performer, chosen
    /// by rule 2, and for a sequence, each proper prefix leaving the dispatcher pending);
    /// ungrouped first, then each group in order, each in declaration order. With a `layout`,
    /// the glyphs and plain text show each chord as it is typed on it
    /// (``Chord/glyphs(on:)``).
    public func discoverableCommands(
        firstResponder: any Responder, context: ContextState, layout: KeyboardLayout? = nil
    ) -> [DiscoverableCommand] {
        refresh()
        let state = context.bound(to: table)
        var cache = ResolutionCache()
        var ungrouped: [DiscoverableCommand] = []
        var grouped = [[DiscoverableCommand]](repeating: [], count: table.groupCount)
        for b in 0..<table.bindingCount {
            let titleID = table.bindingTitle(b)
            guard titleID != TableFormat.none else { continue }
            let node = table.bindingNode(b)
            guard Dispatcher.performs(outcome(node, &cache, firstResponder, state), b) else { continue }
            var p = table.parent(of: node) ?? BindingTable.root
            var reachable = true
            while p != BindingTable.root {
                guard Dispatcher.isPending(outcome(p, &cache, firstResponder, state)) else { reachable = false; break }
                p = table.parent(of: p) ?? BindingTable.root
            }
            guard reachable else { continue }
            let sequence = table.sequence(of: node)
            let group = table.bindingGroup(b)
            let command = DiscoverableCommand(
                title: table.string(titleID) ?? "",
                group: group == TableFormat.none ? nil : table.groupName(Int(group)),
                sequence: sequence,
                glyphs: sequence.map { layout.map($0.glyphs(on:)) ?? $0.glyphs }.joined(separator: " "),
                plainText: sequence.map { layout.map($0.plainText(on:)) ?? $0.plainText }.joined(separator: " "),
                action: table.invocation(ofBinding: b), bindingIndex: b,
                location: table.location(ofBinding: b), attributes: KeyCommandAttributes(binding: b, in: table))
            if group == TableFormat.none || Int(group) >= grouped.count { ungrouped.append(command) } else { grouped[Int(group)].append(command) }
        }
        return ungrouped + grouped.joined()
    }

    /// ``discoverableCommands(firstResponder:context:)`` with every title and group title
    /// passed through `localize`, which maps the keymap's text to the user's language (for
    /// example a lookup in the String Catalog `bindc strings` exports, or
    /// `String(localized:table:bundle:)` with the table `Keymap`). Order and grouping are the
    /// keymap's, whatever the translations.
    public func discoverableCommands(
        firstResponder: any Responder, context: ContextState, layout: KeyboardLayout? = nil, localize: (String) -> String
    ) -> [DiscoverableCommand] {
        discoverableCommands(firstResponder: firstResponder, context: context, layout: layout).map { c in
            DiscoverableCommand(
                title: localize(c.title), group: c.group.map(localize), sequence: c.sequence, glyphs: c.glyphs,
                plainText: c.plainText, action: c.action, bindingIndex: c.bindingIndex, location: c.location,
                attributes: c.attributes)
        }
    }

    /// The role indices of the chain, plus the menu role.
    func chainRoles(_ first: any Responder) -> Set<UInt32> {
        var roles: Set<UInt32> = [TableFormat.menuRole]
        var responder: (any Responder)? = first
        var depth = 0
        while let r = responder, depth < Dispatcher.maxChainLength {
            for name in r.responderRoles { if let i = table.roleIndex(named: name) { roles.insert(UInt32(i)) } }
            responder = r.nextResponder
            depth += 1
        }
        return roles
    }

    /// The earliest live binding at or below `node` in a role of `roles`, if any.
    func firstLiveBinding(under node: Int, roles: Set<UInt32>, state: ContextState, first: any Responder) -> Int? {
        var best: Int?
        var stack = [node]
        var visited = 0
        while let n = stack.popLast(), visited <= table.nodeCount {
            visited += 1
            for c in table.candidates(of: n) {
                let b = table.candidate(c)
                let role = table.bindingRole(b)
                if roles.contains(role), state.holds(table.bindingCondition(b), facts(first, role: role)) { best = min(best ?? b, b) }
            }
            stack.append(contentsOf: table.children(of: n).map(\.node))
        }
        return best
    }

    /// While a sequence is pending: the strokes that continue it in some live binding of a
    /// role of the chain, each with the title of the binding it completes (when it completes
    /// a titled one that rule 2 would choose), in the order of Grammar.md §6. In repeat mode:
    /// the strokes that would repeat, each with the repeatable binding it performs (untitled
    /// ones listed too, without a title). Empty when idle. With a `layout`, each stroke is
    /// rendered as it is typed on it (``Chord/glyphs(on:)``).
    public func pendingContinuations(
        firstResponder: any Responder, context: ContextState, layout: KeyboardLayout? = nil
    ) -> [SequenceContinuation] {
        refresh()
        let repeating = state.pointee.repeatNode
        guard let node = pendingNode ?? repeating else { return [] }
        let state = context.bound(to: table)
        let roles = chainRoles(firstResponder)
        var entries: [(rank: Int, binding: Int, item: SequenceContinuation)] = []
        for (code, child) in table.children(of: node) {
            var live = false
            for c in table.candidates(of: child) {
                let b = table.candidate(c)
                let role = table.bindingRole(b)
                if roles.contains(role), state.holds(table.bindingCondition(b), facts(firstResponder, role: role)) { live = true; break }
            }
            for l in table.longerEntries(of: child) where !live && roles.contains(table.longerRole(l)) {
                let role = table.longerRole(l)
                if state.holds(table.longerCondition(of: child, role: role), facts(firstResponder, role: role)) { live = true }
            }
            guard live, let chord = Chord(code: code) else { continue }
            var title: String?, group: String?, action: ActionInvocation?
            var order = firstLiveBinding(under: child, roles: roles, state: state, first: firstResponder) ?? Int.max
            let resolution = resolve(node: child, firstResponder: firstResponder, context: state)
            if repeating != nil {
                // Only a stroke that performs a repeatable binding repeats.
                guard case .chosen(let b, _) = resolution, table.bindingFlags(b) & TableFormat.attributeRepeat != 0 else { continue }
            }
            // A held `@timeout` binding is what the key does when nothing continues it.
            var performs: Int? = nil
            if case .chosen(let b, _) = resolution { performs = b } else if case .holding(let b) = resolution { performs = b }
            if let b = performs {
                title = table.string(table.bindingTitle(b))
                let g = table.bindingGroup(b)
                group = g == TableFormat.none ? nil : table.groupName(Int(g))
                action = table.invocation(ofBinding: b)
                order = b
            }
            let g = order == Int.max ? TableFormat.none : table.bindingGroup(order)
            let rank = g == TableFormat.none ? -1 : Int(g)
            entries.append((rank, order, SequenceContinuation(
                chord: chord, glyphs: layout.map(chord.glyphs(on:)) ?? chord.glyphs,
                plainText: layout.map(chord.plainText(on:)) ?? chord.plainText, title: title, group: group, action: action)))
        }
        entries.sort { ($0.rank, $0.binding, $0.item.chord.code) < ($1.rank, $1.binding, $1.item.chord.code) }
        return entries.map(\.item)
    }

    /// The edit-menu items to show now (Grammar.md §7.1): condition holds and some responder
    /// in the chain can perform the action, in declared order.
    public func editMenu(firstResponder: any Responder, context: ContextState) -> [EditMenuCommand] {
        refresh()
        let state = context.bound(to: table)
        var out: [EditMenuCommand] = []
        for (i, item) in table.editMenuItems.enumerated()
        where state.holds(item.conditionRef, facts(firstResponder, role: TableFormat.menuRole)) && performer(of: item.action, firstResponder: firstResponder) != nil {
            out.append(EditMenuCommand(title: item.title, action: item.action, index: i))
        }
        return out
    }

    /// The main menus with each item's enabled state and key equivalent (Grammar.md §7.2),
    /// rendered as typed on `layout` when one is given.
    public func mainMenus(firstResponder: any Responder, context: ContextState, layout: KeyboardLayout? = nil) -> [MenuState] {
        refresh()
        let state = context.bound(to: table)
        func convert(_ m: TableMenu) -> MenuState {
            MenuState(title: m.title, entries: m.entries.map { e in
                switch e {
                case .separator: return .separator
                case .submenu(let s): return .submenu(convert(s))
                case .item(let i):
                    let enabled = state.holds(i.conditionRef, facts(firstResponder, role: TableFormat.menuRole)) && performer(of: i.action, firstResponder: firstResponder) != nil
                    return .item(MenuItemState(
                        title: i.title, action: i.action, keyEquivalent: i.keyEquivalent,
                        keyGlyphs: i.keyEquivalent.map { layout.map($0.glyphs(on:)) ?? $0.glyphs },
                        keyPlainText: i.keyEquivalent.map { layout.map($0.plainText(on:)) ?? $0.plainText }, isEnabled: enabled,
                        allowsAutomaticLocalization: i.allowsAutomaticLocalization, allowsAutomaticMirroring: i.allowsAutomaticMirroring))
                }
            })
        }
        return table.mainMenus.map(convert)
    }

    /// The quick actions of the current table, with all fields and user info (Grammar.md §8).
    public var quickActions: [ShortcutItem] {
        refresh()
        return table.quickActions
    }
}

// MARK: - The same listings over a chain snapshot

extension Dispatcher {
    /// ``discoverableCommands(firstResponder:context:layout:)`` over a ``ChainSnapshot``: the
    /// same list for the chain the snapshot holds (its responders, with the roles they gave
    /// when it was built, as ``dispatch(_:chain:context:)`` sees them). Responders are asked
    /// `canPerform` as with a first responder.
    public func discoverableCommands(chain: ChainSnapshot, context: ContextState, layout: KeyboardLayout? = nil) -> [DiscoverableCommand] {
        discoverableCommands(firstResponder: chain.listedChain(), context: context, layout: layout)
    }

    /// ``discoverableCommands(firstResponder:context:layout:localize:)`` over a
    /// ``ChainSnapshot`` (see ``discoverableCommands(chain:context:layout:)``).
    public func discoverableCommands(
        chain: ChainSnapshot, context: ContextState, layout: KeyboardLayout? = nil, localize: (String) -> String
    ) -> [DiscoverableCommand] {
        discoverableCommands(firstResponder: chain.listedChain(), context: context, layout: layout, localize: localize)
    }

    /// ``pendingContinuations(firstResponder:context:layout:)`` over a ``ChainSnapshot`` (see
    /// ``discoverableCommands(chain:context:layout:)``).
    public func pendingContinuations(chain: ChainSnapshot, context: ContextState, layout: KeyboardLayout? = nil) -> [SequenceContinuation] {
        pendingContinuations(firstResponder: chain.listedChain(), context: context, layout: layout)
    }

    /// ``editMenu(firstResponder:context:)`` over a ``ChainSnapshot`` (see
    /// ``discoverableCommands(chain:context:layout:)``).
    public func editMenu(chain: ChainSnapshot, context: ContextState) -> [EditMenuCommand] {
        editMenu(firstResponder: chain.listedChain(), context: context)
    }

    /// ``mainMenus(firstResponder:context:layout:)`` over a ``ChainSnapshot`` (see
    /// ``discoverableCommands(chain:context:layout:)``).
    public func mainMenus(chain: ChainSnapshot, context: ContextState, layout: KeyboardLayout? = nil) -> [MenuState] {
        mainMenus(firstResponder: chain.listedChain(), context: context, layout: layout)
    }
}

extension ChainSnapshot {
    /// The snapshot's responders linked as a chain of their own, each playing the roles it
    /// gave when the snapshot was built, for the listings, which walk a chain from its first
    /// responder. A snapshot of no responder gives one that plays no role and performs
    /// nothing. The links are never handed out: the listings return no responder.
    func listedChain() -> any Responder {
        var next: SnapshotLink? = nil
        for p in responders.indices.reversed() {
            next = SnapshotLink(responders[p], roles: roleNames[p], next: next)
        }
        return next ?? SnapshotLink(nil, roles: [], next: nil)
    }
}

/// One responder of a ``ChainSnapshot`` in ``ChainSnapshot/listedChain()``: its roles as the
/// snapshot holds them, its capabilities asked of the responder itself.
final class SnapshotLink: Responder {
    let responder: (any Responder)?
    let responderRoles: [String]
    let nextResponder: (any Responder)?

    init(_ responder: (any Responder)?, roles: [String], next: SnapshotLink?) {
        self.responder = responder
        responderRoles = roles
        nextResponder = next
    }

    func canPerform(_ action: ActionInvocation) -> Bool { responder?.canPerform(action) ?? false }

    func perform(_ action: ActionInvocation) { responder?.perform(action) }
}
