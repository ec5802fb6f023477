import BindingRuntime

/// Renders the runtime's answers about a state (``Explanation``, the discoverability list, the
/// continuations of a pending sequence) as text for people (`bindc explain`), naming bindings
/// the way `bindc dump` does and context values as the user set them.
public enum ExplanationPrinter {
    /// Context variables up to which ``state(chain:values:set:)`` lists every value; beyond,
    /// only the values the user set (an imported editor keymap has hundreds).
    public static let fullStateLimit = 12

    /// The state explained: the chain (first responder first) and the context values
    /// (`name = value`, values in source syntax), in declaration order: all of them, or, past
    /// ``fullStateLimit`` variables, those whose indices are in `set` and how many others keep
    /// their initial values.
    public static func state(chain: [String], values: [(name: String, value: String)], set: Set<Int> = []) -> String {
        var out = "chain: " + (chain.isEmpty ? "(empty)" : chain.joined(separator: " > ")) + "\n"
        if values.count > fullStateLimit {
            let shown = values.indices.filter { set.contains($0) }.map { "\(values[$0].name) = \(values[$0].value)" }
            let others = values.count - shown.count
            let initial = "at their initial values (false, \"\", each enumeration's first case)"
            out += "context: " + (shown.isEmpty ? "all \(others) \(initial)" : shown.joined(separator: ", ") + "; the other \(others) \(initial)") + "\n"
        } else if !values.isEmpty {
            out += "context: " + values.map { "\($0.name) = \($0.value)" }.joined(separator: ", ") + "\n"
        }
        return out
    }

    /// What pressing `explanation.sequence` from idle does, then every binding of exactly that
    /// sequence with why it was chosen or lost, then, when the press leaves a sequence pending,
    /// the strokes that continue it. `chain` names the responders by depth; `values` gives each
    /// context variable's current value (to show beside a false condition part).
    public static func explanation(
        _ explanation: Explanation, keymap: Keymap, chain: [String], values: [(name: String, value: String)],
        continuations: [SequenceContinuation] = []
    ) -> String {
        var out = ""
        write(explanation, keymap: keymap, chain: chain, values: values, continuations: continuations, to: &out)
        return out
    }

    /// Writes ``explanation(_:keymap:chain:values:continuations:)`` to `out` as it goes.
    public static func write(
        _ explanation: Explanation, keymap: Keymap, chain: [String], values: [(name: String, value: String)],
        continuations: [SequenceContinuation] = [], to out: inout some TextOutputStream
    ) {
        let keys = SourceText.sequence(explanation.sequence)
        out.write("\(keys): ")
        let valueOf = valueIndex(values)
        switch explanation.outcome {
        case .performed(let b, _, let depth):
            out.write("performed \(action(b, keymap)) on \(name(depth, chain))")
            if let r = explanation.repeated {
                out.write(", as a repeat: " + repeatText(r, explanation.sequence, keymap))
            }
            if let chosen = explanation.chosen, let window = chosen.repeatMilliseconds, chosen.sequence.count > 1 {
                let prefix = SourceText.sequence(Array(chosen.sequence.dropLast()))
                out.write(explanation.repeated == nil
                    ? ", then repeat mode (@repeat(\(window)ms)): for \(window)ms a bare repeat key below performs again without '\(prefix)'"
                    : "; repeat mode goes on for \(window)ms")
            }
            out.write("\n")
        case .pending:
            out.write("pending: a live binding continues the sequence, so the dispatcher waits for the next stroke\n")
        case .held(let b, _, let depth):
            out.write("pending, holding \(action(b, keymap)) (@timeout): a live binding continues the sequence, so the dispatcher waits for the next stroke; \(name(depth, chain)) performs it when that stroke continues nothing or the sequence times out\n")
        case .nothing:
            if explanation.sequence.count <= 1 {
                out.write("unhandled: no live binding of this sequence; the app may use the stroke as text\n")
            } else {
                let first = explanation.sequence[0].sourceText
                out.write("unhandled: no live binding of '\(first)' has a performer or a longer sequence, so the first stroke is unhandled and '\(keys)' is never reached\n")
            }
        case .cancelled(let n):
            let prefix = SourceText.sequence(Array(explanation.sequence.prefix(n)))
            let stroke = explanation.sequence.indices.contains(n) ? explanation.sequence[n].sourceText : "?"
            out.write("cancelled: '\(prefix)' is pending, and '\(stroke)' continues no live binding that has a performer, so it cancels the sequence")
            out.write(n + 1 < explanation.sequence.count ? " and '\(keys)' is never reached\n" : "\n")
        case .blockedAtPrefix(let n, let b):
            let prefix = SourceText.sequence(Array(explanation.sequence.prefix(n)))
            out.write("never reached: '\(prefix)' already performs \(action(b, keymap)) (\(describe(b, keymap)))")
            if keymap.bindings.indices.contains(b), keymap.bindings[b].repeatMilliseconds != nil {
                out.write("; it starts repeat mode, but not every later stroke repeats, and the first that does not ends repeat mode and is pressed on its own")
            } else if keymap.bindings.indices.contains(b), keymap.bindings[b].performsOnTimeout, n < explanation.sequence.count {
                let stroke = explanation.sequence[n].sourceText
                out.write("; it is held (@timeout) while '\(prefix)' is pending, and '\(stroke)' continues nothing, so it runs and '\(stroke)' is then pressed on its own")
            }
            out.write("\n")
        }
        // A long condition, or a long list of false parts, that several candidates share is
        // listed once, named, so the text stays linear in the table.
        var uses: [String: Int] = [:]
        var order: [String] = []
        func use(_ text: String) {
            guard text.count > KeymapPrinter.longCondition else { return }
            if uses[text] == nil { order.append(text) }
            uses[text, default: 0] += 1
        }
        for entry in explanation.entries {
            if let text = conditionText(entry.binding.index, keymap) { use(text) }
            if case .conditionFalse(_, let parts) = entry.verdict { use(falsePartsText(parts, valueOf)) }
        }
        var names: [String: String] = [:]
        for text in order where uses[text, default: 0] > 1 {
            names[text] = "[c\(names.count + 1)]"
            if names.count == 1 { out.write("  shared by several bindings below:\n") }
            out.write("    \(names[text]!) \(text)\n")
        }
        for entry in explanation.entries {
            let b = entry.binding.index
            let chosen = entry.verdict == .chosen
            out.write((chosen ? "  chosen  " : "  lost    ") + describe(b, keymap, names: names) + "\n")
            out.write("          " + reason(entry, explanation, keymap, chain, valueOf, names) + "\n")
        }
        if !continuations.isEmpty {
            out.write(explanation.chosen?.repeatMilliseconds != nil ? "  repeat keys:\n" : "  next strokes:\n")
            var rows: [[String]] = []
            for c in continuations {
                var what = c.action.map { "-> \($0.description)" } ?? "(continues)"
                if let t = c.title { what += " \(SourceText.quoted(t))" }
                rows.append(["  " + c.chord.sourceText, c.glyphs, what])
            }
            out.write(KeymapPrinter.table(rows))
        }
    }

    /// `'ctrl+b up' performs resize(up) and starts repeat mode, then 'up' repeats without
    /// 'ctrl+b' (within 500ms of the stroke before)`.
    static func repeatText(_ r: Explanation.Repeat, _ sequence: [Chord], _ keymap: Keymap) -> String {
        let first = SourceText.sequence(Array(sequence.prefix(r.prefixLength)))
        let strokes = sequence.dropFirst(r.prefixLength).map { "'\($0.sourceText)'" }
        var windows: [Int] = []
        for w in r.windows where !windows.contains(w) { windows.append(w) }
        let within = windows.map { "\($0)ms" }.joined(separator: " or ")
        return "'\(first)' performs \(action(r.first, keymap)) and starts repeat mode, then "
            + strokes.joined(separator: ", ") + (strokes.count == 1 ? " repeats" : " repeat")
            + " without '\(SourceText.sequence(r.prefix))' (" + (strokes.count == 1 ? "" : "each ")
            + "within \(within) of the stroke before)"
    }

    /// The discoverability list as an aligned table (group, title, glyphs, plain text, action).
    public static func discoverability(_ commands: [DiscoverableCommand], keymap: Keymap) -> String {
        if commands.isEmpty { return "discoverability: nothing is listed in this state\n" }
        var rows = [["GROUP", "TITLE", "KEYS", "TEXT", "ACTION"]]
        for c in commands {
            rows.append([c.group ?? "", c.title, c.glyphs, c.plainText, action(c.bindingIndex, keymap)])
        }
        return "discoverability (\(commands.count)):\n" + KeymapPrinter.table(rows)
    }

    /// Binding `index`'s condition as text (nil when it has none).
    private static func conditionText(_ index: Int, _ keymap: Keymap) -> String? {
        guard keymap.bindings.indices.contains(index), !keymap.bindings[index].condition.isTrue else { return nil }
        return ConditionPrinter.render(keymap.bindings[index].condition, contexts: keymap.contexts, roles: keymap.roles)
    }

    /// `in Editor  ctrl+k ctrl+c -> commentLine "Comment Line" when x  (a.bind:3:5)`.
    public static func describe(_ index: Int, _ keymap: Keymap) -> String {
        describe(index, keymap, names: [:])
    }

    /// ``describe(_:_:)`` with a condition listed under `names` shown by its name.
    static func describe(_ index: Int, _ keymap: Keymap, names: [String: String]) -> String {
        guard keymap.bindings.indices.contains(index) else { return "binding \(index)" }
        let b = keymap.bindings[index]
        var out = b.role == nil ? "menu" : "in \(SourceText.role(b.role, in: keymap))"
        out += "  \(SourceText.sequence(b.sequence)) -> \(SourceText.actionReference(b.action, b.argument, in: keymap))"
        if let t = b.title { out += " \(SourceText.quoted(t))" }
        if let text = conditionText(index, keymap) { out += " when \(names[text] ?? text)" }
        if let l = b.location { out += "  (\(l.description))" }
        return out
    }

    private static func action(_ index: Int, _ keymap: Keymap) -> String {
        guard keymap.bindings.indices.contains(index) else { return "?" }
        return SourceText.actionReference(keymap.bindings[index].action, keymap.bindings[index].argument, in: keymap)
    }

    private static func name(_ depth: Int, _ chain: [String]) -> String {
        chain.indices.contains(depth) ? chain[depth] : "responder \(depth + 1)"
    }

    private static func location(_ index: Int, _ keymap: Keymap) -> String {
        guard keymap.bindings.indices.contains(index), let l = keymap.bindings[index].location else { return "" }
        return " at \(l.description)"
    }

    /// Each context variable's position and shown value by name (the first of a repeated name).
    private static func valueIndex(_ values: [(name: String, value: String)]) -> [String: (Int, String)] {
        var index: [String: (Int, String)] = [:]
        for (i, v) in values.enumerated() where index[v.name] == nil { index[v.name] = (i, v.value) }
        return index
    }

    private static func reason(
        _ entry: Explanation.Entry, _ explanation: Explanation, _ keymap: Keymap, _ chain: [String],
        _ values: [String: (Int, String)], _ names: [String: String]
    ) -> String {
        let b = entry.binding.index
        let actionName = entry.binding.action.name
        let role = keymap.bindings.indices.contains(b) ? SourceText.role(keymap.bindings[b].role, in: keymap) : "?"
        switch entry.verdict {
        case .chosen:
            if case .performed(_, _, let depth) = explanation.outcome {
                return "performed by \(name(depth, chain)), the first responder in the chain that can perform \(actionName)"
            }
            return "chosen"
        case .roleNotInChain:
            return "no responder in the chain plays \(role)"
        case .conditionFalse(_, let parts):
            let parts = falsePartsText(parts, values)
            var text = "its condition is false: " + (names[parts] ?? parts)
            // Grammar.md §9: a later layer's binding (or unbind) of these keys holds here.
            for o in entry.overriddenBy {
                let when = Condition(o.condition)
                text += o.isUnbind ? "; a later layer unbinds it here: " : "; a later layer's binding overrides it here: "
                text += "\(o.location)"
                if !when.isTrue {
                    let rendered = ConditionPrinter.render(when, contexts: keymap.contexts, roles: keymap.roles)
                    text += " (where `\(names[rendered] ?? rendered)`)"
                }
            }
            return text
        case .noPerformer:
            return "no responder in the chain can perform \(actionName)"
        case .shadowedByEarlier(let winner):
            return "an earlier binding of \(role) was chosen\(location(winner, keymap))"
        case .nearerRoleWon(let winner?):
            let winnerRole = keymap.bindings.indices.contains(winner)
                ? (keymap.bindings[winner].role == nil ? "the menu" : SourceText.role(keymap.bindings[winner].role, in: keymap))
                : "?"
            return "a nearer role was chosen: \(winnerRole)\(location(winner, keymap))"
        case .nearerRoleWon(nil):
            return "a nearer role has a longer live binding, so the press waits for the next stroke first"
        case .notReached:
            return "never reached: the press ends at a shorter prefix of the sequence"
        }
    }

    /// The false parts of a condition, each with the values of the variables it names:
    /// `` `b` (b is false); `!a` (a is true) ``.
    private static func falsePartsText(_ parts: [String], _ values: [String: (Int, String)]) -> String {
        parts.map { part in "`\(part)`" + (shownValues(part, values).map { " (\($0))" } ?? "") }.joined(separator: "; ")
    }

    /// `a is true, mode is normal`: the values of the variables a condition's text names, in
    /// declaration order, looked up by name (not a scan of every variable per part); nil when
    /// it names none with a value.
    private static func shownValues(_ text: String, _ values: [String: (Int, String)]) -> String? {
        let mentioned = identifiers(in: text).compactMap { name in values[name].map { (name, $0.0, $0.1) } }
        let shown = mentioned.sorted { $0.1 < $1.1 }.map { "\($0.0) is \($0.2)" }
        return shown.isEmpty ? nil : shown.joined(separator: ", ")
    }

    /// The identifiers in a condition's text (to show the values of the variables it names).
    private static func identifiers(in text: String) -> Set<String> {
        var out: Set<String> = []
        var current = ""
        var inString = false
        var escaped = false
        for ch in text {
            if inString {
                if escaped { escaped = false } else if ch == "\\" { escaped = true } else if ch == "\"" { inString = false }
                continue
            }
            if ch == "\"" { inString = true; continue }
            if ch.isLetter || ch.isNumber || ch == "_" { current.append(ch) } else {
                if !current.isEmpty { out.insert(current) }
                current = ""
            }
        }
        if !current.isEmpty { out.insert(current) }
        return out
    }

    // MARK: - JSON

    /// An outcome that performs binding `b` (now, or held until the sequence is not
    /// continued): its `kind`, the binding, its performer, action and argument.
    private static func performedJSON(_ kind: String, _ b: Int, _ depth: Int, _ keymap: Keymap, _ chain: [String]) -> [(String, JSONValue)] {
        var out: [(String, JSONValue)] = [("kind", .string(kind)), ("binding", .int(Int64(b))), ("performer", .string(name(depth, chain)))]
        if keymap.bindings.indices.contains(b) {
            let binding = keymap.bindings[b]
            out.append(("action", .string(keymap.actions.indices.contains(binding.action) ? keymap.actions[binding.action].name : "?")))
            out.append(("argument", KeymapPrinter.argumentJSON(binding.argument)))
        }
        return out
    }

    /// The explanation as JSON for tools: `keys`, `outcome` (`kind`: `performed` with the
    /// binding, action, argument and performer, and `repeat` when the
    /// later strokes repeat a repeatable binding; `pending`; `unhandled` with the first
    /// `stroke`; `cancelled` with the `pending` prefix and the `stroke` that cancels it;
    /// `blockedAtPrefix` with the `prefix` and the `binding` it performs, its `action`, `argument` and
    /// `location`), every binding of the sequence with its
    /// `verdict`, `reason` and (for a false condition) `falseParts`, and `nextStrokes`.
    /// Conditions are listed once under `conditions` and lists of false parts once under
    /// `falsePartLists`; a binding's `condition` and `falseParts` are indices into them, and a
    /// `reason` names one longer than 40 characters `[cN]` (`conditions[N-1]`) or `[pN]`
    /// (`falsePartLists[N-1]`), so the document stays linear in the table.
    public static func json(
        _ explanation: Explanation, keymap: Keymap, chain: [String], values: [(name: String, value: String)],
        continuations: [SequenceContinuation] = []
    ) -> JSONValue {
        var outcome: [(String, JSONValue)]
        switch explanation.outcome {
        case .performed(let b, _, let depth):
            outcome = performedJSON("performed", b, depth, keymap, chain)
            if let r = explanation.repeated {
                outcome.append(("repeat", .object([
                    ("keys", .string(SourceText.sequence(Array(explanation.sequence.prefix(r.prefixLength))))),
                    ("binding", .int(Int64(r.first))),
                    ("prefix", .string(SourceText.sequence(r.prefix))),
                    ("repeats", .array(explanation.sequence.dropFirst(r.prefixLength).map { .string($0.sourceText) })),
                    ("windowsMilliseconds", .array(r.windows.map { .int(Int64($0)) })),
                ])))
            }
        case .pending:
            outcome = [("kind", .string("pending"))]
        case .held(let b, _, let depth):
            outcome = performedJSON("held", b, depth, keymap, chain)
        case .nothing:
            outcome = [("kind", .string("unhandled"))]
            if let first = explanation.sequence.first { outcome.append(("stroke", .string(first.sourceText))) }
        case .cancelled(let n):
            outcome = [
                ("kind", .string("cancelled")),
                ("pending", .string(SourceText.sequence(Array(explanation.sequence.prefix(n))))),
                ("stroke", .string(explanation.sequence.indices.contains(n) ? explanation.sequence[n].sourceText : "?")),
            ]
        case .blockedAtPrefix(let n, let b):
            outcome = [
                ("kind", .string("blockedAtPrefix")),
                ("prefix", .string(SourceText.sequence(Array(explanation.sequence.prefix(n))))),
                ("binding", .int(Int64(b))),
            ]
            // The prefix's binding is not one of the sequence's (`bindings`): what the text
            // names, its action and where it is written, is given here.
            if keymap.bindings.indices.contains(b) {
                let binding = keymap.bindings[b]
                outcome.append(("action", .string(keymap.actions.indices.contains(binding.action) ? keymap.actions[binding.action].name : "?")))
                outcome.append(("argument", KeymapPrinter.argumentJSON(binding.argument)))
                outcome.append(("location", binding.location.map { l in
                    .object([("path", .string(l.path)), ("line", .int(Int64(l.line))), ("column", .int(Int64(l.column)))])
                } ?? .null))
            }
        }
        let valueOf = valueIndex(values)
        // Each distinct condition and list of false parts is listed once (`conditions`,
        // `falsePartLists`) and named by index; a reason names a long one `[cN]` or `[pN]`.
        var conditions = JSONConditions(keymap: keymap)
        var partLists: [JSONValue] = []
        var indexOfParts: [[String]: Int] = [:]
        var names: [String: String] = [:]
        var namedConditions = 0
        let entries: [JSONValue] = explanation.entries.map { entry in
            let b = entry.binding.index
            var members: [(String, JSONValue)] = [("index", .int(Int64(b)))]
            if keymap.bindings.indices.contains(b),
               case .object(let fields) = KeymapPrinter.bindingJSON(keymap.bindings[b], keymap, conditions: &conditions) {
                members += fields
            }
            for k in namedConditions..<conditions.texts.count where conditions.texts[k].count > KeymapPrinter.longCondition {
                names[conditions.texts[k]] = "[c\(k + 1)]"
            }
            namedConditions = conditions.texts.count
            let kind: String
            var extra: [(String, JSONValue)] = []
            switch entry.verdict {
            case .chosen: kind = "chosen"
            case .roleNotInChain: kind = "roleNotInChain"
            case .conditionFalse(_, let parts):
                kind = "conditionFalse"
                let k: Int
                if let known = indexOfParts[parts] { k = known } else {
                    k = partLists.count
                    indexOfParts[parts] = k
                    partLists.append(.array(parts.map(JSONValue.string)))
                    let text = falsePartsText(parts, valueOf)
                    if text.count > KeymapPrinter.longCondition { names[text] = "[p\(k + 1)]" }
                }
                extra = [("falseParts", .int(Int64(k)))]
                if !entry.overriddenBy.isEmpty {
                    extra.append(("overriddenHere", .array(entry.overriddenBy.map { o in
                        .object([
                            ("kind", .string(o.isUnbind ? "unbind" : "binding")),
                            ("location", .string(o.location.description)),
                        ])
                    })))
                }
            case .noPerformer: kind = "noPerformer"
            case .shadowedByEarlier(let w):
                kind = "shadowedByEarlier"
                extra = [("winner", .int(Int64(w)))]
            case .nearerRoleWon(let w):
                kind = "nearerRoleWon"
                extra = [("winner", w.map { .int(Int64($0)) } ?? .null)]
            case .notReached: kind = "notReached"
            }
            members += [("verdict", .string(kind))] + extra
            members.append(("reason", .string(reason(entry, explanation, keymap, chain, valueOf, names))))
            return .object(members)
        }
        let next: [JSONValue] = continuations.map { c in
            .object([
                ("keys", .string(c.chord.sourceText)), ("glyphs", .string(c.glyphs)), ("text", .string(c.plainText)),
                ("action", .string(c.action?.name)), ("title", .string(c.title)), ("group", .string(c.group)),
            ])
        }
        return .object([
            ("keys", .string(SourceText.sequence(explanation.sequence))),
            ("outcome", .object(outcome)),
            ("conditions", conditions.listJSON),
            ("falsePartLists", .array(partLists)),
            ("bindings", .array(entries)),
            ("nextStrokes", .array(next)),
        ])
    }

    /// The discoverability list as JSON: title, group, keys, glyphs, plain text, action,
    /// argument and binding index of each entry, in overlay order.
    public static func discoverabilityJSON(_ commands: [DiscoverableCommand], keymap: Keymap) -> JSONValue {
        .array(commands.map { c in
            var argument: JSONValue = .null
            var actionName = c.action.name
            if keymap.bindings.indices.contains(c.bindingIndex) {
                let b = keymap.bindings[c.bindingIndex]
                argument = KeymapPrinter.argumentJSON(b.argument)
                if keymap.actions.indices.contains(b.action) { actionName = keymap.actions[b.action].name }
            }
            return .object([
                ("title", .string(c.title)), ("group", .string(c.group)),
                ("keys", .string(SourceText.sequence(c.sequence))), ("glyphs", .string(c.glyphs)),
                ("text", .string(c.plainText)), ("action", .string(actionName)), ("argument", argument),
                ("binding", .int(Int64(c.bindingIndex))),
            ])
        })
    }
}
