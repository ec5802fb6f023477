import BindingLang
import BindingRuntime

/// `bindc check FILE...`: diagnostics only; with `--fix`, applies every certain fix-it first.
enum CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Check .bind files and print diagnostics",
        discussion: """
            Exits with 1 when there are errors; warnings alone exit with 0. With --layouts, also
            reports what each of those keyboard layouts does to the bindings (as 'bindc layouts'
            does): warnings, or errors with --layouts-strict. With --fix, every fix-it that is
            certain (the only one its diagnostic offers) is applied to the files, each file
            rewritten atomically, and each change is listed on standard output; the diagnostics
            that remain are printed. With --fix --dry-run nothing is written: the changes are
            printed as a unified diff.
            """,
        positionals: CommonOptions.files,
        options: [
            CommonOptions.platform, CommonOptions.config, CommonOptions.diagnosticsFormat,
            .value("--layouts", valueName: "IDS", help: "Also check on these keyboard layouts (comma-separated ids, or all)"),
            .flag("--layouts-strict", help: "Make --layouts problems errors instead of warnings"),
            .flag("--fix", help: "Apply every certain fix-it to the files"),
            .flag("--dry-run", help: "With --fix: print the changes as a diff instead of writing them"),
        ],
        examples: [
            "bindc check app.bind", "cat app.bind | bindc check -", "bindc check app.bind --layouts de,fr,de-mac --layouts-strict",
            "bindc check --fix --dry-run app.bind",
        ])


    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        let fix = arguments.flag("fix"), dryRun = arguments.flag("dry-run")
        if dryRun && !fix { throw .invalidValue(ToolMessages.dryRunWithoutFix) }
        if fix && !dryRun && arguments.positionals.contains("-") { throw .invalidValue(ToolMessages.fixStandardInput) }
        let output = DiagnosticOutput(arguments, console: console)
        guard let configured = Inputs.configured(arguments, console: console, output: output),
              let layered = Inputs.layered(configured.paths, console: console, output: output)
        else {
            return .failure
        }
        var layouts: [KeyboardLayout] = []
        if let list = arguments.value("layouts") {
            layouts = try LayoutsCommand.selected(list, all: false, option: "--layouts")
        } else if arguments.flag("layouts-strict") {
            throw .invalidValue("'--layouts-strict' needs '--layouts'")
        }
        // Only the keymap, the sources and the diagnostics are needed: the syntax trees are
        // freed once checked.
        var compilation = Compilation(layered: consume layered, platform: configured.platform, keepingSyntax: false)
        if fix {
            guard let fixed = applyFixes(compilation, dryRun: dryRun, arguments, console: console) else { return .failure }
            compilation = fixed
        }
        var diagnostics = compilation.diagnostics
        if let keymap = compilation.keymap, !layouts.isEmpty {
            var engine = DiagnosticEngine()
            engine.append(contentsOf: diagnostics)
            engine.append(contentsOf: LayoutDiagnostics.diagnostics(
                keymap: keymap, sources: compilation.sources, layouts: layouts, strict: arguments.flag("layouts-strict")))
            diagnostics = engine.sorted
        }
        output.report(diagnostics, of: compilation, console: console)
        return diagnostics.contains { $0.severity == .error } || compilation.hasErrors ? .failure : .success
    }

    /// Applies the certain fix-its of every file of `compilation` (writing the files, or
    /// printing a diff for a dry run) and returns the compilation of the fixed text; nil after
    /// reporting a failed write.
    private static func applyFixes(
        _ compilation: Compilation, dryRun: Bool, _ arguments: ParsedArguments, console: Console
    ) -> Compilation? {
        var fixedSources = SourceManager()
        var changedAny = false
        for (index, source) in compilation.sources.files.enumerated() {
            let (bytes, changes) = FixApplication.apply(compilation.diagnostics, to: source, file: FileID(index))
            fixedSources.add(SourceFile(path: source.path, bytes: bytes))
            guard !changes.isEmpty else { continue }
            changedAny = true
            if dryRun {
                console.out(UnifiedDiff.render(old: source.bytes, new: bytes, path: source.path))
                continue
            }
            do {
                try AtomicFile.write(bytes, to: source.path)
            } catch {
                DiagnosticOutput(arguments, console: console).error(error.description, console: console)
                return nil
            }
            var report = ""
            for c in changes {
                report += ToolMessages.fixed(
                    source.location(of: c.fix.range.start).description, replaced: c.replaced, with: c.fix.replacement) + "\n"
            }
            console.out(report)
        }
        guard changedAny else { return compilation }
        return Compilation(sources: fixedSources, platform: compilation.platform)
    }
}
