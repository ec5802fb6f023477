import BindingRuntime

/// A readable listing of a checked keymap, as text for people (`bindc dump`) and as JSON for
/// tools (`bindc dump --json`). Menus and quick actions print in `.bind` syntax.
public enum KeymapPrinter {
    // MARK: - Text

    /// The listing: header, declarations, a table of every binding (role, keys, action,
    /// title, group, condition, source location), then menus and quick actions.
    public static func text(_ keymap: Keymap) -> String {
        var out = ""
        write(keymap, to: &out)
        return out
    }

    /// Writes the listing of ``text(_:)`` to `out` as it goes.
    public static func write(_ keymap: Keymap, to out: inout some TextOutputStream) {
        write(keymap, bindings: BindingSource(keymap), to: &out)
    }

    /// Writes the listing of a loaded table to `out` as it goes, reading each binding from the
    /// table when its row is written (twice: once to measure the columns, once to print), so
    /// the memory needed beyond the table is one row and the decoded conditions, whatever the
    /// number of bindings. Prints exactly what ``text(_:)`` prints for `Keymap(table:)`.
    public static func write(table: BindingTable, to out: inout some TextOutputStream) {
        write(Keymap(declarationsOf: table), bindings: BindingSource(table), to: &out)
    }

    /// The listing's sections in order; `bindings` stands for `keymap.bindings`.
    static func write(_ keymap: Keymap, bindings: BindingSource, to out: inout some TextOutputStream) {
        out.write("keymap " + (keymap.name.map(SourceText.quoted) ?? "(unnamed)"))
        out.write(" for \(keymap.platform.rawValue)\n")
        writeDeclarations(keymap, to: &out)
        writeBindings(keymap, bindings, to: &out)
        writeOverrides(keymap, bindings, to: &out)
        writeMenusAndShortcuts(keymap, to: &out)
    }

    /// What later layers overrode: the WHEN column above is each binding's effective
    /// condition; this says what narrowed it (Grammar.md §9). One pass to count, one to write.
    private static func writeOverrides(_ keymap: Keymap, _ bindings: BindingSource, to out: inout some TextOutputStream) {
        var count = 0
        for i in 0..<bindings.count where !bindings[i].overriddenBy.isEmpty { count += 1 }
        guard count > 0 else { return }
        out.write("\noverridden by later layers (\(count)):\n")
        for i in 0..<bindings.count {
            let b = bindings[i]
            guard !b.overriddenBy.isEmpty else { continue }
            out.write("  \(SourceText.role(b.role, in: keymap)) \(SourceText.sequence(b.sequence))")
            out.write(b.location.map { " (\($0))" } ?? "")
            out.write("\n")
            for o in b.overriddenBy { out.write("    " + overrideText(o, keymap) + "\n") }
        }
    }

    /// Contexts, roles and actions.
    private static func writeDeclarations(_ keymap: Keymap, to out: inout some TextOutputStream) {
        if !keymap.contexts.isEmpty {
            out.write("\ncontexts:\n")
            for c in keymap.contexts { out.write("  context \(c.name): \(typeText(c.type))\n") }
        }
        if !keymap.roles.isEmpty {
            out.write("\nresponder \(keymap.roles.joined(separator: ", "))\n")
        }
        if !keymap.actions.isEmpty {
            out.write("\nactions:\n")
            for a in keymap.actions {
                out.write("  \(a.name)" + (a.argument.map { "(\($0.rawValue))" } ?? ""))
                out.write(a.isStandard ? "  (standard)\n" : "\n")
            }
        }
    }

    /// The cells of one binding's row, in the order of ``bindingHeader``; `when` is the WHEN
    /// cell (the condition's text or its name).
    static func bindingRow(_ b: Binding, _ keymap: Keymap, when: String) -> [String] {
        [
            SourceText.role(b.role, in: keymap),
            SourceText.attributes(b) + SourceText.sequence(b.sequence),
            SourceText.actionReference(b.action, b.argument, in: keymap),
            b.title.map(SourceText.quoted) ?? "",
            b.group.map { groupName($0, keymap).map(SourceText.quoted) ?? "<group \($0)>" } ?? "",
            when,
            b.location?.description ?? "",
        ]
    }

    static let bindingHeader = ["ROLE", "KEYS", "ACTION", "TITLE", "GROUP", "WHEN", "SOURCE"]

    /// Conditions whose text is longer than this many characters are listed once, named, under
    /// `conditions:`, and the WHEN column shows the name: the listing stays linear in the size
    /// of the table however many bindings share a long condition, and the column stays narrow.
    public static let longCondition = 40

    /// The WHEN cells of a listing: short conditions as text, long ones by name (`[c1]`, `[c2]`, …
    /// in order of first use, one name per distinct text). A table's bindings share conditions
    /// by reference, and each referenced condition is rendered once.
    private struct WhenCells {
        let keymap: Keymap
        /// The long conditions' texts, in order of their names.
        var named: [String] = []
        var nameOfText: [String: String] = [:]
        var cellOfReference: [UInt32: String] = [:]

        mutating func cell(_ b: Binding, reference: UInt32?) -> String {
            if let reference, let cell = cellOfReference[reference] { return cell }
            let cell: String
            if b.condition.isTrue { cell = "" } else {
                let text = ConditionPrinter.render(b.condition, contexts: keymap.contexts, roles: keymap.roles)
                if text.count <= KeymapPrinter.longCondition { cell = text }
                else if let name = nameOfText[text] { cell = name }
                else {
                    named.append(text)
                    cell = "[c\(named.count)]"
                    nameOfText[text] = cell
                }
            }
            if let reference { cellOfReference[reference] = cell }
            return cell
        }
    }

    /// The named long conditions, then the binding table: one pass to name the conditions and
    /// measure the columns, one to write the rows.
    private static func writeBindings(_ keymap: Keymap, _ bindings: BindingSource, to out: inout some TextOutputStream) {
        var cells = WhenCells(keymap: keymap)
        var widths = bindingHeader.map(\.count)
        func row(_ i: Int) -> [String] {
            let b = bindings[i]
            return bindingRow(b, keymap, when: cells.cell(b, reference: bindings.conditionReference?(i)))
        }
        for i in 0..<bindings.count {
            for (c, cell) in row(i).enumerated() { widths[c] = max(widths[c], cell.count) }
        }
        if !cells.named.isEmpty {
            out.write("\nconditions (\(cells.named.count)):\n")
            for (k, text) in cells.named.enumerated() { out.write("  [c\(k + 1)] \(text)\n") }
        }
        out.write("\nbindings (\(bindings.count)):\n")
        guard bindings.count > 0 else { return }
        writeRow(bindingHeader, widths, to: &out)
        for i in 0..<bindings.count { writeRow(row(i), widths, to: &out) }
    }

    /// Edit menu, main menus and quick actions.
    private static func writeMenusAndShortcuts(_ keymap: Keymap, to out: inout some TextOutputStream) {
        if !keymap.editMenu.isEmpty {
            out.write("\nmenu edit {\n")
            for item in keymap.editMenu {
                out.write("  \(SourceText.quoted(item.title)) -> ")
                out.write(SourceText.actionReference(item.action, item.argument, in: keymap))
                out.write(whenSuffix(item.condition, keymap) + "\n")
            }
            out.write("}\n")
        }
        for menu in keymap.mainMenus {
            out.write("\n")
            printMenu(menu, keymap: keymap, to: &out)
        }
        for q in keymap.quickActions {
            out.write("\nshortcut \(SourceText.quoted(q.type)) {\n")
            out.write("  title \(SourceText.quoted(q.title))\n")
            if let s = q.subtitle { out.write("  subtitle \(SourceText.quoted(s))\n") }
            if let i = q.iconType { out.write("  icon \(i)\n") }
            if let f = q.iconFile { out.write("  iconFile \(SourceText.quoted(f))\n") }
            if !q.userInfo.isEmpty { out.write("  userInfo \(SourceText.dictionary(q.userInfo))\n") }
            out.write("}\n")
        }
    }

    /// `overridden where COND by FILE:LINE:COL` (`unbound where …` for an `unbind`): what a
    /// later layer took from a binding.
    public static func overrideText(_ o: Override, _ keymap: Keymap) -> String {
        var text = o.isUnbind ? "unbound" : "overridden"
        if !o.condition.isTrue {
            text += " where " + ConditionPrinter.render(o.condition, contexts: keymap.contexts, roles: keymap.roles)
        }
        return text + " by \(o.location)"
    }

    /// A context type as declared: `Bool`, `String`, `a | b | c`.
    public static func typeText(_ type: ContextType) -> String {
        switch type {
        case .bool: return "Bool"
        case .string: return "String"
        case .enumeration(let cases): return cases.joined(separator: " | ")
        }
    }

    private static func groupName(_ index: Int, _ keymap: Keymap) -> String? {
        keymap.groups.indices.contains(index) ? keymap.groups[index] : nil
    }

    private static func whenSuffix(_ condition: Condition, _ keymap: Keymap) -> String {
        condition.isTrue ? "" : " when " + ConditionPrinter.render(condition, contexts: keymap.contexts, roles: keymap.roles)
    }

    /// A main menu in `.bind` syntax. Iterative (an explicit stack of open menus), so a menu
    /// nested as deep as a hostile table allows needs no call per level.
    private static func printMenu(_ menu: Menu, keymap: Keymap, to out: inout some TextOutputStream) {
        var stack: [(entries: [MenuEntry], next: Int)] = []
        func open(_ m: Menu) {
            out.write(String(repeating: "  ", count: stack.count) + "menu \(SourceText.quoted(m.title)) {\n")
            stack.append((m.entries, 0))
        }
        open(menu)
        while let top = stack.last {
            guard top.next < top.entries.count else {
                stack.removeLast()
                out.write(String(repeating: "  ", count: stack.count) + "}\n")
                continue
            }
            stack[stack.count - 1].next += 1
            let indent = String(repeating: "  ", count: stack.count)
            switch top.entries[top.next] {
            case .separator:
                out.write("\(indent)separator\n")
            case .submenu(let sub):
                open(sub)
            case .item(let item):
                out.write("\(indent)\(SourceText.attributes(item))\(SourceText.quoted(item.title))")
                if let key = item.keyEquivalent { out.write(" \(key.sourceText)") }
                out.write(" -> " + SourceText.actionReference(item.action, item.argument, in: keymap))
                out.write(whenSuffix(item.condition, keymap) + "\n")
            }
        }
    }

    /// Left-aligned columns, two spaces apart, indented by two; trailing blanks trimmed.
    static func table(_ rows: [[String]]) -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        var out = ""
        for row in rows { writeRow(row, widths, to: &out) }
        return out
    }

    /// One row of ``table(_:)`` with the given column widths.
    static func writeRow(_ row: [String], _ widths: [Int], to out: inout some TextOutputStream) {
        var line = "  "
        for (i, cell) in row.enumerated() {
            line += cell
            if i < row.count - 1 { line += String(repeating: " ", count: widths[i] - cell.count + 2) }
        }
        while line.last == " " { line.removeLast() }
        out.write(line + "\n")
    }

    // MARK: - JSON

    /// The keymap as a JSON document; every index is resolved to a name, and every condition
    /// is an index into the document's `conditions` (each distinct text listed once).
    public static func json(_ keymap: Keymap) -> JSONValue {
        var conditions = JSONConditions(keymap: keymap)
        let bindings = keymap.bindings.map { bindingJSON($0, keymap, conditions: &conditions) }
        let tail = jsonTail(keymap, &conditions)
        return .object(jsonHead(keymap) + [("conditions", conditions.listJSON), ("bindings", .array(bindings))] + tail)
    }

    /// Writes ``json(_:)`` of a loaded table, pretty-printed and followed by a line break, as
    /// it goes: each binding is read from the table, converted and written on its own (twice:
    /// once to list the conditions, once to write it), so the memory needed beyond the table
    /// grows with the distinct conditions, not the bindings. Prints exactly
    /// `json(Keymap(table: table)).rendered() + "\n"`.
    public static func writeJSON(table: BindingTable, to out: inout some TextOutputStream) {
        writeJSON(Keymap(declarationsOf: table), bindings: BindingSource(table), to: &out)
    }

    /// Writes `json(keymap).rendered() + "\n"` as it goes.
    public static func writeJSON(_ keymap: Keymap, to out: inout some TextOutputStream) {
        writeJSON(keymap, bindings: BindingSource(keymap), to: &out)
    }

    private static func writeJSON(_ keymap: Keymap, bindings: BindingSource, to out: inout some TextOutputStream) {
        var conditions = JSONConditions(keymap: keymap)
        for i in 0..<bindings.count {
            _ = bindingJSON(bindings[i], keymap, conditions: &conditions, reference: bindings.conditionReference?(i))
        }
        let tail = jsonTail(keymap, &conditions)
        out.write("{")
        for (i, (key, value)) in (jsonHead(keymap) + [("conditions", conditions.listJSON)]).enumerated() {
            if i > 0 { out.write(",") }
            JSONValue.writeMemberKey(key, to: &out, indent: 1)
            value.write(to: &out, indent: 1)
        }
        out.write(",")
        JSONValue.writeMemberKey("bindings", to: &out, indent: 1)
        if bindings.count == 0 { out.write("[]") } else {
            out.write("[")
            for i in 0..<bindings.count {
                if i > 0 { out.write(",") }
                JSONValue.newline(&out, 2)
                bindingJSON(bindings[i], keymap, conditions: &conditions, reference: bindings.conditionReference?(i))
                    .write(to: &out, indent: 2)
            }
            JSONValue.newline(&out, 1)
            out.write("]")
        }
        for (key, value) in tail {
            out.write(",")
            JSONValue.writeMemberKey(key, to: &out, indent: 1)
            value.write(to: &out, indent: 1)
        }
        out.write("\n}\n")
    }

    /// The members of the document before `conditions` and `bindings`.
    private static func jsonHead(_ keymap: Keymap) -> [(String, JSONValue)] {
        [
            ("name", .string(keymap.name)),
            ("platform", .string(keymap.platform.rawValue)),
            ("contexts", .array(keymap.contexts.map(contextJSON))),
            ("roles", .array(keymap.roles.map(JSONValue.string))),
            ("actions", .array(keymap.actions.map { a in
                .object([
                    ("name", .string(a.name)),
                    ("argument", .string(a.argument?.rawValue)),
                    ("standard", .bool(a.isStandard)),
                ])
            })),
            ("groups", .array(keymap.groups.map(JSONValue.string))),
        ]
    }

    /// The members of the document after `bindings`.
    private static func jsonTail(_ keymap: Keymap, _ conditions: inout JSONConditions) -> [(String, JSONValue)] {
        [
            ("editMenu", .array(keymap.editMenu.map { item in
                .object([
                    ("title", .string(item.title)),
                    ("action", .string(actionName(item.action, keymap))),
                    ("argument", argumentJSON(item.argument)),
                    ("condition", conditions.json(item.condition)),
                ])
            })),
            ("mainMenus", .array(keymap.mainMenus.map { menuJSON($0, keymap, &conditions) })),
            ("quickActions", .array(keymap.quickActions.map(quickActionJSON))),
        ]
    }

    private static func contextJSON(_ c: ContextVariable) -> JSONValue {
        switch c.type {
        case .bool: return .object([("name", .string(c.name)), ("type", .string("Bool"))])
        case .string: return .object([("name", .string(c.name)), ("type", .string("String"))])
        case .enumeration(let cases):
            return .object([
                ("name", .string(c.name)), ("type", .string("enum")),
                ("cases", .array(cases.map(JSONValue.string))),
            ])
        }
    }

    private static func actionName(_ index: Int, _ keymap: Keymap) -> String {
        keymap.actions.indices.contains(index) ? keymap.actions[index].name : "<action \(index)>"
    }

    /// An argument as a JSON scalar; `null` when there is none.
    public static func argumentJSON(_ value: ArgumentValue) -> JSONValue {
        switch value {
        case .none: return .null
        case .int(let i): return .int(i)
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        }
    }

    /// One binding as `dump --json` lists it: role, keys, glyphs, codes, action, argument,
    /// title, group, condition (an index into `conditions`, added there when new; `null` when
    /// it always holds), location, `@priority`, `allowsAutomaticLocalization` and
    /// `allowsAutomaticMirroring` (false after `@noRemapping` / `@noMirroring`, as UIKit names
    /// them), and `repeatMilliseconds` for a repeatable
    /// binding (`@repeat`, absent otherwise), every other index resolved to a name.
    /// `reference` is the table's condition reference, when there is one.
    public static func bindingJSON(
        _ b: Binding, _ keymap: Keymap, conditions: inout JSONConditions, reference: UInt32? = nil
    ) -> JSONValue {
        var location: JSONValue = .null
        if let l = b.location {
            location = .object([("path", .string(l.path)), ("line", .int(Int64(l.line))), ("column", .int(Int64(l.column)))])
        }
        var members: [(String, JSONValue)] = [
            ("role", b.role.map { .string(SourceText.role($0, in: keymap)) } ?? .null),
            ("menu", .bool(b.role == nil)),
            ("keys", .string(SourceText.sequence(b.sequence))),
            ("glyphs", .string(b.sequence.map(\.glyphs).joined(separator: " "))),
            ("codes", .array(b.sequence.map { .int(Int64($0.code)) })),
            ("action", .string(actionName(b.action, keymap))),
            ("argument", argumentJSON(b.argument)),
            ("title", .string(b.title)),
            ("group", .string(b.group.flatMap { groupName($0, keymap) })),
            ("condition", conditions.json(b.condition, reference: reference)),
            ("location", location),
            ("priority", .bool(b.wantsPriorityOverSystemBehavior)),
            ("allowsAutomaticLocalization", .bool(b.allowsAutomaticLocalization)),
            ("allowsAutomaticMirroring", .bool(b.allowsAutomaticMirroring)),
        ]
        if let window = b.repeatMilliseconds { members.append(("repeatMilliseconds", .int(Int64(window)))) }
        if b.performsOnTimeout { members.append(("timeout", .bool(true))) }
        if !b.overriddenBy.isEmpty {
            members.append(("overriddenBy", .array(b.overriddenBy.map { o in
                .object([
                    ("kind", .string(o.isUnbind ? "unbind" : "binding")),
                    ("condition", conditions.json(o.condition)),
                    ("location", .object([
                        ("path", .string(o.location.path)), ("line", .int(Int64(o.location.line))),
                        ("column", .int(Int64(o.location.column))),
                    ])),
                ])
            })))
        }
        return .object(members)
    }

    private static func menuJSON(_ menu: Menu, _ keymap: Keymap, _ conditions: inout JSONConditions) -> JSONValue {
        .object([
            ("title", .string(menu.title)),
            ("entries", .array(menu.entries.map { entry in
                switch entry {
                case .separator: return .object([("kind", .string("separator"))])
                case .submenu(let sub):
                    if case .object(let members) = menuJSON(sub, keymap, &conditions) {
                        return .object([("kind", .string("submenu"))] + members)
                    }
                    return .null
                case .item(let item):
                    return .object([
                        ("kind", .string("item")),
                        ("title", .string(item.title)),
                        ("keyEquivalent", .string(item.keyEquivalent?.sourceText)),
                        ("action", .string(actionName(item.action, keymap))),
                        ("argument", argumentJSON(item.argument)),
                        ("condition", conditions.json(item.condition)),
                        ("allowsAutomaticLocalization", .bool(item.allowsAutomaticLocalization)),
                        ("allowsAutomaticMirroring", .bool(item.allowsAutomaticMirroring)),
                    ])
                }
            })),
        ])
    }

    private static func quickActionJSON(_ q: QuickAction) -> JSONValue {
        .object([
            ("type", .string(q.type)),
            ("title", .string(q.title)),
            ("subtitle", .string(q.subtitle)),
            ("icon", .string(q.iconType)),
            ("iconFile", .string(q.iconFile)),
            ("userInfo", userInfoJSON(q.userInfo)),
        ])
    }

    private static func userInfoJSON(_ entries: [UserInfoEntry]) -> JSONValue {
        .object(entries.map { e in
            let v: JSONValue
            switch e.value {
            case .string(let s): v = .string(s)
            case .int(let i): v = .int(i)
            case .double(let d): v = .double(d)
            case .bool(let b): v = .bool(b)
            case .dictionary(let nested): v = userInfoJSON(nested)
            }
            return (e.key, v)
        })
    }
}
