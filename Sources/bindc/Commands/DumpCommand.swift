import BindingLang
import BindingRuntime

/// `bindc dump (FILE...|TABLE)`: a readable listing of a keymap, compiled from sources (with
/// the files they layer over) or read back from a compiled table.
enum DumpCommand: Command {
    static let spec = CommandSpec(
        name: "dump",
        abstract: "List the contents of a keymap: .bind sources or a compiled table",
        discussion: """
            Every binding with its role, chord, effective condition, action, title, group and
            source location; what later layers overrode (`overridden where COND by FILE:LINE:COL`);
            the menus; the quick actions. A condition longer than 40 characters is listed once
            under `conditions (N):` as [c1], [c2], … and its bindings show the name, so the listing
            stays linear in the table. A table is validated first; corruption is an error.
            Sources are compiled first, with the files they layer over.
            """,
        positionals: CommonOptions.filesOrTable,
        options: [
            .flag("--json", help: "Print JSON for tools instead of text"),
            CommonOptions.platformOrTables,
            CommonOptions.config,
            CommonOptions.diagnosticsFormat,
        ],
        examples: ["bindc dump app.bindtable", "bindc dump --json app.bindtable", "bindc dump Examples/IDE-user.bind"])

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        // A `.bindtable` that is not a table (empty, truncated before the magic) is a bad
        // table, not a source file.
        if arguments.positionals.count == 1, let path = arguments.positionals.first, path.hasSuffix(".bindtable") {
            let output = DiagnosticOutput(arguments, console: console)
            do {
                let bytes = try Inputs.bytes(path, console: console)
                if !Compilation.isTable(bytes) {
                    _ = Inputs.table(path, bytes, console: console, output: output)
                    return .failure
                }
            } catch {
                output.error(error.description, console: console)
                return .failure
            }
        }
        let output = DiagnosticOutput(arguments, console: console)
        guard let configured = Inputs.configured(arguments, console: console, output: output),
              let loaded = Inputs.sourcesOrTable(configured.paths, console: console, output: output)
        else {
            return .failure
        }
        // Written as it goes through a buffered standard output. A table is listed straight from
        // its records, each binding read when its row is written, so the memory needed beyond
        // the table stays small whatever its size.
        var out = StandardOutputStream()
        defer { out.flush() }
        switch loaded {
        case .table(let path, let bytes):
            let table: BindingTable
            do {
                table = try BindingTable(bytes: bytes)
            } catch {
                output.error(ToolMessages.invalidTable(path, error.description), console: console)
                return .failure
            }
            if let asked = arguments.value("platform"), Platform(name: asked) != table.platform {
                output.warning(ToolMessages.platformIsTheTables(asked, table: table.platform.rawValue), console: console)
            }
            if arguments.flag("json") { KeymapPrinter.writeJSON(table: table, to: &out) } else { KeymapPrinter.write(table: table, to: &out) }
        case .sources(let layered):
            let compilation = Compilation(layered: layered, platform: configured.platform)
            output.report(compilation.diagnostics, of: compilation, console: console)
            guard let keymap = compilation.keymap else { return .failure }
            if arguments.flag("json") { KeymapPrinter.writeJSON(keymap, to: &out) } else { KeymapPrinter.write(keymap, to: &out) }
        }
        return .success
    }
}
