/// Diagnostics as JSON for editors and CI (`--diagnostics-format json`): one document,
/// `{"diagnostics": [...]}`, each with severity, message, file, 1-based line and column of the
/// start and end, notes and fix-its, in the order given.
public enum DiagnosticJSON {
    /// The document for `diagnostics`, resolving ranges against `sources`.
    public static func render(_ diagnostics: [Diagnostic], sources: SourceManager) -> JSONValue {
        render(diagnostics, sources: sources, messages: [])
    }

    /// A message about an input as a whole rather than a range of it (an unreadable file, a
    /// corrupt table, an unformatted file): its severity, text, and the file when there is one.
    public struct Message: Sendable, Equatable {
        public var severity: Severity
        public var message: String
        public var file: String?
        public init(_ severity: Severity, _ message: String, file: String? = nil) {
            self.severity = severity
            self.message = message
            self.file = file
        }
    }

    /// The document for `diagnostics` followed by `messages` (which carry no line or column),
    /// counted together.
    public static func render(_ diagnostics: [Diagnostic], sources: SourceManager, messages: [Message]) -> JSONValue {
        var items = diagnostics.map { diagnosticJSON($0, sources) }
        for m in messages {
            var members: [(String, JSONValue)] = [("severity", .string(m.severity.rawValue)), ("message", .string(m.message))]
            if let file = m.file { members.append(("file", .string(file))) }
            items.append(.object(members + [("notes", .array([])), ("fixIts", .array([]))]))
        }
        let severities = diagnostics.map(\.severity) + messages.map(\.severity)
        return .object([
            ("diagnostics", .array(items)),
            ("errorCount", .int(Int64(severities.filter { $0 == .error }.count))),
            ("warningCount", .int(Int64(severities.filter { $0 == .warning }.count))),
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
                ("file", .string(file.displayPath)),
                ("line", .int(Int64(start.line))), ("column", .int(Int64(start.column))),
                ("endLine", .int(Int64(end.line))), ("endColumn", .int(Int64(end.column))),
            ]
        }
        m += [("offset", .int(Int64(range.start))), ("length", .int(Int64(max(0, range.end - range.start))))]
        return m
    }
}
