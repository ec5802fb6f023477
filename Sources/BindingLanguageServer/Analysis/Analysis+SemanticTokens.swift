import BindingLang

extension Analysis {
    /// The protocol's token types (``Capabilities/tokenTypes`` is the legend, in this order).
    enum TokenType: Int {
        case keyword, variable, `class`, function, enumMember, string, number, comment, `operator`, event, property
    }

    /// Words that are keywords where the grammar expects them (the parser's, ``Keywords/all``)
    /// and the type names.
    static let keywords = Keywords.all.union(["Bool", "String", "Int"])

    /// Semantic tokens of a document in the protocol's relative encoding (five integers per
    /// token: line delta, start delta, length, type, modifiers), UTF-16 based. Names are
    /// classified by what they refer to (context, role, action, case; declarations carry the
    /// `declaration` modifier), chord parts as keys (`event`), shortcut fields as properties.
    public func semanticTokens(_ file: FileID) -> [Int] {
        let d = document(file)
        let bytes = d.compilerBytes
        let (tokens, comments) = Lexer.tokenize(bytes)
        var names: [Int: Occurrence] = [:]
        for o in index.occurrences where o.range.file == file { names[o.range.start] = o }
        var keys = Set<Int>(), fields = Set<Int>()
        for declaration in compilation.files[file.index].declarations { collect(declaration, &keys, &fields) }

        var spans: [(start: Int, end: Int, type: TokenType, modifiers: Int)] = []
        for c in comments { spans.append((c.start, c.end, .comment, 0)) }
        for t in tokens {
            let type: TokenType?
            var modifiers = 0
            switch t.kind {
            case _ where keys.contains(t.start):
                type = .event
            case .identifier:
                if let o = names[t.start] {
                    switch o.symbol {
                    case .context: type = .variable
                    case .role: type = .class
                    case .action: type = .function
                    case .enumCase: type = .enumMember
                    }
                    modifiers = o.isDeclaration ? 1 : 0
                } else if fields.contains(t.start) {
                    type = .property
                } else {
                    let word = String(decoding: bytes[t.start..<t.end], as: UTF8.self)
                    type = Self.keywords.contains(word) ? .keyword : nil
                }
            case .string: type = .string
            case .integer, .decimal: type = .number
            case .arrow, .andAnd, .orOr, .equalEqual, .bangEqual, .bang: type = .operator
            default: type = nil
            }
            if let type { spans.append((t.start, t.end, type, modifiers)) }
        }
        spans.sort { $0.start < $1.start }

        var data: [Int] = []
        var lastLine = 0, lastCharacter = 0
        for span in spans {
            // A token may not span lines: split block comments at line ends (\n, \r\n, \r),
            // none of whose bytes belongs to a piece.
            var s = span.start
            while s < span.end {
                var e = s
                while e < span.end && bytes[e] != 0x0A && bytes[e] != 0x0D { e += 1 }
                let a = d.position(of: s), b = d.position(of: e)
                if b.character > a.character {
                    data += [a.line - lastLine, a.line == lastLine ? a.character - lastCharacter : a.character,
                             b.character - a.character, span.type.rawValue, span.modifiers]
                    lastLine = a.line
                    lastCharacter = a.character
                }
                s = e + (e + 1 < span.end && bytes[e] == 0x0D && bytes[e + 1] == 0x0A ? 2 : 1)
            }
        }
        return data
    }

    /// The starts of chord parts (key tokens) and shortcut field names in a declaration.
    private func collect(_ declaration: Declaration, _ keys: inout Set<Int>, _ fields: inout Set<Int>) {
        func sequence(_ s: ChordSequenceSyntax) {
            for part in s.parts { keys.insert(part.range.start) }
        }
        func items(_ list: [BlockItem]) {
            for item in list {
                switch item {
                case .binding(let b): sequence(b.sequence)
                case .group(let g): items(g.items)
                case .unbind(let u): sequence(u.sequence)
                case .error: break
                }
            }
        }
        func menu(_ m: MenuDeclaration) {
            for entry in m.entries {
                switch entry {
                case .item(let item):
                    for part in item.keyEquivalent?.parts ?? [] { keys.insert(part.range.start) }
                case .submenu(let sub): menu(sub)
                case .separator, .error: break
                }
            }
        }
        switch declaration {
        case .block(let b): items(b.items)
        case .menu(let m): menu(m)
        case .shortcut(let s): for f in s.fields { fields.insert(f.name.range.start) }
        default: break
        }
    }
}
