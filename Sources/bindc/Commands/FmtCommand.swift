import BindingLang

/// `bindc fmt FILE...`: canonical formatting that keeps comments.
enum FmtCommand: Command {
    static let spec = CommandSpec(
        name: "fmt",
        abstract: "Format .bind files canonically, keeping comments",
        discussion: """
            Prints the formatted source of one file to standard output; with --in-place, rewrites
            each file given. With --check nothing is written: it exits with 1 when a file is not
            formatted.
            """,
        positionals: PositionalSpec(name: "FILE", minimum: 1, maximum: nil, help: ".bind files, each formatted on its own ('-' reads standard input)"),
        options: [
            .flag("--check", help: "Exit with 1 when a file is not already formatted"),
            .flag("-i", "--in-place", help: "Rewrite the files instead of printing them"),
            CommonOptions.diagnosticsFormat,
        ],
        examples: ["bindc fmt app.bind", "bindc fmt --check *.bind", "bindc fmt --in-place app.bind"])

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        let check = arguments.flag("check"), inPlace = arguments.flag("in-place")
        if check && inPlace { throw .invalidValue(ToolMessages.checkWithInPlace) }
        if inPlace && arguments.positionals.contains("-") {
            throw .invalidValue(ToolMessages.inPlaceStandardInput)
        }
        // Printed outputs would run together with nothing between them.
        if !check && !inPlace && arguments.positionals.count > 1 {
            throw .invalidValue(ToolMessages.fmtSeveralFiles)
        }
        let output = DiagnosticOutput(arguments, console: console)
        var sources = SourceManager()
        var diagnostics: [Diagnostic] = []
        var messages: [DiagnosticJSON.Message] = []
        for path in arguments.positionals {
            let bytes: [UInt8]
            do throws(InputFile.ReadError) {
                bytes = try Inputs.bytes(path, console: console)
                if Compilation.isTable(bytes) { throw InputFile.ReadError(path: path, reason: ToolMessages.tableNotSource) }
            } catch {
                messages.append(DiagnosticJSON.Message(.error, error.description))
                continue
            }
            let file = SourceFile(path: path, bytes: bytes)
            let id = sources.add(file)
            switch Formatter.format(file, file: id) {
            case .failure(let errors):
                diagnostics += errors.diagnostics
            case .success(let text):
                let changed = Array(text.utf8) != bytes
                if check {
                    if changed { messages.append(DiagnosticJSON.Message(.error, ToolMessages.notFormatted, file: path)) }
                } else if inPlace {
                    guard changed else { continue }
                    do {
                        try AtomicFile.write(text, to: path)
                    } catch {
                        messages.append(DiagnosticJSON.Message(.error, error.description))
                    }
                } else {
                    console.out(text)
                }
            }
        }
        output.report(diagnostics, sources: sources, messages: messages, console: console)
        let failed = !messages.isEmpty || diagnostics.contains { $0.severity == .error }
        return failed ? .failure : .success
    }
}
