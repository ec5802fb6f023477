import BindingRuntime

/// Converts ``VSCodeKeybindings`` into an ``ImportedKeymap`` (see Docs/Import.md).
///
/// VS Code has no focus chain: every binding goes into one role, `Workbench`, gated by its
/// `when` only. A key compared with a string is a String context (and tested for truth as
/// `key != ""`); any other key is a Bool context, and so is a ``ForeignPredicate`` (`=~`, `<`,
/// `in`: the app sets it). A `-command` entry removes VS Code's default bindings of its key to
/// that command (whose `when` matches, when it gives one), never the file's own (VS Code's
/// `KeybindingResolver.handleRemovals` keeps every rule that is not a default); an entry with an
/// empty command takes its key from the earlier bindings where its `when` holds.
enum VSCodeConverter {
    /// The one role.
    static let role = "Workbench"

    /// The report's name for a key written by a Windows virtual key (`oem_plus`, `oem_1`): VS
    /// Code writes those names only for keys recorded on a non-US layout, where the virtual key
    /// is another key than the US character it is read as (`oem_plus` is the key that types
    /// `+`, `oem_5` Norwegian's `|` key left of 1).
    static let windowsVirtualKeys = "a Windows virtual key (oem_plus, oem_1 …) read as the key's US character; VS Code writes them for keys recorded on other layouts, where they are other keys"

    /// `boolKeys` are keys a layer's base declared as Bool contexts: comparing one with a string
    /// cannot be written over that base.
    /// An extension's entry with keys of its own per platform (`mac`, `win`, `linux`) becomes
    /// one binding per key, gated by the built-in `platform` (`platform`, when given, picks
    /// its key alone); its command's `enablement` joins its `when`, as VS Code joins them.
    static func convert(
        _ file: VSCodeKeybindings, name: String, stringKeys: Set<String>, boolKeys: Set<String> = [], platform: Platform? = nil
    ) -> ImportedKeymap {
        var result = ImportedKeymap(format: .vscode, name: name)
        result.stringKeys = stringKeys
        // Items VS Code binds nothing for are entries too, left out where they stand.
        var unusable = file.unusable[...]
        func leaveOutUnusable(before offset: Int) {
            while let u = unusable.first, u.range.lowerBound < offset {
                result.entries.append(ImportedKeymap.Entry(keys: u.key, command: u.command, range: u.range, outcome: .leftOut(u.reason)))
                unusable.removeFirst()
            }
        }
        for entry in file.entries {
            leaveOutUnusable(before: entry.range.lowerBound)
            let index = result.entries.count
            // An extension's entry may have keys for some platforms only (`"mac": …`).
            let shownKeys = entry.key.isEmpty
                ? entry.platformKeys.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") : entry.key
            result.entries.append(ImportedKeymap.Entry(
                keys: shownKeys, command: entry.command, range: entry.range, outcome: .converted))
            var condition = ImportCondition.constant(true)
            var sequences: [(sequence: [String], platforms: [Platform]?)] = []
            var predicates: [ForeignPredicate.Kind] = []
            do throws(UnsupportedCondition) {
                for when in [entry.enablement, entry.when] {
                    guard let when, !when.allSatisfy(\.isWhitespace) else { continue }
                    let clause = try WhenClauseParser.parse(when, dialect: .vscode)
                    let translated = try translate(clause, stringKeys: stringKeys, boolKeys: boolKeys)
                    condition = .all([condition, translated])
                    predicates += Self.predicateKinds(clause).filter { !predicates.contains($0) }
                }
                let keys = VSCodeKeybindings.keys(of: entry, isExtension: file.isExtension, platform: platform)
                if keys.isEmpty { throw UnsupportedCondition(reason: "no key for \(platform?.displayName ?? "any platform")") }
                // A key VS Code cannot read binds nothing on its platforms (its parser makes a
                // chord that never fires); the entry's other keys still bind on theirs.
                var unreadable: UnsupportedCondition?
                for (key, platforms) in keys {
                    do throws(UnsupportedCondition) {
                        var sequence: [String] = []
                        for stroke in key.split(separator: " ") {
                            sequence.append(try ForeignKey.chord(String(stroke), separator: "+"))
                        }
                        // A removal without a key removes every default binding of its command.
                        if sequence.isEmpty && !entry.command.hasPrefix("-") { throw UnsupportedCondition(reason: "empty key sequence") }
                        sequences.append((sequence, platforms))
                    } catch {
                        if platforms == nil { throw error }
                        unreadable = unreadable ?? error
                    }
                }
                if sequences.isEmpty, let unreadable { throw unreadable }
                // With a platform, a disabling entry for another one would be an unbind that
                // never applies.
                if let platform, entry.command.hasPrefix("-") || entry.command.isEmpty,
                   condition.assigning(key: ImportCondition.platformKey, to: platform.rawValue) == .constant(false) {
                    throw UnsupportedCondition(reason: "'when' is always false on \(platform.displayName)")
                }
            } catch {
                // VS Code itself drops a `when` it cannot parse and applies the entry everywhere:
                // say so rather than guess what was meant.
                let reason = error == .unparsable
                    ? "unparsable condition (VS Code ignores a 'when' it cannot parse and applies the entry everywhere)" : error.reason
                result.entries[index].outcome = .leftOut(reason)
                continue
            }
            if case .constant(false) = condition {
                result.entries[index].outcome = .leftOut("'when' is always false")
                continue
            }
            // A `when` that contradicts itself (an extension's generator wrote `(a || b) && !a
            // && !b`): VS Code never runs the entry, and a binding of it would be warned never
            // true.
            if !condition.isSatisfiable(budget: 4_000) {
                result.entries[index].outcome = .leftOut("'when' can never hold")
                continue
            }
            for kind in predicates { result.approximations[kind.reportName, default: 0] += 1 }
            if ForeignKey.readsVirtualKeyAsUSCharacter(entry.key) {
                result.approximations[windowsVirtualKeys, default: 0] += 1
            }
            // `-command` removes default bindings; an empty command takes the keys where its
            // `when` holds and runs nothing, so the key goes on to the focused widget (how users
            // hand alt+digit to the terminal).
            if entry.command.hasPrefix("-") || entry.command.isEmpty { result.entries[index].outcome = .disables }
            for (sequence, platforms) in sequences {
                var gated = condition
                if let platforms {
                    let on = ImportCondition.any(platforms.map { .equals(ImportCondition.platformKey, $0.rawValue) })
                    gated = .all([on, condition])
                }
                result.bindings.append(ImportedKeymap.Binding(
                    entry: index, sequence: sequence, role: role, condition: gated, original: gated,
                    command: entry.command, argument: entry.args))
            }
        }
        leaveOutUnusable(before: Int.max)
        return result
    }

    /// The kinds of ``ForeignPredicate`` `clause` uses, each once.
    static func predicateKinds(_ clause: WhenClause) -> [ForeignPredicate.Kind] {
        var kinds: [ForeignPredicate.Kind] = []
        func walk(_ c: WhenClause) {
            switch c {
            case .identifier(let k): if let kind = ForeignPredicate.kind(of: k), !kinds.contains(kind) { kinds.append(kind) }
            case .not(let a): walk(a)
            case .and(let a, let b), .or(let a, let b), .child(let a, let b): walk(a); walk(b)
            case .equals, .constant: break
            }
        }
        walk(clause)
        return kinds
    }

    /// Keys compared with a string somewhere in `files` (they become String contexts).
    static func stringKeys(_ files: [VSCodeKeybindings]) -> Set<String> { keys(files).compared }

    /// Keys that `files`' conditions use at all.
    static func usedKeys(_ files: [VSCodeKeybindings]) -> Set<String> { keys(files).used }

    private static func keys(_ files: [VSCodeKeybindings]) -> (compared: Set<String>, used: Set<String>) {
        var compared: Set<String> = [], used: Set<String> = []
        func walk(_ c: WhenClause) {
            switch c {
            case .identifier(let k): used.insert(k)
            case .equals(let k, .string): compared.insert(k); used.insert(k)
            case .equals(let k, _): used.insert(k)
            case .not(let a): walk(a)
            case .and(let a, let b), .or(let a, let b): walk(a); walk(b)
            case .child(let a, let b): walk(a); walk(b)
            case .constant: break
            }
        }
        for file in files {
            for e in file.entries {
                for when in [e.enablement, e.when] {
                    if let when, let clause = try? WhenClauseParser.parse(when, dialect: .vscode) { walk(clause) }
                }
            }
        }
        return (compared, used)
    }

    static func translate(
        _ clause: WhenClause, stringKeys: Set<String>, boolKeys: Set<String> = []
    ) throws(UnsupportedCondition) -> ImportCondition {
        func go(_ c: WhenClause) throws(UnsupportedCondition) -> ImportCondition {
            try translate(c, stringKeys: stringKeys, boolKeys: boolKeys)
        }
        switch clause {
        case .identifier(let k):
            // `isLinux`, `isMac`, `isWindows` are fixed for the platform: the built-in `platform`.
            // (A layer's base uses them too, but its import maps them the same way: they are
            // never the base's Bool contexts.)
            if let platform = ImportCondition.vscodePlatformKeys[k], !stringKeys.contains(k) {
                return .equals(ImportCondition.platformKey, platform)
            }
            // VS Code's other constants are false in the desktop app (`isWeb`, the browsers).
            if ImportCondition.vscodeWebKeys.contains(k), !stringKeys.contains(k) { return .constant(false) }
            return stringKeys.contains(k) ? ImportCondition.equals(k, "").negated : .flag(k)
        case .equals(let k, .string(let v)):
            if boolKeys.contains(k) {
                throw UnsupportedCondition(reason: "compares a key the base uses as a Bool context with a string")
            }
            return .equals(k, v)
        case .equals(let k, .bool(let b)):
            if stringKeys.contains(k) { return .equals(k, b ? "true" : "false") }
            // `isMac == true` is `isMac`, a constant too.
            return b ? try go(.identifier(k)) : try go(.identifier(k)).negated
        case .constant(let b): return .constant(b)
        case .not(let inner): return try go(inner).negated
        case .and(let a, let b): return .all([try go(a), try go(b)])
        case .or(let a, let b): return .any([try go(a), try go(b)])
        case .child(_, let child): return try go(child)
        }
    }
}
