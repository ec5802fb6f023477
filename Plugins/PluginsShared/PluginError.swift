import Foundation

/// A mistake in how a target uses the BindKit plugins: each names the file it concerns and
/// what is expected, so the build log says what to fix. (Mistakes inside `bindkit.json` are
/// `bindc --config`'s to report, at their line and column.)
enum PluginError: Error, CustomStringConvertible, Equatable {
    /// The target has no `.bind` file (the command plugin was asked for it explicitly).
    case noKeymap(target: String)
    /// More than one `bindkit.json` in one target.
    case twoConfigs([String])
    /// The command plugin was given a target name the package does not have.
    case unknownTarget(String)
    /// `bindc` failed in the command plugin.
    case bindcFailed(arguments: [String], status: Int32)

    var description: String {
        switch self {
        case .noKeymap(let target):
            return "target '\(target)' has no .bind file; add one (for example Keymap.bind) to its sources"
        case .twoConfigs(let paths):
            return "a target may have one bindkit.json, found \(paths.count): \(paths.joined(separator: ", "))"
        case .unknownTarget(let name):
            return "no target named '\(name)' in this package"
        case .bindcFailed(let arguments, let status):
            return "bindc \(arguments.joined(separator: " ")) failed (exit status \(status))"
        }
    }
}
