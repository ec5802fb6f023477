import BindingLang
import BindingRuntime

/// A position-free, one-line-per-node rendering of a syntax tree, for comparing the trees of
/// a file and of its formatted text. Chords are rendered canonically for both platforms (so
/// alias and order normalisation compare equal, but `primary` differs from `cmd`).
enum SyntaxDump {
    static func dump(_ file: FileSyntax) -> String {
        file.declarations.map(declaration).joined(separator: "\n")
    }

    static func parse(_ text: String) -> (String, [Diagnostic]) {
        let (syntax, diagnostics) = Parser.parse(SourceFile(path: "t.bind", text: text), file: FileID(0))
        return (dump(syntax), diagnostics)
    }

    static func declaration(_ d: Declaration) -> String {
        switch d {
        case .layer(let l): return "layer over \(string(l.path))"
        case .keymap(let s, let platforms, _): return "keymap \(string(s))" + (platforms.isEmpty ? "" : " for " + platforms.map(\.name).joined(separator: ","))
        case .context(let c):
            switch c.type {
            case .named(let n): return "context \(c.name.name): \(n.name)"
            case .enumeration(let cases, _): return "context \(c.name.name): " + cases.map(\.name).joined(separator: "|")
            }
        case .responder(let roles, _): return "responder " + roles.map(\.name).joined(separator: ",")
        case .action(let a): return "action \(a.name.name)" + (a.argumentType.map { "(\($0.name))" } ?? "")
        case .block(let b):
            return "in \(b.role.name)" + (b.condition.map { " when " + expression($0) } ?? "") + " {"
                + b.items.map(item).joined(separator: "; ") + "}"
        case .menu(let m): return menu(m)
        case .shortcut(let s):
            return "shortcut \(string(s.type)) {" + s.fields.map { "\($0.name.name) \(value($0.value))" }.joined(separator: "; ") + "}"
        case .error: return "<error>"
        }
    }

    static func item(_ i: BlockItem) -> String {
        switch i {
        case .binding(let b):
            return sequence(b.sequence) + " -> " + action(b.action) + (b.title.map { " " + string($0) } ?? "")
                + (b.condition.map { " when " + expression($0) } ?? "")
        case .group(let g): return "group \(string(g.title)) {" + g.items.map(item).joined(separator: "; ") + "}"
        case .unbind(let u):
            return "unbind " + sequence(u.sequence) + (u.condition.map { " when " + expression($0) } ?? "")
        case .error: return "<error>"
        }
    }

    static func menu(_ m: MenuDeclaration) -> String {
        "menu " + (m.title.map(string) ?? "edit") + " {" + m.entries.map { e -> String in
            switch e {
            case .item(let i):
                return string(i.title) + (i.keyEquivalent.map { " " + chord($0) } ?? "") + " -> " + action(i.action)
                    + (i.condition.map { " when " + expression($0) } ?? "")
            case .submenu(let s): return menu(s)
            case .separator: return "separator"
            case .error: return "<error>"
            }
        }.joined(separator: "; ") + "}"
    }

    static func sequence(_ s: ChordSequenceSyntax) -> String { s.chords.map(chord).joined(separator: " ") }

    static func chord(_ c: ChordSyntax) -> String {
        let parts = c.parts.map(\.text)
        if case .success(let a) = Chord.build(parts: parts, platform: .apple),
            case .success(let o) = Chord.build(parts: parts, platform: .other)
        {
            return a.sourceText + "/" + o.sourceText
        }
        return "[" + parts.joined(separator: "][") + "]"
    }

    static func action(_ a: ActionReference) -> String {
        a.name.name + (a.argument.map { "(" + literal($0) + ")" } ?? "")
    }

    static func literal(_ l: Literal) -> String {
        switch l {
        case .int(let v, _): return "int \(v)"
        case .double(let v, _): return "double \(v)"
        case .string(let s): return string(s)
        case .bool(let b, _): return "bool \(b)"
        }
    }

    static func value(_ v: FieldValue) -> String {
        switch v {
        case .literal(let l): return literal(l)
        case .identifier(let i): return "id \(i.name)"
        case .dictionary(let d):
            return "{" + d.entries.map { string($0.key) + ": " + value($0.value) }.joined(separator: ", ") + "}"
        case .error: return "<error>"
        }
    }

    static func string(_ s: StringLiteral) -> String { s.value.debugDescription }

    static func expression(_ e: Expression) -> String {
        switch e {
        case .identifier(let i): return i.name
        case .string(let s): return string(s)
        case .bool(let b, _): return "\(b)"
        case .not(let x, _): return "!" + expression(x)
        case .binary(let op, let l, let r, _): return "{" + expression(l) + " " + op.rawValue + " " + expression(r) + "}"
        case .membership(let l, let vs, let negated, _):
            return "{" + expression(l) + (negated ? " not in " : " in ") + "[" + vs.map(expression).joined(separator: ", ") + "]}"
        case .parenthesized(let x, _): return "(" + expression(x) + ")"
        case .chain(let c): return c.kind.rawValue + " " + c.role.name
        case .error: return "<error>"
        }
    }
}
