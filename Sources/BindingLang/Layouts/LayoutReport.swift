import BindingRuntime

/// `bindc layouts`' output: each layout's findings as text or JSON (Grammar.md §10, Keyboard layouts). Builds
/// strings; prints nothing.
public struct LayoutReport: Sendable {
    public let keymap: Keymap
    public let results: [(layout: KeyboardLayout, findings: [LayoutFinding])]

    /// Analyses `keymap` on `layouts`.
    public init(keymap: Keymap, layouts: [KeyboardLayout]) {
        self.keymap = keymap
        results = LayoutAnalysis(keymap: keymap).analyse(layouts)
    }

    /// The number of problems (findings but the US fallback and what `@allowLayouts` accepts,
    /// a character that needs Shift or AltGr and is on a dead key counted once).
    public var problemCount: Int { results.reduce(0) { $0 + LayoutFinding.told($1.findings).count } }

    /// The number of findings `@allowLayouts` accepts.
    public var allowedCount: Int { results.reduce(0) { $0 + $1.findings.filter(\.isAllowed).count } }

    /// Where binding `index` was written, `path:line:column`, or `?` (stripped tables).
    func location(_ index: Int?) -> String? {
        guard let index, keymap.bindings.indices.contains(index) else { return nil }
        return keymap.bindings[index].location?.description
    }

    /// One block per layout: a heading with the layout's name, source and count, then one line
    /// per problem (`path:line:col: on de: …`) and a count of the bindings typed through the
    /// US-character fallback; a summary line at the end.
    public var text: String {
        var out = ""
        var layoutsWithProblems = 0
        for (layout, findings) in results {
            let told = LayoutFinding.told(findings)
            let problems = told.count
            let allowed = findings.filter(\.isAllowed).count
            if problems > 0 { layoutsWithProblems += 1 }
            let count = problems == 0 ? "no problems" : problems == 1 ? "1 problem" : "\(problems) problems"
            out += "\(layout.id) (\(layout.name); \(layout.source)): \(count)\n"
            for (f, dead) in told {
                out += "  \(location(f.binding) ?? "?"): \(Messages.layoutFinding(f, keymap: keymap, layout: layout, alsoDeadKey: dead))"
                if let other = location(f.other) { out += " (other binding at \(other))" }
                out += "\n"
            }
            if allowed > 0 {
                out += "  note: \(allowed) finding\(allowed == 1 ? " is" : "s are") allowed by @allowLayouts (--json lists them)\n"
            }
            let fallbacks = findings.filter { $0.kind == .usFallback }.count
            if fallbacks > 0 {
                out += "  note: \(fallbacks) binding\(fallbacks == 1 ? " is" : "s are") typed through the US-character fallback (--json lists them)\n"
            }
        }
        let total = problemCount
        out += "\(total) problem\(total == 1 ? "" : "s") on \(layoutsWithProblems) of \(results.count) layout\(results.count == 1 ? "" : "s")\n"
        return out
    }

    /// `{"layouts": [{"id", "name", "kind", "source", "findings": [...]}]}`; each finding has
    /// `kind`, `binding` (as written), `location`, `keys` (null when untypable), and where they
    /// apply `character`, `other`, `otherLocation`, `otherKeys`, `witness`, `allowed` (true when
    /// `@allowLayouts` accepts it), and `message`.
    public var json: JSONValue {
        .object([("layouts", .array(results.map { layout, findings in
            .object([
                ("id", .string(layout.id)), ("name", .string(layout.name)), ("kind", .string(layout.kind.rawValue)),
                ("source", .string(layout.source)),
                ("findings", .array(findings.map { finding($0, layout) })),
            ])
        }))])
    }

    private func finding(_ f: LayoutFinding, _ layout: KeyboardLayout) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string(f.kind.rawValue)),
            ("binding", .string(Messages.sequenceText(keymap.bindings[f.binding].sequence))),
            ("location", .string(location(f.binding))),
            ("keys", .string(f.strokes?.sourceText)),
        ]
        if let c = f.character { members.append(("character", .string(String(Character(c))))) }
        if let o = f.other {
            members.append(("other", .string(Messages.sequenceText(keymap.bindings[o].sequence))))
            members.append(("otherLocation", .string(location(o))))
            members.append(("otherKeys", .string(f.otherStrokes?.sourceText)))
            members.append(("witness", .string(f.witness)))
        }
        if f.isAllowed { members.append(("allowed", .bool(true))) }
        members.append(("message", .string(Messages.layoutFinding(f, keymap: keymap, layout: layout))))
        return .object(members)
    }
}
