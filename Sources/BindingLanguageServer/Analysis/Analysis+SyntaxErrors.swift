import BindingLang

extension Analysis {
    /// How many syntax errors the unit's documents have and where the first is; nil when every
    /// document parses. The index holds only what the parser recovered, so a name on a line
    /// it skipped is missing from references, and a rename would leave it as it was.
    /// Layering errors (a base that cannot be read) are not counted: they hide no name of the
    /// documents that are here.
    public func syntaxErrors() -> (count: Int, first: SourceRange)? {
        var count = 0
        var first: SourceRange?
        for (i, d) in documents.enumerated() {
            let errors = Parser.parse(d.sourceFile, file: FileID(i)).1.filter { $0.severity == .error }
            count += errors.count
            if first == nil { first = errors.map(\.range).min() }
        }
        return first.map { (count, $0) }
    }

    /// `1 at line 7`, `3, the first at base.bind:4`: the syntax errors of the unit, told from
    /// the document at `path` (the one the request is about); nil when there are none.
    public func syntaxErrorSummary(from path: String) -> String? {
        guard let (count, first) = syntaxErrors() else { return nil }
        let loc = compilation.sources.location(of: first)
        let place = loc.path == path ? "line \(loc.line)" : "\(Self.displayPath(loc.path, from: path)):\(loc.line)"
        return count == 1 ? "1 at \(place)" : "\(count), the first at \(place)"
    }
}
