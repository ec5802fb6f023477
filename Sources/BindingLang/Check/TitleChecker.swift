import BindingRuntime

/// Warns about a discoverability title used for different commands (actions or arguments)
/// in one group (Grammar.md §11): the overlay would list two entries a user cannot tell
/// apart. Ungrouped bindings count as one group.
struct TitleChecker {
    let scope: Scope
    let groups: GroupTable

    private struct Key: Hashable {
        var group: Int
        var title: String
    }

    func check(_ bindings: [CheckedBinding], _ engine: inout DiagnosticEngine) {
        var first: [Key: Int] = [:]
        first.reserveCapacity(bindings.count)
        for i in bindings.indices {
            guard let title = bindings[i].title, !title.isEmpty else { continue }
            let key = Key(group: bindings[i].group ?? -1, title: title)
            guard let e = first[key] else {
                first[key] = i
                continue
            }
            let earlier = bindings[e], b = bindings[i]
            if earlier.action == b.action && earlier.argument == b.argument { continue }
            engine.warning(
                Messages.titleReused(title, firstUse: describe(earlier), group: b.group.map(groups.title)),
                at: b.titleRange ?? b.range,
                notes: [DiagnosticNote(Messages.titleFirstUsedHere, at: earlier.titleRange ?? earlier.range)])
        }
    }

    /// `selectTab(1)`, `search`: a command as written.
    private func describe(_ b: CheckedBinding) -> String {
        let name = scope.name(of: b.action)
        switch b.argument {
        case .none: return name
        case .int(let n): return "\(name)(\(n))"
        case .string(let s): return "\(name)(\(Messages.quoted(s)))"
        case .bool(let v): return "\(name)(\(v))"
        }
    }
}
