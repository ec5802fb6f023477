import BindingLang

/// A name the language declares and uses: a context, a responder role, an action, or a case
/// of an enumeration context. Each kind is its own namespace (Grammar.md §3).
public enum Symbol: Sendable, Hashable {
    case context(String)
    case role(String)
    case action(String)
    /// A case of the enumeration context named first.
    case enumCase(context: String, name: String)

    /// The name as written.
    public var name: String {
        switch self {
        case .context(let n), .role(let n), .action(let n): return n
        case .enumCase(_, let n): return n
        }
    }

    /// The context built into the language: `platform`, the platform compiled for
    /// (Grammar.md §4.7). Declaring a context of that name is an error.
    public static let platformContext = "platform"

    /// Whether the language provides this name: the context `platform` and its cases (the
    /// names of ``BindingRuntime/Platform``). It has no declaration and cannot be renamed.
    public var isBuiltIn: Bool {
        switch self {
        case .context(let name), .enumCase(context: let name, _): return name == Self.platformContext
        case .role, .action: return false
        }
    }

    /// The same kind of name (for a case, of the same context) spelled `newName`.
    public func renamed(_ newName: String) -> Symbol {
        switch self {
        case .context: return .context(newName)
        case .role: return .role(newName)
        case .action: return .action(newName)
        case .enumCase(let context, _): return .enumCase(context: context, name: newName)
        }
    }

    /// What it is, in words, for hovers and messages.
    public var kindDescription: String {
        switch self {
        case .context: return "context"
        case .role: return "responder role"
        case .action: return "action"
        case .enumCase(let context, _): return "case of '\(context)'"
        }
    }
}

/// One place a ``Symbol`` is written: its declaration or a use.
public struct Occurrence: Sendable, Equatable {
    public var symbol: Symbol
    public var range: SourceRange
    public var isDeclaration: Bool
}

/// Every occurrence of every name in the files of one compilation, found by walking their
/// syntax trees (so it works on files with errors too): the basis of definition, references,
/// rename, hover and semantic tokens.
public struct SymbolIndex: Sendable {
    /// In file order, then source order.
    public private(set) var occurrences: [Occurrence] = []

    /// Indexes `files`.
    public init(_ files: [FileSyntax]) {
        for file in files {
            for declaration in file.declarations { add(declaration) }
        }
        occurrences.sort { $0.range < $1.range }
    }

    /// The occurrence whose name covers byte `offset` of `file` (the byte just after a name
    /// counts, so a cursor at the end of a word finds it).
    public func occurrence(at offset: Int, in file: FileID) -> Occurrence? {
        occurrences.first { $0.range.file == file && $0.range.start <= offset && offset <= $0.range.end }
    }

    /// Every occurrence of `symbol`, declarations first.
    public func occurrences(of symbol: Symbol) -> [Occurrence] {
        let all = occurrences.filter { $0.symbol == symbol }
        return all.filter(\.isDeclaration) + all.filter { !$0.isDeclaration }
    }

    /// The declarations of `symbol` (one, unless it is redeclared in error; none for a
    /// standard action).
    public func declarations(of symbol: Symbol) -> [Occurrence] {
        occurrences.filter { $0.symbol == symbol && $0.isDeclaration }
    }

    // MARK: - Walking

    private mutating func note(_ symbol: Symbol, _ id: Identifier, declaration: Bool = false) {
        occurrences.append(Occurrence(symbol: symbol, range: id.range, isDeclaration: declaration))
    }

    private mutating func add(_ declaration: Declaration) {
        switch declaration {
        case .context(let d):
            note(.context(d.name.name), d.name, declaration: true)
            if case .enumeration(let cases, _) = d.type {
                for c in cases { note(.enumCase(context: d.name.name, name: c.name), c, declaration: true) }
            }
        case .responder(let ids, _):
            for id in ids { note(.role(id.name), id, declaration: true) }
        case .action(let d):
            note(.action(d.name.name), d.name, declaration: true)
        case .block(let block):
            note(.role(block.role.name), block.role)
            if let c = block.condition { add(c) }
            add(block.items)
        case .menu(let menu):
            add(menu)
        case .layer, .keymap, .shortcut, .error:
            break
        }
    }

    private mutating func add(_ items: [BlockItem]) {
        for item in items {
            switch item {
            case .binding(let b):
                note(.action(b.action.name.name), b.action.name)
                if let c = b.condition { add(c) }
            case .group(let g):
                add(g.items)
            case .unbind(let u):
                if let c = u.condition { add(c) }
            case .error:
                break
            }
        }
    }

    private mutating func add(_ menu: MenuDeclaration) {
        for entry in menu.entries {
            switch entry {
            case .item(let item):
                note(.action(item.action.name.name), item.action.name)
                if let c = item.condition { add(c) }
            case .submenu(let sub):
                add(sub)
            case .separator, .error:
                break
            }
        }
    }

    private static func isBoolLiteral(_ name: String) -> Bool { name == "true" || name == "false" }

    private static func unparenthesized(_ e: Expression) -> Expression {
        var e = e
        while case .parenthesized(let inner, _) = e { e = inner }
        return e
    }

    private mutating func add(_ expression: Expression) {
        switch expression {
        case .identifier(let id):
            if !Self.isBoolLiteral(id.name) { note(.context(id.name), id) }
        case .not(let e, _), .parenthesized(let e, _):
            add(e)
        case .binary(.and, let l, let r, _), .binary(.or, let l, let r, _):
            add(l)
            add(r)
        case .binary(_, let l, let r, _):
            comparison(l, [r])
        case .membership(let l, let items, _, _):
            comparison(l, items)
        case .chain(let c):
            note(.role(c.role.name), c.role)
        case .string, .bool, .error:
            break
        }
    }

    /// `context == case` and `context in (cases)`: the right sides name cases of the left.
    private mutating func comparison(_ lhs: Expression, _ rhs: [Expression]) {
        guard case .identifier(let context) = Self.unparenthesized(lhs), !Self.isBoolLiteral(context.name) else {
            add(lhs)
            for r in rhs { add(r) }
            return
        }
        note(.context(context.name), context)
        for r in rhs {
            if case .identifier(let id) = Self.unparenthesized(r), !Self.isBoolLiteral(id.name) {
                note(.enumCase(context: context.name, name: id.name), id)
            }
        }
    }
}
