/// Converts ``VSCodeKeybindings`` into an ``ImportedKeymap`` (see Docs/Import.md).
///
/// VS Code has no focus chain: every binding goes into one role, `Workbench`, gated by its
/// `when` only. A key compared with a string is a String context (and tested for truth as
/// `key != ""`); any other key is a Bool context. A `-command` entry removes the earlier
/// bindings of its key to that command (whose `when` matches, when it gives one).
enum VSCodeConverter {
    /// The one role.
    static let role = "Workbench"

    static func convert(_ file: VSCodeKeybindings, name: String, stringKeys: Set<String>) -> ImportedKeymap {
        var result = ImportedKeymap(format: .vscode, name: name)
        result.stringKeys = stringKeys
        for entry in file.entries {
            let index = result.entries.count
            result.entries.append(ImportedKeymap.Entry(
                keys: entry.key, command: entry.command, range: entry.range, outcome: .converted))
            var condition = ImportCondition.constant(true)
            var sequence: [String] = []
            do throws(UnsupportedCondition) {
                if let when = entry.when, !when.allSatisfy(\.isWhitespace) {
                    condition = translate(try WhenClauseParser.parse(when, dialect: .vscode), stringKeys: stringKeys)
                }
                for stroke in entry.key.split(separator: " ") {
                    sequence.append(try ForeignKey.chord(String(stroke), separator: "+"))
                }
                if sequence.isEmpty { throw UnsupportedCondition(reason: "empty key sequence") }
            } catch {
                result.entries[index].outcome = .leftOut(error.reason)
                continue
            }
            if case .constant(false) = condition {
                result.entries[index].outcome = .leftOut("'when' is always false")
                continue
            }
            if entry.command.hasPrefix("-") { result.entries[index].outcome = .disables }
            if entry.command.isEmpty {
                result.entries[index].outcome = .leftOut("empty command")
                continue
            }
            result.bindings.append(ImportedKeymap.Binding(
                entry: index, sequence: sequence, role: role, condition: condition, original: condition,
                command: entry.command, argument: entry.args))
        }
        return result
    }

    /// Keys compared with a string somewhere in `files` (they become String contexts).
    static func stringKeys(_ files: [VSCodeKeybindings]) -> Set<String> {
        var keys: Set<String> = []
        func walk(_ c: WhenClause) {
            switch c {
            case .equals(let k, .string): keys.insert(k)
            case .not(let a): walk(a)
            case .and(let a, let b), .or(let a, let b): walk(a); walk(b)
            default: break
            }
        }
        for file in files {
            for e in file.entries {
                if let when = e.when, let clause = try? WhenClauseParser.parse(when, dialect: .vscode) { walk(clause) }
            }
        }
        return keys
    }

    static func translate(_ clause: WhenClause, stringKeys: Set<String>) -> ImportCondition {
        switch clause {
        case .identifier(let k):
            return stringKeys.contains(k) ? ImportCondition.equals(k, "").negated : .flag(k)
        case .equals(let k, .string(let v)): return .equals(k, v)
        case .equals(let k, .bool(let b)):
            if stringKeys.contains(k) { return .equals(k, b ? "true" : "false") }
            return b ? .flag(k) : ImportCondition.flag(k).negated
        case .constant(let b): return .constant(b)
        case .not(let inner): return translate(inner, stringKeys: stringKeys).negated
        case .and(let a, let b): return .all([translate(a, stringKeys: stringKeys), translate(b, stringKeys: stringKeys)])
        case .or(let a, let b): return .any([translate(a, stringKeys: stringKeys), translate(b, stringKeys: stringKeys)])
        case .child(_, let child): return translate(child, stringKeys: stringKeys)
        }
    }
}
