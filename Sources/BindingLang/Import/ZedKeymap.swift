import BindingRuntime

/// A Zed keymap file (`default-macos.json`, a base keymap such as `vim.json`, a user's
/// `keymap.json`) as Zed reads it: sections in order, each with an optional context predicate
/// and its bindings in order. Positions are byte ranges in the file.
public struct ZedKeymap: Sendable {
    /// One `{ "context": …, "bindings": { … } }` section.
    public struct Section: Sendable {
        /// The context predicate as written, or nil for a section without one.
        public var context: String?
        /// Where the predicate's string is.
        public var contextRange: Range<Int>?
        /// `use_key_equivalents`: keys named by the character a macOS layout produces (kept as is).
        public var useKeyEquivalents: Bool
        /// The bindings in file order.
        public var bindings: [Binding]
        /// The whole section.
        public var range: Range<Int>
    }

    /// One `"keystrokes": action` member.
    public struct Binding: Sendable {
        /// The keystrokes as written (`cmd-k cmd-s`).
        public var keys: String
        /// Where the keystrokes' string is.
        public var keysRange: Range<Int>
        /// What they do.
        public var action: Action
        /// Where the action is.
        public var actionRange: Range<Int>
    }

    /// A binding's right side.
    public enum Action: Sendable {
        /// `"editor::Cancel"`, or `["editor::Cancel"]`.
        case name(String)
        /// `["pane::ActivateItem", 1]`.
        case withArgument(String, JSONC)
        /// `null` (or `zed::NoAction`): disables what an earlier binding of these keystrokes
        /// would do here.
        case disable
        /// `["zed::Unbind", "editor::NewLine"]`, or a member of a section's `unbind` object:
        /// disables earlier bindings of these keystrokes to that action only.
        case unbind(String)
    }

    /// Zed's action that disables like `null` does.
    static let noAction = "zed::NoAction"
    /// Zed's action that disables the bindings of its keystrokes to the action it names.
    static let unbindAction = "zed::Unbind"

    /// The sections in file order.
    public var sections: [Section]

    /// Section members Zed reads (it lists others in a notification and loads the section).
    static let sectionKeys = ["context", "bindings", "unbind", "use_key_equivalents", "use_layout_keys"]

    /// Reads the model from a parsed document; shape mistakes become errors in `file`, and the
    /// section or binding concerned is left out.
    public static func read(_ json: JSONC, file: FileID) -> (ZedKeymap, [Diagnostic]) {
        var diagnostics = DiagnosticEngine()
        func error(_ message: String, _ range: Range<Int>) {
            diagnostics.error(message, at: SourceRange(file: file, start: range.lowerBound, end: range.upperBound))
        }
        guard case .array(let items) = json.value else {
            error("a Zed keymap is an array of sections, not \(json.kindName)", json.range)
            return (ZedKeymap(sections: []), diagnostics.diagnostics)
        }
        var sections: [Section] = []
        for item in items {
            guard case .object(let members) = item.value else {
                error("a keymap section is an object with \"bindings\", not \(item.kindName)", item.range)
                continue
            }
            var section = Section(context: nil, contextRange: nil, useKeyEquivalents: false, bindings: [], range: item.range)
            var ok = true
            // Zed collects unknown members (`_comment`) as unrecognized fields, reports them and
            // still loads the section (`KeymapFile::load`): a warning, and the section is kept.
            for member in members where !sectionKeys.contains(member.key) {
                let suggestion = nearest(to: member.key, in: sectionKeys).map { "; did you mean '\($0)'?" } ?? ""
                diagnostics.warning("unknown key '\(member.key)' in a keymap section, ignored as Zed ignores it\(suggestion)",
                                    at: SourceRange(file: file, start: member.keyRange.lowerBound, end: member.keyRange.upperBound))
            }
            if let context = item["context"] {
                if let text = context.string {
                    section.context = text
                    section.contextRange = context.range
                } else {
                    error("\"context\" must be a string, not \(context.kindName)", context.range)
                    ok = false
                }
            }
            for flag in ["use_key_equivalents", "use_layout_keys"] {
                guard let value = item[flag] else { continue }
                if case .bool(let b) = value.value { section.useKeyEquivalents = section.useKeyEquivalents || b } else {
                    error("\"\(flag)\" must be true or false, not \(value.kindName)", value.range)
                    ok = false
                }
            }
            // The section's `unbind` members come first: Zed loads them before its bindings.
            if let unbinds = item["unbind"] {
                if case .object(let entries) = unbinds.value {
                    for entry in entries {
                        let target: String?
                        switch entry.value.value {
                        case .string(let name): target = name
                        case .array(let parts) where parts.count <= 2: target = parts.first?.string
                        default: target = nil
                        }
                        guard let target else {
                            error("an unbind names the action to unbind: a name or [name, argument], not \(entry.value.kindName)", entry.value.range)
                            continue
                        }
                        section.bindings.append(Binding(keys: entry.key, keysRange: entry.keyRange, action: .unbind(target), actionRange: entry.value.range))
                    }
                } else {
                    error("\"unbind\" must be an object of keystrokes to actions, not \(unbinds.kindName)", unbinds.range)
                    ok = false
                }
            }
            guard let bindings = item["bindings"] else {
                // Zed accepts a section without bindings; it binds nothing.
                if ok { sections.append(section) }
                continue
            }
            guard case .object(let entries) = bindings.value else {
                error("\"bindings\" must be an object of keystrokes to actions, not \(bindings.kindName)", bindings.range)
                continue
            }
            for entry in entries {
                let action: Action
                switch entry.value.value {
                case .string(let name): action = name == noAction ? .disable : .name(name)
                case .null: action = .disable
                case .array(let parts):
                    guard let name = parts.first?.string, parts.count <= 2 else {
                        error("an action is a name, null, or [name, argument]", entry.value.range)
                        continue
                    }
                    if name == noAction {
                        action = .disable
                    } else if name == unbindAction, parts.count == 2, let target = parts[1].string {
                        action = .unbind(target)
                    } else {
                        action = parts.count == 2 ? .withArgument(name, parts[1]) : .name(name)
                    }
                default:
                    error("an action is a name, null, or [name, argument], not \(entry.value.kindName)", entry.value.range)
                    continue
                }
                section.bindings.append(Binding(keys: entry.key, keysRange: entry.keyRange, action: action, actionRange: entry.value.range))
            }
            if ok { sections.append(section) }
        }
        return (ZedKeymap(sections: sections), diagnostics.diagnostics)
    }
}
