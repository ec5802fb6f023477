import BindingRuntime

/// Renders a ``KeymapExplainer``'s answers as text for people (`bindc explain`).
public enum ExplanationPrinter {
    /// The state being explained: the chain and every context value.
    public static func state(_ explainer: KeymapExplainer) -> String {
        var out = "chain: "
        out += explainer.chain.isEmpty ? "(empty)" : explainer.chain.map { responder in
            responder.roles == [responder.name] ? responder.name : "\(responder.name) [\(responder.roles.joined(separator: ", "))]"
        }.joined(separator: " > ")
        out += "\n"
        if !explainer.keymap.contexts.isEmpty {
            out += "context: " + explainer.keymap.contexts.indices.map {
                "\(explainer.keymap.contexts[$0].name) = \(explainer.valueText($0))"
            }.joined(separator: ", ") + "\n"
        }
        return out
    }

    /// What pressing `strokes` does, stroke by stroke, with every candidate's verdict.
    public static func press(_ strokes: [Chord], _ explainer: KeymapExplainer) -> String {
        var out = state(explainer)
        let keymap = explainer.keymap
        for step in explainer.press(strokes) {
            let keys = SourceText.sequence(step.strokes)
            out += "\n\(keys): "
            switch step.outcome {
            case .performed(let b, let who):
                out += "performed \(SourceText.actionReference(keymap.bindings[b].action, keymap.bindings[b].argument, in: keymap))"
                out += " on \(responderName(who, explainer))\n"
            case .pending(let role):
                out += "pending: \(roleName(role, keymap)) has a longer binding, waiting for the next stroke\n"
            case .cancelled:
                out += "cancelled: the stroke continues no live binding of the pending sequence\n"
            case .unhandled:
                out += "unhandled: no live binding of this sequence; the app may use the stroke as text\n"
            }
            for (b, verdict) in step.candidates {
                out += (isChosen(verdict) ? "  chosen  " : "  lost    ") + describe(b, keymap) + "\n"
                out += "          " + reason(verdict, binding: b, explainer) + "\n"
            }
            if case .pending = step.outcome, !step.continuations.isEmpty {
                out += "  next strokes:\n"
                for b in step.continuations {
                    let binding = keymap.bindings[b]
                    let rest = SourceText.sequence(Array(binding.sequence.dropFirst(step.strokes.count)))
                    out += "    \(rest)  " + describe(b, keymap) + "\n"
                }
            }
        }
        return out
    }

    /// The discoverability list for the explainer's state, as an aligned table.
    public static func discoverability(_ explainer: KeymapExplainer) -> String {
        var out = state(explainer) + "\n"
        let entries = explainer.discoverability()
        if entries.isEmpty { return out + "discoverability: nothing is listed in this state\n" }
        out += "discoverability (\(entries.count)):\n"
        var rows = [["GROUP", "TITLE", "KEYS", "TEXT", "ACTION"]]
        for e in entries {
            let b = explainer.keymap.bindings[e.binding]
            rows.append([
                e.group ?? "", e.title, e.glyphs, e.plainText,
                SourceText.actionReference(b.action, b.argument, in: explainer.keymap),
            ])
        }
        return out + KeymapPrinter.table(rows)
    }

    private static func isChosen(_ verdict: KeymapExplainer.Verdict) -> Bool {
        if case .chosen = verdict { return true }
        return false
    }

    private static func roleName(_ role: Int?, _ keymap: Keymap) -> String {
        role == nil ? "the menu" : SourceText.role(role, in: keymap)
    }

    private static func responderName(_ index: Int, _ explainer: KeymapExplainer) -> String {
        explainer.chain.indices.contains(index) ? explainer.chain[index].name : "responder \(index)"
    }

    /// `in Editor  ctrl+k ctrl+c -> commentLine "Comment Line" when x  (a.bind:3:5)`.
    public static func describe(_ index: Int, _ keymap: Keymap) -> String {
        let b = keymap.bindings[index]
        var out = b.role == nil ? "menu" : "in \(SourceText.role(b.role, in: keymap))"
        out += "  \(SourceText.sequence(b.sequence)) -> \(SourceText.actionReference(b.action, b.argument, in: keymap))"
        if let t = b.title { out += " \(SourceText.quoted(t))" }
        if b.condition != .constant(true) { out += " when \(ConditionPrinter.render(b.condition, contexts: keymap.contexts))" }
        if let l = b.location { out += "  (\(l.description))" }
        return out
    }

    private static func reason(_ verdict: KeymapExplainer.Verdict, binding: Int, _ explainer: KeymapExplainer) -> String {
        let keymap = explainer.keymap
        let b = keymap.bindings[binding]
        let action = keymap.actions.indices.contains(b.action) ? keymap.actions[b.action].name : "?"
        switch verdict {
        case .chosen(let who):
            return "performed by \(responderName(who, explainer)), the first responder in the chain that can perform \(action)"
        case .roleNotInChain:
            return "no responder in the chain plays \(SourceText.role(b.role, in: keymap))"
        case .conditionFalse(let parts):
            let texts = parts.map { part -> String in
                let text = ConditionPrinter.render(part, contexts: keymap.contexts)
                let vars = KeymapExplainer.variables(of: part).filter { keymap.contexts.indices.contains($0) }
                let values = vars.map { "\(keymap.contexts[$0].name) is \(explainer.valueText($0))" }
                return "`\(text)`" + (values.isEmpty ? "" : " (\(values.joined(separator: ", ")))")
            }
            return "its condition is false: " + texts.joined(separator: "; ")
        case .noPerformer:
            return "no responder in the chain can perform \(action)"
        case .lostTo(let winner):
            let w = keymap.bindings[winner]
            let at = w.location.map { " at \($0.description)" } ?? ""
            if w.role == b.role { return "an earlier binding of \(roleName(b.role, keymap)) was chosen\(at)" }
            return "a nearer role was chosen: \(roleName(w.role, keymap))\(at)"
        case .preemptedByPending(let role):
            return "\(roleName(role, keymap)) comes first and has a longer binding, so the press waits for the next stroke"
        }
    }
}
