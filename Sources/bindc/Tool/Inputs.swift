import BindingLang
import BindingRuntime

/// Reads a command's inputs: source files (`-` is standard input) into a ``SourceManager``,
/// or one compiled table, reporting unreadable files as errors.
enum Inputs {
    /// The bytes of `path`, or of standard input for `-`.
    static func bytes(_ path: String, console: Console) throws(InputFile.ReadError) -> [UInt8] {
        path == "-" ? console.readStandardInput() : try InputFile.read(path)
    }

    /// The bytes of `path` (`-`: standard input), or nil after reporting why it cannot be read.
    static func read(_ path: String, console: Console, output: DiagnosticOutput) -> [UInt8]? {
        do {
            return try bytes(path, console: console)
        } catch {
            output.error(error.description, console: console)
            return nil
        }
    }

    /// Reads every path as a source file, each after the files its `layer over` directives
    /// name (Grammar.md §9); when a given file cannot be read (or is given twice), reports it
    /// and returns nil. `preread` holds bytes already read, by path as given.
    static func layered(
        _ paths: [String], preread: [String: [UInt8]] = [:], console: Console, output: DiagnosticOutput
    ) -> LayeredSources? {
        let layered = LayeredSources(roots: paths) { path throws(InputFile.ReadError) in
            let read: [UInt8]
            if let bytes = preread[path] { read = bytes } else { read = try bytes(path, console: console) }
            // Commands that take a table recognise one before they get here.
            if Compilation.isTable(read) { throw InputFile.ReadError(path: path, reason: ToolMessages.tableNotSource) }
            return read
        }
        guard layered.rootErrors.isEmpty else {
            for message in layered.rootErrors { output.error(message, console: console) }
            return nil
        }
        return layered
    }

    /// `--platform`; nil when not given: then a compilation is for the platform the keymap
    /// declares (`keymap "Name" for linux`), else macOS.
    static func platform(_ arguments: ParsedArguments) -> Platform? {
        arguments.value("platform").flatMap { Platform(name: $0) }
    }

    /// An output file (`-o`, `--info-plist`) that is one of the command's input files (a
    /// source, an `--over` base, a `--config`) would be replaced by what is made from it:
    /// `bindc compile a.bind -o a.bind` lost the source. A usage error, before anything runs.
    static func checkOutputsAreNotInputs(_ arguments: ParsedArguments) throws(UsageError) {
        let inputs = arguments.positionals + arguments.values("over") + arguments.values("config")
        for option in ["output", "info-plist"] {
            guard let out = arguments.value(option), out != "-", AtomicFile.namesRegularFile(out) else { continue }
            if let input = inputs.first(where: { $0 != "-" && InputFile.sameFile($0, out) }) {
                throw .invalidValue(ToolMessages.outputIsAnInput(out, input: input))
            }
        }
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

