import BindingLang

extension Analysis {
    /// The outline of a document: the keymap name, contexts, roles and actions, blocks with
    /// their groups and bindings, menus with their items and submenus, and quick actions.
    public func documentSymbols(_ file: FileID) -> [DocumentSymbol] {
        compilation.files[file.index].declarations.flatMap { symbols($0) }
    }

    /// The source text of a range of the unit.
    func text(_ range: SourceRange) -> String {
        let bytes = document(range.file).bytes
        let s = max(0, min(range.start, bytes.count)), e = max(s, min(range.end, bytes.count))
        return String(decoding: bytes[s..<e], as: UTF8.self)
    }

    private func symbol(
        _ name: String, _ kind: DocumentSymbol.Kind, _ whole: SourceRange, _ selection: SourceRange,
        detail: String? = nil, children: [DocumentSymbol] = []
    ) -> DocumentSymbol {
        // The selection must lie inside the whole range.
        let selection = whole.start <= selection.start && selection.end <= whole.end ? selection : whole
        return DocumentSymbol(
            name: name.isEmpty ? "\"\"" : name, detail: detail, kind: kind, range: range(whole),
            selectionRange: range(selection), children: children)
    }

    private func symbols(_ declaration: Declaration) -> [DocumentSymbol] {
        switch declaration {
        case .layer(let l):
            return [symbol(l.path.value, .file, l.range, l.path.range, detail: "layer over")]
        case .keymap(let name, let platforms, let range):
            let detail = platforms.isEmpty ? "keymap" : "keymap for " + platforms.map(\.name).joined(separator: ", ")
            return [symbol(name.value, .module, range, name.range, detail: detail)]
        case .context(let d):
            return [symbol(d.name.name, .variable, d.range, d.name.range, detail: typeText(d.type))]
        case .responder(let ids, _):
            return ids.map { symbol($0.name, .class, $0.range, $0.range, detail: "responder role") }
        case .action(let d):
            return [symbol(d.name.name, .function, d.range, d.name.range, detail: d.argumentType.map { "(\($0.name))" })]
        case .block(let b):
            return [symbol("in \(b.role.name)", .namespace, b.range, b.role.range,
                           detail: b.condition.map { "when " + text($0.range) }, children: items(b.items))]
        case .menu(let m):
            return [menuSymbol(m)]
        case .shortcut(let s):
            return [symbol(s.type.value, .key, s.range, s.type.range, detail: "shortcut",
                           children: s.fields.map { symbol($0.name.name, .field, $0.range, $0.name.range) })]
        case .error:
            return []
        }
    }

    private func typeText(_ type: TypeSyntax) -> String {
        switch type {
        case .named(let id): return id.name
        case .enumeration(let cases, _): return cases.map(\.name).joined(separator: " | ")
        }
    }

    private func items(_ items: [BlockItem]) -> [DocumentSymbol] {
        items.compactMap { item in
            switch item {
            case .binding(let b):
                var detail = "-> " + text(b.action.range)
                if let title = b.title { detail += " " + text(title.range) }
                return symbol(text(b.sequence.range), .event, b.range, b.sequence.range, detail: detail)
            case .group(let g):
                return symbol(g.title.value, .namespace, g.range, g.title.range, detail: "group", children: self.items(g.items))
            case .unbind(let u):
                return symbol(text(u.sequence.range), .event, u.range, u.sequence.range, detail: "unbind")
            case .error:
                return nil
            }
        }
    }

    private func menuSymbol(_ m: MenuDeclaration) -> DocumentSymbol {
        let children: [DocumentSymbol] = m.entries.compactMap { entry in
            switch entry {
            case .item(let item):
                var detail = "-> " + text(item.action.range)
                if let chord = item.keyEquivalent { detail = text(chord.range) + " " + detail }
                return symbol(item.title.value, .field, item.range, item.title.range, detail: detail)
            case .submenu(let sub):
                return menuSymbol(sub)
            case .separator, .error:
                return nil
            }
        }
        return symbol(m.title?.value ?? "edit", .interface, m.range, m.title?.range ?? m.range, detail: "menu",
                      children: children)
    }
}
