import Foundation
import PackagePlugin

/// `swift package generate-keymap [--target NAME …]`: writes the build plugin's outputs,
/// `Keymap.bindtable` and `Keymap.swift`, beside each target's `.bind` files (every target
/// with `.bind` files when none is named), for teams that commit generated code. Same inputs,
/// options and checks as the build plugin.
@main
struct GenerateKeymap: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        var targets: [SourceModuleTarget] = []
        for name in names {
            guard let target = context.package.targets.first(where: { $0.name == name }) as? SourceModuleTarget else {
                throw PluginError.unknownTarget(name)
            }
            targets.append(target)
        }
        if names.isEmpty {
            targets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
        }
        let bindc = try context.tool(named: "bindc").url
        var generated = 0
        for target in targets {
            guard let job = try KeymapJob(target: target.name, files: Self.keymapFiles(of: target)) else {
                if names.contains(target.name) { throw PluginError.noKeymap(target: target.name) }
                continue
            }
            let directory = job.directory
            try run(bindc, job.compileArguments(output: directory.appendingPathComponent(KeymapJob.tableName)))
            try run(bindc, job.swiftArguments(output: directory.appendingPathComponent(KeymapJob.swiftName)))
            print("generated \(KeymapJob.tableName) and \(KeymapJob.swiftName) in \(directory.path)")
            generated += 1
        }
        if generated == 0 { print("no target has .bind files; nothing generated") }
    }

    /// The target's files the job reads: its sources, or, when it has no `.bind` source,
    /// the files under its directory. A team that commits the outputs excludes the `.bind`
    /// files and `bindkit.json` from the target (they are not its sources; `Keymap.bindtable`
    /// is a resource), and the command still finds them.
    static func keymapFiles(of target: SourceModuleTarget) -> [URL] {
        let sources = target.sourceFiles.map(\.url)
        guard !sources.contains(where: { $0.pathExtension == "bind" }) else { return sources }
        guard let walk = FileManager.default.enumerator(at: URL(fileURLWithPath: target.directory.string), includingPropertiesForKeys: nil) else { return sources }
        return walk.compactMap { $0 as? URL }.filter { $0.pathExtension == "bind" || $0.lastPathComponent == KeymapJob.configName }
    }

    private func run(_ tool: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginError.bindcFailed(arguments: arguments, status: process.terminationStatus)
        }
    }
}
