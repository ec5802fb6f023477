import BindingLang

/// `bindc fmt FILE...`: canonical formatting that keeps comments.
enum FmtCommand: Command {
    static let spec = CommandSpec(
        name: "fmt",
        abstract: "Format .bind files canonically, keeping comments",
        discussion: """
            Prints the formatted source to standard output unless --in-place is given. With
            --check nothing is written: it exits with 1 when a file is not formatted.
            """,
        positionals: CommonOptions.files,
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
        let output = DiagnosticOutput(arguments, console: console)
        var sources = SourceManager()
        var failed = false
        var unformatted: [String] = []
        for path in arguments.positionals {
            let bytes: [UInt8]
            do {
                bytes = try Inputs.bytes(path, console: console)
            } catch {
                output.error(error.description, console: console)
                failed = true
                continue
            }
            let file = SourceFile(path: path, bytes: bytes)
            let id = sources.add(file)
            switch Formatter.format(file, file: id) {
            case .failure(let errors):
                output.report(errors.diagnostics, sources: sources, console: console)
                failed = true
            case .success(let text):
                let changed = Array(text.utf8) != bytes
                if check {
                    if changed { unformatted.append(path) }
                } else if inPlace {
                    guard changed else { continue }
                    do {
                        try AtomicFile.write(text, to: path)
                    } catch {
                        output.error(error.description, console: console)
                        failed = true
                    }
                } else {
                    console.out(text)
                }
            }
        }
        for path in unformatted { console.err(ToolMessages.notFormatted(path) + "\n") }
        return failed || !unformatted.isEmpty ? .failure : .success
    }
}
