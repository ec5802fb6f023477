import BindingRuntime

/// Prints an ``ImportedKeymap`` as `.bind` source: declarations (for a layer, only those the
/// base does not have), one `in Role { … }` block per run of bindings of a role in file
/// order, unbinds, and a comment for every entry that is not a binding, with its reason.
///
/// Names are mangled to identifiers deterministically: `::` → `__`, any other character that
/// cannot be in an identifier → `_`, a leading digit or a keyword gets `_`, a clash `_2`. A
/// command whose mangled name is a standard action (`undo`, `copy`) and that takes no
/// argument is that action. An action whose name is more than the command with `::` → `__`
/// and `.` → `_` is declared with a comment naming the command (`action vim_use_C___  //
/// VS Code's vim.use<C-^>`).
struct BindSourceWriter {
    /// The names declared so far (by the base, then this file), by namespace.
    struct Declarations: Sendable {
        var contexts = Names(reserved: ["platform"]), roles = Names(), actions = Names(reserved: Set(StandardActions.all))
        /// Foreign context key (with `#flag` appended for a Zed flag that shares a key's name) to
        /// its declaration.
        var contextDecls: [String: String] = [:]
        var contextOrder: [String] = []
        var roleOrder: [String] = []
        /// Foreign command to its `.bind` action name and argument type.
        var actionDecls: [String: (name: String, type: String?)] = [:]
        var actionOrder: [String] = []
        /// The second actions of a layer (``alternateKey(_:_:)``): their declarations say why.
        var alternates: [String: String] = [:]
        /// Actions (by `.bind` name) whose String argument holds the argument's JSON text,
        /// because their bindings pass arguments of several kinds, or objects and arrays: a
        /// string is then `"x"` with its quotes, no argument the empty text.
        var jsonText: Set<String> = []
    }

    /// Deterministic unique identifiers for one namespace.
    struct Names: Sendable {
        var byOriginal: [String: String] = [:]
        var used: Set<String> = []
        init(reserved: Set<String> = []) { used = reserved }
        /// The identifier for `original` (made from `spelling` when given: a Zed flag is
        /// registered as `name#flag` but spelled `name`).
        mutating func name(for original: String, spelling: String? = nil) -> String {
            if let n = byOriginal[original] { return n }
            let base = BindSourceWriter.mangle(spelling ?? original)
            var candidate = base
            var suffix = 2
            while used.contains(candidate) {
                candidate = "\(base)_\(suffix)"
                suffix += 1
            }
            used.insert(candidate)
            byOriginal[original] = candidate
            return candidate
        }
    }

    /// `editor::Cancel` → `editor__Cancel`, `editor.action.commentLine` → `editor_action_commentLine`.
    static func mangle(_ name: String) -> String {
        var out = name.replacing("::", with: "__")
        out = String(out.unicodeScalars.map { c -> Character in
            c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_") ? Character(c) : "_"
        })
        if out.isEmpty || out.first!.isNumber { out = "_" + out }
        if Keywords.all.contains(out) { out += "_" }
        return out
    }

    /// `original` as comment text when its identifier `name` is not just `original` with `::`
    /// → `__` and `.` → `_` (so a reader cannot tell the command from the name): another
    /// character replaced, a `_` prefix or suffix, a clash's `_2`. Nil when it is.
    static func originalUnlessPlain(_ original: String, _ name: String) -> String? {
        name == original.replacing("::", with: "__").replacing(".", with: "_") ? nil : ForeignText.inline(original)
    }

    /// A declaration's trailing comment naming the foreign name its identifier was made from,
    /// when a reader could not tell it from the identifier (``originalUnlessPlain(_:_:)``):
    /// `context menu_: Bool  // Zed's menu`; empty when the name is plain.
    static func renamedComment(_ original: String, _ name: String, _ format: ImportFormat) -> String {
        originalUnlessPlain(original, name).map { "  // \(format.displayName)'s \($0)" } ?? ""
    }

    enum ArgumentKind: Hashable {
        case none, int(Int64), string(String), bool(Bool), json(String)
        var typeName: String? {
            switch self {
            case .none: nil
            case .int: "Int"
            case .string: "String"
            case .bool: "Bool"
            case .json: "JSON"
            }
        }
        var text: String {
            switch self {
            case .none: ""
            case .int(let n): String(n)
            case .string(let s): s
            case .bool(let b): b ? "true" : "false"
            case .json(let j): j
            }
        }
    }

    /// An argument as JSON text, compact (a string with its quotes); no argument is "".
    static func jsonText(_ value: JSONC?) -> String {
        guard let value else { return "" }
        if case .null = value.value { return "" }
        return value.compactText
    }

    static func argumentKind(_ value: JSONC?) -> ArgumentKind {
        guard let value else { return .none }
        switch value.value {
        case .null: return .none
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .number(let n): return Int64(n).map(ArgumentKind.int) ?? .json(n)
        default: return .json(value.compactText)
        }
    }

    var declarations: Declarations
    var keymap: ImportedKeymap
    var approximations: [String: Int] = [:]

    /// Adds `keymap`'s names to `declarations` (so a layer can reuse the base's).
    static func declare(_ keymap: ImportedKeymap, into d: inout Declarations) {
        for b in keymap.bindings + keymap.unbinds.map({
            ImportedKeymap.Binding(entry: $0.entry, sequence: $0.sequence, role: $0.role, condition: $0.condition,
                                   original: $0.condition, command: "", argument: nil)
        }) {
            if d.roles.byOriginal[b.role] == nil { _ = d.roles.name(for: b.role); d.roleOrder.append(b.role) }
            var flags: [String] = [], strings: [String] = [], roles: [String] = []
            b.condition.collectNames(flags: &flags, strings: &strings, roles: &roles)
            for r in roles where d.roles.byOriginal[r] == nil { _ = d.roles.name(for: r); d.roleOrder.append(r) }
            for k in strings where d.contextDecls[k] == nil {
                let name = d.contexts.name(for: k)
                d.contextDecls[k] = "context \(name): String" + renamedComment(k, name, keymap.format)
                d.contextOrder.append(k)
            }
            for f in flags {
                let key = keymap.format == .zed ? f + "#flag" : f
                guard d.contextDecls[key] == nil else { continue }
                if let spelling = ForeignPredicate.spelling(of: f) {
                    // A VS Code operand the language has no operator for: the app sets it.
                    d.contextDecls[key] = "context \(d.contexts.name(for: key, spelling: spelling)): Bool"
                        + "  // the app sets it to VS Code's \(ForeignText.inline(f))"
                } else {
                    let name = d.contexts.name(for: key, spelling: f)
                    d.contextDecls[key] = "context \(name): Bool" + renamedComment(f, name, keymap.format)
                }
                d.contextOrder.append(key)
            }
        }
        // A command is declared once, with the argument type its bindings need. A layer's
        // binding whose argument the base's declaration does not accept gets an action of its
        // own (`command#Type`), since the base file cannot change.
        var kinds: [String: Set<ArgumentKind>] = [:]
        var order: [String] = []
        var commandOf: [String: String] = [:]
        for b in keymap.bindings {
            let kind = argumentKind(b.argument)
            var key = b.command
            if let declared = d.actionDecls[key] {
                if accepts(declared.type, kind) { continue }
                key = alternateKey(b.command, kind)
                if d.actionDecls[key] != nil { continue }
                let takes = declared.type.map { "an argument of type \($0)" } ?? "no argument"
                d.alternates[key] = "\(ForeignText.inline(b.command)) with " + (kind == .none ? "no argument" : "an argument")
                    + "; the base declares \(declared.name) with \(takes)"
            }
            if kinds[key] == nil { order.append(key); commandOf[key] = b.command }
            kinds[key, default: []].insert(kind)
        }
        let standard = Set(StandardActions.all)
        for key in order {
            let command = commandOf[key] ?? key
            let typeNames = Set((kinds[key] ?? []).map(\.typeName))
            let type: String? =
                typeNames == [nil] ? nil
                : typeNames.count == 1 && typeNames.first! != "JSON" ? typeNames.first! : "String"
            let mangled = mangle(command)
            if type == nil, standard.contains(mangled) {
                d.actionDecls[key] = (mangled, nil)
                continue
            }
            let name = d.actions.name(for: key, spelling: command)
            d.actionDecls[key] = (name, type)
            d.actionOrder.append(key)
            if type == "String", typeNames != ["String"] { d.jsonText.insert(name) }
        }
    }

    /// Whether an action declared with argument type `type` takes an argument of `kind` (a
    /// `String` action takes any, as its text).
    static func accepts(_ type: String?, _ kind: ArgumentKind) -> Bool {
        switch (type, kind) {
        case (nil, .none), ("String", _), ("Int", .int), ("Bool", .bool): true
        default: false
        }
    }

    /// The declaration key of a command's second action, for arguments of `kind`.
    static func alternateKey(_ command: String, _ kind: ArgumentKind) -> String {
        command + "#" + (kind.typeName ?? "none")
    }

    /// The declaration a binding of `command` with an argument of `kind` uses.
    func action(_ command: String, _ kind: ArgumentKind) -> (name: String, type: String?) {
        if let declared = declarations.actionDecls[command], BindSourceWriter.accepts(declared.type, kind) { return declared }
        return declarations.actionDecls[BindSourceWriter.alternateKey(command, kind)] ?? declarations.actionDecls[command]!
    }

    /// The condition as `.bind` text. A condition taller than the language allows
    /// (``Parser/maxConditionHeight``: each operator of a chain of `&&` or `||` is a level, so
    /// an entry narrowed by a hundred later ones is one) is written with its longest chains
    /// in parenthesized groups, which mean the same and parse lower.
    func render(_ c: ImportCondition) -> String {
        let plain = rendered(c, grouping: Int.max)
        if plain.height <= Parser.maxConditionHeight { return plain.text }
        var best = plain
        for grouping in [32, 8] {
            best = rendered(c, grouping: grouping)
            if best.height <= Parser.maxConditionHeight { break }
        }
        return best.text
    }

    /// `c` as text with its height as the parser measures it (a name 1; a comparison, a `!`
    /// and a pair of parentheses one more than what they hold; a chain one more per
    /// operator); chains taller than `grouping` are split into parenthesized groups.
    private func rendered(_ c: ImportCondition, grouping: Int) -> (text: String, height: Int) {
        switch c {
        case .constant(let b): return (b ? "true" : "false", 1)
        case .flag(let n):
            let key = keymap.format == .zed ? n + "#flag" : n
            return (declarations.contexts.byOriginal[key] ?? BindSourceWriter.mangle(n), 1)
        case .equals(ImportCondition.platformKey, let v): return ("platform == \(v)", 2)
        case .equals(let k, let v):
            return ("\(declarations.contexts.byOriginal[k] ?? BindSourceWriter.mangle(k)) == \(ForeignText.literal(v))", 2)
        case .isRole(let r): return ("is \(declarations.roles.byOriginal[r] ?? BindSourceWriter.mangle(r))", 1)
        case .inside(let r): return ("inside \(declarations.roles.byOriginal[r] ?? BindSourceWriter.mangle(r))", 1)
        case .not(let inner):
            switch inner {
            case .flag, .isRole, .inside:
                let x = rendered(inner, grouping: grouping)
                return ("!" + x.text, x.height + 1)
            case .equals(ImportCondition.platformKey, let v): return ("platform != \(v)", 2)
            case .equals(let k, let v):
                return ("\(declarations.contexts.byOriginal[k] ?? BindSourceWriter.mangle(k)) != \(ForeignText.literal(v))", 2)
            default:
                let x = rendered(inner, grouping: grouping)
                return ("!(\(x.text))", x.height + 2)
            }
        case .and(let parts):
            return chain(parts.map { part in
                let x = rendered(part, grouping: grouping)
                if case .or = part { return ("(\(x.text))", x.height + 1) }
                return x
            }, " && ", grouping: grouping)
        case .or(let parts):
            return chain(parts.map { rendered($0, grouping: grouping) }, " || ", grouping: grouping)
        }
    }

    /// Operands joined by `separator` (left to right, as the parser groups them); when that
    /// is taller than `grouping`, runs of operands in parentheses instead, as many times as
    /// it takes.
    private func chain(_ operands: [(text: String, height: Int)], _ separator: String, grouping: Int) -> (text: String, height: Int) {
        func joined(_ xs: ArraySlice<(text: String, height: Int)>) -> (text: String, height: Int) {
            var height = 0
            for (i, x) in xs.enumerated() { height = max(height, x.height + xs.count - max(i, 1)) }
            return (xs.map(\.text).joined(separator: separator), height)
        }
        var level = operands[...]
        var result = joined(level)
        let size = max(2, min(16, grouping / 2))
        while result.height > grouping, level.count > size {
            level = stride(from: level.startIndex, to: level.endIndex, by: size).map { start in
                let group = joined(level[start..<min(start + size, level.endIndex)])
                return ("(\(group.text))", group.height + 1)
            }[...]
            result = joined(level)
        }
        return result
    }

    /// A `line:column`-free origin for comments: the entry as written.
    func describe(_ entry: ImportedKeymap.Entry, line: Int) -> String {
        if entry.keys.isEmpty && entry.command.isEmpty { return "the item of line \(line)" }
        return "\(ForeignText.literal(entry.keys)) -> \(entry.command.isEmpty ? "\"\"" : ForeignText.inline(entry.command)) (line \(line))"
    }

    /// The source text. `base` is the `.bind` file a layer sits over (nil for a whole keymap);
    /// `foreign` resolves entry positions to lines; `ownDeclarations` are the names this file
    /// must declare (the rest are the base's); `platform`, when given, is written as the
    /// platform the keymap is for (`keymap "Name" for linux`).
    func write(base: String?, foreign: SourceFile, from previous: Declarations?, language: ImportLanguage, platform: Platform? = nil) -> String {
        func line(_ entry: Int) -> Int { foreign.lineAndColumn(of: keymap.entries[entry].range.lowerBound).line }
        var out: [String] = []
        let converted = keymap.entries.filter { $0.outcome == .converted || $0.outcome == .disables }.count
        let overridden = keymap.entries.filter { if case .overridden = $0.outcome { true } else { false } }.count
        out.append("// Imported from \(ForeignText.inline(foreign.path)) (\(keymap.format.displayName)) by `bindc import`.")
        out.append("// \(keymap.entries.count) \(keymap.entries.count == 1 ? "entry" : "entries"): \(converted) converted, \(overridden) always overridden by a later entry, "
            + "\(keymap.entries.count - converted - overridden) left out (see the comments below).")
        let forPlatform = platform.map { " for \($0.rawValue)" } ?? ""
        if let base {
            if language.layerDirective {
                out.append("layer over \(ForeignText.literal(base))")
            } else {
                out.append("// A layer over \(ForeignText.literal(base)): compile it after that file.")
            }
            // The layer says its platform too, so it checks for it alone (the base's name wins).
            if platform != nil { out.append("keymap \(ForeignText.literal(keymap.name))" + forPlatform) }
        } else {
            out.append("keymap \(ForeignText.literal(keymap.name))" + forPlatform)
        }
        out.append("")
        let prevRoles = Set(previous?.roleOrder ?? []), prevContexts = Set(previous?.contextOrder ?? [])
        let prevActions = Set(previous?.actionOrder ?? [])
        let roles = declarations.roleOrder.filter { !prevRoles.contains($0) }
        if !roles.isEmpty {
            out.append("responder " + roles.map { declarations.roles.byOriginal[$0]! }.joined(separator: ", "))
            // A role whose identifier hides its foreign name (a keyword's `_`, a clash's `_2`).
            let renamed = roles.compactMap { r in
                BindSourceWriter.originalUnlessPlain(r, declarations.roles.byOriginal[r]!).map { "\(declarations.roles.byOriginal[r]!) is \($0)" }
            }
            if !renamed.isEmpty { out.append("// \(keymap.format.displayName)'s names: " + renamed.joined(separator: ", ")) }
        }
        for k in declarations.contextOrder where !prevContexts.contains(k) { out.append(declarations.contextDecls[k]!) }
        for a in declarations.actionOrder where !prevActions.contains(a) {
            let d = declarations.actionDecls[a]!
            let why = declarations.alternates[a] ?? BindSourceWriter.originalUnlessPlain(a, d.name).map { "\(keymap.format.displayName)'s " + $0 }
            out.append("action \(d.name)" + (d.type.map { "(\($0))" } ?? "") + (why.map { "  // " + $0 } ?? ""))
        }
        // Entries that are not bindings: a comment each, in file order.
        var notes: [String] = []
        for (i, e) in keymap.entries.enumerated() {
            switch e.outcome {
            case .converted: break
            case .disables where keymap.format == .vscode && !e.command.isEmpty && !keymap.removing.contains(i):
                notes.append(base == nil
                    ? "// removes nothing here: \(describe(e, line: line(i))): a removal removes VS Code's default bindings, not this file's (import it with --over the defaults)"
                    : keymap.removalsOfUnknownCommands.contains(i)
                    ? "// removes nothing: \(describe(e, line: line(i))): no default binding runs this command (an extension's, or one these defaults no longer bind)"
                    : keymap.removalsOfOverridden.contains(i)
                    ? "// removes nothing: \(describe(e, line: line(i))): the default binding of these keys to this command is always overridden by a later default, so it runs nowhere (in VS Code too, while that default stays)"
                    : keymap.removalsWithAnotherWhen.contains(i)
                    ? "// removes nothing: \(describe(e, line: line(i))): the default binding of these keys to this command has another 'when' (VS Code removes only one whose 'when' is the removal's; the default's may have changed since the entry was written)"
                    : "// removes nothing: \(describe(e, line: line(i))): no default binding of these keys runs this command")
            case .disables where !keymap.removing.contains(i) && keymap.outerDisables.contains(i):
                notes.append("// not applied: \(describe(e, line: line(i))): it disables a binding of these keys of an element further out, as Zed does there; the language cannot say so, and that binding still runs (counted as approximated)")
            case .disables where !keymap.removing.contains(i):
                let what = e.command == "null" || e.command.isEmpty ? "is live where it is" : "runs this action"
                notes.append("// removes nothing: \(describe(e, line: line(i))): no earlier binding of these keys \(what)")
            case .disables:
                notes.append("// disables earlier bindings: \(describe(e, line: line(i)))")
            case .overridden(let by):
                notes.append("// always overridden: \(describe(e, line: line(i))) by line \(line(by))")
            case .leftOut(let reason):
                notes.append("// left out: \(describe(e, line: line(i))): \(reason)")
            }
        }
        if !notes.isEmpty {
            out.append("")
            out += notes
        }
        if !keymap.unbinds.isEmpty {
            var role: String?
            out.append("")
            for u in keymap.unbinds {
                if u.role != role {
                    if role != nil { out.append("}") }
                    out.append("in \(declarations.roles.byOriginal[u.role]!) {")
                    role = u.role
                }
                let when = u.condition == .constant(true) ? "" : " when " + render(u.condition)
                let more = u.merged.isEmpty ? "" : ", and \(u.merged.count) more (line\(u.merged.count == 1 ? "" : "s") \(u.merged.map { String(line($0)) }.joined(separator: ", ")))"
                out.append("  unbind \(u.sequence.joined(separator: " "))\(when)  // \(u.reason), line \(line(u.entry))\(more)")
            }
            out.append("}")
        }
        // Later entries first: they win where they overlap an earlier one, which is narrowed.
        // (Dispatch does not depend on the order, since overlapping bindings were made
        // disjoint; the checker meets the deciding literals first this way.)
        var role: String?
        for b in keymap.bindings.reversed() {
            if b.role != role {
                if role != nil { out.append("}") }
                out.append("")
                out.append("in \(declarations.roles.byOriginal[b.role]!) {")
                role = b.role
            }
            let kind = BindSourceWriter.argumentKind(b.argument)
            let action = action(b.command, kind)
            var text = "  \(b.performsOnTimeout ? "@timeout " : "")\(b.sequence.joined(separator: " ")) -> \(action.name)"
            if let type = action.type {
                let argument = declarations.jsonText.contains(action.name) ? BindSourceWriter.jsonText(b.argument) : kind.text
                text += type == "String" ? "(\(ForeignText.literal(argument)))" : "(\(argument))"
            }
            if b.condition != .constant(true) { text += " when " + render(b.condition) }
            // The entry's line on a line of its own: a trailing comment would be aligned
            // after the longest condition of the block.
            if let removal = b.restoredBy {
                out.append(keymap.format == .vscode
                    ? "  // the default VS Code runs again where '\(ForeignText.inline(removal))' of line \(line(b.entry)) removed the later one"
                    : "  // the earlier binding Zed runs again where 'unbind \(ForeignText.inline(String(removal.dropFirst())))' of line \(line(b.entry)) removed the later one")
            } else if let chord = b.revivedBy {
                out.append("  // the default VS Code runs again where the layer's '\(ForeignText.inline(chord))' of line \(line(b.entry)) makes '\(b.sequence[0])' wait for a chord")
            } else if let outer = b.continuesFor {
                out.append(b.continuesOnSameElement
                    ? "  // line \(line(b.entry)), \(outer)'s (the same Zed element), so that '\(b.sequence[0])' here waits for it as in Zed"
                    : "  // line \(line(b.entry)), the outer \(outer)'s, so that '\(b.sequence[0])' here waits for it as in Zed")
            } else if let shorter = b.heldBeside {
                let prefix = b.sequence.joined(separator: " ")
                out.append(b.heldFromBase
                    ? "  // the base's \(shorter) binding (the same Zed element), waiting here too for the longer one of line \(line(b.entry)), whichever role comes first"
                    : "  // line \(line(b.entry)), \(shorter)'s (the same Zed element), held here too: '\(prefix)' waits whichever role comes first")
            } else {
                out.append(b.heldFromBase ? "  // the base's binding, waiting for the longer one of line \(line(b.entry))" : "  // line \(line(b.entry))")
            }
            out.append(text)
        }
        if role != nil { out.append("}") }
        // Every line through the last guard: no foreign character can end a comment or a line.
        return out.map(ForeignText.comment).joined(separator: "\n") + "\n"
    }
}
