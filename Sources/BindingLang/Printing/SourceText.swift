import BindingRuntime

/// Spelling model values back in `.bind` source syntax, for tools that print a keymap
/// (`bindc dump`, `bindc explain`).
public enum SourceText {
    /// `text` as a `.bind` string literal: quoted, with `\"`, `\\`, `\n`, `\t`, `\r`, `\0` and
    /// `\u{…}` for other control characters.
    public static func quoted(_ text: String) -> String {
        SourceLiteral.quoted(text)
    }

    /// The text of a literal made by ``quoted(_:)`` (the inverse of it); other text unchanged.
    public static func unquoted(_ literal: String) -> String {
        guard literal.count >= 2, literal.hasPrefix("\""), literal.hasSuffix("\"") else { return literal }
        var out = ""
        var scalars = Array(literal.unicodeScalars.dropFirst().dropLast())[...]
        while let s = scalars.popFirst() {
            guard s == "\\", let e = scalars.popFirst() else { out.unicodeScalars.append(s); continue }
            switch e {
            case "n": out += "\n"
            case "t": out += "\t"
            case "r": out += "\r"
            case "0": out += "\0"
            case "u":
                var hex = ""
                if scalars.first == "{" { scalars.removeFirst() }
                while let h = scalars.popFirst(), h != "}" { hex.unicodeScalars.append(h) }
                if let v = UInt32(hex, radix: 16), let u = Unicode.Scalar(v) { out.unicodeScalars.append(u) }
            default: out.unicodeScalars.append(e)
            }
        }
        return out
    }

    /// A chord sequence as written in source: canonical chords separated by spaces.
    public static func sequence(_ chords: [Chord]) -> String {
        chords.map(\.sourceText).joined(separator: " ")
    }

    /// The attributes of `binding` the model keeps, as written before its sequence, each
    /// followed by a space: `@priority`, `@repeat(…ms)`, `@timeout`, `@noRemapping`, `@noMirroring` (not
    /// implied by `@noRemapping`); empty when none.
    public static func attributes(_ binding: Binding) -> String {
        var out = binding.wantsPriorityOverSystemBehavior ? "@priority " : ""
        if let window = binding.repeatMilliseconds { out += "@repeat(\(window)ms) " }
        if binding.performsOnTimeout { out += "@timeout " }
        return out + keyboardAdaptation(binding.allowsAutomaticLocalization, binding.allowsAutomaticMirroring)
    }

    /// The attributes of a main-menu item the model keeps, as written before its title, each
    /// followed by a space: `@noRemapping` or `@noMirroring`; empty when none.
    public static func attributes(_ item: MenuItem) -> String {
        keyboardAdaptation(item.allowsAutomaticLocalization, item.allowsAutomaticMirroring)
    }

    /// `@noRemapping ` when `localization` is off, else `@noMirroring ` when `mirroring` is.
    private static func keyboardAdaptation(_ localization: Bool, _ mirroring: Bool) -> String {
        !localization ? "@noRemapping " : !mirroring ? "@noMirroring " : ""
    }

    /// An argument as written between the parentheses of an action reference.
    public static func argument(_ value: ArgumentValue) -> String? {
        switch value {
        case .none: return nil
        case .int(let i): return String(i)
        case .string(let s): return quoted(s)
        case .bool(let b): return b ? "true" : "false"
        }
    }

    /// `name` or `name(argument)` for the action at `index` of `keymap`.
    public static func actionReference(_ index: Int, _ argument: ArgumentValue, in keymap: Keymap) -> String {
        let name = keymap.actions.indices.contains(index) ? keymap.actions[index].name : "<action \(index)>"
        return self.argument(argument).map { "\(name)(\($0))" } ?? name
    }

    /// The name of the role at `index`, or `menu` for a main-menu key equivalent (nil).
    public static func role(_ index: Int?, in keymap: Keymap) -> String {
        guard let index else { return "menu" }
        return keymap.roles.indices.contains(index) ? keymap.roles[index] : "<role \(index)>"
    }

    /// A user-info value as written in a `shortcut`'s `userInfo` dictionary.
    public static func userInfo(_ value: UserInfoValue) -> String {
        switch value {
        case .string(let s): return quoted(s)
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return b ? "true" : "false"
        case .dictionary(let entries): return dictionary(entries)
        }
    }

    /// A user-info dictionary: `{ key: value, … }` (keys that are not identifiers quoted).
    public static func dictionary(_ entries: [UserInfoEntry]) -> String {
        if entries.isEmpty { return "{}" }
        let items = entries.map { "\(isIdentifier($0.key) ? $0.key : quoted($0.key)): \(userInfo($0.value))" }
        return "{ " + items.joined(separator: ", ") + " }"
    }

    /// Whether `text` is a `.bind` identifier: `[A-Za-z_][A-Za-z0-9_]*`.
    public static func isIdentifier(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isIdentifierStart(first) else { return false }
        return bytes.dropFirst().allSatisfy { isIdentifierStart($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    private static func isIdentifierStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }
}
