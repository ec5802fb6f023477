import BindingRuntime
import Testing
@testable import BindingLang

/// Parses and checks sources given as `(path, text)` in layering order, as `bindc` does.
func checkSources(_ files: [(path: String, text: String)], platform: Platform = .apple) -> (Keymap?, [Diagnostic], SourceManager) {
    var sources = SourceManager()
    var syntax: [FileSyntax] = []
    var diagnostics: [Diagnostic] = []
    for (path, text) in files {
        let source = SourceFile(path: path, text: text)
        let id = sources.add(source)
        let (file, parseDiagnostics) = Parser.parse(source, file: id)
        syntax.append(file)
        diagnostics += parseDiagnostics
    }
    let (keymap, checkDiagnostics) = Checker.check(syntax, sources: sources, platform: platform)
    return (keymap, diagnostics + checkDiagnostics, sources)
}

/// Parses and checks one source.
func checkSource(_ text: String, path: String = "test.bind", platform: Platform = .apple) -> (Keymap?, [Diagnostic], SourceManager) {
    checkSources([(path, text)], platform: platform)
}

/// One diagnostic (or note) flattened to what inline expectations state:
/// `path:line:col: severity: message`.
struct FlatDiagnostic: Hashable, CustomStringConvertible {
    var path: String
    var line: Int
    /// nil in an expectation that does not state the column.
    var column: Int?
    var severity: Severity
    var message: String
    var description: String { "\(path):\(line):\(column.map(String.init) ?? "?"): \(severity.rawValue): \(message)" }
}

/// Every diagnostic and every located note, flattened.
func flatten(_ diagnostics: [Diagnostic], _ sources: SourceManager) -> [FlatDiagnostic] {
    var out: [FlatDiagnostic] = []
    for d in diagnostics {
        let l = sources.location(of: d.range)
        out.append(FlatDiagnostic(path: l.path, line: l.line, column: l.column, severity: d.severity, message: d.message))
        for note in d.notes {
            guard let r = note.range else { continue }
            let nl = sources.location(of: r)
            out.append(FlatDiagnostic(path: nl.path, line: nl.line, column: nl.column, severity: .note, message: note.message))
        }
    }
    return out
}

/// The inline expectations of a source: `// error: message`, `// warning@12: message` or
/// `// note: message` at the end of the line concerned (`@12`: the 1-based column). Several
/// may follow each other on one line.
func inlineExpectations(_ text: String, path: String) -> [FlatDiagnostic] {
    var out: [FlatDiagnostic] = []
    let markers: [(String, Severity)] = [("// error", .error), ("// warning", .warning), ("// note", .note)]
    for (n, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        var rest = Substring(rawLine)
        var found: [(Severity, Int?, String)] = []
        while true {
            guard let (range, severity) = markers.compactMap({ m in rest.range(of: m.0).map { ($0, m.1) } })
                .min(by: { $0.0.lowerBound < $1.0.lowerBound }) else { break }
            var after = rest[range.upperBound...]
            var column: Int?
            if after.first == "@" {
                let digits = after.dropFirst().prefix(while: \.isNumber)
                column = Int(digits)
                after = after.dropFirst(1 + digits.count)
            }
            guard after.hasPrefix(": ") else { rest = after; continue }
            after = after.dropFirst(2)
            let end = markers.compactMap { after.range(of: " " + $0.0)?.lowerBound }.min() ?? after.endIndex
            found.append((severity, column, trimmed(after[..<end])))
            rest = after[end...]
        }
        for (severity, column, message) in found {
            out.append(FlatDiagnostic(path: path, line: n + 1, column: column, severity: severity, message: message))
        }
    }
    return out
}

/// Checks that the diagnostics of `files` are exactly their inline expectations.
func expectInlineDiagnostics(_ files: [(path: String, text: String)], platform: Platform = .apple, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let (_, diagnostics, sources) = checkSources(files, platform: platform)
    var actual = flatten(diagnostics, sources)
    var missing: [FlatDiagnostic] = []
    for e in files.flatMap({ inlineExpectations($0.text, path: $0.path) }) {
        if let i = actual.firstIndex(where: {
            $0.path == e.path && $0.line == e.line && $0.severity == e.severity && $0.message == e.message
                && (e.column == nil || $0.column == e.column)
        }) {
            actual.remove(at: i)
        } else {
            missing.append(e)
        }
    }
    #expect(missing.isEmpty, "expected but not reported:\n\(missing.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
    #expect(actual.isEmpty, "reported but not expected:\n\(actual.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
}

/// Loads `roots` through their `layer over` directives from the in-memory `files` (as
/// ``LayeredSources`` does from disk) and checks them.
func checkLayered(_ files: [(path: String, text: String)], roots: [String], platform: Platform = .apple) -> Compilation {
    let texts = Dictionary(files.map { ($0.path, $0.text) }, uniquingKeysWith: { a, _ in a })
    let layered = LayeredSources(roots: roots) { path throws(InputFile.ReadError) in
        guard let text = texts[path] else { throw InputFile.ReadError(path: path, reason: "no such file or directory") }
        return Array(text.utf8)
    }
    return Compilation(layered: layered, platform: platform)
}

/// Checks that loading `roots` from `files` (through their `layer over` directives) gives
/// exactly the files' inline expectations.
func expectLayeredInlineDiagnostics(
    _ files: [(path: String, text: String)], roots: [String], platform: Platform = .apple,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let compilation = checkLayered(files, roots: roots, platform: platform)
    var actual = flatten(compilation.diagnostics, compilation.sources)
    var missing: [FlatDiagnostic] = []
    for e in files.flatMap({ inlineExpectations($0.text, path: $0.path) }) {
        if let i = actual.firstIndex(where: {
            $0.path == e.path && $0.line == e.line && $0.severity == e.severity && $0.message == e.message
                && (e.column == nil || $0.column == e.column)
        }) {
            actual.remove(at: i)
        } else {
            missing.append(e)
        }
    }
    #expect(missing.isEmpty, "expected but not reported:\n\(missing.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
    #expect(actual.isEmpty, "reported but not expected:\n\(actual.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
}

/// Same for one file.
func expectInlineDiagnostics(_ text: String, platform: Platform = .apple, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    expectInlineDiagnostics([("test.bind", text)], platform: platform, sourceLocation: sourceLocation)
}

private func trimmed(_ s: Substring) -> String {
    String(s.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
}
