import BindingLang
import BindingRuntime

extension Analysis {
    /// Markdown describing what is at `offset` and the range it describes: for a chord, its
    /// glyphs and plain text and every binding of that sequence in the unit, with its role,
    /// condition and whether it can be chosen; for a context its type; for a role its blocks;
    /// for an action its declaration and uses. Nil when there is nothing to say.
    public func hover(at offset: Int, in file: FileID) -> (String, Range)? {
        if let attribute = attributeHover(at: offset, in: file) { return attribute }
        let sites = BindingSite.all(compilation.files)
        if let site = sites.first(where: { $0.range.file == file && $0.range.start <= offset && offset < $0.range.end }) {
            return (chordHover(site, sites), range(site.range))
        }
        guard let o = index.occurrence(at: offset, in: file) else { return nil }
        return (nameHover(o.symbol, sites, from: file), range(o.range))
    }

    /// On an attribute's name (`@repeat`): what it does, from ``KnownAttributes``.
    private func attributeHover(at offset: Int, in file: FileID) -> (String, Range)? {
        let tokens = Lexer.tokenize(document(file).bytes).tokens
        guard let i = tokens.firstIndex(where: { $0.start <= offset && offset < $0.end }) else { return nil }
        var at = i, name = i
        if case .identifier = tokens[i].kind, i > 0 { at = i - 1 } else { name = i + 1 }
        guard name < tokens.count, case .punct(UInt8(ascii: "@")) = tokens[at].kind, case .identifier = tokens[name].kind,
              tokens[at].end == tokens[name].start else { return nil }
        let word = String(decoding: document(file).bytes[tokens[name].start..<tokens[name].end], as: UTF8.self)
        guard let known = KnownAttributes.all.first(where: { $0.name == word }) else { return nil }
        let span = SourceRange(file: file, start: tokens[at].start, end: tokens[name].end)
        return ("attribute `\(known.usage)`: \(known.summary) (Grammar.md §4.8)", range(span))
    }

    private func chordHover(_ site: BindingSite, _ sites: [BindingSite]) -> String {
        guard let sequence = site.sequence(platform) else {
            return "\(Markdown.code(text(site.range))): not a valid sequence (see the diagnostics)"
        }
        var lines = [
            "**\(Markdown.escaped(sequence.map(\.glyphs).joined(separator: " ")))**  "
                + Markdown.escaped(sequence.map(\.plainText).joined(separator: " ")),
            "",
        ]
        let same = sites.filter { $0.sequence(platform) == sequence }
        lines.append(same.count == 1 ? "1 binding of this sequence:" : "\(same.count) bindings of this sequence:")
        lines.append("")
        for s in same {
            let holder = s.role.map { "in \(Markdown.code($0))" } ?? "menu item \"\(Markdown.escaped(s.menuItem ?? ""))\""
            let what = s.action.map { Markdown.code(text($0.range)) } ?? "unbind"
            var line = "- \(holder): \(what)"
            if !s.conditions.isEmpty { line += " when \(Markdown.code(conditionText(s.conditions)))" }
            line += " (\(place(s.range, from: site.range.file))) — \(status(s))"
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The condition of a binding as written, from its block's `when` and its own: joined by
    /// `&&` (Grammar.md §4.1), each in parentheses when it is an `||`, which binds less
    /// (`in E when a || b { … when c }` is `(a || b) && c`, not `a || b && c`). The source
    /// text, not ``ConditionPrinter``'s: that prints a resolved condition, which a unit with
    /// errors does not have, and rewrites what the author wrote.
    private func conditionText(_ conditions: [Expression]) -> String {
        conditions.map { c in
            if conditions.count > 1, case .binary(.or, _, _, _) = c { return "(\(text(c.range)))" }
            return text(c.range)
        }.joined(separator: " && ")
    }

    /// Whether a binding can be chosen: live, never (its condition is never true), left out
    /// (its condition needs another platform than the one compiled for), or gone (replaced or
    /// unbound by a later file). Without a keymap (the unit has errors) only the first three
    /// can be told.
    private func status(_ site: BindingSite) -> String {
        guard site.action != nil else { return "removes earlier files' bindings" }
        let never = compilation.diagnostics.contains { d in
            d.severity == .warning && d.message.hasPrefix("condition is never true")
                && site.conditions.contains { $0.range.file == d.range.file && $0.range.start <= d.range.start && d.range.start < $0.range.end }
        }
        if never { return "never chosen: its condition is never true" }
        if site.conditions.contains(where: { PlatformDecision.value(of: $0, on: platform) == false }) {
            return "left out on \(platform.rawValue): its condition cannot hold on this platform"
        }
        guard let keymap = compilation.keymap else { return "not checked further: the files have errors" }
        let location = compilation.sources.location(of: site.range)
        if keymap.bindings.contains(where: { $0.location == location }) { return "live" }
        return "replaced or unbound by a later file"
    }

    /// Where `range` is, seen from the document hovered (`file`): `line 5` in it, else the
    /// other file and line (`base.bind:5`, its path from the document's folder when it is
    /// under that folder).
    private func place(_ range: SourceRange, from file: FileID) -> String {
        let loc = compilation.sources.location(of: range)
        guard range.file != file, documents.indices.contains(file.index) else { return "line \(loc.line)" }
        return "\(Markdown.escaped(Self.displayPath(loc.path, from: documents[file.index].path))):\(loc.line)"
    }

    private func nameHover(_ symbol: Symbol, _ sites: [BindingSite], from file: FileID) -> String {
        if symbol.isBuiltIn { return builtInHover(symbol) }
        let declarations = index.declarations(of: symbol)
        let declared = declarations.first.map { d -> String in
            let at = "declared at " + place(d.range, from: file)
            return documentation(of: d.range).map { at + "\n\n" + $0 } ?? at
        }
        switch symbol {
        case .context(let name):
            let type = contextType(name) ?? "unknown type"
            return ["context `\(name)`: `\(type)`", declared ?? "not declared"].joined(separator: "\n\n")
        case .role(let name):
            let count = sites.filter { $0.role == name && $0.action != nil }.count
            return ["responder role `\(name)`", declared ?? "not declared", "\(count) binding\(count == 1 ? "" : "s")"]
                .joined(separator: "\n\n")
        case .enumCase(let context, let name):
            return ["case `\(name)` of context `\(context)`", declared ?? "not a case of it"].joined(separator: "\n\n")
        case .action(let name):
            var head = "action `\(name)`"
            var origin = declared ?? "not declared"
            if StandardActions.all.contains(name) {
                origin = "standard action (predeclared, no argument)"
            } else if let d = declarationSyntax(ofAction: name), let type = d.argumentType {
                head = "action `\(name)(\(type.name))`"
            }
            let uses = actionUses(name, sites)
            // Paragraphs apart (a single newline joins lines into one paragraph), then the list.
            var paragraphs = [head, origin, "\(uses.count) use\(uses.count == 1 ? "" : "s")" + (uses.isEmpty ? "" : ":")]
            var list = uses.prefix(20).map { "- \($0.text) (\(place($0.range, from: file)))" }
            if uses.count > 20 { list.append("- … and \(uses.count - 20) more") }
            if !list.isEmpty { paragraphs.append(list.joined(separator: "\n")) }
            return paragraphs.joined(separator: "\n\n")
        }
    }

    /// The built-in `platform` and its cases: what they are and the platform this unit is
    /// compiled for.
    private func builtInHover(_ symbol: Symbol) -> String {
        let names = Platform.allCases.map(\.rawValue)
        let compiled = "compiled for `\(platform.rawValue)` (`bindc --platform`, else the keymap's first platform, "
            + "else macOS)"
        switch symbol {
        case .enumCase(_, let name) where names.contains(name):
            let value = name == platform.rawValue ? "true" : "false"
            return ["platform `\(name)`, a case of the built-in `platform`",
                    compiled + ": `platform == \(name)` is \(value)"].joined(separator: "\n\n")
        case .enumCase(_, let name):
            return ["`\(name)` is not a platform", "the platforms are " + names.joined(separator: ", ")]
                .joined(separator: "\n\n")
        default:
            return ["built-in context `platform`: `\(names.joined(separator: " | "))`",
                    "the platform compiled for, decided while compiling (Grammar.md §4.7)", compiled]
                .joined(separator: "\n\n")
        }
    }

    /// Every use of action `name`, in file and source order: the bindings of blocks
    /// (`` `cmd+1` in `Editor` ``) and the items of every menu, main or edit, with or without
    /// a key (`` `cmd+f` menu item "Find" ``, `edit menu item "Copy"`), each with its range.
    private func actionUses(_ name: String, _ sites: [BindingSite]) -> [(text: String, range: SourceRange)] {
        var uses: [(text: String, range: SourceRange)] = []
        for site in sites where site.role != nil && site.action?.name.name == name {
            uses.append(("\(Markdown.code(text(site.range))) in \(Markdown.code(site.role ?? ""))", site.range))
        }
        func collect(_ menu: MenuDeclaration, edit: Bool) {
            for entry in menu.entries {
                switch entry {
                case .item(let item) where item.action.name.name == name:
                    let key = item.keyEquivalent.map { Markdown.code(text($0.range)) + " " } ?? ""
                    let title = Markdown.escaped(item.title.value)
                    uses.append(("\(key)\(edit ? "edit menu" : "menu") item \"\(title)\"", item.keyEquivalent?.range ?? item.action.name.range))
                case .submenu(let sub):
                    collect(sub, edit: edit)
                case .item, .separator, .error:
                    break
                }
            }
        }
        for file in compilation.files {
            for case .menu(let m) in file.declarations { collect(m, edit: m.title == nil) }
        }
        return uses.sorted { $0.range < $1.range }
    }

    /// What the author wrote about a declaration: the `//` lines directly above the line
    /// `range` is on (no blank line between, each alone on its line) and a `//` comment after
    /// it on that line, without the slashes, one paragraph per line; nil when there is none.
    /// So `context dark: Bool // follows the system appearance` explains itself on hover, as
    /// do the contexts `bindc import` declares with a comment.
    func documentation(of range: SourceRange) -> String? {
        guard range.file.index >= 0, range.file.index < compilation.sources.files.count else { return nil }
        let source = compilation.sources.files[range.file.index]
        let bytes = source.bytes
        let line = source.lineAndColumn(of: range.start).line
        var above: [Int: String] = [:]
        var trailing: String?
        for c in Lexer.tokenize(bytes).comments where !c.isBlock {
            let (commentLine, column) = source.lineAndColumn(of: c.start)
            guard commentLine <= line else { break }
            // The comment's text without the slashes and the blanks around it.
            var from = min(c.start + 2, c.end), to = c.end
            while from < to, bytes[from] == 0x20 || bytes[from] == 0x09 { from += 1 }
            while to > from, bytes[to - 1] == 0x20 || bytes[to - 1] == 0x09 || bytes[to - 1] == 0x0D { to -= 1 }
            let text = String(decoding: bytes[from..<to], as: UTF8.self)
            if commentLine == line {
                if c.start >= range.end { trailing = text }
            } else if bytes[Int(source.lineStarts[commentLine - 1])..<(Int(source.lineStarts[commentLine - 1]) + column - 1)]
                        .allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                above[commentLine] = text
            }
        }
        var lines: [String] = []
        var l = line - 1
        while let text = above[l], lines.count < 20 {
            lines.insert(text, at: 0)
            l -= 1
        }
        if let trailing { lines.append(trailing) }
        let text = lines.filter { !$0.isEmpty }
        return text.isEmpty ? nil : text.joined(separator: "\n\n")
    }

    /// The type of a context as written in its declaration.
    func contextType(_ name: String) -> String? {
        for file in compilation.files {
            for case .context(let d) in file.declarations where d.name.name == name {
                switch d.type {
                case .named(let id): return id.name
                case .enumeration(let cases, _): return cases.map(\.name).joined(separator: " | ")
                }
            }
        }
        return nil
    }

    /// The cases of an enumeration context, in order.
    func cases(ofContext name: String) -> [String] {
        for file in compilation.files {
            for case .context(let d) in file.declarations where d.name.name == name {
                if case .enumeration(let cases, _) = d.type { return cases.map(\.name) }
            }
        }
        return []
    }

    func declarationSyntax(ofAction name: String) -> ActionDeclaration? {
        for file in compilation.files {
            for case .action(let d) in file.declarations where d.name.name == name { return d }
        }
        return nil
    }
}
