import BindingLang
import BindingRuntime

extension Inputs {
    /// What `--config bindkit.json` decides for a run: the input files in layering order, the
    /// platform, and the Swift namespace. Options on the command line win over the file.
    struct Configured {
        var paths: [String]
        var platform: Platform?
        var namespace: String?
    }

    /// The positional files, platform and namespace, after reading `--config FILE` when it is
    /// given (see ``KeymapConfig``). Nil after reporting the file's errors, as
    /// `bindkit.json:LINE:COL: error: …`.
    static func configured(_ arguments: ParsedArguments, console: Console, output: DiagnosticOutput) -> Configured? {
        var result = Configured(paths: arguments.positionals, platform: platform(arguments), namespace: arguments.value("name"))
        guard let path = arguments.value("config") else { return result }
        guard let bytes = read(path, console: console, output: output) else { return nil }
        var sources = SourceManager()
        let source = SourceFile(path: path, bytes: bytes)
        let id = sources.add(source)
        let (read, errors) = KeymapConfig.read(source, file: id)
        guard let config = read else {
            output.report(errors, sources: sources, console: console)
            return nil
        }
        // No files given: the configuration's `layers`, in its order.
        var given = arguments.positionals
        if given.isEmpty {
            guard let layers = config.layers, !layers.isEmpty else {
                output.error(ToolMessages.noFilesAndNoLayers(path), console: console)
                return nil
            }
            given = layers.map { LayeredSources.resolve($0, relativeTo: path) }
        }
        let (ordered, layerErrors) = config.order(given, configPath: path)
        guard let ordered else {
            output.report(layerErrors, sources: sources, console: console)
            return nil
        }
        result.paths = ordered
        if arguments.value("platform") == nil, let platform = config.platform { result.platform = platform }
        if result.namespace == nil { result.namespace = config.namespace }
        return result
    }
}
