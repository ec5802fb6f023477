import BindingRuntime

/// The options in `bindkit.json`, the optional file beside a target's `.bind` files that the
/// BindKit plugins hand to `bindc --config`:
///
/// ```json
/// { "layers": ["App.bind", "User.bind"], "platform": "apple", "namespace": "AppKeymap" }
/// ```
///
/// - `layers`: the target's `.bind` files, relative to the configuration file, in the order
///   `bindc` layers them (later over earlier); every `.bind` file given must be listed once.
///   Default: the files in the order given.
/// - `platform`: what `--platform` would say (`apple`, `macOS`, `iPadOS`, `windows`, `linux`).
/// - `namespace`: the generated Swift namespace (`bindc swift --name`).
///
/// `bindc` reads the file each time it runs, so a build that changes only `bindkit.json`
/// (a declared input of the plugin's build commands) compiles with the new options. JSON
/// comments and trailing commas are accepted. Every mistake is a diagnostic at its place in the
/// file, with a did-you-mean where one exists.
public struct KeymapConfig: Sendable, Equatable {
    /// The file name the plugins look for.
    public static let fileName = "bindkit.json"
    /// The keys the file may have.
    public static let keys = ["layers", "platform", "namespace"]

    /// The `layers` entries, as written.
    public var layers: [String]?
    /// `platform`, resolved.
    public var platform: Platform?
    /// `namespace`, a Swift type name that is not one the generated code uses (``SwiftGenerator/namespaceProblem(_:)``).
    public var namespace: String?
    /// For each `layers` entry, where it is written (for errors about it).
    var layerRanges: [SourceRange] = []
    /// Where the `layers` key is written.
    var layersKeyRange: SourceRange?

    /// An empty configuration: every option at its default.
    public init() {}

    /// Reads the configuration in `source` (file `file` of a ``SourceManager``). Nil when it
    /// has errors, which the diagnostics describe.
    public static func read(_ source: SourceFile, file: FileID) -> (KeymapConfig?, [Diagnostic]) {
        func at(_ range: Range<Int>) -> SourceRange { SourceRange(file: file, start: range.lowerBound, end: range.upperBound) }
        let json: JSONC
        switch JSONCParser.parse(source.bytes) {
        case .success(let parsed): json = parsed
        case .failure(let error):
            let end = min(error.offset + 1, source.bytes.count)
            return (nil, [Diagnostic(.error, error.message, at: SourceRange(file: file, start: error.offset, end: max(end, error.offset)))])
        }
        guard case .object(let members) = json.value else {
            return (nil, [Diagnostic(.error, Messages.configNotAnObject(json.kindName), at: at(json.range))])
        }
        var config = KeymapConfig()
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        for member in members {
            guard keys.contains(member.key) else {
                let suggestion = nearest(to: member.key, in: keys)
                diagnostics.append(Diagnostic(
                    .error, Messages.configUnknownKey(member.key, suggestion), at: at(member.keyRange),
                    fixIts: suggestion.map { [FixIt(range: at(member.keyRange), replacement: SourceText.quoted($0))] } ?? []))
                continue
            }
            guard seen.insert(member.key).inserted else {
                diagnostics.append(Diagnostic(.error, Messages.configKeyTwice(member.key), at: at(member.keyRange)))
                continue
            }
            let value = member.value
            switch member.key {
            case "layers":
                config.layersKeyRange = at(member.keyRange)
                guard case .array(let elements) = value.value, elements.allSatisfy({ $0.string != nil }) else {
                    diagnostics.append(Diagnostic(.error, Messages.configWrongType("layers", "an array of file names", value.kindName), at: at(value.range)))
                    continue
                }
                config.layers = elements.compactMap(\.string)
                config.layerRanges = elements.map { at($0.range) }
            case "platform":
                guard let name = value.string else {
                    diagnostics.append(Diagnostic(.error, Messages.configWrongType("platform", "a string", value.kindName), at: at(value.range)))
                    continue
                }
                guard let platform = Platform(name: name) else {
                    let names = Platform.allCases.map(\.rawValue) + ["apple", "other"]
                    diagnostics.append(Diagnostic(.error, Messages.unknownConfigPlatform(name, nearest(to: name, in: names)), at: at(value.range)))
                    continue
                }
                config.platform = platform
            default:
                guard let name = value.string else {
                    diagnostics.append(Diagnostic(.error, Messages.configWrongType("namespace", "a string", value.kindName), at: at(value.range)))
                    continue
                }
                if let problem = SwiftGenerator.namespaceProblem(name) {
                    let suggestion = SwiftGenerator.namespaceName(name)
                    let message = problem == .notATypeName
                        ? Messages.configNotATypeName(name, suggestion) : Messages.configHidesUsedType(name, suggestion)
                    diagnostics.append(Diagnostic(
                        .error, message, at: at(value.range),
                        fixIts: [FixIt(range: at(value.range), replacement: SourceText.quoted(suggestion))]))
                    continue
                }
                config.namespace = name
            }
        }
        return diagnostics.isEmpty ? (config, []) : (nil, diagnostics)
    }

    /// `keymaps` (the `.bind` files given, as paths) in the order `layers` names them, each
    /// entry resolved against the directory of the configuration file at `configPath`; the
    /// files as given when there is no `layers`. Nil when an entry names no file given, a
    /// file twice, or a file given is not listed (each an error in the configuration file).
    public func order(_ keymaps: [String], configPath: String) -> ([String]?, [Diagnostic]) {
        guard let layers else { return (keymaps, []) }
        let byPath = Dictionary(keymaps.map { (LayeredSources.normalize($0), $0) }, uniquingKeysWith: { a, _ in a })
        var chosen: [String] = []
        var diagnostics: [Diagnostic] = []
        for (layer, range) in zip(layers, layerRanges) {
            let path = LayeredSources.resolve(layer, relativeTo: configPath)
            guard let match = byPath[path] else {
                diagnostics.append(Diagnostic(.error, Messages.configMissingLayer(layer, keymaps), at: range))
                continue
            }
            if chosen.contains(match) {
                diagnostics.append(Diagnostic(.error, Messages.configLayerTwice(layer), at: range))
                continue
            }
            chosen.append(match)
        }
        if diagnostics.isEmpty, let left = keymaps.first(where: { !chosen.contains($0) }), let key = layersKeyRange {
            diagnostics.append(Diagnostic(.error, Messages.configUnlistedKeymap(left), at: key))
        }
        return diagnostics.isEmpty ? (chosen, []) : (nil, diagnostics)
    }
}
