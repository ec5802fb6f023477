import BindingRuntime
import Foundation

/// The editor on a real terminal: read bytes, decode keys, hand each to the session, draw.
/// The terminal is restored when the loop ends, when it throws, and on fatal signals.
final class InteractiveEditor {
    let session: EditorSession
    private var screen = Screen()
    private var decoder = KeyDecoder()
    /// What the bottom line shows when there is no message: the last key's outcome.
    private var lastOutcome = ""

    init(session: EditorSession) { self.session = session }

    func run() throws {
        let terminal = try Terminal()
        defer { terminal.restore() }
        let model = session.model
        lastOutcome = "keymap \(session.keymap.name): \(AppKeys.legend)"
        draw(terminal)
        while !model.quitRequested {
            let bytes = terminal.read()
            var events: [KeyEvent] = []
            // The live try-out loop: on each key press and each idle tick (reads time out
            // after 0.1 s), a changed keymap file is recompiled and swapped in.
            let reload = session.pollKeymap()
            if let reload { lastOutcome = reload.status }
            // Key events carry the time they were read, so sequence timeouts and repeat windows
            // (`@repeat`) run on a real clock; an idle tick redraws when a repeat hint expires.
            let now = ProcessInfo.processInfo.systemUptime
            if bytes.isEmpty {
                if reload != nil || (repeatHintShown && session.pendingHint(now: now) == nil) { draw(terminal) }
                if decoder.hasPartial { events = decoder.flush() }
                else if terminalResized { terminalResized = false; draw(terminal) }
                if events.isEmpty { continue }
            } else {
                events = decoder.feed(bytes)
            }
            for event in events {
                let outcome = session.handle(event.physicalKey == nil ? KeyEvent(event.chord, timestamp: now) : event)
                lastOutcome = outcome.description
                if let reload { lastOutcome = reload.status + "  |  " + lastOutcome }
                if model.quitRequested { break }
            }
            draw(terminal)
        }
    }

    /// Whether the last frame showed repeat mode's hint (an idle tick redraws once it expires).
    private var repeatHintShown = false

    private func draw(_ terminal: Terminal) {
        let size = terminal.size
        let m = session.model
        let hint = session.pendingHint(now: ProcessInfo.processInfo.systemUptime)
        repeatHintShown = hint != nil && session.dispatcher.isRepeating
        let content = ScreenContent(
            buffer: m.buffer, inclusiveSelection: m.extending,
            fileName: m.path ?? "untitled", dirty: m.dirty, keymapName: session.keymap.name,
            modeLabel: session.modeLabel, appKeys: AppKeys.legend,
            message: m.message.isEmpty ? lastOutcome : m.message,
            pendingHint: hint,
            overlay: session.overlayVisible ? session.overlayLines() : nil)
        terminal.write(screen.render(content, rows: size.rows, columns: size.columns))
    }
}
