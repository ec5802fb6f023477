import BindingRuntime
import BindingLang

/// Scripted mode: strokes written as text, run through a session, with a deterministic
/// report of what each did and the resulting buffer. Tests and the README use it.
///
/// Syntax: strokes separated by white space, each a chord as in `.bind` and `bindc`
/// (`d`, `G`, `shift+g`, `ctrl+k`, `alt+left`, `ctrl+"["`, `"$"`), and `text:"…"` to type literal
/// text one character at a time (escapes `\"`, `\\`, `\n`, `\t`). In input read from a file or
/// a pipe, `#` at the start of a token starts a comment that runs to the end of the line (a
/// quoted `"#"` is the key). The report lists the discoverability
/// overlay, indented, where `f1` opens it.
enum Script {
    /// One scripted step.
    enum Step: Equatable {
        case stroke(Chord)
        case text(String)
    }

    /// Why a script could not be read.
    struct ParseError: Error, Equatable, CustomStringConvertible {
        let token: String
        let reason: String
        var description: String { "bad key '\(token)': \(reason)" }
    }

    /// Reads a script.
    static func parse(_ source: String) throws(ParseError) -> [Step] {
        var steps: [Step] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("#") { continue }
            for token in try tokens(String(trimmed)) {
                steps.append(try step(token))
            }
        }
        return steps
    }

    /// Splits on white space outside double quotes (a backslash escapes inside quotes).
    static func tokens(_ line: String) throws(ParseError) -> [String] {
        var out: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for ch in line {
            if quoted {
                current.append(ch)
                if escaped { escaped = false }
                else if ch == "\\" { escaped = true }
                else if ch == "\"" { quoted = false }
            } else if ch == "#" && current.isEmpty {
                break  // a comment, to the end of the line
            } else if ch == " " || ch == "\t" || ch == "\r" {
                if !current.isEmpty { out.append(current); current = "" }
            } else {
                if ch == "\"" { quoted = true }
                current.append(ch)
            }
        }
        if quoted { throw ParseError(token: current, reason: "unterminated string") }
        if !current.isEmpty { out.append(current) }
        return out
    }

    private static func step(_ token: String) throws(ParseError) -> Step {
        if token.hasPrefix("text:") {
            let body = String(token.dropFirst(5))
            guard body.count >= 2, body.first == "\"", body.last == "\"" else {
                throw ParseError(token: token, reason: "write text:\"…\"")
            }
            return .text(try unescape(String(body.dropFirst().dropLast()), token: token))
        }
        // The language's own stroke parser: quoted keys (`cmd+"["`, `"$"`) as in a .bind file.
        switch StrokeText.chord(token, platform: KeymapLibrary.platform) {
        case .success(let chord): return .stroke(chord)
        case .failure(let failure): throw ParseError(token: token, reason: failure.message)
        }
    }

    private static func unescape(_ s: String, token: String) throws(ParseError) -> String {
        var out = ""
        var escaped = false
        for ch in s {
            if escaped {
                switch ch {
                case "n": out += "\n"
                case "t": out += "\t"
                case "\"", "\\": out.append(ch)
                default: throw ParseError(token: token, reason: "unknown escape \\\(ch)")
                }
                escaped = false
            } else if ch == "\\" { escaped = true }
            else { out.append(ch) }
        }
        if escaped { throw ParseError(token: token, reason: "dangling backslash") }
        return out
    }

    /// What a script did.
    struct Result {
        /// One event per stroke, consecutive typing merged.
        var events: [SessionEvent]
        /// The buffer's text afterwards.
        var text: String
        var cursor: Position
        /// The report printed by scripted mode.
        var report: String
    }

    /// Runs `steps` through `session`, stopping early if a quit action runs.
    static func run(_ steps: [Step], on session: EditorSession) -> Result {
        var events: [SessionEvent] = []
        // The discoverability overlay as shown when F1 opened it, by event index.
        var overlays: [Int: [String]] = [:]
        func record(_ e: SessionEvent) {
            if case .typed(let t) = e, case .typed(let before)? = events.last {
                events[events.count - 1] = .typed(before + t)
            } else { events.append(e) }
            if session.overlayVisible, case .app = e { overlays[events.count - 1] = session.overlayLines() }
        }
        loop: for step in steps {
            switch step {
            case .stroke(let chord):
                record(session.handle(KeyEvent(chord)))
            case .text(let text):
                for ch in text {
                    guard let e = EditorSession.event(typing: ch) else { continue }
                    record(session.handle(e))
                    if session.model.quitRequested { break loop }
                }
            }
            if session.model.quitRequested { break }
        }
        let m = session.model
        var report = "keymap \(session.keymap.name)\n"
        for (i, e) in events.enumerated() {
            report += e.description + "\n"
            for line in overlays[i] ?? [] { report += "    \(line)\n" }
        }
        var state = "cursor \(m.buffer.cursor)"
        if m.modal { state += ", mode \(m.mode.rawValue)" }
        if !session.pendingStrokes.isEmpty { state += ", pending \(SessionEvent.text(session.pendingStrokes))" }
        if !m.message.isEmpty { state += ", message \(SessionEvent.quoted(m.message))" }
        report += "--- buffer (\(state)) ---\n"
        let text = m.buffer.text
        report += text + "\n"
        return Result(events: events, text: text, cursor: m.buffer.cursor, report: report)
    }
}
