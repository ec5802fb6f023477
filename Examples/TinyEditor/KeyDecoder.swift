import BindingRuntime

/// Turns the bytes a terminal sends into key presses.
///
/// Understands printable characters (UTF-8), control characters (`ctrl+a`…), `escape`,
/// `return`, `tab`, backspace (0x7f), CSI sequences for arrows, home/end, page up/down,
/// insert, forward delete and F-keys with xterm modifier parameters (`\e[1;3D` is `alt+left`),
/// `\e[Z` (`shift+tab`), SS3 sequences (`\eOA`, `\eOP`), and alt+key sent as an escape prefix.
/// Bytes are fed as they arrive; an incomplete sequence waits for more, and ``flush()``
/// settles it when no more come (a lone escape is the escape key).
struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// Whether bytes are waiting for the rest of a sequence.
    var hasPartial: Bool { !pending.isEmpty }

    /// Decodes `bytes` (appended to what was pending); keeps an incomplete tail.
    mutating func feed(_ bytes: [UInt8]) -> [KeyEvent] {
        pending += bytes
        var out: [KeyEvent] = []
        var i = 0
        while i < pending.count {
            switch decodeOne(pending, at: i, final: false) {
            case .event(let e, let used):
                if let e { out.append(e) }
                i += used
            case .incomplete:
                pending.removeFirst(i)
                return out
            }
        }
        pending.removeAll()
        return out
    }

    /// Settles whatever is pending as if no more bytes will come.
    mutating func flush() -> [KeyEvent] {
        var out: [KeyEvent] = []
        var i = 0
        while i < pending.count {
            if case .event(let e, let used) = decodeOne(pending, at: i, final: true) {
                if let e { out.append(e) }
                i += max(1, used)
            } else { i += 1 }
        }
        pending.removeAll()
        return out
    }

    /// Decodes a complete chunk of bytes at once (tests and scripted input).
    static func decode(_ bytes: [UInt8]) -> [KeyEvent] {
        var d = KeyDecoder()
        return d.feed(bytes) + d.flush()
    }

    private enum Step {
        /// An event (nil: bytes consumed and ignored) and the byte count used.
        case event(KeyEvent?, Int)
        case incomplete
    }

    private static func named(_ name: String, _ mods: Modifiers = []) -> KeyEvent? {
        guard let key = Key.namedCode(name) else { return nil }
        return KeyEvent(key: key, modifiers: mods)
    }

    private func decodeOne(_ b: [UInt8], at i: Int, final: Bool) -> Step {
        let c = b[i]
        if c == 0x1B { return decodeEscape(b, at: i, final: final) }
        return decodePlain(b, at: i, final: final, extra: [])
    }

    /// A byte or UTF-8 character that is not an escape sequence, with `extra` modifiers (alt).
    private func decodePlain(_ b: [UInt8], at i: Int, final: Bool, extra: Modifiers) -> Step {
        let c = b[i]
        switch c {
        case 0x0D, 0x0A: return .event(Self.named("return", extra), 1)
        case 0x09: return .event(Self.named("tab", extra), 1)
        case 0x7F, 0x08: return .event(Self.named("delete", extra), 1)
        case 0x00: return .event(KeyEvent(key: .space, modifiers: extra.union(.control)), 1)
        case 0x01...0x1A:
            let letter = Key(rawValue: UInt32(c) + 0x60)
            return .event(KeyEvent(key: letter, modifiers: extra.union(.control)), 1)
        case 0x1C: return .event(KeyEvent(key: Key(character: "\\"), modifiers: extra.union(.control)), 1)
        case 0x1D: return .event(KeyEvent(key: Key(character: "]"), modifiers: extra.union(.control)), 1)
        case 0x1E: return .event(KeyEvent(key: Key(character: "^"), modifiers: extra.union(.control)), 1)
        case 0x1F: return .event(KeyEvent(key: Key(character: "/"), modifiers: extra.union(.control)), 1)
        case 0x20..<0x7F:
            let s = Unicode.Scalar(c)
            let shift: Modifiers = (c >= 0x41 && c <= 0x5A) ? .shift : []
            return .event(KeyEvent(key: Key(character: s), modifiers: extra.union(shift)), 1)
        default:
            // UTF-8: the lead byte says how many continuation bytes follow.
            let need: Int
            switch c {
            case 0xC2...0xDF: need = 2
            case 0xE0...0xEF: need = 3
            case 0xF0...0xF4: need = 4
            default: return .event(nil, 1)  // a stray continuation or invalid byte
            }
            if i + need > b.count { return final ? .event(nil, b.count - i) : .incomplete }
            let bytes = Array(b[i..<(i + need)])
            guard bytes.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }) else { return .event(nil, 1) }
            var decoded = String(decoding: bytes, as: UTF8.self).unicodeScalars.makeIterator()
            guard let s = decoded.next(), s != "\u{FFFD}" else { return .event(nil, need) }
            return .event(KeyEvent(key: Key(character: s), modifiers: extra), need)
        }
    }

    private func decodeEscape(_ b: [UInt8], at i: Int, final: Bool) -> Step {
        guard i + 1 < b.count else {
            return final ? .event(Self.named("escape"), 1) : .incomplete
        }
        let next = b[i + 1]
        switch next {
        case UInt8(ascii: "["):
            return decodeCSI(b, at: i, final: final)
        case UInt8(ascii: "O"):
            guard i + 2 < b.count else {
                return final ? .event(KeyEvent(key: Key(character: "o"), modifiers: [.alternate, .shift]), 2) : .incomplete
            }
            let f = b[i + 2]
            let name: String?
            switch f {
            case UInt8(ascii: "A"): name = "up"
            case UInt8(ascii: "B"): name = "down"
            case UInt8(ascii: "C"): name = "right"
            case UInt8(ascii: "D"): name = "left"
            case UInt8(ascii: "H"): name = "home"
            case UInt8(ascii: "F"): name = "end"
            case UInt8(ascii: "M"): name = "enter"
            case UInt8(ascii: "P"): name = "f1"
            case UInt8(ascii: "Q"): name = "f2"
            case UInt8(ascii: "R"): name = "f3"
            case UInt8(ascii: "S"): name = "f4"
            default: name = nil
            }
            return .event(name.flatMap { Self.named($0) }, 3)
        case 0x1B:
            // Escape pressed twice: the first is a plain escape.
            return .event(Self.named("escape"), 1)
        default:
            switch decodePlain(b, at: i + 1, final: final, extra: .alternate) {
            case .event(let e, let used): return .event(e, used + 1)
            case .incomplete: return .incomplete
            }
        }
    }

    /// `ESC [ params final`: parameters are digits and `;`, the final byte 0x40–0x7E.
    private func decodeCSI(_ b: [UInt8], at i: Int, final: Bool) -> Step {
        var j = i + 2
        while j < b.count, (0x20...0x3F).contains(b[j]) { j += 1 }
        guard j < b.count else {
            if final {
                // `ESC [` with nothing after it: alt+[.
                return i + 2 == b.count
                    ? .event(KeyEvent(key: Key(character: "["), modifiers: .alternate), 2)
                    : .event(nil, b.count - i)
            }
            return .incomplete
        }
        let used = j - i + 1
        guard (0x40...0x7E).contains(b[j]) else { return .event(nil, used) }
        let params = String(decoding: b[(i + 2)..<j], as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0.split(separator: ":").first ?? "") }
        let first = params.first.flatMap { $0 }
        let mods = params.count > 1 ? Self.modifiers(params[1] ?? 1) : []
        let name: String?
        switch b[j] {
        case UInt8(ascii: "A"): name = "up"
        case UInt8(ascii: "B"): name = "down"
        case UInt8(ascii: "C"): name = "right"
        case UInt8(ascii: "D"): name = "left"
        case UInt8(ascii: "H"): name = "home"
        case UInt8(ascii: "F"): name = "end"
        case UInt8(ascii: "P"): name = "f1"
        case UInt8(ascii: "Q"): name = "f2"
        case UInt8(ascii: "R"): name = "f3"
        case UInt8(ascii: "S"): name = "f4"
        case UInt8(ascii: "Z"): return .event(Self.named("tab", mods.union(.shift)), used)
        case UInt8(ascii: "u"):
            // The kitty keyboard protocol: `ESC [ code ; mods u`.
            guard let code = first, let s = Unicode.Scalar(UInt32(clamping: code)) else { return .event(nil, used) }
            switch code {
            case 13: return .event(Self.named("return", mods), used)
            case 9: return .event(Self.named("tab", mods), used)
            case 27: return .event(Self.named("escape", mods), used)
            case 127: return .event(Self.named("delete", mods), used)
            default:
                guard code >= 0x20 else { return .event(nil, used) }
                let key = Key(character: s)
                guard key.isValid else { return .event(nil, used) }
                let shift: Modifiers = (code >= 0x41 && code <= 0x5A) ? .shift : []
                return .event(KeyEvent(key: key, modifiers: mods.union(shift)), used)
            }
        case UInt8(ascii: "~"):
            switch first ?? 0 {
            case 1, 7: name = "home"
            case 2: name = "insert"
            case 3: name = "forwardDelete"
            case 4, 8: name = "end"
            case 5: name = "pageUp"
            case 6: name = "pageDown"
            case 11...15: name = "f\((first ?? 11) - 10)"
            case 17...21: name = "f\((first ?? 17) - 11)"
            case 23...26: name = "f\((first ?? 23) - 12)"
            case 28, 29: name = "f\((first ?? 28) - 13)"
            case 31...34: name = "f\((first ?? 31) - 14)"
            default: name = nil
            }
        default: name = nil
        }
        return .event(name.flatMap { Self.named($0, mods) }, used)
    }

    /// xterm's modifier parameter: 1 + (shift 1, alt 2, ctrl 4, meta 8).
    static func modifiers(_ param: Int) -> Modifiers {
        let bits = max(0, param - 1)
        var m: Modifiers = []
        if bits & 1 != 0 { m.insert(.shift) }
        if bits & 2 != 0 { m.insert(.alternate) }
        if bits & 4 != 0 { m.insert(.control) }
        if bits & 8 != 0 { m.insert(.command) }
        return m
    }
}
