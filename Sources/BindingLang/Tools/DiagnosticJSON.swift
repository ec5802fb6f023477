/// Diagnostics as JSON for editors and CI (`--diagnostics-format json`): one document,
/// `{"diagnostics": [...]}`, each with severity, message, file, 1-based line and column of the
/// start and end, notes and fix-its, in the order given.
public enum DiagnosticJSON {
    /// The document for `diagnostics`, resolving ranges against `sources`.
    public static func render(_ diagnostics: [Diagnostic], sources: SourceManager) -> JSONValue {
        .object([
            ("diagnostics", .array(diagnostics.map { diagnosticJSON($0, sources) })),
            ("errorCount", .int(Int64(diagnostics.filter { $0.severity == .error }.count))),
            ("warningCount", .int(Int64(diagnostics.filter { $0.severity == .warning }.count))),
        ])
    }

    private static func diagnosticJSON(_ d: Diagnostic, _ sources: SourceManager) -> JSONValue {
        var members: [(String, JSONValue)] = [("severity", .string(d.severity.rawValue)), ("message", .string(d.message))]
        members += rangeMembers(d.range, sources)
        members.append(("notes", .array(d.notes.map { note in
            var m: [(String, JSONValue)] = [("message", .string(note.message))]
            if let r = note.range { m += rangeMembers(r, sources) }
            return .object(m)
        })))
        members.append(("fixIts", .array(d.fixIts.map { fix in
            .object(rangeMembers(fix.range, sources) + [("replacement", .string(fix.replacement))])
        })))
        return .object(members)
    }

    /// `file`, `line`, `column`, `endLine`, `endColumn`, `offset`, `length` of a range (only the
    /// offsets when the range names no file of `sources`).
    private static func rangeMembers(_ range: SourceRange, _ sources: SourceManager) -> [(String, JSONValue)] {
        var m: [(String, JSONValue)] = []
        if sources.files.indices.contains(range.file.index) {
            let file = sources[range.file]
            let start = file.lineAndColumn(of: range.start)
            let end = file.lineAndColumn(of: max(range.start, range.end))
            m += [
                ("file", .string(file.path)),
                ("line", .int(Int64(start.line))), ("column", .int(Int64(start.column))),
                ("endLine", .int(Int64(end.line))), ("endColumn", .int(Int64(end.column))),
            ]
        }
        m += [("offset", .int(Int64(range.start))), ("length", .int(Int64(max(0, range.end - range.start))))]
        return m
    }
}
