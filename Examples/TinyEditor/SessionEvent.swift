import BindingRuntime

/// What one stroke did, as the editor reports it (scripted mode prints one per line).
enum SessionEvent: Equatable, Sendable, CustomStringConvertible {
    /// The runtime performed `action` (with its argument, as in source) on responder `by`.
    case performed(String, by: String)
    /// The strokes so far start a longer binding.
    case pending([Chord])
    /// A pending sequence ended without an action; the strokes include the one that ended it.
    case cancelled([Chord])
    /// The table had nothing for the stroke and it was not text.
    case unhandled(Chord)
    /// The table had nothing for the strokes and they were typed as text.
    case typed(String)
    /// One of the editor's own keys (overlay, keymap switch, read-only, quit).
    case app(String)

    var description: String {
        switch self {
        case .performed(let action, let by): return "performed \(action) by \(by)"
        case .pending(let strokes): return "pending \(Self.text(strokes))"
        case .cancelled(let strokes): return "cancelled \(Self.text(strokes))"
        case .unhandled(let chord): return "unhandled \(chord.sourceText)"
        case .typed(let text): return "typed \(SessionEvent.quoted(text))"
        case .app(let what): return "app \(what)"
        }
    }

    static func text(_ strokes: [Chord]) -> String { strokes.map(\.sourceText).joined(separator: " ") }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for ch in s {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.append(ch)
            }
        }
        return out + "\""
    }
}
