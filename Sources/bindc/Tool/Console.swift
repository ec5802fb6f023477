import Foundation

/// The tool's connection to the outside world: standard output and error, standard input, the
/// environment, and whether standard error is a terminal (which decides colour).
final class Console {
    /// The process environment.
    let environment: [String: String]
    /// Whether standard error is a terminal.
    let stderrIsTerminal: Bool
    /// Whether standard output is a terminal.
    let stdoutIsTerminal: Bool
    private var standardInputConsumed = false

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
        stderrIsTerminal = isatty(2) != 0
        stdoutIsTerminal = isatty(1) != 0
    }

    /// Whether diagnostics on standard error may use colour: only on a terminal, and never
    /// when `NO_COLOR` is set to a non-empty value (https://no-color.org).
    var colorDiagnostics: Bool {
        stderrIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Writes text to standard output.
    func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }

    /// Writes bytes to standard output.
    func out(bytes: [UInt8]) { FileHandle.standardOutput.write(Data(bytes)) }

    /// Writes text to standard error.
    func err(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

    /// Reads all of standard input; a second read gives nothing (it was consumed).
    func readStandardInput() -> [UInt8] {
        if standardInputConsumed { return [] }
        standardInputConsumed = true
        return Array(FileHandle.standardInput.readDataToEndOfFile())
    }
}
