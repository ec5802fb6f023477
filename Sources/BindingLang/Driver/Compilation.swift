import BindingRuntime

/// The compiler pipeline in one call, for tools: sources in a ``SourceManager`` are parsed,
/// checked into a ``Keymap`` and, on request, emitted as a table. It collects every
/// diagnostic; it never prints or exits.
///
/// When a file has a syntax error there is no keymap, but the checker still runs: its errors
/// are reported too, except unknown contexts, roles and actions (the skipped source may have
/// declared them) and warnings, which could be consequences of the broken syntax.
public struct Compilation: Sendable {
    /// The sources compiled, in layering order (after ``freeUnshownText()``, only the files
    /// a diagnostic refers to keep their text).
    public private(set) var sources: SourceManager
    /// The parsed files, in layering order; empty when compiled with `keepingSyntax: false`.
    public let files: [FileSyntax]
    /// The checked keymap; nil when there were errors.
    public let keymap: Keymap?
    /// Every diagnostic, sorted by file and position.
    public let diagnostics: [Diagnostic]
    /// The platform compiled for: the one asked for, else the first the keymap declares it is
    /// for (`keymap "Name" for linux`, Grammar.md §3.1), else macOS.
    public let platform: Platform
    /// Whether `platform` was chosen (asked for, or the first of a `keymap "Name" for …`
    /// list) rather than the macOS a keymap that names none is compiled for.
    public let platformIsChosen: Bool
    /// Errors without a position (``LayeredSources/rootErrors``): a file given that cannot be
    /// read or is given twice. Any of them means there is no keymap.
    public let rootErrors: [String]
    /// The files compiled only because a `layer over` named them (``LayeredSources/baseFiles``).
    public let baseFiles: Set<FileID>
    /// Compiled with `keepingSyntax: false`: the phases hand the memory they free back to the
    /// system as they go (``FreedMemory``).
    private let releasesMemory: Bool

    /// Parses and checks every file of `sources`, in the order given, for `platform` (nil: the
    /// platform the keymap declares, else macOS; see ``platform``). Each
    /// file's `layer over` directives must name earlier files of `sources` (nothing is read);
    /// to load a file's bases from its directives, use ``init(layered:platform:)``.
    ///
    /// `keepingSyntax: false` is for tools that need only the keymap, the table and the
    /// diagnostics: ``files`` stays empty, and the syntax trees are freed as soon as the
    /// checker has read every block, before the keymap is assembled (the tree is the largest
    /// structure of a compile; keeping it raised the peak memory by a third), and their pages
    /// handed back to the system (``FreedMemory``).
    public init(sources: SourceManager, platform: Platform?, keepingSyntax: Bool = true) {
        self.init(layered: LayeredSources(ordered: sources), platform: platform, keepingSyntax: keepingSyntax)
    }

    /// Checks files loaded by following their `layer over` directives
    /// (``LayeredSources/init(roots:read:)``) for `platform` (nil as above). Layering errors count as syntax
    /// errors: there is no keymap. Errors without a position (``LayeredSources/rootErrors``)
    /// are the caller's to report. `keepingSyntax` is as for ``init(sources:platform:keepingSyntax:)``;
    /// to free the syntax trees early, pass a `layered` the caller no longer holds
    /// (`consume layered`).
    public init(layered: consuming LayeredSources, platform: Platform?, keepingSyntax: Bool = true) {
        let sources = layered.takeSources()
        var files = layered.takeFiles()
        self.platformIsChosen = platform != nil || KeymapPlatforms.declared(in: files) != nil
        let platform = KeymapPlatforms.resolve(platform, in: files)
        self.platform = platform
        var diagnostics = layered.diagnostics
        // The lines an editor shows at a lone `\r` are one line here: say so before the
        // syntax errors that usually follow (the language server says it too).
        for (index, file) in sources.files.enumerated() {
            if let at = SourceFile.firstLoneCarriageReturn(in: file.bytes) {
                diagnostics.append(Diagnostic(.warning, Messages.loneCarriageReturn, at: SourceRange(file: FileID(index), start: at, end: at + 1)))
            }
        }
        self.rootErrors = layered.rootErrors
        self.baseFiles = layered.baseFiles
        let keymap: Keymap?, checkDiagnostics: [Diagnostic]
        if keepingSyntax {
            self.files = files
            releasesMemory = false
            (keymap, checkDiagnostics) = Checker.check(files, sources: sources, platform: platform)
        } else {
            self.files = []
            releasesMemory = true
            (keymap, checkDiagnostics) = Checker.check(&files, release: true, sources: sources, platform: platform)
            // The syntax trees and the checker's working data are freed: give their pages
            // back before the keymap is emitted (``FreedMemory``).
            FreedMemory.release()
        }
        if diagnostics.contains(where: { $0.severity == .error }) || !layered.rootErrors.isEmpty {
            // The checker still runs, so semantic mistakes are reported in the same run, but
            // what a broken declaration may have caused is left out: a name the skipped
            // source may have declared, and warnings about what it may have bound.
            // A line with a syntax error gets no other error: one mistake, one error.
            self.keymap = nil
            var syntaxLines: Set<[Int]> = []
            // (The line where the parser stopped at its error limit has the error not shown.)
            for d in diagnostics where d.severity == .error || d.message == Messages.tooManyErrors {
                syntaxLines.insert([d.range.file.index, Compilation.line(of: d.range, in: sources)])
            }
            // Errors only at the ends of files (a block left open) skipped no source: every
            // declaration was seen, so an unknown name is still a mistake to report.
            let skipped = !layered.rootErrors.isEmpty
                || diagnostics.contains { $0.severity == .error && !Messages.isAtEndOfFile($0.message) }
            diagnostics += checkDiagnostics.filter {
                $0.severity == .error && !(skipped && Messages.isUnresolvedName($0.message))
                    && !syntaxLines.contains([$0.range.file.index, Compilation.line(of: $0.range, in: sources)])
            }
        } else {
            self.keymap = keymap
            diagnostics += checkDiagnostics
        }
        var engine = DiagnosticEngine()
        engine.append(contentsOf: diagnostics)
        self.diagnostics = engine.sorted
        self.sources = sources
    }

    /// Frees the text of every source that no diagnostic refers to (each keeps its path) and
    /// hands the memory back, for a tool that needs nothing more of the sources than to show
    /// the diagnostics: `bindc compile` calls it before it emits, so that a large keymap's
    /// source is not held through the emit. The keymap holds its bindings' locations; what
    /// reads a file's text after this (fix-its, layout diagnostics) finds none.
    public mutating func freeUnshownText() {
        sources.freeText(exceptFilesOf: diagnostics)
        FreedMemory.release()
    }

    /// The line where `range` starts (0 when its file is unknown).
    static func line(of range: SourceRange, in sources: SourceManager) -> Int {
        guard sources.files.indices.contains(range.file.index) else { return 0 }
        return sources.files[range.file.index].lineAndColumn(of: range.start).line
    }

    /// `diagnostics` (this compilation's, or those and more about it) less the warnings and
    /// notes located in ``baseFiles``: a base's warnings are its own, shown when it is checked
    /// by itself rather than each time a layer over it is (an imported editor's defaults
    /// would otherwise repeat its reserved-shortcut warnings under every user's layer).
    /// Errors stay wherever they are, since they stop the compile. `hidden` counts the
    /// diagnostics left out, per base file, in layering order.
    public func withoutBaseWarnings(_ diagnostics: [Diagnostic]) -> (shown: [Diagnostic], hidden: [(file: FileID, count: Int)]) {
        guard !baseFiles.isEmpty else { return (diagnostics, []) }
        var shown: [Diagnostic] = []
        var counts: [FileID: Int] = [:]
        for d in diagnostics {
            if d.severity != .error, baseFiles.contains(d.range.file) {
                counts[d.range.file, default: 0] += 1
            } else {
                shown.append(d)
            }
        }
        return (shown, counts.sorted { $0.key.index < $1.key.index }.map { (file: $0.key, count: $0.value) })
    }

    /// Whether any diagnostic is an error (then there is no keymap and no table).
    public var hasErrors: Bool { !rootErrors.isEmpty || diagnostics.contains { $0.severity == .error } }

    /// The table bytes, or nil when the compilation has errors. `strip` leaves out the source
    /// map (binding locations).
    public func table(strip: Bool) -> [UInt8]? {
        keymap.map { Emitter.emit($0, strip: strip, releasingMemory: releasesMemory) }
    }

    /// Like ``table(strip:)``, but the bytes are loaded once first (``Emitter/emitLoadable(_:strip:)``):
    /// `.failure` carries the loader's reason, which for checked sources means a defect in
    /// BindKit, and then nothing should be written. Nil when the compilation has errors.
    public func loadableTable(strip: Bool) -> Result<[UInt8], TableError>? {
        keymap.map { keymap in
            Result { () throws(TableError) in try Emitter.emitLoadable(keymap, strip: strip, releasingMemory: releasesMemory) }
        }
    }

    /// Whether `bytes` look like a compiled table (they start with the format's magic), so
    /// tools can accept a table where sources are expected.
    public static func isTable(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: TableFormat.magic)
    }
}
