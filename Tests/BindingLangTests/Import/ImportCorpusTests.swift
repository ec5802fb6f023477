// Real-world keymaps: imports the default keymaps in ../shared/corpus (next to the repository)
// with the library's importer, compiles every output, replays every binding through the
// runtime against the editor's own rule, and prints the figures table of Grammar.md §12,
// which must match what Grammar.md says. Skipped when the corpus is absent.
@testable import BindingLang
import BindingRuntime
import Testing

enum CorpusLocation {
    /// The repository root, derived from this file's path (Tests/BindingLangTests/Import/…).
    static let repositoryRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()
    static let directory = repositoryRoot + "/../shared/corpus"
    static let files: [(path: String, format: ImportFormat)] = [
        ("zed/default-macos.json", .zed), ("zed/default-linux.json", .zed), ("zed/default-windows.json", .zed),
        ("vscode/macos.keybindings.raw.json", .vscode), ("vscode/linux.keybindings.raw.json", .vscode),
        ("vscode/windows.keybindings.raw.json", .vscode),
    ]
    static var exists: Bool { (try? InputFile.read(directory + "/SOURCES.md")) != nil }
    static func bytes(_ path: String) throws -> [UInt8] { try InputFile.read(directory + "/" + path) }
}

/// One row of the figures table.
struct CorpusRow: Sendable {
    var report: ImportReport
    var errors: [String]
    var warnings: Int
    var milliseconds: Int
    var fullLanguagePercent: Double

    var markdown: String {
        let r = report
        let left = r.leftOut.values.reduce(0, +)
        return "| \(r.path) | \(r.entries) | \(r.converted + r.overridden) (\(ImportReport.oneDecimal(r.percentConverted))%) "
            + "| \(left) | \(r.bindings) | \(r.rewritten) | \(r.overridden) | \(errors.count) | \(ImportReport.oneDecimal(fullLanguagePercent))% |"
    }
}

enum CorpusImport {
    /// Every corpus file's row, computed once per test process (several tests read them).
    static let rows: [String: Result<CorpusRow, ImportTestError>] = {
        var out: [String: Result<CorpusRow, ImportTestError>] = [:]
        for (path, format) in CorpusLocation.files {
            do { out[path] = .success(try run(path, format)) } catch { out[path] = .failure(.failed("\(path): \(error)")) }
        }
        return out
    }()

    static func row(_ path: String) throws -> CorpusRow {
        guard let result = rows[path] else { throw ImportTestError.failed(path) }
        return try result.get()
    }

    static func run(_ path: String, _ format: ImportFormat) throws -> CorpusRow {
        let bytes = try CorpusLocation.bytes(path)
        let clock = ContinuousClock()
        var result: Importer.Result?
        let elapsed = clock.measure {
            result = Importer.run(Importer.Input(path: path, bytes: bytes), format: format)
        }
        guard let result, var report = result.report else { throw ImportTestError.failed(path) }
        guard let compilation = Importer.compileOutput(result, baseSource: nil, platform: path.contains("macos") ? .apple : .other)
        else { throw ImportTestError.failed(path) }
        let errors = compilation.diagnostics.filter { $0.severity == .error }.map(\.message)
        report.conflicts = errors.count
        let full = Importer.run(Importer.Input(path: path, bytes: bytes), format: format, language: .full)
        let ms = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        return CorpusRow(
            report: report, errors: errors, warnings: compilation.diagnostics.filter { $0.severity == .warning }.count,
            milliseconds: ms, fullLanguagePercent: full.report?.percentConverted ?? 0)
    }

    static let header = """
        | file | entries | converted | left out | bindings | narrowed | always overridden | errors | with `is`/`inside` |
        |---|---:|---:|---:|---:|---:|---:|---:|---:|
        """
}

enum ImportTestError: Error, Sendable { case failed(String) }

@Suite("Importing real-world keymaps", .enabled(if: CorpusLocation.exists, "../shared/corpus is not next to the repository"))
struct ImportCorpusTests {
    @Test(arguments: CorpusLocation.files.map(\.path))
    func importsAndCompiles(path: String) throws {
        let row = try CorpusImport.row(path)
        print(row.report.text + "  time: \(row.milliseconds) ms, warnings: \(row.warnings)")
        #expect(row.errors.isEmpty, "\(row.errors.prefix(5))")
        #expect(row.report.accountedFor == row.report.entries)
        #expect(row.report.entries > 500)
        // Zed's `A > B`, `!Editor` and `A && B` convert with `inside Role` / `is Role`; what is
        // left out is keys the language has no name for and VS Code's regexes and numbers.
        #expect(row.report.percentConverted >= 95)
        #expect(row.fullLanguagePercent >= row.report.percentConverted)
    }

    /// The table in Grammar.md §12 is this test's output (times vary, so they are not in it).
    @Test func grammarFiguresAreCurrent() throws {
        var table = CorpusImport.header + "\n"
        for (path, _) in CorpusLocation.files { table += try CorpusImport.row(path).markdown + "\n" }
        print(table)
        let grammar = String(decoding: try InputFile.read(CorpusLocation.repositoryRoot + "/Grammar.md"), as: UTF8.self)
        #expect(grammar.contains(table), "Grammar.md §12 differs from:\n\(table)")
    }

    @Test(arguments: CorpusLocation.files.map(\.path))
    func replaysLikeTheEditor(path: String) throws {
        let format = CorpusLocation.files.first { $0.path == path }?.format ?? .zed
        let figures = try ImportReplay.run(bytes: CorpusLocation.bytes(path), path: path, format: format)
        print("\(path): replayed \(figures.bindings) bindings, \(figures.strokes) strokes, \(figures.mismatches.count) mismatches, \(figures.skipped) skipped")
        for m in figures.mismatches.prefix(10) { print("  " + m) }
        #expect(figures.bindings > 500)
        #expect(figures.mismatches.isEmpty)
    }
}
