/// The tool's exit status: 0 success, 1 errors in the input, 2 a usage mistake.
enum ExitCode: Int32, Sendable {
    /// Everything worked.
    case success = 0
    /// The input had errors (diagnostics, unreadable files, a corrupt table, unformatted
    /// files under `fmt --check`).
    case failure = 1
    /// The tool was invoked wrongly (unknown command or option, missing argument).
    case usage = 2
}
