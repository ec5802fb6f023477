import BindingRuntime

/// Turns one stroke as Zed (`cmd-shift-[`) or VS Code (`ctrl+shift+[`) writes it into `.bind`
/// chord text (`shift+cmd+"["`), or says why it has no counterpart.
public enum ForeignKey {
    /// Names of punctuation keys other editors spell out, and the key's character, for a
    /// Zed keystroke written with one (Zed's key names for them are the characters).
    /// Application keys some keyboards have and editors name (Zed on Linux reads X11's
    /// `XF86New` as `new`), which the language has no name for.
    static let hardwareKeyNames: Set<String> = ["new", "open", "save", "cut", "copy", "paste", "undo", "redo", "find", "help", "menu", "back", "forward", "stop", "refresh"]

    static let punctuationNames = [
        "semicolon": ";", "comma": ",", "period": ".", "slash": "/", "backslash": "\\", "quote": "'",
        "backquote": "`", "minus": "-", "equal": "=", "bracketleft": "[", "bracketright": "]",
    ]

    /// Modifier spellings of both editors, by the `.bind` modifier they mean. `meta`, `super`
    /// and `win` are the Windows/Linux logo key, which the `.bind` language writes `cmd`.
    static let modifierNames: [String: String] = [
        "cmd": "cmd", "command": "cmd", "meta": "cmd", "super": "cmd", "win": "cmd",
        "ctrl": "ctrl", "control": "ctrl", "alt": "alt", "option": "alt", "shift": "shift",
    ]

    /// Named keys whose `.bind` name differs or must be spelled out.
    static let keyNames: [String: String] = [
        "backspace": "backspace", "delete": "forwardDelete", "enter": "return", "escape": "escape",
        "tab": "tab", "space": "space", "up": "up", "down": "down", "left": "left", "right": "right",
        "home": "home", "end": "end", "pageup": "pageUp", "pagedown": "pageDown", "insert": "insert",
        "uparrow": "up", "downarrow": "down", "leftarrow": "left", "rightarrow": "right",
    ]

    /// Both editors' names for keys that the language names otherwise and whose spelling it
    /// does not accept: the context-menu key (Zed's `menu` is X11's Menu keysym, the
    /// Application key, not the language's `menu`; VS Code's `contextmenu`) and VS Code's
    /// media and volume keys. The language's own names and aliases (`find`, `copy`, `undo`,
    /// `browserBack`, `again`, …) are found case-insensitively in `Key.aliases`.
    static let otherKeyNames: [String: String] = [
        "menu": "contextMenu", "contextmenu": "contextMenu", "browserrefresh": "refresh", "pausebreak": "pause",
        "audiovolumemute": "mute", "audiovolumeup": "volumeUp", "audiovolumedown": "volumeDown",
        "mediatracknext": "mediaNext", "mediatrackprevious": "mediaPrevious",
    ]

    /// VS Code's scan codes of keys that are not writing keys, by the language's name for them.
    static let scanCodeNames: [String: String] = [
        "Enter": "return", "Escape": "escape", "Tab": "tab", "Space": "space", "Backspace": "backspace",
        "Delete": "forwardDelete", "Insert": "insert", "Home": "home", "End": "end", "PageUp": "pageUp",
        "PageDown": "pageDown", "ArrowUp": "up", "ArrowDown": "down", "ArrowLeft": "left", "ArrowRight": "right",
    ]

    /// The language's named keys by lower-cased name or alias (`printscreen` → `printScreen`,
    /// `browserback` → `back`).
    static let languageKeyNames: [String: String] = Dictionary(
        Key.aliases.filter(\.value.isNamed).map { ($0.key.lowercased(), $0.value.sourceName) }, uniquingKeysWith: { a, b in min(a, b) })

    /// VS Code's numeric-keypad operator names.
    static let numpadKeys: [String: String] = [
        "numpad_add": "\"+\"", "numpad_subtract": "\"-\"", "numpad_multiply": "\"*\"",
        "numpad_divide": "\"/\"", "numpad_decimal": "\".\"", "numpad_separator": "\",\"",
    ]

    /// VS Code's names for punctuation keys by their Windows virtual keys (`oem_3`), which it
    /// writes for keys recorded on some layouts: the character each types on a US keyboard,
    /// as VS Code labels them there (`oem_3` is `` ` ``). `oem_102` (the ISO key beside the
    /// left Shift) and `abnt_c1` (the Brazilian key beside the right Shift) type no US
    /// character; the language names them by position. `oem_8` has neither and is left out.
    static let virtualKeyNames: [String: String] = virtualKeyCharacters.mapValues(ForeignText.literal)
        .merging(["oem_102": "IntlBackslash", "abnt_c1": "IntlRo"]) { a, _ in a }

    /// The virtual keys read as the character their key types on a US keyboard.
    static let virtualKeyCharacters = [
        "oem_1": ";", "oem_plus": "=", "oem_comma": ",", "oem_minus": "-", "oem_period": ".", "oem_2": "/",
        "oem_3": "`", "oem_4": "[", "oem_5": "\\", "oem_6": "]", "oem_7": "'",
    ]

    /// Whether a stroke of VS Code `keys` (`ctrl+oem_plus`) names a virtual key read as its US
    /// character (``virtualKeyCharacters``).
    static func readsVirtualKeyAsUSCharacter(_ keys: String) -> Bool {
        keys.lowercased().split(separator: " ").contains { stroke in
            virtualKeyCharacters.keys.contains { stroke == $0 || stroke.hasSuffix("+" + $0) || stroke.hasSuffix("-" + $0) }
        }
    }

    /// VS Code's scan codes of the two keypad keys its key names do not name, as chord parts.
    static let numpadScanCodes: [String: [String]] = [
        "NumpadEqual": ["numpad", "\"=\""], "NumpadEnter": ["numpad", "enter"],
    ]

    /// Scan-code names by their lower-cased spelling (`semicolon` → `Semicolon`): the keys'
    /// `KeyboardEvent.code` names and those above.
    static let canonicalScanCodes: [String: String] = {
        var out: [String: String] = [:]
        for name in PhysicalKey.all.map(\.code) + Array(scanCodeNames.keys) + Array(numpadScanCodes.keys) {
            out[name.lowercased()] = name
        }
        return out
    }()

    /// The key name VS Code writes for the key of scan code `code` (lower-cased, for
    /// ``namedKey(_:virtualKeys:)``): `F5` → `f5`, `Numpad1` → `numpad1`, `NumpadAdd` →
    /// `numpad_add`, `ContextMenu` → `contextmenu`.
    private static func keyName(ofScanCode code: String) -> String {
        let lower = code.lowercased()
        guard lower.hasPrefix("numpad"), Int(lower.dropFirst(6)) == nil else { return lower }
        return "numpad_" + lower.dropFirst(6)
    }

    /// The chord parts of a key both editors write by name (lower-cased: `pageup`, `f5`,
    /// `numpad1`, `numpad_add`, `audiovolumeup`, and with `virtualKeys` VS Code's `oem_3`), or
    /// nil when `lower` is no such name.
    private static func namedKey(_ lower: String, virtualKeys: Bool) -> [String]? {
        if let name = keyNames[lower] ?? otherKeyNames[lower] { return [name] }
        if lower.count > 1, let name = languageKeyNames[lower] { return [name] }
        if lower.count >= 2, lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...24).contains(n) { return [lower] }
        if lower.hasPrefix("numpad"), let digit = Int(lower.dropFirst(6)), (0...9).contains(digit) { return ["numpad", String(digit)] }
        if let key = numpadKeys[lower] { return ["numpad", key] }
        if virtualKeys, let key = virtualKeyNames[lower] { return [key] }
        return nil
    }

    /// `chord` (as ``chord(_:separator:secondary:)`` writes it) with its key position replaced
    /// by the character that key types on a US keyboard, as the character's chord is written
    /// (`shift+cmd+Equal` → `shift+cmd+"="`, `cmd+KeyV` → `cmd+v`); nil when its key is no
    /// writing key's position. VS Code resolves a key written by character (`cmd+=`) to a
    /// scan code through the keyboard layout, so on a US keyboard the two name one key.
    static func usCharacterChord(_ chord: String) -> String? {
        let start = chord.lastIndex(of: "+").map(chord.index(after:)) ?? chord.startIndex
        let name = chord[start...]
        guard let first = name.first, first.isLetter, let key = Key.aliases[String(name)], key.isPhysical,
              let us = key.physicalKey?.usCharacter else { return nil }
        let c = String(Character(us))
        let isWord = us.properties.isAlphabetic || ("0"..."9").contains(us)
        return String(chord[..<start]) + (isWord ? c : ForeignText.literal(c))
    }

    /// ``usCharacterChord(_:)`` of each chord of `sequence` that has one; nil when none has.
    static func usCharacterSequence(_ sequence: [String]) -> [String]? {
        var changed = false
        let mapped = sequence.map { chord -> String in
            guard let us = usCharacterChord(chord) else { return chord }
            changed = true
            return us
        }
        return changed ? mapped : nil
    }

    /// The modifiers as chord text writes them, in order (`primary` last).
    static let modifierOrder = ["ctrl", "alt", "shift", "cmd", "primary"]

    /// One stroke as `.bind` chord text; `separator` is `-` (Zed) or `+` (VS Code).
    /// `secondary` is what Zed's `secondary` modifier becomes: `primary` (the platform's
    /// command modifier, when the platform is not known), `cmd` or `ctrl`.
    public static func chord(_ text: String, separator: Character, secondary: String = "primary") throws(UnsupportedCondition) -> String {
        var parts: [String] = []
        var current = ""
        let chars = Array(text)
        for (i, c) in chars.enumerated() {
            // VS Code also ends a modifier with `-` (`shift-f7`, `ctrl-alt-k`): its parser takes
            // a modifier name followed by `+` or `-`.
            let vscodeDash = separator == "+" && c == "-" && modifierNames[current.lowercased()] != nil
            if c == separator || vscodeDash, !current.isEmpty, i + 1 < chars.count {
                parts.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        parts.append(current)
        guard let written = parts.last, !written.isEmpty else { throw UnsupportedCondition(reason: "unparsable key") }
        var modifiers: [String] = []
        for modifier in parts.dropLast() {
            let lower = modifier.lowercased()
            if lower == "fn" { throw UnsupportedCondition(reason: "'fn' modifier") }
            if lower == "secondary" && separator == "-" {
                // Zed's platform modifier: cmd on macOS, ctrl elsewhere, as `primary` is.
                if !modifiers.contains(secondary) { modifiers.append(secondary) }
                continue
            }
            guard let name = modifierNames[lower] else {
                throw UnsupportedCondition(reason: "unknown modifier '\(ForeignText.inline(modifier))'")
            }
            if !modifiers.contains(name) { modifiers.append(name) }
        }
        if modifiers.contains("primary") && (modifiers.contains("cmd") || modifiers.contains("ctrl")) {
            // One key on one platform and two on the others: no one chord means that.
            throw UnsupportedCondition(reason: "'secondary' with 'cmd' or 'ctrl' (one modifier on macOS, two elsewhere)")
        }
        let order = modifierOrder
        var keyText = written
        if separator == "-", keyText.count == 1, let c = keyText.unicodeScalars.first, c.isASCII, ("A"..."Z").contains(c) {
            // Zed reads a capital letter as Shift and the letter.
            if !modifiers.contains("shift") { modifiers.append("shift") }
            keyText = keyText.lowercased()
        }
        var out = order.filter { modifiers.contains($0) }
        let lower = keyText.lowercased()
        if let parts = namedKey(lower, virtualKeys: separator == "+") {
            out += parts
        } else if keyText.hasPrefix("[") && keyText.count > 1 && keyText.hasSuffix("]") {
            // VS Code's scan codes are KeyboardEvent.code names: a writing key's is the
            // language's key position (Grammar.md §4.3), the same physical key on every layout;
            // the others name the same keys as VS Code's key names.
            let written = String(keyText.dropFirst().dropLast())
            // VS Code lower-cases the whole key before reading it: any case is the scan code.
            let code = canonicalScanCodes[written.lowercased()] ?? written
            if let name = scanCodeNames[code] {
                out.append(name)
            } else if let key = Key.aliases[code], key.isPhysical {
                out.append(code)
            } else if let parts = numpadScanCodes[code] ?? namedKey(keyName(ofScanCode: code), virtualKeys: false) {
                out += parts
            } else {
                throw UnsupportedCondition(reason: "scan code without a key in the language ('[\(ForeignText.inline(code))]')")
            }
        } else if out.isEmpty, let modifier = modifierNames[lower] {
            // Zed's `shift shift`, JetBrains' double Shift: a lone modifier press.
            throw UnsupportedCondition(reason: "a modifier pressed alone ('\(modifier)'): not a key, so not a key command (Grammar.md §4.3)")
        } else if keyText.count == 1, let c = keyText.unicodeScalars.first, keyText.unicodeScalars.count == 1 {
            if c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c)) {
                out.append(lower)
            } else {
                out.append(ForeignText.literal(keyText))
            }
        } else if separator == "-", let character = punctuationNames[lower] {
            // Zed keeps an unknown name as the key's name (`Keystroke::parse`), and a press of
            // the key is its character: `semicolon` never matches.
            throw UnsupportedCondition(reason: "Zed reads '\(lower)' as a key of that name, which no press produces (its key is '\(character)')")
        } else {
            // `]t`, `gg`: strokes written without the space between them.
            // (Not for `f25`: a function key past the language's f24, not three strokes.)
            let functionKey = lower.first == "f" && lower.count > 1 && lower.dropFirst().allSatisfy { ("0"..."9").contains($0) }
            if functionKey { throw UnsupportedCondition(reason: "function key '\(ForeignText.inline(keyText))' (the language names f1 to f24)") }
            // Keyboards' application keys (X11's XF86New, XF86Open, ...), which Zed names on
            // Linux: not strokes written without spaces.
            if hardwareKeyNames.contains(lower) {
                throw UnsupportedCondition(reason: "hardware key '\(ForeignText.inline(keyText))' (the language has no name for it)")
            }
            let apart = (2...3).contains(keyText.count) && out.isEmpty
                ? "; did you mean '\(ForeignText.inline(keyText.map(String.init).joined(separator: " ")))', one stroke each?" : ""
            throw UnsupportedCondition(reason: "key without a name in the language ('\(ForeignText.inline(keyText))')" + apart)
        }
        let chord = out.joined(separator: "+")
        // What the language itself reads as one stroke, so the output compiles (a control
        // character or a combining mark is not a key).
        guard case .success = StrokeText.chord(chord, platform: .macOS) else {
            throw UnsupportedCondition(reason: "key without a name in the language ('\(ForeignText.inline(keyText))')")
        }
        return chord
    }
}
