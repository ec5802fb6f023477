import Foundation

/// The options in `bindkit.json`, the optional file beside a target's `.bind` files:
///
/// ```json
/// { "layers": ["App.bind", "User.bind"], "platform": "apple", "namespace": "AppKeymap" }
/// ```
///
/// - `layers`: the target's `.bind` file names in the order `bindc` layers them (later over
///   earlier); every `.bind` file of the target must be listed once. Default: all of them,
///   sorted by path.
/// - `platform`: `bindc --platform` (what `primary` means); default `apple`.
/// - `namespace`: the generated Swift namespace (`bindc swift --name`); default: bindc's
///   (the keymap's name followed by `Keymap`).
struct KeymapConfig: Equatable {
    static let fileName = "bindkit.json"
    static let keys = ["layers", "platform", "namespace"]

    var layers: [String]?
    var platform: String?
    var namespace: String?

    init(layers: [String]? = nil, platform: String? = nil, namespace: String? = nil) {
        self.layers = layers
        self.platform = platform
        self.namespace = namespace
    }

    /// The configuration in `data`, read from `path` (for messages).
    init(data: Data, path: String) throws(PluginError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .invalidConfig(path: path, reason: "not JSON (\(error.localizedDescription))")
        }
        guard let dictionary = object as? [String: Any] else {
            throw .invalidConfig(path: path, reason: "the top level is not an object")
        }
        for key in dictionary.keys.sorted() where !Self.keys.contains(key) {
            throw .unknownKey(path: path, key: key, suggestion: Self.nearestKey(to: key))
        }
        if let value = dictionary["layers"] {
            guard let layers = value as? [String] else { throw .wrongType(path: path, key: "layers", expected: "an array of file names") }
            self.layers = layers
        }
        if let value = dictionary["platform"] {
            guard let platform = value as? String else { throw .wrongType(path: path, key: "platform", expected: "a string") }
            self.platform = platform
        }
        if let value = dictionary["namespace"] {
            guard let namespace = value as? String else { throw .wrongType(path: path, key: "namespace", expected: "a string") }
            guard Self.isTypeName(namespace) else { throw .invalidNamespace(path: path, namespace: namespace) }
            self.namespace = namespace
        }
    }

    /// Whether `name` is an ASCII Swift type name.
    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    /// The known key `key` is likely a misspelling of (case-insensitive, or at most two edits).
    static func nearestKey(to key: String) -> String? {
        let lower = key.lowercased()
        let scored = keys.map { ($0, editDistance(Array(lower), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
