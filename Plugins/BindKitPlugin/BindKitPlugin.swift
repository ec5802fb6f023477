import Foundation
import PackagePlugin

/// The build-tool plugin: for a target with `.bind` files, two build commands run `bindc` on
/// them (with `--config bindkit.json` when the target has one, which sets their order and
/// options): one writes `Keymap.bindtable`, which SwiftPM bundles as a resource
/// (`Bundle.module`), the other `Keymap.swift`, which it compiles into the target. Both declare
/// the `.bind` files and `bindkit.json` as inputs, so a build that changes none of them runs
/// neither, and one that changes only `bindkit.json` runs both with its new contents.
/// bindc's diagnostics go to the build log as `file:line:col: error: …`, and a keymap or
/// configuration with errors fails the build.
@main
struct BindKitPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url)
        guard let job = try KeymapJob(target: target.name, files: files) else { return [] }
        let bindc = try context.tool(named: "bindc").url
        let table = context.pluginWorkDirectoryURL.appendingPathComponent(KeymapJob.tableName)
        let swift = context.pluginWorkDirectoryURL.appendingPathComponent(KeymapJob.swiftName)
        let names = job.keymaps.map(\.lastPathComponent).joined(separator: " ")
        return [
            .buildCommand(
                displayName: "Compiling keymap \(names) for \(target.name)", executable: bindc,
                arguments: job.compileArguments(output: table), inputFiles: job.inputs, outputFiles: [table]),
            .buildCommand(
                displayName: "Generating Swift for keymap \(names) for \(target.name)", executable: bindc,
                arguments: job.swiftArguments(output: swift), inputFiles: job.inputs, outputFiles: [swift]),
        ]
    }
}
