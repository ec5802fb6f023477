import Foundation

/// What to compile for one target: its `.bind` files in layer order and its options, checked
/// once here for both plugins; and the two `bindc` runs that produce the table and the Swift.
struct KeymapJob {
    /// The `.bind` files, in the order `bindc` layers them.
    var layers: [URL]
    /// The configuration file, when there is one (an input of both runs).
    var configFile: URL?
    var config: KeymapConfig

    /// The output file names: `Keymap.bindtable` (a resource, `Bundle.module`) and `Keymap.swift`.
    static let tableName = "Keymap.bindtable"
    static let swiftName = "Keymap.swift"

    /// The job for a target whose files are `files`; nil when it has no `.bind` file.
    init?(target: String, files: [URL]) throws(PluginError) {
        let keymaps = files.filter { $0.pathExtension == "bind" }.sorted { $0.path < $1.path }
        let configs = files.filter { $0.lastPathComponent == KeymapConfig.fileName }
        guard !keymaps.isEmpty else { return nil }
        if configs.count > 1 { throw .twoConfigs(configs.map(\.path).sorted()) }
        configFile = configs.first
        if let file = configFile {
            let data: Data
            do { data = try Data(contentsOf: file) } catch {
                throw .invalidConfig(path: file.path, reason: "cannot be read (\(error.localizedDescription))")
            }
            config = try KeymapConfig(data: data, path: file.path)
        } else {
            config = KeymapConfig()
        }
        guard let order = config.layers, let path = configFile?.path else {
            layers = keymaps
            return
        }
        // Layers are named relative to the configuration file's directory.
        let base = configFile!.deletingLastPathComponent()
        var chosen: [URL] = []
        for layer in order {
            let url = base.appendingPathComponent(layer).standardizedFileURL
            guard let match = keymaps.first(where: { $0.standardizedFileURL.path == url.path }) else {
                throw .missingLayer(path: path, layer: layer, available: keymaps.map { Self.relative($0, to: base) })
            }
            if chosen.contains(match) { throw .duplicateLayer(path: path, layer: layer) }
            chosen.append(match)
        }
        if let left = keymaps.first(where: { !chosen.contains($0) }) {
            throw .unlistedKeymap(path: path, file: Self.relative(left, to: base))
        }
        layers = chosen
    }

    /// The directory the command plugin writes to: the configuration file's, else the first
    /// layer's.
    var directory: URL {
        (configFile ?? layers[0]).deletingLastPathComponent()
    }

    /// Every file the outputs depend on.
    var inputs: [URL] { layers + (configFile.map { [$0] } ?? []) }

    /// `bindc compile … -o table`.
    func compileArguments(output: URL) -> [String] {
        ["compile"] + layers.map(\.path) + platformArguments + ["-o", output.path]
    }

    /// `bindc swift … -o swift`.
    func swiftArguments(output: URL) -> [String] {
        ["swift"] + layers.map(\.path) + platformArguments + (config.namespace.map { ["--name", $0] } ?? [])
            + ["-o", output.path]
    }

    private var platformArguments: [String] {
        ["--platform", config.platform ?? "apple"]
    }

    static func relative(_ url: URL, to base: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = base.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
