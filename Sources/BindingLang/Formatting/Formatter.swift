import BindingRuntime

/// The canonical layout of a `.bind` file, as printed by `bindc fmt`.
///
/// - Two-space indentation, one declaration, block item, menu entry or shortcut field per
///   line, `{` at the end of its header line and `}` on a line of its own (`{}` when empty).
/// - Blank lines between declarations and items are kept, runs of them collapsed to one; none
///   directly after `{` or before `}`, none at the start or end of the file.
/// - Chords in canonical form without resolving `primary`: aliases replaced, modifiers in the
///   order `ctrl alt shift cmd capsLock numpad` (with `primary`, if present, first), keys by
///   their canonical name (`esc` → `escape`, `G` → `shift+g`, `cmd++` → `cmd+"+"`), except
///   that `backspace` stays (the checker tells it from `delete`). A chord that does not build
///   (an unknown name, a duplicated modifier) is kept as written, but for its quoted parts,
///   re-escaped as every string is.
/// - In consecutive lines of one kind (bindings, menu items, shortcut fields, declarations)
///   not separated by a blank line or a comment line, the columns are aligned like gofmt does:
///   sequence, `-> action`, title, `when`, trailing comment.
/// - Single spaces around binary operators, `, ` in lists, strings re-escaped canonically
///   (`\"`, `\\`, `\n`, `\t`, `\r`, `\0`, `\u{…}` for other control characters, C0 and C1,
///   delete, and the line and paragraph separators).
/// - Every comment is kept: a comment on its own line stays on its own line before what
///   followed it, a comment after code on the same line stays at the end of that line, and a
///   block comment before code on its line stays before that code on its line (`a: 1, /* c */
///   b: 2` in a dictionary: `/* c */ b: 2,` on `b`'s line, not alone nor at the end of `a`'s;
///   the line is aligned with no other). A line with a comment inside it (`cmd+k /* why */ ->
///   x`) is kept exactly as written.
///
/// Formatting is idempotent and preserves meaning: the result parses to the same syntax tree.
public enum Formatter {
    /// The formatted text of `source`, or its syntax errors when it does not parse.
    public static func format(_ source: SourceFile, file: FileID) -> Result<String, SyntaxErrors> {
        let (tokens, comments) = Lexer.tokenize(source.bytes)
        let (syntax, diagnostics) = Parser.parse(source, file: file, tokens: tokens)
        if diagnostics.contains(where: { $0.severity == .error }) { return .failure(SyntaxErrors(diagnostics: diagnostics)) }
        var printer = Printer(bytes: source.bytes, tokens: tokens, comments: comments)
        let nodes = syntax.declarations.compactMap { printer.node($0) }
        printer.emit(nodes, indent: 0, bodyStart: 0)
        printer.emitComments(before: source.bytes.count, indent: 0, atBodyStart: printer.lines.isEmpty)
        let newline = usesCRLF(source.bytes) ? "\r\n" : "\n"
        return .success(printer.lines.isEmpty ? "" : printer.lines.joined(separator: newline) + newline)
    }

    /// Whether the file's first line ends with `\r\n`: its lines are then written so, as
    /// editors and Git's `autocrlf` keep them (`fmt --check` failed every file checked out
    /// on Windows).
    static func usesCRLF(_ bytes: [UInt8]) -> Bool {
        guard let n = bytes.firstIndex(of: 0x0A) else { return false }
        return n > 0 && bytes[n - 1] == 0x0D
    }
}

extension Formatter {
    /// What a line is, for alignment: only consecutive lines of one kind align.
    enum LineKind: Equatable {
        case declaration, binding, menuItem, field, entry, other
    }

    /// One output line before layout: its cells (aligned across a run) and its source span.
    struct Line {
        var cells: [String]
        var kind: LineKind
        var start: Int
        var end: Int
    }

    /// A line, or a header line with a body of nodes and a closing `}`.
    indirect enum Node {
        case line(Line)
        /// `header` ends with `{`; `close` is the offset of the `}`; `closer` its text (`}` or `},`).
        case body(header: Line, children: [Node], close: Int, closer: String)

        var start: Int {
            switch self {
            case .line(let l): return l.start
            case .body(let h, _, _, _): return h.start
            }
        }
    }

    /// Builds nodes from the syntax tree and lays them out with the comments.
    struct Printer {
        let bytes: [UInt8]
        let tokens: [Token]
        let comments: [Comment]
        var nextComment = 0
        var lines: [String] = []
        /// The source offset up to which everything has been printed.
        var printedUpTo = 0
        /// Lines of the current alignment run, with their indentation.
        var run: [(Line, String)] = []
        /// Block comments that precede the next node on its line (`a: 1, /* c */ b: 2`),
        /// printed before it on its line.
        var leading: String?

        init(bytes: [UInt8], tokens: [Token], comments: [Comment]) {
            self.bytes = bytes
            self.tokens = tokens
            self.comments = comments
        }

        // MARK: - Source helpers

        func slice(_ start: Int, _ end: Int) -> String {
            let s = max(0, min(start, bytes.count)), e = max(s, min(end, bytes.count))
            return String(decoding: bytes[s..<e], as: UTF8.self)
        }

        /// The end of the first `{` token at or after `offset`.
        func braceEnd(after offset: Int) -> Int {
            var lo = 0, hi = tokens.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if tokens[mid].start < offset { lo = mid + 1 } else { hi = mid }
            }
            var i = lo
            while i < tokens.count {
                if case .leftBrace = tokens[i].kind { return tokens[i].end }
                if case .end = tokens[i].kind { break }
                i += 1
            }
            return offset
        }

        /// Whether some comment starts strictly inside `start..<end`.
        func hasComment(inside start: Int, _ end: Int) -> Bool {
            var lo = 0, hi = comments.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if comments[mid].start <= start { lo = mid + 1 } else { hi = mid }
            }
            return lo < comments.count && comments[lo].start < end
        }

        /// A line of `cells`, or the source text itself (plus `suffix`) when a comment sits
        /// inside it.
        func line(_ cells: [String], _ kind: LineKind, _ start: Int, _ end: Int, suffix: String = "") -> Line {
            if hasComment(inside: start, end) {
                return Line(cells: [slice(start, end) + suffix], kind: .other, start: start, end: end)
            }
            return Line(cells: cells, kind: kind, start: start, end: end)
        }

        // MARK: - Building nodes

        mutating func node(_ d: Declaration) -> Node? {
            switch d {
            case .layer(let l):
                return .line(line(["layer over " + Formatter.quote(l.path.value)], .declaration, l.range.start, l.range.end))
            case .keymap(let name, let platforms, let r):
                let forList = platforms.isEmpty ? "" : " for " + platforms.map(\.name).joined(separator: ", ")
                return .line(line(["keymap " + Formatter.quote(name.value) + forList], .declaration, r.start, r.end))
            case .context(let c):
                let type: String
                switch c.type {
                case .named(let n): type = n.name
                case .enumeration(let cases, _): type = cases.map(\.name).joined(separator: " | ")
                }
                return .line(line(["context \(c.name.name): \(type)"], .declaration, c.range.start, c.range.end))
            case .responder(let roles, let r):
                return .line(line(["responder " + roles.map(\.name).joined(separator: ", ")], .declaration, r.start, r.end))
            case .action(let a):
                let arg = a.argumentType.map { "(\($0.name))" } ?? ""
                return .line(line(["action \(a.name.name)\(arg)"], .declaration, a.range.start, a.range.end))
            case .block(let b):
                let header = "in \(b.role.name)" + (b.condition.map { " when " + Formatter.expression($0) } ?? "") + " {"
                let afterHeader = b.condition?.range.end ?? b.role.range.end
                let headerLine = line([header], .other, b.range.start, braceEnd(after: afterHeader))
                return .body(header: headerLine, children: b.items.compactMap(item), close: b.range.end - 1, closer: "}")
            case .menu(let m):
                return menu(m)
            case .shortcut(let s):
                let header = "shortcut " + Formatter.quote(s.type.value) + " {"
                let headerLine = line([header], .other, s.range.start, braceEnd(after: s.type.range.end))
                return .body(header: headerLine, children: s.fields.map(field), close: s.range.end - 1, closer: "}")
            case .error:
                return nil
            }
        }

        func item(_ i: BlockItem) -> Node? {
            switch i {
            case .binding(let b):
                let attributes = Formatter.attributes(b.attributes)
                var cells = [attributes + sequence(b.sequence), "-> " + Formatter.action(b.action)]
                cells.append(b.title.map { Formatter.quote($0.value) } ?? "")
                cells.append(b.condition.map { "when " + Formatter.expression($0) } ?? "")
                return .line(line(cells, .binding, b.range.start, b.range.end))
            case .group(let g):
                let headerLine = line(["group " + Formatter.quote(g.title.value) + " {"], .other, g.range.start,
                                      braceEnd(after: g.title.range.end))
                return .body(header: headerLine, children: g.items.compactMap(item), close: g.range.end - 1, closer: "}")
            case .unbind(let u):
                let text = "unbind " + sequence(u.sequence) + (u.condition.map { " when " + Formatter.expression($0) } ?? "")
                return .line(line([text], .other, u.range.start, u.range.end))
            case .error:
                return nil
            }
        }

        func menu(_ m: MenuDeclaration) -> Node {
            let header = "menu " + (m.title.map { Formatter.quote($0.value) } ?? "edit") + " {"
            let afterTitle = m.title?.range.end ?? m.range.start + 4
            let headerLine = line([header], .other, m.range.start, braceEnd(after: afterTitle))
            let children: [Node] = m.entries.compactMap { e in
                switch e {
                case .item(let i):
                    let cells = [
                        Formatter.attributes(i.attributes) + Formatter.quote(i.title.value), i.keyEquivalent.map(chord) ?? "",
                        "-> " + Formatter.action(i.action),
                        i.condition.map { "when " + Formatter.expression($0) } ?? "",
                    ]
                    return .line(line(cells, .menuItem, i.range.start, i.range.end))
                case .submenu(let s): return menu(s)
                case .separator(let r): return .line(line(["separator"], .other, r.start, r.end))
                case .error: return nil
                }
            }
            return .body(header: headerLine, children: children, close: m.range.end - 1, closer: "}")
        }

        func field(_ f: ShortcutField) -> Node {
            if case .dictionary(let d) = f.value, isMultiLine(d.range) {
                let headerLine = line([f.name.name + " {"], .other, f.range.start, d.range.start + 1)
                return .body(header: headerLine, children: d.entries.map(entry), close: d.range.end - 1, closer: "}")
            }
            return .line(line([f.name.name, value(f.value)], .field, f.range.start, f.range.end))
        }

        func entry(_ e: DictionaryEntrySyntax) -> Node {
            let key = Formatter.dictionaryKey(e.key.value) + ":"
            if case .dictionary(let d) = e.value, isMultiLine(d.range) {
                let headerLine = line([key + " {"], .other, e.range.start, d.range.start + 1)
                return .body(header: headerLine, children: d.entries.map(entry), close: d.range.end - 1, closer: "},")
            }
            return .line(line([key + " " + value(e.value) + ","], .entry, e.range.start, e.range.end, suffix: ","))
        }

        func isMultiLine(_ r: SourceRange) -> Bool {
            bytes[max(0, min(r.start, bytes.count))..<max(0, min(r.end, bytes.count))].contains(0x0A)
        }

        func value(_ v: FieldValue) -> String {
            switch v {
            case .literal(let l): return literal(l)
            case .identifier(let i): return i.name
            case .dictionary(let d):
                if d.entries.isEmpty { return "{}" }
                return "{ " + d.entries.map { Formatter.dictionaryKey($0.key.value) + ": " + value($0.value) }
                    .joined(separator: ", ") + " }"
            case .error(let r): return slice(r.start, r.end)
            }
        }

        func literal(_ l: Literal) -> String {
            switch l {
            case .int(let v, _): return String(v)
            case .double(_, let r): return slice(r.start, r.end)
            case .string(let s): return Formatter.quote(s.value)
            case .bool(let b, _): return b ? "true" : "false"
            }
        }

        func sequence(_ s: ChordSequenceSyntax) -> String { s.chords.map(chord).joined(separator: " ") }

        /// The canonical text of a chord, `primary` kept and put first, and the key `backspace`
        /// kept (it says Backspace is meant where `delete` may be taken for Del: Grammar.md
        /// §11 warns about `ctrl+alt+delete`, not `ctrl+alt+backspace`); as written if invalid,
        /// its strings re-escaped.
        func chord(_ c: ChordSyntax) -> String {
            var parts = c.parts.map(\.text)
            var primary = false
            if parts.count > 1, let i = parts.dropLast().firstIndex(of: "primary") {
                parts.remove(at: i)
                primary = true
            }
            guard case .success(let built) = Chord.build(parts: parts, platform: .apple) else {
                // As written, but a quoted part re-escaped as every string is (`"\u{7F}"`).
                return c.parts.map { p in
                    let written = slice(p.range.start, p.range.end)
                    return written.hasPrefix("\"") ? Formatter.quote(p.text) : written
                }.joined(separator: "+")
            }
            var text = built.sourceText
            if parts.last == "backspace", built.key == .delete, text.hasSuffix(Key.delete.sourceName) {
                text = text.dropLast(Key.delete.sourceName.count) + "backspace"
            }
            return (primary ? "primary+" : "") + text
        }

        // MARK: - Layout

        /// Prints `nodes` at `indent` levels, each preceded by its leading comments; no blank
        /// line before the first thing of a body.
        mutating func emit(_ nodes: [Node], indent: Int, bodyStart: Int) {
            let pad = String(repeating: "  ", count: indent)
            var printedInBody = false
            for n in nodes {
                if emitComments(before: n.start, indent: indent, atBodyStart: !printedInBody) { printedInBody = true }
                if printedInBody && blankLine(printedUpTo, n.start) { flushRun(); lines.append("") }
                printedInBody = true
                switch n {
                case .line(var l):
                    if let prefix = leading {
                        // Aligned with nothing, as when the comment had a line of its own.
                        l = Line(cells: [prefix + " " + l.cells.filter { !$0.isEmpty }.joined(separator: " ")], kind: .other, start: l.start, end: l.end)
                        leading = nil
                    }
                    printed(through: l.end)
                    if let c = trailingComment() { l.cells.append(c) }
                    if let last = run.last, last.0.kind != l.kind || l.kind == .other { _ = last; flushRun() }
                    run.append((l, pad))
                case .body(var header, let children, let close, let closer):
                    flushRun()
                    if let prefix = leading { header.cells[0] = prefix + " " + header.cells[0]; leading = nil }
                    printed(through: header.end)
                    let empty = children.isEmpty && !hasComment(inside: header.end - 1, close)
                    if empty {
                        printedUpTo = close + 1
                        var text = header.cells.joined(separator: " ")
                        if text.hasSuffix("{") { text += closer }
                        if let c = trailingComment() { text += " " + c }
                        lines.append(pad + text)
                        continue
                    }
                    if let c = trailingComment() { header.cells.append(c) }
                    lines.append(pad + header.cells.joined(separator: " "))
                    emit(children, indent: indent + 1, bodyStart: header.end)
                    emitComments(before: close, indent: indent + 1, atBodyStart: children.isEmpty)
                    flushRun()
                    printedUpTo = close + 1
                    var text = closer
                    if let c = trailingComment() { text += " " + c }
                    lines.append(pad + text)
                }
            }
            flushRun()
        }

        /// Prints the comments that start before `offset` on lines of their own; true if any.
        @discardableResult
        mutating func emitComments(before offset: Int, indent: Int, atBodyStart: Bool) -> Bool {
            let pad = String(repeating: "  ", count: indent)
            var firstInBody = atBodyStart
            var printed = false
            while nextComment < comments.count && comments[nextComment].start < offset {
                let c = comments[nextComment]
                // A block comment followed on its line by the code at `offset` (after
                // white space and other block comments) is printed before that code.
                if leadsCode(nextComment, at: offset) {
                    nextComment += 1
                    if leading == nil && !firstInBody && blankLine(printedUpTo, c.start) { flushRun(); lines.append("") }
                    leading = (leading.map { $0 + " " } ?? "") + commentText(c)
                    printedUpTo = c.end
                    continue
                }
                nextComment += 1
                flushRun()
                // A comment after another on the same line stays on that line, as written
                // (`/* a */ /* b */`, `/* x */ // y`).
                if printed, c.start >= printedUpTo, printedUpTo <= bytes.count, c.start <= bytes.count,
                   bytes[printedUpTo..<c.start].allSatisfy({ $0 == 0x20 || $0 == 0x09 }), let last = lines.popLast() {
                    lines.append(last + slice(printedUpTo, c.start) + commentText(c))
                    printedUpTo = c.end
                    continue
                }
                if !firstInBody && blankLine(printedUpTo, c.start) { lines.append("") }
                firstInBody = false
                printed = true
                lines.append(pad + commentText(c))
                printedUpTo = c.end
            }
            return printed
        }

        /// Marks the source up to `end` as printed, with the comments inside it (a line with
        /// a comment inside is printed as written, so those are already part of it).
        mutating func printed(through end: Int) {
            printedUpTo = end
            while nextComment < comments.count && comments[nextComment].start < end { nextComment += 1 }
        }

        /// The comments right after the last printed code on the same line, joined, if any.
        mutating func trailingComment() -> String? {
            var texts: [String] = []
            while nextComment < comments.count {
                let c = comments[nextComment]
                if c.start < printedUpTo { break }
                let gap = bytes[max(0, min(printedUpTo, bytes.count))..<max(0, min(c.start, bytes.count))]
                // Only white space (and the comma after a dictionary entry) may come between.
                if !gap.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x2C }) { break }
                // A comment before more code on its line belongs to that code (the next
                // entry of `a: 1, /* c */ b: 2`).
                if leadsCode(nextComment, at: nil) { break }
                texts.append(commentText(c))
                printedUpTo = c.end
                nextComment += 1
            }
            return texts.isEmpty ? nil : texts.joined(separator: " ")
        }

        /// Whether comment `index` is a block comment followed on its line, after white space
        /// and other block comments, by code other than `,` or a closing bracket: the code it
        /// precedes, which must start at `offset` when given.
        func leadsCode(_ index: Int, at offset: Int?) -> Bool {
            var i = index
            while i < comments.count, comments[i].isBlock {
                var pos = comments[i].end
                while pos < bytes.count && (bytes[pos] == 0x20 || bytes[pos] == 0x09) { pos += 1 }
                if i + 1 < comments.count && comments[i + 1].start == pos { i += 1; continue }
                guard pos < bytes.count else { return false }
                switch bytes[pos] {
                case 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): return false
                default: return offset == nil || offset == pos
                }
            }
            return false
        }

        func commentText(_ c: Comment) -> String {
            var end = c.end
            if !c.isBlock {
                while end > c.start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
            }
            return slice(c.start, end)
        }

        func blankLine(_ a: Int, _ b: Int) -> Bool {
            var newlines = 0
            var i = max(0, a)
            let end = min(b, bytes.count)
            while i < end {
                if bytes[i] == 0x0A {
                    newlines += 1
                    if newlines >= 2 { return true }
                }
                i += 1
            }
            return false
        }

        /// Prints the pending run of lines with their columns aligned.
        mutating func flushRun() {
            guard !run.isEmpty else { return }
            let columns = run.map(\.0.cells.count).max() ?? 0
            var widths = [Int](repeating: 0, count: columns)
            for (l, _) in run {
                let lastNonEmpty = l.cells.lastIndex { !$0.isEmpty } ?? -1
                for (k, cell) in l.cells.enumerated() where k < lastNonEmpty {
                    widths[k] = max(widths[k], Formatter.width(cell))
                }
            }
            for (l, pad) in run {
                let lastNonEmpty = l.cells.lastIndex { !$0.isEmpty } ?? -1
                var text = ""
                for (k, cell) in l.cells.enumerated() where k <= lastNonEmpty {
                    if k == lastNonEmpty { text += cell; break }
                    if widths[k] == 0 { continue }
                    text += cell + String(repeating: " ", count: widths[k] - Formatter.width(cell) + 1)
                }
                lines.append(pad + text)
            }
            run.removeAll()
        }
    }

    // MARK: - Text

    /// A string literal with canonical escapes.
    static func quote(_ s: String) -> String {
        SourceLiteral.quoted(s)
    }

    /// A dictionary key: bare when it is an identifier, else quoted.
    static func dictionaryKey(_ s: String) -> String {
        let b = Array(s.utf8)
        guard let f = b.first, !Lexer.isDigit(f), b.allSatisfy(Lexer.isIdentifierContinue) else { return quote(s) }
        return s
    }

    static func action(_ a: ActionReference) -> String {
        guard let arg = a.argument else { return a.name.name }
        switch arg {
        case .int(let v, _): return "\(a.name.name)(\(v))"
        case .double(let v, _): return "\(a.name.name)(\(v))"
        case .string(let s): return "\(a.name.name)(\(quote(s.value)))"
        case .bool(let b, _): return "\(a.name.name)(\(b))"
        }
    }

    /// A `when` expression with single spaces around binary operators.
    static func expression(_ e: Expression) -> String {
        switch e {
        case .identifier(let i): return i.name
        case .string(let s): return quote(s.value)
        case .bool(let b, _): return b ? "true" : "false"
        case .not(let x, _): return "!" + expression(x)
        case .binary(let op, let l, let r, _): return expression(l) + " " + op.rawValue + " " + expression(r)
        case .membership(let l, let values, let negated, _):
            return expression(l) + (negated ? " not in (" : " in (") + values.map(expression).joined(separator: ", ") + ")"
        case .parenthesized(let x, _): return "(" + expression(x) + ")"
        case .chain(let c): return c.kind.rawValue + " " + c.role.name
        case .error: return ""
        }
    }

    /// Display width for alignment (wide characters count two).
    static func width(_ s: String) -> Int { s.reduce(0) { $0 + DiagnosticRenderer.width(of: $1) } }
}

extension Formatter {
    /// Attributes as written canonically, each followed by a space: `@allowLayouts(de, fr) `.
    static func attributes(_ attributes: [AttributeSyntax]) -> String {
        attributes.map { a in
            "@" + a.name.name + (a.argument?.text ?? "")
                + (a.arguments.map { "(" + $0.map(\.name).joined(separator: ", ") + ")" } ?? "") + " "
        }.joined()
    }
}
