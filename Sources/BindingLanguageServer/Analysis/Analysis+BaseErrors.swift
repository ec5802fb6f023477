import BindingLang

extension Analysis {
    /// At most this many errors of a base are listed as related information of the summary.
    static let maxRelatedBaseErrors = 100

    /// For a document whose unit has errors in the files it layers over: one error on each of
    /// its `layer over` directives that brings such files in, naming the first of their errors
    /// (`badbase.bind:4:12: unknown action 'serch'`) and how many more there are, with every
    /// one as related information. Without it the document would look clean while the unit
    /// cannot compile (`bindc check` fails, hover says the files have errors).
    func baseErrorSummaries(for file: FileID) -> [PublishedDiagnostic] {
        let errors = compilation.diagnostics.filter {
            $0.severity == .error && $0.range.file != file && $0.range.file.index >= 0
                && $0.range.file.index < documents.count
        }
        guard !errors.isEmpty else { return [] }
        let directives = LayeredSources.directives(of: compilation.files[file.index])
        // Each error goes to the first directive that brings its file in; errors in a file no
        // directive reaches (a unit given in order) go to the first directive, or the start.
        var byDirective = Array(repeating: [Diagnostic](), count: max(1, directives.count))
        let reached = directives.map { reachedFiles(from: $0, in: file) }
        for e in errors {
            let i = reached.firstIndex { $0.contains(e.range.file.index) } ?? 0
            byDirective[i].append(e)
        }
        let root = document(file)
        var out: [PublishedDiagnostic] = []
        for (i, group) in byDirective.enumerated() where !group.isEmpty {
            let at = i < directives.count ? range(directives[i].range) : root.range(0, 0)
            let first = group[0]
            let loc = compilation.sources.location(of: first.range)
            let place = "\(Self.displayPath(loc.path, from: root.path)):\(loc.line):\(loc.column)"
            let related = group.prefix(Self.maxRelatedBaseErrors).map {
                PublishedDiagnostic.Related(location: location($0.range), message: $0.message)
            }
            out.append(PublishedDiagnostic(
                range: at, severity: .error,
                message: Self.baseErrorsMessage(place: place, message: first.message, count: group.count),
                related: Array(related)))
        }
        return out
    }

    /// `error in a file this layers over: badbase.bind:4:12: unknown action 'serch'`, and for
    /// several `errors in the files this layers over: …: … (and 2 more)`.
    static func baseErrorsMessage(place: String, message: String, count: Int) -> String {
        if count == 1 { return "error in a file this layers over: \(place): \(message)" }
        return "errors in the files this layers over: \(place): \(message) (and \(count - 1) more)"
    }

    /// `path` relative to the directory of `root` when it lies under it (`badbase.bind` for
    /// `/w/badbase.bind` seen from `/w/user.bind`), else as it is.
    static func displayPath(_ path: String, from root: String) -> String {
        guard let slash = root.lastIndex(of: "/") else { return path }
        let directory = root[...slash]
        return path.hasPrefix(directory) ? String(path.dropFirst(directory.count)) : path
    }

    /// The indexes of the files `directive` of `file` brings into the unit: the file it names
    /// and, through their own directives, the files that one layers over (never `file`).
    private func reachedFiles(from directive: LayerDirective, in file: FileID) -> Set<Int> {
        var byPath: [String: Int] = [:]
        for (i, source) in compilation.sources.files.enumerated() { byPath[LayeredSources.normalize(source.path)] = i }
        var reached: Set<Int> = []
        var pending = [LayeredSources.resolve(directive.path.value, relativeTo: compilation.sources.files[file.index].path)]
        while let path = pending.popLast() {
            guard let i = byPath[path], i != file.index, reached.insert(i).inserted else { continue }
            for d in LayeredSources.directives(of: compilation.files[i]) {
                pending.append(LayeredSources.resolve(d.path.value, relativeTo: compilation.sources.files[i].path))
            }
        }
        return reached
    }
}
