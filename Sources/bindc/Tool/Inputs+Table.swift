import BindingLang
import BindingRuntime

extension Inputs {
    /// What the positional arguments held.
    enum Loaded {
        /// Source files (with the files they layer over), to compile.
        case sources(LayeredSources)
        /// One compiled table (its path and bytes), recognised by its magic bytes.
        case table(path: String, bytes: [UInt8])
    }

    /// Reads source files, or one table when a single input starts with the table magic.
    /// A table among several inputs is an error (tables cannot be layered).
    static func sourcesOrTable(_ paths: [String], console: Console, output: DiagnosticOutput) -> Loaded? {
        var preread: [String: [UInt8]] = [:]
        for path in paths {
            let data: [UInt8]
            do {
                data = try bytes(path, console: console)
            } catch {
                output.error(error.description, console: console)
                return nil
            }
            if Compilation.isTable(data) {
                guard paths.count == 1 else {
                    output.error(ToolMessages.tableAmongSources(path), console: console)
                    return nil
                }
                return .table(path: path, bytes: data)
            }
            preread[path] = data
        }
        return Inputs.layered(paths, preread: preread, console: console, output: output).map { .sources($0) }
    }

    /// The keymap of the inputs (ordered and configured by `--config` when the command has
    /// it): compiled from sources (printing diagnostics), or read back from a validated table. Nil (after reporting why) when there is none.
    static func keymap(_ arguments: ParsedArguments, console: Console) -> (Keymap, BindingTable?)? {
        let output = DiagnosticOutput(arguments, console: console)
        guard let configured = configured(arguments, console: console, output: output) else { return nil }
        return keymap(arguments, configured, console: console)
    }

    /// The keymap of `configured`'s inputs, as ``keymap(_:console:)`` reads it.
    static func keymap(_ arguments: ParsedArguments, _ configured: Configured, console: Console) -> (Keymap, BindingTable?)? {
        keymapAndPlatform(arguments, configured, console: console).map { ($0.0, $0.1) }
    }

    /// ``keymap(_:_:console:)``, and whether the platform was chosen (`--platform`, a config's,
    /// a `keymap "Name" for …` list, or the one a table was compiled for) rather than
    /// defaulted to.
    static func keymapAndPlatform(
        _ arguments: ParsedArguments, _ configured: Configured, console: Console
    ) -> (Keymap, BindingTable?, platformIsChosen: Bool)? {
        let output = DiagnosticOutput(arguments, console: console)
        guard let loaded = sourcesOrTable(configured.paths, console: console, output: output) else { return nil }
        switch loaded {
        case .sources(let layered):
            let compilation = Compilation(layered: layered, platform: configured.platform)
            output.report(compilation.diagnostics, of: compilation, console: console)
            return compilation.keymap.map { ($0, nil, compilation.platformIsChosen) }
        case .table(let path, let bytes):
            guard let (table, keymap) = table(path, bytes, console: console, output: output) else { return nil }
            if let asked = arguments.value("platform"), Platform(name: asked) != keymap.platform {
                output.warning(ToolMessages.platformIsTheTables(asked, table: keymap.platform.rawValue), console: console)
            }
            // A table records the one platform it was compiled for, 'primary' resolved in it:
            // that platform is chosen, whatever --platform says (warned above).
            return (keymap, table, true)
        }
    }

    /// Validates table bytes and reads the keymap back; reports corruption.
    static func table(_ path: String, _ bytes: [UInt8], console: Console, output: DiagnosticOutput) -> (BindingTable, Keymap)? {
        do {
            let table = try BindingTable(bytes: bytes)
            return (table, Keymap(table: table))
        } catch {
            output.error(ToolMessages.invalidTable(path, error.description), console: console)
            return nil
        }
    }
}
