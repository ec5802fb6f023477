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
    /// summary of the errors in the files it layers over (``baseErrorSummaries(for:)``), and a
    /// warning at its first lone `\r`, if any (``loneCarriageReturnWarning(_:)``).
    public func diagnostics(for uri: String) -> [PublishedDiagnostic] {
        guard let file = file(uri) else { return [] }
        return publishedDiagnostics()[file.index].diagnostics + baseErrorSummaries(for: file)
            + (loneCarriageReturnWarning(file).map { [$0] } ?? [])
    }

    /// The server checks a lone `\r` as the end of a line, as the editor shows it, but `bindc`
    /// reads it as white space (Grammar.md §1), so the file may mean something else to
    /// `bindc check`: a warning on the first one (the line end it makes).
    func loneCarriageReturnWarning(_ file: FileID) -> PublishedDiagnostic? {
        let d = document(file)
        guard let at = TextDocument.firstLoneCarriageReturn(in: d.bytes) else { return nil }
        return PublishedDiagnostic(
            range: d.range(at, at + 1), severity: .warning,
            message: "line ends with a lone carriage return: bindc reads it as white space, not as a line end; "
                + "end lines with \\n or \\r\\n")
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
