import BindingRuntime

/// A VS Code `keybindings.json` (the defaults, or a user's file layered over them) as VS Code
/// reads it, or the `contributes.keybindings` of an extension's `package.json` (a keymap
/// extension: IntelliJ, Sublime Text, Emacs keys): entries in order. Positions are byte
/// ranges in the file.
public struct VSCodeKeybindings: Sendable {
    /// One `{ "key": …, "command": …, "when": …, "args": … }` entry.
    public struct Entry: Sendable {
        /// The chords as written (`ctrl+k ctrl+c`).
        public var key: String
        /// Where the key's string is.
        public var keyRange: Range<Int>
        /// The command; a leading `-` removes an earlier binding of `key` to that command.
        public var command: String
        /// Where the command's string is.
        public var commandRange: Range<Int>
        /// The `when` clause, if any.
        public var when: String?
        /// Where the `when` string is.
        public var whenRange: Range<Int>?
        /// `args`, passed to the command.
        public var args: JSONC?
        /// The whole entry.
        public var range: Range<Int>
        /// An extension's keys for one platform (`mac`, `linux`, `win`), which it binds there
        /// instead of `key`; empty ones are left out, as VS Code skips them. A user's file has
        /// none (VS Code ignores them there).
        public var platformKeys: [String: String] = [:]
        /// For an extension, the `enablement` its `contributes.commands` gives the command:
        /// VS Code adds it to the binding's `when`.
        public var enablement: String?
    }

    /// An item of the array VS Code binds nothing for (`{ "group": "Navigation" }`, a string),
    /// kept so that the report counts it and the output says where it was.
    public struct Unusable: Sendable {
        /// The key and command as far as they are strings (empty otherwise).
        public var key: String, command: String
        /// Why VS Code binds nothing for it.
        public var reason: String
        /// The whole item.
        public var range: Range<Int>
    }

    /// The entries in file order.
    public var entries: [Entry]
    /// The items VS Code binds nothing for, in file order.
    public var unusable: [Unusable] = []
    /// Whether the entries are an extension's contributions (`package.json`), not a
    /// keybindings file.
    public var isExtension = false

    /// Entry members VS Code reads.
    static let entryKeys = ["key", "command", "when", "args", "mac", "linux", "win"]

    /// Reads the model from a parsed document. A file that is not an array is an error in
    /// `file`; an entry VS Code binds nothing for (no `key` or `command` string, not an object:
    /// users keep `{ "group": "Navigation" }` separators) is left out with a warning, and the
    /// others are read, as VS Code reads each entry on its own.
    public static func read(_ json: JSONC, file: FileID) -> (VSCodeKeybindings, [Diagnostic]) {
        var diagnostics = DiagnosticEngine()
        func at(_ range: Range<Int>) -> SourceRange { SourceRange(file: file, start: range.lowerBound, end: range.upperBound) }
        let items: [JSONC]
        var enablements: [String: String] = [:]
        let isExtension = isExtensionManifest(json)
        switch json.value {
        case .array(let array): items = array
        case .object where isExtension:
            // An extension's manifest: `contributes.keybindings` is one entry or an array of them.
            guard let bindings = json["contributes"]?["keybindings"] else {
                diagnostics.error("this extension's package.json contributes no keybindings (no \"contributes.keybindings\")", at: at(json.range.lowerBound..<(json.range.lowerBound + 1)))
                return (VSCodeKeybindings(entries: []), diagnostics.diagnostics)
            }
            if case .array(let array) = bindings.value { items = array } else { items = [bindings] }
            enablements = commandEnablements(json["contributes"]?["commands"])
        default:
            diagnostics.error("a VS Code keybindings file is an array of entries, not \(json.kindName)", at: at(json.range))
            return (VSCodeKeybindings(entries: []), diagnostics.diagnostics)
        }
        let leftOut = "; the entry is left out, as VS Code binds nothing for it"
        var entries: [Entry] = []
        var unusable: [Unusable] = []
        var unknownMembers: [(name: String, first: SourceRange, suggestion: String?, count: Int)] = []
        for item in items {
            guard case .object(let members) = item.value else {
                diagnostics.warning("a keybinding is an object with \"key\" and \"command\", not \(item.kindName)" + leftOut, at: at(item.range))
                unusable.append(Unusable(key: "", command: "", reason: "not a keybinding VS Code binds: \(item.kindName), not an object", range: item.range))
                continue
            }
            // VS Code reads only the members it knows and ignores the others (a `title` or a
            // `comment` some users add): one warning per name, at its first use, and the
            // entries are kept. A did-you-mean names only a member the entry lacks.
            for member in members where !entryKeys.contains(member.key) {
                if let k = unknownMembers.firstIndex(where: { $0.name == member.key }) {
                    unknownMembers[k].count += 1
                    continue
                }
                let missing = entryKeys.filter { name in !members.contains { $0.key == name } }
                unknownMembers.append((member.key, at(member.keyRange), nearest(to: member.key, in: missing), 1))
            }
            /// The member `name` if it is a string; a member of another kind gets a warning
            /// ending in `consequence`.
            func string(_ name: String, _ consequence: String) -> JSONC? {
                guard let value = item[name] else { return nil }
                guard value.string != nil else {
                    diagnostics.warning("\"\(name)\" must be a string, not \(value.kindName)" + consequence, at: at(value.range))
                    return nil
                }
                return value
            }
            // A removal without a key removes every default binding of its command.
            let isRemoval = item["command"]?.string?.hasPrefix("-") == true
            let key = string("key", leftOut)
            let command = string("command", leftOut)
            // VS Code reads a `when` that is not a string as no `when` at all.
            let when = string("when", isExtension ? leftOut : "; ignored as VS Code ignores it, so the entry applies everywhere")
            var platformKeys: [String: String] = [:]
            for platform in ["mac", "linux", "win"] {
                let value = string(platform, isExtension ? leftOut : "; ignored")
                if isExtension, let text = value?.string, !text.isEmpty { platformKeys[platform] = text }
            }
            // VS Code rejects an extension's entry whose `when` or keys are not strings.
            let rejected = isExtension && ["key", "when", "mac", "linux", "win"].contains { item[$0] != nil && item[$0]?.string == nil }
            // A member that is there but not a string was warned about above.
            for name in ["key", "command"] where item[name] == nil && !(name == "key" && (isRemoval || !platformKeys.isEmpty)) {
                diagnostics.warning("keybinding has no \"\(name)\"" + leftOut, at: at(item.range.lowerBound..<(item.range.lowerBound + 1)))
            }
            if rejected, let command = item["command"]?.string {
                unusable.append(Unusable(key: key?.string ?? "", command: command,
                                         reason: "not a keybinding VS Code binds: a member that must be a string is not", range: item.range))
                continue
            }
            guard let command, let commandText = command.string, key != nil || isRemoval || !platformKeys.isEmpty else {
                let missing = [key == nil ? "\"key\"" : nil, command == nil ? "\"command\"" : nil].compactMap { $0 }
                unusable.append(Unusable(
                    key: key?.string ?? "", command: command?.string ?? "",
                    reason: "not a keybinding VS Code binds: no " + missing.joined(separator: " or ") + " string", range: item.range))
                continue
            }
            let keyText = key?.string ?? ""
            let keyRange = key?.range ?? command.range
            entries.append(Entry(
                key: keyText, keyRange: keyRange, command: commandText, commandRange: command.range,
                when: when?.string, whenRange: when?.range, args: item["args"], range: item.range,
                platformKeys: platformKeys, enablement: isExtension ? enablements[commandText] : nil))
        }
        for u in unknownMembers {
            let more = u.count > 1 ? " (in \(u.count) entries; this is the first)" : ""
            diagnostics.warning("unknown key '\(u.name)' in a keybinding\(more), ignored as VS Code ignores it"
                                + (u.suggestion.map { "; did you mean '\($0)'?" } ?? ""), at: u.first)
        }
        return (VSCodeKeybindings(entries: entries, unusable: unusable, isExtension: isExtension), diagnostics.diagnostics)
    }

    /// Whether `json` is an extension's `package.json` (an object with `contributes`) rather
    /// than a keybindings file.
    static func isExtensionManifest(_ json: JSONC) -> Bool { json["contributes"] != nil }

    /// The `enablement` of each command an extension's `contributes.commands` declares (one
    /// object or an array of them): VS Code makes it the command's precondition, which every
    /// keybinding of the command also requires.
    static func commandEnablements(_ commands: JSONC?) -> [String: String] {
        guard let commands else { return [:] }
        let items: [JSONC]
        if case .array(let array) = commands.value { items = array } else { items = [commands] }
        var result: [String: String] = [:]
        for item in items {
            if let command = item["command"]?.string, let enablement = item["enablement"]?.string,
               !enablement.allSatisfy(\.isWhitespace) {
                result[command] = enablement
            }
        }
        return result
    }

    /// The keys an extension's entry binds on each platform, as VS Code picks them
    /// (`mac` on macOS, `win` on Windows, `linux` on Linux, else `key`; iPadOS takes the
    /// Mac's), grouped: each key with the platforms it is bound on, in platform order. A
    /// user's entry, or one bound the same everywhere, is one group with no platforms (nil).
    /// `platform`, when known, picks that platform's key alone.
    static func keys(of entry: Entry, isExtension: Bool, platform: Platform?) -> [(key: String, platforms: [Platform]?)] {
        guard isExtension, !entry.platformKeys.isEmpty else { return entry.key.isEmpty && isExtension ? [] : [(entry.key, nil)] }
        func key(on p: Platform) -> String {
            let name = switch p { case .macOS, .iPadOS: "mac"; case .windows: "win"; case .linux: "linux" }
            return entry.platformKeys[name] ?? entry.key
        }
        if let platform {
            let k = key(on: platform)
            return k.isEmpty ? [] : [(k, nil)]
        }
        var groups: [(key: String, platforms: [Platform]?)] = []
        for p in Platform.allCases {
            let k = key(on: p)
            if k.isEmpty { continue }
            if let i = groups.firstIndex(where: { $0.key == k }) { groups[i].platforms?.append(p) } else { groups.append((k, [p])) }
        }
        if groups.count == 1, groups[0].platforms?.count == Platform.allCases.count { return [(groups[0].key, nil)] }
        return groups
    }
}
