import BindingLang
import BindingRuntime

extension Analysis {
    /// What a brace opens, for deciding what may be written inside it (`editMenu`: items
    /// only, Grammar.md §7.1).
    private enum Construct { case top, block, menu, editMenu, shortcut, dictionary }

    /// Keywords that start a declaration.
    static let declarationKeywords = ["layer", "keymap", "context", "responder", "action", "in", "menu", "shortcut"]
    /// Shortcut field names.
    static let shortcutFields = ["title", "subtitle", "icon", "iconFile", "userInfo"]

    /// Completions at `offset`, from what the grammar expects there: declaration keywords at
    /// the start of a top-level line; `group`, `unbind`, modifiers and keys at the start of a
    /// block line or after `+`; actions (with their argument type) after `->`; roles after `in`;
    /// contexts in conditions; enumeration cases after `==`, `!=` and inside `in (…)`; context
    /// and argument types in declarations; `edit` after `menu`; `for` and the platforms after
    /// `keymap "Name"`; finding kinds and layout ids inside `@allowLayouts(…)`; shortcut fields and icon types.
    /// Nothing inside strings and comments.
    public func completions(at offset: Int, in file: FileID) -> [CompletionItem] {
        let bytes = document(file).compilerBytes
        let (tokens, comments) = Lexer.tokenize(bytes)
        if comments.contains(where: { $0.start < offset && offset <= $0.end }) { return [] }
        // The word being typed (if any) is left out of the context.
        guard var i = tokens.firstIndex(where: { $0.end >= offset || $0.kind == .end }) else { return [] }
        var wordStart = offset
        if tokens[i].start < offset {
            switch tokens[i].kind {
            case .string(let terminated):
                if !terminated || offset < tokens[i].end { return [] }
                i += 1
            case .identifier, .integer:
                wordStart = tokens[i].start
            default:
                i += 1
            }
        }
        let before = tokens[..<i].filter {
            if case .invalid = $0.kind { return false }
            return $0.kind != .end
        }
        let construct = enclosing(before[...], bytes)
        var line: [Token] = []
        for t in before.reversed() {
            if newlineBetween(t.end, wordStart, bytes) { break }
            line.insert(t, at: 0)
        }
        return complete(line: line, construct: construct, bytes: bytes, offset: offset, file: file)
    }

    private func newlineBetween(_ a: Int, _ b: Int, _ bytes: [UInt8]) -> Bool {
        var i = a
        while i < b && i < bytes.count {
            if bytes[i] == 0x0A { return true }
            i += 1
        }
        return false
    }

    private func word(_ t: Token, _ bytes: [UInt8]) -> String {
        String(decoding: bytes[t.start..<t.end], as: UTF8.self)
    }

    /// The words that start a construct with a body in braces.
    private static let bodyHeads: Set = ["in", "group", "menu", "shortcut"]

    /// The index of the word that starts the construct whose body the brace at `brace` opens:
    /// the nearest line start before it, at or after the previous brace, that is one of
    /// ``bodyHeads``. Not simply the first word of the brace's line, since newlines are white
    /// space there (Grammar.md §1): `menu "File"` may put its `{` on the next line.
    private func bodyHead(of brace: Int, in tokens: [Token], _ bytes: [UInt8]) -> Int? {
        var j = brace
        while j >= 0 {
            if j < brace && (tokens[j].kind == .leftBrace || tokens[j].kind == .rightBrace) { return nil }
            if j == 0 || tokens[j].precededByNewline {
                if Self.bodyHeads.contains(word(tokens[j], bytes)) { return j }
            }
            j -= 1
        }
        return nil
    }

    /// What the innermost open brace before the cursor belongs to.
    private func enclosing(_ slice: ArraySlice<Token>, _ bytes: [UInt8]) -> Construct {
        let tokens = Array(slice)
        var stack: [Construct] = []
        for (k, t) in tokens.enumerated() {
            switch t.kind {
            case .leftBrace:
                let h = bodyHead(of: k, in: tokens, bytes)
                let head = h.map { word(tokens[$0], bytes) } ?? ""
                let second = h.flatMap { $0 + 1 < k ? word(tokens[$0 + 1], bytes) : nil }
                if stack.last == .shortcut || stack.last == .dictionary, k > 0, tokens[k - 1].kind != .rightBrace {
                    stack.append(.dictionary)
                } else if head == "in" || head == "group" {
                    stack.append(.block)
                } else if head == "menu" && second == "edit" && stack.isEmpty {
                    stack.append(.editMenu)
                } else if head == "menu" || stack.last == .menu || stack.last == .editMenu {
                    stack.append(.menu)
                } else if head == "shortcut" {
                    stack.append(.shortcut)
                } else {
                    stack.append(.block)
                }
            case .rightBrace:
                _ = stack.popLast()
            default:
                break
            }
        }
        return stack.last ?? .top
    }

    private func complete(line: [Token], construct: Construct, bytes: [UInt8], offset: Int, file: FileID) -> [CompletionItem] {
        guard let last = line.last else {
            switch construct {
            case .top: return Self.declarationKeywords.map { CompletionItem($0, .keyword) }
            case .block: return [CompletionItem("group", .keyword), CompletionItem("unbind", .keyword)] + chordParts()
            case .menu: return [CompletionItem("menu", .keyword), CompletionItem("separator", .keyword)]
            case .editMenu: return []  // items only: a separator or submenu is an error there
            case .shortcut: return Self.shortcutFields.map { CompletionItem($0, .field, detail: "shortcut field") }
            case .dictionary: return []
            }
        }
        let head = word(line[0], bytes)
        let lastWord = word(last, bytes)
        // Inside `@allowLayouts(…`, after `(`, a comma or part of an id (`fr-`): finding kinds
        // and layout ids, each replacing the whole id typed so far (`fr-m`), which clients
        // would otherwise take to be only the word after its last `-`.
        if let open = line.lastIndex(where: { $0.kind == .leftParen }), open >= 1, word(line[open - 1], bytes) == "allowLayouts",
            !line[open...].contains(where: { $0.kind == .rightParen })
        {
            var start = min(offset, bytes.count)
            while start > line[open].end, Self.isLayoutIDByte(bytes[start - 1]) { start -= 1 }
            let range = document(file).range(start, offset)
            return layoutAllowances().map {
                var item = $0
                item.textEdit = TextEdit(range: range, newText: $0.label)
                return item
            }
        }
        // Inside `@repeat(…` after part of a duration (`500m`, `1.`): the windows, each
        // replacing what is typed since the `(` (a client's word would stop at the `.`).
        if let open = line.lastIndex(where: { $0.kind == .leftParen }), open >= 2, open < line.count - 1,
            word(line[open - 1], bytes) == "repeat", line[open - 2].kind == .punct(UInt8(ascii: "@")),
            !line[open...].contains(where: { $0.kind == .rightParen })
        {
            let range = document(file).range(line[open].end, max(line[open].end, min(offset, bytes.count)))
            return Self.repeatWindows.map {
                var item = $0
                item.textEdit = TextEdit(range: range, newText: $0.label)
                return item
            }
        }
        switch last.kind {
        case .arrow:
            return actions()
        case .punct(UInt8(ascii: "@")) where construct == .block:
            return KnownAttributes.all.map { CompletionItem($0.name, .keyword, detail: "\($0.usage): \($0.summary)") }
        case .plus:
            return chordParts()
        case .andAnd, .orOr, .bang:
            return conditionStarts()
        case .equalEqual, .bangEqual:
            guard line.count >= 2 else { return [] }
            return values(of: word(line[line.count - 2], bytes))
        case .leftParen:
            if head == "action" { return ArgumentType.allCases.map { CompletionItem($0.rawValue, .typeParameter) } }
            if line.count >= 3, word(line[line.count - 2], bytes) == "in" {
                let subject = word(line[line.count - 3], bytes)
                return values(of: subject == "not" && line.count >= 4 ? word(line[line.count - 4], bytes) : subject)
            }
            if line.count >= 2, line[line.count - 2].kind == .identifier,
                line.count >= 3 && line[line.count - 3].kind == .arrow
            {
                return []  // an action's argument
            }
            // An attribute's argument (`@repeat(`): a duration for `@repeat`; no other takes
            // one but `@allowLayouts`, answered above (Grammar.md §4.8).
            if line.count >= 3, line[line.count - 2].kind == .identifier,
                line[line.count - 3].kind == .punct(UInt8(ascii: "@"))
            {
                return word(line[line.count - 2], bytes) == "repeat" ? Self.repeatWindows : []
            }
            return conditionStarts()
        case .comma:
            // `keymap "Name" for linux, …`: the platforms.
            if construct == .top && head == "keymap" && line.contains(where: { word($0, bytes) == "for" }) { return platforms() }
            // Inside `in (a, b, …`: the context before `in (`.
            if let open = line.lastIndex(where: { $0.kind == .leftParen }), open >= 2,
                word(line[open - 1], bytes) == "in"
            {
                let subject = word(line[open - 2], bytes)
                return values(of: subject == "not" && open >= 3 ? word(line[open - 3], bytes) : subject)
            }
            return []
        case .colon:
            if head == "context" { return ["Bool", "String"].map { CompletionItem($0, .typeParameter) } }
            return []
        case .identifier:
            if lastWord == "when" { return conditionStarts() }
            // `is Role`, `inside Role` where an operand of a condition starts.
            if lastWord == "is" || lastWord == "inside", line.count >= 2 {
                let before = line[line.count - 2]
                if [.andAnd, .orOr, .bang, .leftParen].contains(before.kind) || word(before, bytes) == "when" { return roles() }
            }
            if construct == .top && head == "keymap" && lastWord == "for" { return platforms() }
            if line.count == 1 && head == "in" && construct == .top { return roles() }
            if line.count == 1 && head == "menu" && construct == .top { return [CompletionItem("edit", .keyword)] }
            if line.count == 1 && head == "layer" && construct == .top { return [CompletionItem("over", .keyword)] }
            if line.count == 1 && head == "icon" && construct == .shortcut {
                return QuickActionIcons.all.map { CompletionItem($0, .value, detail: "icon type") }
            }
            if construct == .top && head == "in" && line.count == 2 { return [CompletionItem("when", .keyword)] }
            if construct == .block && line.count >= 2 && line[line.count - 2].kind == .arrow {
                return [CompletionItem("when", .keyword)]
            }
            if construct == .block && !line.contains(where: { $0.kind == .arrow }) { return chordParts() }
            return []
        case .string:
            if construct == .top && head == "keymap" && line.count == 2 { return [CompletionItem("for", .keyword)] }
            if construct == .block && line.contains(where: { $0.kind == .arrow }) { return [CompletionItem("when", .keyword)] }
            return []
        case .rightParen:
            if construct == .block && line.count >= 2 && line.contains(where: { $0.kind == .arrow }) {
                return [CompletionItem("when", .keyword)]
            }
            if construct == .block && line.first?.kind == .punct(UInt8(ascii: "@")) { return chordParts() }  // after `@repeat(1s)`
            return []
        default:
            return []
        }
    }

    // MARK: - Candidates

    /// Repeat windows for `@repeat(…)`: a duration, a number directly followed by `ms` or `s`
    /// (Grammar.md §2 `duration`, §4.8: whole milliseconds from 1ms to 60s), the default first.
    static let repeatWindows = [
        ("500ms", "the default window"), ("300ms", "repeat window"), ("800ms", "repeat window"),
        ("1s", "repeat window"), ("1.5s", "repeat window"), ("2s", "repeat window"),
    ].map { CompletionItem($0.0, .value, detail: $0.1 + " (a duration, 1ms to 60s)") }

    private func actions() -> [CompletionItem] {
        var items: [CompletionItem] = []
        var seen = Set<String>()
        for file in compilation.files {
            for case .action(let d) in file.declarations where seen.insert(d.name.name).inserted {
                items.append(CompletionItem(d.name.name, .function, detail: d.argumentType.map { "action(\($0.name))" } ?? "action"))
            }
        }
        return items + StandardActions.all.map { CompletionItem($0, .function, detail: "standard action") }
    }

    private func roles() -> [CompletionItem] {
        var seen = Set<String>()
        return compilation.files.flatMap { file in
            file.declarations.flatMap { d -> [CompletionItem] in
                guard case .responder(let ids, _) = d else { return [] }
                return ids.filter { seen.insert($0.name).inserted }.map { CompletionItem($0.name, .class, detail: "responder role") }
            }
        }
    }

    private func contexts() -> [CompletionItem] {
        var seen = Set<String>()
        return compilation.files.flatMap { file in
            file.declarations.compactMap { d -> CompletionItem? in
                guard case .context(let c) = d, seen.insert(c.name.name).inserted else { return nil }
                return CompletionItem(c.name.name, .variable, detail: contextType(c.name.name))
            }
        }
    }

    /// What may start an operand of a condition: the contexts, the built-in `platform`, and
    /// the responder-chain questions `is` and `inside` (Grammar.md §4.6, §4.7).
    private func conditionStarts() -> [CompletionItem] {
        let platformItem = CompletionItem(
            Symbol.platformContext, .variable,
            detail: "built-in: " + Platform.allCases.map(\.rawValue).joined(separator: " | "))
        return contexts() + [platformItem, CompletionItem("is", .keyword, detail: "is Role: the responder holding the binding also plays Role"),
                             CompletionItem("inside", .keyword, detail: "inside Role: a responder further out in the chain plays Role")]
    }

    /// What a context may be compared with: its cases, `true`/`false` for a Bool, the
    /// platform names for the built-in `platform`.
    private func values(of context: String) -> [CompletionItem] {
        if context == Symbol.platformContext && contextType(context) == nil { return platforms() }
        if contextType(context) == "Bool" { return ["true", "false"].map { CompletionItem($0, .keyword) } }
        return cases(ofContext: context).map { CompletionItem($0, .enumMember, detail: "case of \(context)") }
    }

    /// What `@allowLayouts(…)` accepts (Grammar.md §4.8): the finding kinds, then the layout ids.
    private func layoutAllowances() -> [CompletionItem] {
        LayoutFinding.Kind.allCases.filter(\.isProblem).map { CompletionItem($0.rawValue, .enumMember, detail: "layout finding") }
            + KeyboardLayout.all.map { CompletionItem($0.id, .value, detail: $0.name) }
    }

    /// Whether `b` may be part of a layout id or finding kind (`ch-de-win`, `untypable`).
    private static func isLayoutIDByte(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A)
    }

    /// The platform names of `keymap "Name" for …` (Grammar.md §3.1).
    private func platforms() -> [CompletionItem] {
        Platform.allCases.map { CompletionItem($0.rawValue, .enumMember, detail: "platform") }
    }

    /// Modifiers (canonical names and `primary`) and key names.
    private func chordParts() -> [CompletionItem] {
        var items = Modifiers.canonicalOrder.map { CompletionItem($0.name, .keyword, detail: "modifier \($0.glyph)") }
        items.append(CompletionItem("primary", .keyword, detail: "modifier: cmd on Apple platforms, ctrl elsewhere"))
        for k in Key.named { items.append(CompletionItem(k.name, .constant, detail: "key \(k.glyph)")) }
        let punctuation = Key.aliases.filter { !$0.value.isNamed }.keys.sorted()
        for name in punctuation { items.append(CompletionItem(name, .constant, detail: "key")) }
        for c in "abcdefghijklmnopqrstuvwxyz0123456789" { items.append(CompletionItem(String(c), .constant, detail: "key")) }
        return items
    }
}
