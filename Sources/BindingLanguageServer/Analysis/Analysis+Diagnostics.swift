import BindingLang

extension Analysis {
    /// The diagnostics of every document of the unit, as `bindc check` reports them: errors,
    /// warnings and notes (those with a place as related information, the others appended to
    /// the message), keyed by URI in unit order (documents without any get an empty list).
    public func publishedDiagnostics() -> [(uri: String, diagnostics: [PublishedDiagnostic])] {
        var byFile = Array(repeating: [PublishedDiagnostic](), count: documents.count)
        for d in compilation.diagnostics where d.range.file.index < documents.count {
            byFile[d.range.file.index].append(published(d))
        }
        return zip(documents, byFile).map { ($0.uri, $1) }
    }

    /// The diagnostics of one document: its own, then, on its `layer over` directives, a
    /// summary of the errors in the files it layers over (``baseErrorSummaries(for:)``).
    public func diagnostics(for uri: String) -> [PublishedDiagnostic] {
        guard let file = file(uri) else { return [] }
        return publishedDiagnostics()[file.index].diagnostics + baseErrorSummaries(for: file)
    }

    /// One compiler diagnostic in protocol form.
    func published(_ d: Diagnostic) -> PublishedDiagnostic {
        var message = d.message
        var related: [PublishedDiagnostic.Related] = []
        for note in d.notes {
            if let r = note.range, r.file.index < documents.count {
                related.append(.init(location: location(r), message: note.message))
            } else {
                message += "\nnote: " + note.message
            }
        }
        let severity: PublishedDiagnostic.Severity =
            d.severity == .error ? .error : d.severity == .warning ? .warning : .information
        return PublishedDiagnostic(range: range(d.range), severity: severity, message: message, related: related)
    }
}
