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

    /// The entries in file order.
    public var entries: [Entry]

    /// Entry members VS Code reads.
    static let entryKeys = ["key", "command", "when", "args", "mac", "linux", "win"]

    /// Reads the model from a parsed document; shape mistakes become errors in `file`, and the
    /// entry concerned is left out.
    public static func read(_ json: JSONC, file: FileID) -> (VSCodeKeybindings, [Diagnostic]) {
        var diagnostics = DiagnosticEngine()
        func error(_ message: String, _ range: Range<Int>) {
            diagnostics.error(message, at: SourceRange(file: file, start: range.lowerBound, end: range.upperBound))
        }
        guard case .array(let items) = json.value else {
            error("a VS Code keybindings file is an array of entries, not \(json.kindName)", json.range)
            return (VSCodeKeybindings(entries: []), diagnostics.diagnostics)
        }
        var entries: [Entry] = []
        for item in items {
            guard case .object(let members) = item.value else {
                error("a keybinding is an object with \"key\" and \"command\", not \(item.kindName)", item.range)
                continue
            }
            var ok = true
            // VS Code reads only the members it knows and ignores the others (a `title` or a
            // `description` some users add): a warning, and the entry is kept.
            for member in members where !entryKeys.contains(member.key) {
                let suggestion = nearest(to: member.key, in: entryKeys).map { "; did you mean '\($0)'?" } ?? ""
                diagnostics.warning("unknown key '\(member.key)' in a keybinding, ignored as VS Code ignores it\(suggestion)",
                                    at: SourceRange(file: file, start: member.keyRange.lowerBound, end: member.keyRange.upperBound))
            }
            func string(_ name: String, required: Bool) -> JSONC? {
                guard let value = item[name] else {
                    if required {
                        error("keybinding has no \"\(name)\"", item.range.lowerBound..<(item.range.lowerBound + 1))
                        ok = false
                    }
                    return nil
                }
                guard value.string != nil else {
                    error("\"\(name)\" must be a string, not \(value.kindName)", value.range)
                    ok = false
                    return nil
                }
                return value
            }
            // A removal without a key removes every default binding of its command.
            let isRemoval = item["command"]?.string?.hasPrefix("-") == true
            let key = string("key", required: !isRemoval)
            let command = string("command", required: true)
            let when = string("when", required: false)
            for platform in ["mac", "linux", "win"] { _ = string(platform, required: false) }
            guard ok, let command, let commandText = command.string, key != nil || isRemoval else { continue }
            let keyText = key?.string ?? ""
            let keyRange = key?.range ?? command.range
            entries.append(Entry(
                key: keyText, keyRange: keyRange, command: commandText, commandRange: command.range,
                when: when?.string, whenRange: when?.range, args: item["args"], range: item.range))
        }
        return (VSCodeKeybindings(entries: entries), diagnostics.diagnostics)
    }
}
