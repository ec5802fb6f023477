import BindingRuntime

/// Resolves `in Role [when …] { … }` blocks (Grammar.md §4): each binding's chords, action,
/// title, group and condition (the block's and-ed with its own), and each `unbind`.
struct BlockChecker {
    let scope: Scope
    let conditions: ConditionChecker
    let chords: ChordResolver
    let actions: ActionResolver

    /// Adds the block's bindings and unbinds to `result`; a binding with any error is left
    /// out (its errors reported), and so is every binding of a block whose role or condition
    /// is wrong, once their own mistakes are reported. The block is only read.
    func check(
        _ block: BindingBlock, into result: inout FileResult, groups: inout GroupTable,
        memo: inout ConditionMemo, _ sat: inout Satisfiability, _ engine: inout DiagnosticEngine
    ) {
        let role = scope.resolveRole(block.role, &engine)
        var blockCondition: Condition? = Condition.unconditional
        var warnUnsatisfiable = true
        var offPlatform = false
        if let expression = block.condition {
            blockCondition = conditions.lower(expression, &engine)
            if let c = blockCondition, !sat.isSatisfiable(c) {
                if conditions.holdsOnAnotherPlatform(expression, &sat) {
                    offPlatform = true  // a block for other platforms: checked, then left out
                } else {
                    let keymap = conditions.platformsOutsideTheKeymap(expression, &sat)
                    engine.warning(Messages.blockConditionNeverTrue + Messages.onlyOffTheKeymapsPlatforms(keymap), at: expression.range)
                }
                warnUnsatisfiable = false  // already said; not again for every binding
            }
        }
        var state = BlockState(
            role: role, condition: blockCondition, blockOK: role != nil && blockCondition != nil && !offPlatform,
            warnUnsatisfiable: warnUnsatisfiable, offPlatform: offPlatform)
        checkItems(block.items, group: nil, &state, &result, &groups, &memo, &sat, &engine)
    }

    private struct BlockState {
        var role: Int?
        var condition: Condition?
        var blockOK: Bool
        var warnUnsatisfiable: Bool
        /// The block's `when` rules out the platform compiled for: its items are checked for
        /// mistakes but nothing of it (bindings, unbinds) takes effect.
        var offPlatform = false
    }

    private func checkItems(
        _ items: [BlockItem], group: Int?, _ state: inout BlockState, _ result: inout FileResult,
        _ groups: inout GroupTable, _ memo: inout ConditionMemo, _ sat: inout Satisfiability,
        _ engine: inout DiagnosticEngine
    ) {
        // Borrowed from the buffer: `for item in items`, or `items[i]` once this is inlined
        // into the checker's loop, copied every item (a retain and a release per field).
        items.withUnsafeBufferPointer { items in
            for i in items.indices {
                checkItem(items[i], group: group, &state, &result, &groups, &memo, &sat, &engine)
            }
        }
    }

    private func checkItem(
        _ item: BlockItem, group: Int?, _ state: inout BlockState, _ result: inout FileResult,
        _ groups: inout GroupTable, _ memo: inout ConditionMemo, _ sat: inout Satisfiability,
        _ engine: inout DiagnosticEngine
    ) {
        switch item {
        case .binding(let b):
            check(b, group: group, &state, &result, &memo, &sat, &engine)
        case .group(let g):
            if g.title.value.isEmpty { engine.warning(Messages.emptyGroupTitle, at: g.title.range) }
            // Groups do not nest in the grammar; a nested one (if the parser let it
            // through) counts as its own group.
            checkItems(g.items, group: groups.id(g.title.value), &state, &result, &groups, &memo, &sat, &engine)
        case .unbind(let u):
            let sequence = chords.sequence(u.sequence, &engine)
            var own: Condition? = Condition.unconditional
            if let expression = u.condition { own = memo.lower(expression, conditions, &engine) }
            guard let sequence, state.blockOK, let role = state.role, let blockCondition = state.condition, let own
            else { return }
            result.unbinds.append(CheckedUnbind(
                role: role, sequence: sequence, condition: Self.and(blockCondition, own), range: u.sequence.range))
        case .error:
            return
        }
    }

    private func check(
        _ b: BindingSyntax, group: Int?, _ state: inout BlockState, _ result: inout FileResult,
        _ memo: inout ConditionMemo, _ sat: inout Satisfiability, _ engine: inout DiagnosticEngine
    ) {
        let sequence = chords.sequence(b.sequence, &engine)
        let action = actions.resolve(b.action, &engine)
        let attributes = BindingAttributes.check(b.attributes, sequence: b.sequence, chords: sequence, &engine)
        if let title = b.title, title.value.isEmpty { engine.warning(Messages.emptyTitle, at: title.range) }
        var own: Condition? = Condition.unconditional
        if let expression = b.condition { own = memo.lower(expression, conditions, &engine) }
        guard state.blockOK, let role = state.role, let blockCondition = state.condition,
              let sequence, let (actionID, argument) = action, let own
        else { return }
        let condition = Self.and(blockCondition, own)
        let neverChosen = !sat.isSatisfiable(condition)
        if neverChosen {
            // Off on this platform (`when platform == …`): left out, not a mistake.
            if let own = b.condition, conditions.holdsOnAnotherPlatform(own, and: blockCondition, &sat) { return }
            if state.warnUnsatisfiable {
                let keymap = b.condition.map { conditions.platformsOutsideTheKeymap($0, and: blockCondition, &sat) } ?? []
                engine.warning(Messages.bindingNeverChosen(sequence) + Messages.onlyOffTheKeymapsPlatforms(keymap),
                               at: b.condition?.range ?? b.sequence.range)
            }
        }
        var binding = CheckedBinding(
            sequence: sequence, role: role, action: actionID, argument: argument,
            title: b.title?.value, titleRange: b.title?.range, group: group, condition: condition,
            range: b.sequence.range, menuItemTitle: nil, wantsPriority: attributes.wantsPriority,
            allowReservedRange: attributes.allowReservedRange, repeatMilliseconds: attributes.repeatMilliseconds,
            timeoutRange: attributes.timeoutRange, layoutAllowance: attributes.layoutAllowance,
            allowsAutomaticLocalization: attributes.allowsAutomaticLocalization,
            allowsAutomaticMirroring: attributes.allowsAutomaticMirroring)
        binding.neverChosen = neverChosen
        result.bindings.append(binding)
    }

    /// `block && own`, or just one of them when the other is `true`.
    static func and(_ block: Condition, _ own: Condition) -> Condition {
        switch (block, own) {
        case (.constant(true), _): return own
        case (_, .constant(true)): return block
        default: return .and(block, own)
        }
    }
}
