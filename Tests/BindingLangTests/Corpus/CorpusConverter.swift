// Converts other editors' default keymaps (Zed's and VS Code's JSON-with-comments files in
// ../shared/corpus) into `.bind` source, recording what could not be expressed and why.
// Test-only: it measures the language against real keymaps; it is not a user-facing import.
//
// Mapping:
// - Zed context types (CamelCase identifiers such as `Editor`, `Workspace`, and `menu`) become
//   responder roles; a section without a context becomes the outermost role `Global`.
//   Zed's focus path is the responder chain, so a nearer context wins as a nearer role does.
// - Other identifiers become Bool contexts, `key == value` a String context; a String key used
//   as a truth value becomes `key != ""` (VS Code's truthiness). VS Code has no focus chain:
//   every binding goes into one role, `Workbench`, gated by its `when` only.
// - A Zed predicate is put in disjunctive normal form; each disjunct must name at most one
//   context type, positively; disjuncts are grouped by role.
// - Names are mangled to identifiers deterministically: `::` → `__`, any other character that
//   cannot be in an identifier → `_`, a keyword gets a trailing `_`, a clash a `_2` suffix.
//   A command whose name is a standard action (`undo`, `copy`) is that standard action.
// - Arguments: one scalar type per action is kept as Int/String/Bool; anything else (objects,
//   arrays, mixed kinds, sometimes none) makes the action take a String holding JSON text.
import BindingLang
import BindingRuntime

/// Which editor a keymap file comes from.
enum CorpusFormat: Sendable {
    case zed
    case vscode
}

/// The `.bind` source converted from one keymap file, with the figures for the report.
struct CorpusConversion {
    /// The generated source.
    var source: String
    /// Binding entries in the original file (Zed: keys of every `bindings` object).
    var entries = 0
    /// Entries turned into at least one `.bind` binding.
    var convertedEntries = 0
    /// `.bind` bindings written (a Zed entry whose context names several roles gives several).
    var bindings = 0
    /// Entries left out, by reason.
    var unsupported: [String: Int] = [:]
    /// Entries converted with a lossy mapping, by kind.
    var approximations: [String: Int] = [:]
    /// For each generated binding's 1-based line, the original entry (`keys → command`).
    var origins: [Int: String] = [:]
    /// Roles, contexts and actions declared.
    var roleCount = 0, contextCount = 0, actionCount = 0
}

/// The converter; see the file comment for the mapping.
struct CorpusConverter {
    private struct RawBinding {
        var strokes: String
        var role: String
        var condition: WhenClause?
        var command: String
        var argument: JSONC?
        var origin: String
    }

    private var raw: [RawBinding] = []
    private var conversion = CorpusConversion(source: "")
    private let format: CorpusFormat

    /// Converts the parsed file `json` of `format`; `name` becomes the keymap's name.
    static func convert(_ json: JSONC, format: CorpusFormat, name: String) -> CorpusConversion {
        var converter = CorpusConverter(format: format)
        switch format {
        case .zed: converter.readZed(json)
        case .vscode: converter.readVSCode(json)
        }
        return converter.generate(name: name)
    }

    private init(format: CorpusFormat) { self.format = format }

    private mutating func skip(_ reason: String) { conversion.unsupported[reason, default: 0] += 1 }
    private mutating func approximate(_ kind: String) { conversion.approximations[kind, default: 0] += 1 }

    // MARK: - Reading

    private mutating func readZed(_ json: JSONC) {
        guard case .array(let sections) = json else { return }
        for section in sections {
            guard case .object(let bindings)? = section["bindings"] else { continue }
            conversion.entries += bindings.count
            var groups: [(role: String, condition: WhenClause?)] = [("Global", nil)]
            if let context = section["context"]?.stringValue {
                do throws(Unsupported) {
                    groups = try roleGroups(WhenClauseParser.parse(context, dialect: .zed))
                } catch {
                    for _ in bindings { skip(error.reason) }
                    continue
                }
            }
            for (keys, action) in bindings {
                let command: String
                var argument: JSONC?
                switch action {
                case .string(let name): command = name
                case .array(let items):
                    guard let name = items.first?.stringValue else { skip("unparsable action"); continue }
                    command = name
                    if items.count == 2 { argument = items[1] }
                    if items.count > 2 { argument = .array(Array(items.dropFirst())) }
                case .null:
                    skip("'null' action (disables a binding inherited from an earlier section)")
                    continue
                default: skip("unparsable action"); continue
                }
                add(keys: keys, separator: "-", groups: groups, command: command, argument: argument)
            }
        }
    }

    private mutating func readVSCode(_ json: JSONC) {
        guard case .array(let entries) = json else { return }
        for entry in entries {
            guard let keys = entry["key"]?.stringValue, let command = entry["command"]?.stringValue else { continue }
            conversion.entries += 1
            var condition: WhenClause?
            if let when = entry["when"]?.stringValue {
                do throws(Unsupported) {
                    condition = try WhenClauseParser.parse(when, dialect: .vscode)
                } catch {
                    skip(error.reason)
                    continue
                }
            }
            if command.hasPrefix("-") { skip("removal of a default binding ('-command')"); continue }
            add(keys: keys, separator: "+", groups: [("Workbench", condition)], command: command, argument: entry["args"])
        }
    }

    private mutating func add(
        keys: String, separator: Character, groups: [(role: String, condition: WhenClause?)],
        command: String, argument: JSONC?
    ) {
        var strokes: [String] = []
        do throws(Unsupported) {
            for stroke in keys.split(separator: " ") {
                strokes.append(try Self.chord(String(stroke), separator: separator))
            }
        } catch {
            skip(error.reason)
            return
        }
        guard !strokes.isEmpty else { skip("empty key sequence"); return }
        conversion.convertedEntries += 1
        for group in groups {
            raw.append(RawBinding(
                strokes: strokes.joined(separator: " "), role: group.role, condition: group.condition,
                command: command, argument: argument, origin: "\(keys) → \(command)"))
        }
    }

    // MARK: - Keys

    private static let modifierNames: [String: String] = [
        "cmd": "cmd", "command": "cmd", "meta": "cmd", "super": "cmd", "win": "cmd",
        "ctrl": "ctrl", "control": "ctrl", "alt": "alt", "option": "alt", "shift": "shift",
    ]

    private static let keyNames: [String: String] = [
        "backspace": "delete", "delete": "forwardDelete", "enter": "return", "escape": "escape",
        "tab": "tab", "space": "space", "up": "up", "down": "down", "left": "left", "right": "right",
        "home": "home", "end": "end", "pageup": "pageUp", "pagedown": "pageDown", "insert": "insert",
    ]

    private static let numpadKeys: [String: String] = [
        "numpad_add": "\"+\"", "numpad_subtract": "\"-\"", "numpad_multiply": "\"*\"",
        "numpad_divide": "\"/\"", "numpad_decimal": "\".\"",
    ]

    /// One stroke (`cmd-k`, `ctrl+shift+[`) as `.bind` chord text.
    static func chord(_ text: String, separator: Character) throws(Unsupported) -> String {
        var parts: [String] = []
        var current = ""
        let chars = Array(text)
        for (i, c) in chars.enumerated() {
            if c == separator, !current.isEmpty, i + 1 < chars.count {
                parts.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        parts.append(current)
        guard let keyText = parts.last, !keyText.isEmpty else { throw Unsupported(reason: "unparsable key") }
        var out: [String] = []
        for modifier in parts.dropLast() {
            if modifier.lowercased() == "fn" { throw Unsupported(reason: "'fn' modifier") }
            guard let name = modifierNames[modifier.lowercased()] else {
                throw Unsupported(reason: "unknown modifier '\(modifier)'")
            }
            out.append(name)
        }
        let lower = keyText.lowercased()
        if let name = keyNames[lower] {
            out.append(name)
        } else if lower.count >= 2, lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...24).contains(n) {
            out.append(lower)
        } else if lower.hasPrefix("numpad"), let digit = Int(lower.dropFirst(6)), (0...9).contains(digit) {
            out += ["numpad", String(digit)]
        } else if let key = numpadKeys[lower] {
            out += ["numpad", key]
        } else if keyText.hasPrefix("[") && keyText.count > 1 && keyText.hasSuffix("]") {
            throw Unsupported(reason: "scan-code key ('[IntlBackslash]')")
        } else if keyText.count == 1, let c = keyText.unicodeScalars.first {
            if c.properties.isAlphabetic || ("0"..."9").contains(c) {
                out.append(lower)
            } else if c == "\"" || c == "\\" {
                out.append("\"\\\(c)\"")
            } else {
                out.append("\"\(c)\"")
            }
        } else {
            throw Unsupported(reason: "key without an equivalent ('\(lower)')")
        }
        return out.joined(separator: "+")
    }

    // MARK: - Zed roles

    private typealias Literal = (positive: Bool, atom: WhenClause)

    private static func isRole(_ name: String) -> Bool {
        name == "menu" || (name.first.map { $0.isUppercase } ?? false)
    }

    /// Splits a Zed predicate into (role, condition) pairs, one per role it names.
    private func roleGroups(_ clause: WhenClause) throws(Unsupported) -> [(role: String, condition: WhenClause?)] {
        let terms = try Self.dnf(clause, negated: false)
        var order: [String] = []
        var byRole: [String: [[Literal]]] = [:]
        for term in terms {
            var role: String?
            var rest: [Literal] = []
            for literal in term {
                if case .identifier(let name) = literal.atom, Self.isRole(name) {
                    guard literal.positive else { throw Unsupported(reason: "negated context type ('!Terminal')") }
                    if let r = role, r != name { throw Unsupported(reason: "two context types on one element ('A && B')") }
                    role = name
                } else {
                    rest.append(literal)
                }
            }
            let r = role ?? "Global"
            if byRole[r] == nil { order.append(r) }
            byRole[r, default: []].append(rest)
        }
        return order.map { role in
            let terms = byRole[role] ?? []
            if terms.contains(where: \.isEmpty) { return (role, nil) }
            let disjuncts = terms.map { term in
                term.map { $0.positive ? $0.atom : .not($0.atom) }.dropFirst().reduce(
                    term[0].positive ? term[0].atom : .not(term[0].atom)) { .and($0, $1) }
            }
            return (role, disjuncts.dropFirst().reduce(disjuncts[0]) { .or($0, $1) })
        }
    }

    private static func dnf(_ clause: WhenClause, negated: Bool) throws(Unsupported) -> [[Literal]] {
        func product(_ a: [[Literal]], _ b: [[Literal]]) throws(Unsupported) -> [[Literal]] {
            guard a.count * b.count <= 64 else { throw Unsupported(reason: "condition too complex") }
            return a.flatMap { x in b.map { x + $0 } }
        }
        switch clause {
        case .identifier, .equals: return [[(!negated, clause)]]
        case .constant(let value): return value != negated ? [[]] : []
        case .not(let inner): return try dnf(inner, negated: !negated)
        case .and(let a, let b):
            return negated
                ? try dnf(a, negated: true) + dnf(b, negated: true)
                : try product(dnf(a, negated: false), dnf(b, negated: false))
        case .or(let a, let b):
            return negated
                ? try product(dnf(a, negated: true), dnf(b, negated: true))
                : try dnf(a, negated: false) + dnf(b, negated: false)
        }
    }

    // MARK: - Generating

    private static let keywords: Set<String> = [
        "keymap", "context", "responder", "action", "in", "menu", "shortcut", "group", "unbind",
        "when", "edit", "separator", "not", "true", "false",
    ]

    /// `editor::Cancel` → `editor__Cancel`, `editor.action.commentLine` → `editor_action_commentLine`.
    static func mangle(_ name: String) -> String {
        var out = name.replacing("::", with: "__")
        out = String(out.unicodeScalars.map { c -> Character in
            c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_") ? Character(c) : "_"
        })
        if out.isEmpty || out.first!.isNumber { out = "_" + out }
        if keywords.contains(out) { out += "_" }
        return out
    }

    /// Deterministic unique identifiers for one namespace.
    private struct Names {
        var byOriginal: [String: String] = [:]
        var used: Set<String> = []
        init(reserved: Set<String> = []) { used = reserved }
        mutating func name(for original: String) -> String {
            if let n = byOriginal[original] { return n }
            let base = CorpusConverter.mangle(original)
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

    private enum ArgumentKind: Hashable {
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

    private static func argumentKind(_ value: JSONC?) -> ArgumentKind {
        switch value {
        case nil, .null?: .none
        case .string(let s)?: .string(s)
        case .bool(let b)?: .bool(b)
        case .number(let n)?: Int64(n).map(ArgumentKind.int) ?? .json(n)
        case let other?: .json(other.compactText)
        }
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for u in text.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if u.value < 0x20 || u.value == 0x7F {
                    out += "\\u{\(String(u.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    private mutating func generate(name: String) -> CorpusConversion {
        // Context types: a key compared with a string value is a String, anything else Bool.
        var contextOrder: [String] = []
        var stringKeys: Set<String> = []
        func collect(_ c: WhenClause) {
            switch c {
            case .identifier(let n):
                if !contextOrder.contains(n) { contextOrder.append(n) }
            case .equals(let n, let v):
                if !contextOrder.contains(n) { contextOrder.append(n) }
                if case .string = v { stringKeys.insert(n) }
            case .not(let a): collect(a)
            case .and(let a, let b), .or(let a, let b): collect(a); collect(b)
            case .constant: break
            }
        }
        for b in raw { if let c = b.condition { collect(c) } }
        var contextNames = Names()
        var contextDecls: [String] = []
        for key in contextOrder {
            contextDecls.append("context \(contextNames.name(for: key)): \(stringKeys.contains(key) ? "String" : "Bool")")
        }

        // Action argument types.
        var actionOrder: [String] = []
        var kinds: [String: Set<ArgumentKind>] = [:]
        for b in raw {
            if kinds[b.command] == nil { actionOrder.append(b.command) }
            kinds[b.command, default: []].insert(Self.argumentKind(b.argument))
        }
        let standard = Set(StandardActions.all)
        var actionNames = Names(reserved: standard)
        var actionType: [String: String?] = [:]
        var actionDecls: [String] = []
        var actionName: [String: String] = [:]
        for command in actionOrder {
            let typeNames = Set((kinds[command] ?? []).map(\.typeName))
            var type: String?
            if typeNames == [nil] {
                type = nil
            } else if typeNames.count == 1, let only = typeNames.first!, only != "JSON" {
                type = only
            } else {
                type = "String"
                if typeNames.count > 1 { approximate("action with mixed argument kinds takes a String") }
            }
            actionType[command] = type
            let mangled = Self.mangle(command)
            if type == nil, standard.contains(mangled) {
                actionName[command] = mangled
                continue
            }
            let n = actionNames.name(for: command)
            actionName[command] = n
            actionDecls.append("action \(n)" + (type.map { "(\($0))" } ?? ""))
        }

        var roles: [String] = []
        for b in raw where b.role != "Global" && !roles.contains(b.role) { roles.append(b.role) }
        if raw.contains(where: { $0.role == "Global" }) { roles.append("Global") }

        func render(_ c: WhenClause) -> String {
            switch c {
            case .identifier(let n):
                let name = contextNames.name(for: n)
                if stringKeys.contains(n) {
                    approximate("string context key used as a truth value: key != \"\"")
                    return "\(name) != \"\""
                }
                return name
            case .equals(let n, let v):
                let name = contextNames.name(for: n)
                switch (v, stringKeys.contains(n)) {
                case (.string(let s), _): return "\(name) == \(Self.quoted(s))"
                case (.bool(let b), true): return "\(name) == \"\(b)\""
                case (.bool(let b), false): return b ? name : "!\(name)"
                }
            case .constant(let b): return b ? "true" : "false"
            case .not(let a):
                if case .identifier(let n) = a, !stringKeys.contains(n) { return "!" + render(a) }
                return "!(\(render(a)))"
            case .and(let a, let b): return "\(operand(a, in: "&&")) && \(operand(b, in: "&&"))"
            case .or(let a, let b): return "\(operand(a, in: "||")) || \(operand(b, in: "||"))"
            }
        }
        func operand(_ c: WhenClause, in op: String) -> String {
            switch (c, op) {
            case (.or, "&&"), (.and, "||"): return "(\(render(c)))"
            default: return render(c)
            }
        }

        var lines: [String] = [
            "// Converted from \(name) by the corpus tests' CorpusConverter (test data).",
            "keymap \(Self.quoted(name))", "",
        ]
        if !roles.isEmpty { lines.append("responder " + roles.joined(separator: ", ")) }
        lines += contextDecls
        lines += actionDecls
        var currentRole: String?
        for b in raw {
            if b.role != currentRole {
                if currentRole != nil { lines.append("}") }
                lines.append("in \(b.role) {")
                currentRole = b.role
            }
            var line = "  \(b.strokes) -> \(actionName[b.command] ?? "?")"
            if case .some(.some) = actionType[b.command] {
                let kind = Self.argumentKind(b.argument)
                if case .json = kind { approximate("structured argument passed as JSON text") }
                if actionType[b.command] == "String" {
                    line += "(\(Self.quoted(kind.text)))"
                } else {
                    line += "(\(kind.text))"
                }
            }
            if let c = b.condition { line += " when " + render(c) }
            lines.append(line)
            conversion.origins[lines.count] = "\(b.origin) [\(b.role)]"
        }
        if currentRole != nil { lines.append("}") }
        conversion.bindings = raw.count
        conversion.roleCount = roles.count
        conversion.contextCount = contextDecls.count
        conversion.actionCount = actionDecls.count
        conversion.source = lines.joined(separator: "\n") + "\n"
        return conversion
    }
}
