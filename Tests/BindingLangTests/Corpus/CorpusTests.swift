// Real-world keymaps: converts the default keymaps in ../shared/corpus (next to the
// repository) into `.bind` sources, compiles them and reports what converted, what the
// language cannot express, and the conflicts the checker finds. Conflicts are expected (VS
// Code and Zed resolve overlaps by order, which `.bind` makes an error); the test asserts that
// the pipeline works: the converted source has no error other than conflicts, and once the
// conflicting bindings are dropped it compiles into a keymap. Skipped when the corpus is absent.
import BindingLang
import BindingRuntime
import Testing

enum CorpusLocation {
    /// The repository root, derived from this file's path (Tests/BindingLangTests/Corpus/…).
    static let repositoryRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()
    static let directory = repositoryRoot + "/../shared/corpus"
    static let files: [(path: String, format: CorpusFormat)] = [
        ("zed/default-macos.json", .zed), ("zed/default-linux.json", .zed), ("zed/default-windows.json", .zed),
        ("vscode/macos.keybindings.raw.json", .vscode), ("vscode/linux.keybindings.raw.json", .vscode),
        ("vscode/windows.keybindings.raw.json", .vscode),
    ]
    static var exists: Bool { (try? InputFile.read(directory + "/SOURCES.md")) != nil }
}

/// The figures for one converted file, as printed by the test.
struct CorpusFigures {
    var conversion: CorpusConversion
    var conflicts: [String] = []
    var sameSequenceConflicts = 0, prefixConflicts = 0
    var otherErrors: [String] = []
    var warnings: [String: Int] = [:]
    var bindingsAfterDroppingConflicts = 0
    var keymapBindings = 0
}

enum CorpusRunner {
    static func compile(_ source: String, name: String, platform: Platform) -> Compilation {
        var sources = SourceManager()
        sources.add(SourceFile(path: name, text: source))
        return Compilation(sources: sources, platform: platform)
    }

    static func run(_ path: String, _ format: CorpusFormat) throws -> CorpusFigures {
        let bytes = try InputFile.read(CorpusLocation.directory + "/" + path)
        let json = try JSONCReader.parse(bytes)
        let conversion = CorpusConverter.convert(json, format: format, name: path)
        var figures = CorpusFigures(conversion: conversion)
        let platform: Platform = path.contains("macos") ? .apple : .other
        let compilation = compile(conversion.source, name: path, platform: platform)
        let file = compilation.sources.files[0]
        var conflictLines: Set<Int> = []
        for d in compilation.diagnostics {
            let line = file.lineAndColumn(of: d.range.start).line
            switch d.severity {
            case .error where d.message.contains(" is bound twice in role ") || d.message.contains(" is both bound and a prefix of "):
                if d.message.contains(" is bound twice in role ") { figures.sameSequenceConflicts += 1 } else { figures.prefixConflicts += 1 }
                conflictLines.insert(line)
                let other = d.notes.compactMap { $0.range }.first.map { file.lineAndColumn(of: $0.start).line }
                figures.conflicts.append("\(d.message): \(conversion.origins[line] ?? "?") vs \(other.flatMap { conversion.origins[$0] } ?? "?")")
            case .error:
                figures.otherErrors.append("\(path):\(line): \(d.message)")
            case .warning:
                let kind = d.message.hasPrefix("condition is never true") ? "condition is never true" : d.message
                figures.warnings[kind, default: 0] += 1
            case .note: break
            }
        }
        // Without the bindings that are the primary location of a conflict, it must compile.
        let kept = conversion.source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { !conflictLines.contains($0.offset + 1) }.map { String($0.element) }
        figures.bindingsAfterDroppingConflicts = conversion.bindings - conflictLines.count
        var again = compile(kept.joined(separator: "\n"), name: path, platform: platform)
        // Dropping one side of a conflict can expose none new, but a prefix chain (a, a b, a b c)
        // may need a second pass.
        for _ in 0..<3 where again.hasErrors {
            let file = again.sources.files[0]
            let lines = Set(again.diagnostics.filter { $0.severity == .error }.map { file.lineAndColumn(of: $0.range.start).line })
            let text = String(decoding: file.bytes, as: UTF8.self)
            again = compile(
                text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                    .filter { !lines.contains($0.offset + 1) }.map { String($0.element) }.joined(separator: "\n"),
                name: path, platform: platform)
        }
        figures.keymapBindings = again.keymap?.bindings.count ?? -1
        return figures
    }

    static func report(_ path: String, _ f: CorpusFigures) -> String {
        let c = f.conversion
        var out = """
        == \(path)
        entries \(c.entries), converted \(c.convertedEntries) (\(c.entries == 0 ? 0 : c.convertedEntries * 100 / c.entries)%), \
        .bind bindings \(c.bindings); roles \(c.roleCount), contexts \(c.contextCount), actions \(c.actionCount)
        conflicts: \(f.sameSequenceConflicts) same sequence, \(f.prefixConflicts) prefix; \
        keymap without them: \(f.keymapBindings) bindings

        """
        for (reason, n) in c.unsupported.sorted(by: { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }) {
            out += "  not expressible: \(reason): \(n)\n"
        }
        for (kind, n) in c.approximations.sorted(by: { $0.key < $1.key }) { out += "  approximated: \(kind): \(n)\n" }
        for (kind, n) in f.warnings.sorted(by: { $0.key < $1.key }) { out += "  warning: \(kind): \(n)\n" }
        for line in f.conflicts.prefix(5) { out += "  e.g. \(line)\n" }
        for line in f.otherErrors.prefix(10) { out += "  OTHER ERROR \(line)\n" }
        return out
    }
}

@Suite("Real-world keymaps", .enabled(if: CorpusLocation.exists, "../shared/corpus is not next to the repository"))
struct CorpusTests {
    @Test(arguments: CorpusLocation.files.map(\.path))
    func convertsAndCompiles(path: String) throws {
        let format = CorpusLocation.files.first { $0.path == path }?.format ?? .zed
        let figures = try CorpusRunner.run(path, format)
        print(CorpusRunner.report(path, figures))
        let c = figures.conversion
        #expect(c.entries > 500)
        #expect(c.convertedEntries * 10 >= c.entries * 7, "less than 70% of the entries converted")
        #expect(figures.otherErrors.isEmpty, "\(figures.otherErrors.prefix(5))")
        #expect(figures.keymapBindings > 0, "the conflict-free subset did not compile")
    }

    @Test func keysConvert() throws {
        #expect(try CorpusConverter.chord("cmd--", separator: "-") == "cmd+\"-\"")
        #expect(try CorpusConverter.chord("ctrl++", separator: "+") == "ctrl+\"+\"")
        #expect(try CorpusConverter.chord("shift-alt-cmd-pagedown", separator: "-") == "shift+alt+cmd+pageDown")
        #expect(try CorpusConverter.chord("ctrl+numpad_add", separator: "+") == "ctrl+numpad+\"+\"")
        #expect(try CorpusConverter.chord("delete", separator: "+") == "forwardDelete")
        #expect(try CorpusConverter.chord("cmd-\\", separator: "-") == "cmd+\"\\\\\"")
        #expect(throws: Unsupported.self) { try CorpusConverter.chord("fn-f", separator: "-") }
        #expect(CorpusConverter.mangle("editor::Cancel") == "editor__Cancel")
        #expect(CorpusConverter.mangle("editor.action.commentLine") == "editor_action_commentLine")
        #expect(CorpusConverter.mangle("in") == "in_")
    }

    @Test func whenClausesParse() throws {
        #expect(try WhenClauseParser.parse("a && !b || c == 'x'", dialect: .vscode)
            == .or(.and(.identifier("a"), .not(.identifier("b"))), .equals("c", .string("x"))))
        #expect(throws: Unsupported(reason: "regular-expression match '=~'")) {
            try WhenClauseParser.parse("resource =~ /foo/", dialect: .vscode)
        }
        #expect(throws: Unsupported(reason: "ancestor operator '>'")) {
            try WhenClauseParser.parse("Picker > Editor", dialect: .zed)
        }
    }
}
