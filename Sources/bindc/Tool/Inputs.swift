import BindingLang
import BindingRuntime

/// Reads a command's inputs: source files (`-` is standard input) into a ``SourceManager``,
/// or one compiled table, reporting unreadable files as errors.
enum Inputs {
    /// The bytes of `path`, or of standard input for `-`.
    static func bytes(_ path: String, console: Console) throws(InputFile.ReadError) -> [UInt8] {
        path == "-" ? console.readStandardInput() : try InputFile.read(path)
    }

    /// Reads every path as a source file; on failure reports it and returns nil.
    static func sources(_ paths: [String], console: Console, output: DiagnosticOutput) -> SourceManager? {
        var sources = SourceManager()
        for path in paths {
            do {
                sources.add(SourceFile(path: path, bytes: try bytes(path, console: console)))
            } catch {
                output.error(error.description, console: console)
                return nil
            }
        }
        return sources
    }

    /// `--platform`, default apple.
    static func platform(_ arguments: ParsedArguments) -> Platform {
        arguments.value("platform").flatMap(Platform.init(rawValue:)) ?? .apple
    }

    /// Writes `text` to `-o OUT` atomically, or to standard output without `-o` (or `-o -`).
    /// Returns false after reporting a failed write.
    static func writeOutput(_ text: String, _ arguments: ParsedArguments, console: Console) -> Bool {
        guard let out = arguments.value("output"), out != "-" else {
            console.out(text)
            return true
        }
        do {
            try AtomicFile.write(text, to: out)
            return true
        } catch {
            DiagnosticOutput(arguments, console: console).error(error.description, console: console)
            return false
        }
    }
}

