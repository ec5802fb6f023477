import BindingRuntime

/// The wording of `bindkit.json` diagnostics (``KeymapConfig``).
extension Messages {
    static func configNotAnObject(_ kind: String) -> String {
        "bindkit.json must hold an object such as {\"layers\": [\"App.bind\"], \"platform\": \"apple\", \"namespace\": \"AppKeymap\"}, found \(kind)"
    }
    static func configUnknownKey(_ key: String, _ suggestion: String?) -> String {
        "unknown key '\(key)'" + (suggestion.map { didYouMean($0) } ?? "; the keys are \(KeymapConfig.keys.joined(separator: ", "))")
    }
    static func configKeyTwice(_ key: String) -> String { "key '\(key)' is given twice" }
    static func configWrongType(_ key: String, _ expected: String, _ found: String) -> String {
        "'\(key)' must be \(expected), found \(found)"
    }
    static func configNotATypeName(_ name: String, _ suggestion: String) -> String {
        "namespace '\(name)' is not a Swift type name; did you mean '\(suggestion)'?"
    }
    static func configHidesUsedType(_ name: String, _ suggestion: String) -> String {
        "namespace '\(name)' is a type the generated code uses, which the namespace would hide; did you mean '\(suggestion)'?"
    }
    static func configMissingLayer(_ layer: String, _ keymaps: [String]) -> String {
        "layer '\(layer)' is not one of the .bind files given"
            + (keymaps.isEmpty ? "" : " (\(keymaps.joined(separator: ", ")))")
    }
    static func configLayerTwice(_ layer: String) -> String { "layer '\(layer)' is listed twice" }
    static func configUnlistedKeymap(_ path: String) -> String {
        "'\(path)' is not in 'layers'; list every .bind file in the order to layer them"
    }
    /// bindkit.json's `platform` names no platform; it also takes `apple` and `other`, as
    /// `--platform` does.
    static func unknownConfigPlatform(_ name: String, _ suggestion: String?) -> String {
        "unknown platform '\(name)' (the platforms are \(Platform.allCases.map(\.rawValue).joined(separator: ", ")), "
            + "and apple for macOS, other for linux)\(didYouMean(suggestion))"
    }
}
