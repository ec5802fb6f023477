#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The saved terminal settings, restored on exit, on errors and on signals. Global because a
/// signal handler can reach nothing else; written once before raw mode starts.
nonisolated(unsafe) private var savedAttributes = termios()
nonisolated(unsafe) private var rawModeActive = false
/// Set by SIGWINCH; the key loop redraws.
nonisolated(unsafe) var terminalResized = false

/// Puts the terminal back as it was: cooked mode, main screen, visible cursor. Safe to call
/// more than once and from a signal handler (only `write` and `tcsetattr`).
private func restoreTerminalState() {
    guard rawModeActive else { return }
    rawModeActive = false
    let reset = "\u{1B}[?25h\u{1B}[?1049l"
    _ = reset.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedAttributes)
}

/// Why the terminal could not be set up.
enum TerminalError: Error, CustomStringConvertible {
    case notATerminal
    case attributes(Int32)

    var description: String {
        switch self {
        case .notATerminal: return "standard input is not a terminal (use --keys or pipe keys in)"
        case .attributes(let e): return "cannot set terminal attributes (errno \(e))"
        }
    }
}

/// The controlling terminal in raw mode on the alternate screen.
///
/// `init` saves the settings, switches to raw mode (no echo, no line buffering, no signals
/// from ctrl+c/ctrl+z, no flow control on ctrl+s/ctrl+q, no output post-processing) and to
/// the alternate screen. `restore()` undoes it; it also runs at process exit and on
/// SIGINT/SIGTERM/SIGHUP/SIGQUIT, whose handlers restore and then exit, and on crashes
/// (SIGSEGV, SIGILL, SIGTRAP, SIGABRT, …), whose handlers restore and re-raise.
final class Terminal {
    init() throws {
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else { throw TerminalError.notATerminal }
        guard tcgetattr(STDIN_FILENO, &savedAttributes) == 0 else { throw TerminalError.attributes(errno) }
        var raw = savedAttributes
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 1  // reads wait at most 0.1 s
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { throw TerminalError.attributes(errno) }
        rawModeActive = true
        Terminal.installHandlers()
        write("\u{1B}[?1049h\u{1B}[H\u{1B}[2J")
    }

    deinit { restore() }

    /// Leaves raw mode and the alternate screen.
    func restore() { restoreTerminalState() }

    private static func installHandlers() {
        atexit { restoreTerminalState() }
        // A parent may have started us with these blocked (the mask is inherited): unblock.
        var set = sigset_t()
        sigemptyset(&set)
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH] { sigaddset(&set, sig) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            signal(sig) { s in
                restoreTerminalState()
                _exit(128 + s)
            }
        }
        // A crash still gives the terminal back, then dies as it would have.
        for sig in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            signal(sig) { s in
                restoreTerminalState()
                signal(s, SIG_DFL)
                raise(s)
            }
        }
        signal(SIGWINCH) { _ in terminalResized = true }
    }

    /// Rows and columns of the window (24×80 when unknown).
    var size: (rows: Int, columns: Int) {
        var ws = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_row > 0, ws.ws_col > 0 {
            return (Int(ws.ws_row), Int(ws.ws_col))
        }
        return (24, 80)
    }

    /// Writes text to the screen.
    func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buf -> Int in
                guard let base = buf.baseAddress else { return 0 }
                return Glibc_write(STDOUT_FILENO, base + offset, buf.count - offset)
            }
            if n <= 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }

    /// The bytes available now (waits up to 0.1 s); empty when none came.
    func read() -> [UInt8] {
        var buf = [UInt8](repeating: 0, count: 256)
        let n = buf.withUnsafeMutableBytes { Glibc_read(STDIN_FILENO, $0.baseAddress, $0.count) }
        return n > 0 ? Array(buf[0..<n]) : []
    }
}

// The C functions under names that do not clash with the methods above.
private func Glibc_write(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
private func Glibc_read(_ fd: Int32, _ p: UnsafeMutableRawPointer?, _ n: Int) -> Int { read(fd, p, n) }
