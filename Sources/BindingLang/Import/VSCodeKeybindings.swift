import BindingRuntime

/// A VS Code `keybindings.json` (the defaults, or a user's file layered over them) as VS Code
/// reads it: entries in order. Positions are byte ranges in the file.
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

    /// Entry members VS Code reads.
    static let entryKeys = ["key", "command", "when", "args", "mac", "linux", "win"]

    /// Reads the model from a parsed document. A file that is not an array is an error in
    /// `file`; an entry VS Code binds nothing for (no `key` or `command` string, not an object:
    /// users keep `{ "group": "Navigation" }` separators) is left out with a warning, and the
    /// others are read, as VS Code reads each entry on its own.
    public static func read(_ json: JSONC, file: FileID) -> (VSCodeKeybindings, [Diagnostic]) {
        var diagnostics = DiagnosticEngine()
        func at(_ range: Range<Int>) -> SourceRange { SourceRange(file: file, start: range.lowerBound, end: range.upperBound) }
        guard case .array(let items) = json.value else {
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
            let when = string("when", "; ignored as VS Code ignores it, so the entry applies everywhere")
            for platform in ["mac", "linux", "win"] { _ = string(platform, "; ignored") }
            // A member that is there but not a string was warned about above.
            for name in ["key", "command"] where item[name] == nil && !(name == "key" && isRemoval) {
                diagnostics.warning("keybinding has no \"\(name)\"" + leftOut, at: at(item.range.lowerBound..<(item.range.lowerBound + 1)))
            }
            guard let command, let commandText = command.string, key != nil || isRemoval else {
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
                when: when?.string, whenRange: when?.range, args: item["args"], range: item.range))
        }
        for u in unknownMembers {
            let more = u.count > 1 ? " (in \(u.count) entries; this is the first)" : ""
            diagnostics.warning("unknown key '\(u.name)' in a keybinding\(more), ignored as VS Code ignores it"
                                + (u.suggestion.map { "; did you mean '\($0)'?" } ?? ""), at: u.first)
        }
        return (VSCodeKeybindings(entries: entries, unusable: unusable), diagnostics.diagnostics)
    }
}
