import Foundation

/// A mistake in how a target uses the BindKit plugins: each names the file it concerns and
/// what is expected, so the build log says what to fix.
enum PluginError: Error, CustomStringConvertible, Equatable {
    /// The target has no `.bind` file (the command plugin was asked for it explicitly).
    case noKeymap(target: String)
    /// More than one `bindkit.json` in one target.
    case twoConfigs([String])
    /// `bindkit.json` is not a JSON object.
    case invalidConfig(path: String, reason: String)
    /// A key `bindkit.json` does not know, with the nearest known key if any.
    case unknownKey(path: String, key: String, suggestion: String?)
    /// A value of the wrong type.
    case wrongType(path: String, key: String, expected: String)
    /// `layers` names a file that is not a `.bind` file of the target.
    case missingLayer(path: String, layer: String, available: [String])
    /// A `.bind` file of the target that `layers` leaves out.
    case unlistedKeymap(path: String, file: String)
    /// `layers` names a file twice.
    case duplicateLayer(path: String, layer: String)
    /// `namespace` is not a Swift type name.
    case invalidNamespace(path: String, namespace: String)
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
        case .invalidConfig(let path, let reason):
            return "\(path): not a valid configuration: \(reason); expected a JSON object such as "
                + #"{"layers": ["App.bind"], "platform": "apple", "namespace": "AppKeymap"}"#
        case .unknownKey(let path, let key, let suggestion):
            return "\(path): unknown key '\(key)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                + " (known keys: \(KeymapConfig.keys.joined(separator: ", ")))"
        case .wrongType(let path, let key, let expected):
            return "\(path): '\(key)' must be \(expected)"
        case .missingLayer(let path, let layer, let available):
            return "\(path): layer '\(layer)' is not a .bind file of this target"
                + (available.isEmpty ? "" : " (its .bind files: \(available.joined(separator: ", ")))")
        case .unlistedKeymap(let path, let file):
            return "\(path): '\(file)' is not in 'layers'; list every .bind file of the target in the order to layer them"
        case .duplicateLayer(let path, let layer):
            return "\(path): layer '\(layer)' is listed twice"
        case .invalidNamespace(let path, let namespace):
            return "\(path): namespace '\(namespace)' is not a Swift type name (letters, digits and '_', not starting with a digit)"
        case .unknownTarget(let name):
            return "no target named '\(name)' in this package"
        case .bindcFailed(let arguments, let status):
            return "bindc \(arguments.joined(separator: " ")) failed (exit status \(status))"
        }
    }
}
