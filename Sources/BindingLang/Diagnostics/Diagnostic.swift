/// How serious a diagnostic is.
public enum Severity: String, Sendable, Comparable, Codable {
    case note, warning, error
    private var rank: Int { self == .error ? 2 : self == .warning ? 1 : 0 }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// An edit that certainly fixes a diagnostic: replace `range` with `replacement`.
public struct FixIt: Sendable, Equatable {
    public var range: SourceRange
    public var replacement: String
    public init(range: SourceRange, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

extension FixIt {
    /// The fix-it that removes what `range` covers (an attribute that changes nothing) with
    /// the spaces and tabs after it, so that `@allowReserved cmd+k` becomes `cmd+k`. Without
    /// the text (`bytes` not covering `range`), just `range`.
    static func removing(_ range: SourceRange, in bytes: [UInt8]) -> FixIt {
        var end = range.end
        if range.start >= 0, range.start <= end, end <= bytes.count {
            while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        }
        return FixIt(range: SourceRange(file: range.file, start: range.start, end: end), replacement: "")
    }

    /// As ``removing(_:in:)``, reading the text of `range`'s file from `sources`.
    static func removing(_ range: SourceRange, in sources: SourceManager?) -> FixIt {
        guard let sources, sources.files.indices.contains(range.file.index) else { return removing(range, in: []) }
        return removing(range, in: sources.files[range.file.index].bytes)
    }
}

/// A secondary message attached to a diagnostic, usually pointing at a related location
/// (the other binding of a conflict, the earlier declaration of a name).
public struct DiagnosticNote: Sendable, Equatable {
    public var message: String
    public var range: SourceRange?
    public init(_ message: String, at range: SourceRange? = nil) {
        self.message = message
        self.range = range
    }
}

/// One message about the source: a value with a severity, a range, notes and fix-its.
/// Messages are lower case with no trailing period, like swiftc's; their texts live in
/// `Messages` extensions, one file per phase.
public struct Diagnostic: Sendable, Equatable {
    public var severity: Severity
    public var message: String
    /// The primary range: the caret goes at its start, the underline covers it.
    public var range: SourceRange
    public var notes: [DiagnosticNote]
    public var fixIts: [FixIt]

    public init(
        _ severity: Severity, _ message: String, at range: SourceRange,
        notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
    ) {
        self.severity = severity
        self.message = message
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
    }
}

/// Collects diagnostics from every phase; sorted by position for printing.
public struct DiagnosticEngine: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []
    public init() {}

    public mutating func emit(_ d: Diagnostic) { diagnostics.append(d) }

    public mutating func error(_ message: String, at range: SourceRange, notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) {
        emit(Diagnostic(.error, message, at: range, notes: notes, fixIts: fixIts))
    }

    public mutating func warning(_ message: String, at range: SourceRange, notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) {
        emit(Diagnostic(.warning, message, at: range, notes: notes, fixIts: fixIts))
    }

    public mutating func append(contentsOf other: [Diagnostic]) { diagnostics += other }

    /// Whether any error was emitted (emitting a table is allowed only when not).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The diagnostics in file, then position order (stable for equal positions).
    public var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            a.element.range.file != b.element.range.file ? a.element.range.file < b.element.range.file
                : a.element.range.start != b.element.range.start ? a.element.range.start < b.element.range.start
                : a.offset < b.offset
        }.map(\.element)
    }
}

/// The wording of every diagnostic, as static members and functions; each phase extends it in
/// its own file (`Messages+Syntax.swift`, `Messages+Check.swift`).
public enum Messages {}
