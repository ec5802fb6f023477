import Foundation

/// What to compile for one target: its `.bind` files and its `bindkit.json`, found here for
/// both plugins; and the two `bindc` runs that produce the table and the Swift.
///
/// The plugins do not read `bindkit.json` themselves: they hand it to `bindc --config`, which
/// reads it on every run (layer order, platform, namespace) and reports its mistakes at their
/// line and column. SwiftPM runs a build-tool plugin only when it plans a build afresh (a file
/// added or removed, a manifest changed), not when a file's contents change; so if the plugin
/// turned the file's options into arguments, a build after editing only `bindkit.json` would
/// re-run `bindc` (the file is a declared input) with the old options. Read by `bindc`, the
/// edit takes effect in that build.
struct KeymapJob {
    /// The `.bind` files, sorted by path (`bindkit.json`'s `layers` orders them for `bindc`).
    var keymaps: [URL]
    /// The configuration file, when there is one.
    var configFile: URL?

    /// The configuration file's name.
    static let configName = "bindkit.json"
    /// The output file names: `Keymap.bindtable` (a resource, `Bundle.module`) and `Keymap.swift`.
    static let tableName = "Keymap.bindtable"
    static let swiftName = "Keymap.swift"

    /// The job for a target whose files are `files`; nil when it has no `.bind` file.
    init?(target: String, files: [URL]) throws(PluginError) {
        keymaps = files.filter { $0.pathExtension == "bind" }.sorted { $0.path < $1.path }
        let configs = files.filter { $0.lastPathComponent == Self.configName }
        guard !keymaps.isEmpty else { return nil }
        if configs.count > 1 { throw .twoConfigs(configs.map(\.path).sorted()) }
        configFile = configs.first
    }

    /// The directory the command plugin writes to: the configuration file's, else the first
    /// keymap's.
    var directory: URL {
        (configFile ?? keymaps[0]).deletingLastPathComponent()
    }

    /// Every file the outputs depend on.
    var inputs: [URL] { keymaps + (configFile.map { [$0] } ?? []) }

    /// `bindc compile [--config bindkit.json] FILE… -o table`.
    func compileArguments(output: URL) -> [String] {
        ["compile"] + configArguments + keymaps.map(\.path) + ["-o", output.path]
    }

    /// `bindc swift [--config bindkit.json] FILE… -o swift`.
    func swiftArguments(output: URL) -> [String] {
        ["swift"] + configArguments + keymaps.map(\.path) + ["-o", output.path]
    }

    private var configArguments: [String] {
        configFile.map { ["--config", $0.path] } ?? []
    }
}
