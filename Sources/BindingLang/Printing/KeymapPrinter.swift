import BindingRuntime

/// A readable listing of a checked keymap, as text for people (`bindc dump`) and as JSON for
/// tools (`bindc dump --json`). Menus and quick actions print in `.bind` syntax.
public enum KeymapPrinter {
    // MARK: - Text

    /// The listing: header, declarations, a table of every binding (role, keys, action,
    /// title, group, condition, source location), then menus and quick actions.
    public static func text(_ keymap: Keymap) -> String {
        var out = "keymap " + (keymap.name.map(SourceText.quoted) ?? "(unnamed)")
        out += " for \(keymap.platform.rawValue)\n"
        if !keymap.contexts.isEmpty {
            out += "\ncontexts:\n"
            for c in keymap.contexts { out += "  context \(c.name): \(typeText(c.type))\n" }
        }
        if !keymap.roles.isEmpty {
            out += "\nresponder \(keymap.roles.joined(separator: ", "))\n"
        }
        if !keymap.actions.isEmpty {
            out += "\nactions:\n"
            for a in keymap.actions {
                out += "  \(a.name)" + (a.argument.map { "(\($0.rawValue))" } ?? "")
                out += a.isStandard ? "  (standard)\n" : "\n"
            }
        }
        out += "\nbindings (\(keymap.bindings.count)):\n"
        if !keymap.bindings.isEmpty {
            var rows = [["ROLE", "KEYS", "ACTION", "TITLE", "GROUP", "WHEN", "SOURCE"]]
            for b in keymap.bindings {
                rows.append([
                    SourceText.role(b.role, in: keymap),
                    (b.wantsPriorityOverSystemBehavior ? "@priority " : "")
                        + (b.repeatMilliseconds.map { "@repeat(\($0)ms) " } ?? "") + SourceText.sequence(b.sequence),
                    SourceText.actionReference(b.action, b.argument, in: keymap),
                    b.title.map(SourceText.quoted) ?? "",
                    b.group.map { groupName($0, keymap).map(SourceText.quoted) ?? "<group \($0)>" } ?? "",
                    b.condition == .constant(true) ? "" : ConditionPrinter.render(b.condition, contexts: keymap.contexts, roles: keymap.roles),
                    b.location?.description ?? "",
                ])
            }
            out += table(rows)
        }
        let overridden = keymap.bindings.filter { !$0.overriddenBy.isEmpty }
        if !overridden.isEmpty {
            // The WHEN column above is each binding's effective condition; here is what
            // narrowed it (Grammar.md §9).
            out += "\noverridden by later layers (\(overridden.count)):\n"
            for b in overridden {
                out += "  \(SourceText.role(b.role, in: keymap)) \(SourceText.sequence(b.sequence))"
                out += b.location.map { " (\($0))" } ?? ""
                out += "\n"
                for o in b.overriddenBy { out += "    " + overrideText(o, keymap) + "\n" }
            }
        }
        if !keymap.editMenu.isEmpty {
            out += "\nmenu edit {\n"
            for item in keymap.editMenu {
                out += "  \(SourceText.quoted(item.title)) -> "
                out += SourceText.actionReference(item.action, item.argument, in: keymap)
                out += whenSuffix(item.condition, keymap) + "\n"
            }
            out += "}\n"
        }
        for menu in keymap.mainMenus {
            out += "\n"
            printMenu(menu, indent: "", keymap: keymap, into: &out)
        }
        for q in keymap.quickActions {
            out += "\nshortcut \(SourceText.quoted(q.type)) {\n"
            out += "  title \(SourceText.quoted(q.title))\n"
            if let s = q.subtitle { out += "  subtitle \(SourceText.quoted(s))\n" }
            if let i = q.iconType { out += "  icon \(i)\n" }
            if let f = q.iconFile { out += "  iconFile \(SourceText.quoted(f))\n" }
            if !q.userInfo.isEmpty { out += "  userInfo \(SourceText.dictionary(q.userInfo))\n" }
            out += "}\n"
        }
        return out
    }

    /// `overridden where COND by FILE:LINE:COL` (`unbound where …` for an `unbind`): what a
    /// later layer took from a binding.
    public static func overrideText(_ o: Override, _ keymap: Keymap) -> String {
        var text = o.isUnbind ? "unbound" : "overridden"
        if o.condition != .constant(true) {
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
        condition == .constant(true) ? "" : " when " + ConditionPrinter.render(condition, contexts: keymap.contexts, roles: keymap.roles)
    }

    private static func printMenu(_ menu: Menu, indent: String, keymap: Keymap, into out: inout String) {
        out += "\(indent)menu \(SourceText.quoted(menu.title)) {\n"
        for entry in menu.entries {
            switch entry {
            case .separator:
                out += "\(indent)  separator\n"
            case .submenu(let sub):
                printMenu(sub, indent: indent + "  ", keymap: keymap, into: &out)
            case .item(let item):
                out += "\(indent)  \(SourceText.quoted(item.title))"
                if let key = item.keyEquivalent { out += " \(key.sourceText)" }
                out += " -> " + SourceText.actionReference(item.action, item.argument, in: keymap)
                out += whenSuffix(item.condition, keymap) + "\n"
            }
        }
        out += "\(indent)}\n"
    }

    /// Left-aligned columns, two spaces apart, indented by two; trailing blanks trimmed.
    static func table(_ rows: [[String]]) -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        var out = ""
        for row in rows {
            var line = "  "
            for (i, cell) in row.enumerated() {
                line += cell
                if i < row.count - 1 { line += String(repeating: " ", count: widths[i] - cell.count + 2) }
            }
            while line.last == " " { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    // MARK: - JSON

    /// The keymap as a JSON document; every index is resolved to a name.
    public static func json(_ keymap: Keymap) -> JSONValue {
        .object([
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
            ("bindings", .array(keymap.bindings.map { bindingJSON($0, keymap) })),
            ("editMenu", .array(keymap.editMenu.map { item in
                .object([
                    ("title", .string(item.title)),
                    ("action", .string(actionName(item.action, keymap))),
                    ("argument", argumentJSON(item.argument)),
                    ("when", conditionJSON(item.condition, keymap)),
                ])
            })),
            ("mainMenus", .array(keymap.mainMenus.map { menuJSON($0, keymap) })),
            ("quickActions", .array(keymap.quickActions.map(quickActionJSON))),
        ])
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

    private static func conditionJSON(_ condition: Condition, _ keymap: Keymap) -> JSONValue {
        condition == .constant(true) ? .null : .string(ConditionPrinter.render(condition, contexts: keymap.contexts, roles: keymap.roles))
    }

    /// One binding as `dump --json` lists it: role, keys, glyphs, codes, action, argument,
    /// title, group, condition, location and `@priority`, and `repeatMilliseconds` for a
    /// repeatable binding (`@repeat`, absent otherwise), every index resolved to a name.
    public static func bindingJSON(_ b: Binding, _ keymap: Keymap) -> JSONValue {
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
            ("when", conditionJSON(b.condition, keymap)),
            ("location", location),
            ("priority", .bool(b.wantsPriorityOverSystemBehavior)),
        ]
        if let window = b.repeatMilliseconds { members.append(("repeatMilliseconds", .int(Int64(window)))) }
        if !b.overriddenBy.isEmpty {
            members.append(("overriddenBy", .array(b.overriddenBy.map { o in
                .object([
                    ("kind", .string(o.isUnbind ? "unbind" : "binding")),
                    ("when", conditionJSON(o.condition, keymap)),
                    ("location", .object([
                        ("path", .string(o.location.path)), ("line", .int(Int64(o.location.line))),
                        ("column", .int(Int64(o.location.column))),
                    ])),
                ])
            })))
        }
        return .object(members)
    }

    private static func menuJSON(_ menu: Menu, _ keymap: Keymap) -> JSONValue {
        .object([
            ("title", .string(menu.title)),
            ("entries", .array(menu.entries.map { entry in
                switch entry {
                case .separator: return .object([("kind", .string("separator"))])
                case .submenu(let sub):
                    if case .object(let members) = menuJSON(sub, keymap) {
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
                        ("when", conditionJSON(item.condition, keymap)),
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
