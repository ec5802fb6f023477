import BindingRuntime

/// `bindc import`'s library side: a pure function from a foreign keymap's bytes (and, for a
/// layer, its base's) to `.bind` source, a report, and positioned diagnostics. It reads the
/// file into the editor's own model (``JSONCParser``, ``ZedKeymap`` / ``VSCodeKeybindings``),
/// converts model to model (``ZedConverter`` / ``VSCodeConverter``), keeps the editor's
/// later-wins order (``LaterWins``) and writes source (``BindSourceWriter``). Never prints,
/// never traps; malformed input is an error at its `file:line:col`.
public enum Importer {
    /// One foreign file: its path (for messages and comments) and bytes.
    public struct Input: Sendable {
        /// The path as given.
        public var path: String
        /// The file's bytes.
        public var bytes: [UInt8]
        /// Makes an input.
        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// The outcome of an import.
    public struct Result: Sendable {
        /// The `.bind` source; nil when an input had errors.
        public var source: String?
        /// For a layer, the name the output's `layer over` gives its base (the base's path
        /// with `.bind` for `.json`).
        public var baseName: String?
        /// The foreign files (the base first, when there is one), for rendering diagnostics.
        public var sources: SourceManager
        /// Errors about the foreign files, sorted.
        public var diagnostics: [Diagnostic]
        /// What became of the entries (of the layer, for a layer).
        public var report: ImportReport?
        /// The converted model (of the layer, for a layer), for tools and tests.
        public var keymap: ImportedKeymap?

        /// The `.bind` names given to the foreign names (of the base and the layer).
        public var names: ImportNames?

        /// For a layer imported with `writingBase: true`, each base's own import, outermost
        /// first, by the name the next file's `layer over` gives it: what importing that base
        /// (over the bases before it) writes.
        public var baseSources: [(name: String, source: String)] = []

        /// The last base's own import (the file the layer's `layer over` names).
        public var baseSource: String? { baseSources.last?.source }

        /// Whether an input had errors.
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Imports `input` of `format`; `base` makes the output a layer over that file's import.
    /// `language` says which language features the output may use. `platform`, when given,
    /// is the platform the foreign file is for: a whole keymap's output says so
    /// (`keymap "Name" for linux`), so checking and compiling it default to that platform (a
    /// layer gets its base's). `writingBase` also writes the base's own import
    /// (``Result/baseSource``), from the conversion the layer was made over.
    public static func run(
        _ input: Input, format: ImportFormat, over base: Input? = nil, language: ImportLanguage = .current,
        platform: Platform? = nil, writingBase: Bool = false
    ) -> Result {
        run(input, format: format, over: base.map { [$0] } ?? [], language: language, platform: platform, writingBase: writingBase)
    }

    /// Imports `input` as a layer over a chain of bases, outermost first: Zed loads its
    /// defaults, then a base keymap (`vim.json`), then the user's `keymap.json`, and the latest
    /// binding wins across all of them. The output layers over the last base's import, which
    /// layers over the one before (each base is imported as `bindc import` with the bases
    /// before it as `--over` writes it). VS Code has one base, its defaults: a longer chain
    /// is an error at the second base. With `writingBase`, ``Result/baseSources`` holds every
    /// base's own import.
    public static func run(
        _ input: Input, format: ImportFormat, over bases: [Input], language: ImportLanguage = .current,
        platform: Platform? = nil, writingBase: Bool = false
    ) -> Result {
        var sources = SourceManager()
        var diagnostics: [Diagnostic] = []
        var parsed: [(file: SourceFile, id: FileID, json: JSONC)] = []
        for item in bases + [input] {
            let file = SourceFile(path: item.path, bytes: item.bytes)
            let id = sources.add(file)
            // The byte a parser mistake is at (none at the end of the file).
            func at(_ e: JSONCError) -> SourceRange {
                SourceRange(file: id, start: e.offset, end: max(min(e.offset + 1, item.bytes.count), e.offset))
            }
            // VS Code loads a file with a missing ',' or a missing ']' at the end, saying so.
            switch JSONCParser.parse(item.bytes, lenient: format == .vscode) {
            case .success(let (json, recovered)):
                if let evident = ImportFormat.evident(in: json), evident != format {
                    let shape = evident == .vscode ? "entries with \"key\" and \"command\"" : "entries with \"bindings\""
                    diagnostics.append(Diagnostic(
                        .error, "this is a \(evident.displayName) keymap (\(shape)), not a \(format.displayName) one",
                        at: SourceRange(file: id, start: json.range.lowerBound, end: min(json.range.lowerBound + 1, json.range.upperBound)),
                        notes: [DiagnosticNote("import it with 'bindc import \(evident.rawValue) …'")]))
                    continue
                }
                parsed.append((file, id, json))
                for r in recovered { diagnostics.append(Diagnostic(.warning, r.message + ", read as VS Code reads it", at: at(r))) }
            case .failure(let error):
                diagnostics.append(Diagnostic(.error, error.message, at: at(error)))
            }
        }
        // VS Code stacks its defaults, the extensions' keybindings and the user's file: only
        // extensions come between the defaults and the file.
        if format == .vscode, bases.count > 1, parsed.count == bases.count + 1,
           let middle = parsed[1..<bases.count].first(where: { !VSCodeKeybindings.isExtensionManifest($0.json) }) {
            diagnostics.append(Diagnostic(
                .error, "VS Code layers a keybindings.json over its defaults and its extensions' package.json only: this is neither an extension nor the first --over",
                at: SourceRange(file: middle.id, start: middle.json.range.lowerBound, end: min(middle.json.range.lowerBound + 1, middle.json.range.upperBound))))
        }
        guard !diagnostics.contains(where: { $0.severity == .error }) else {
            return Result(source: nil, sources: sources, diagnostics: diagnostics)
        }

        var keymaps: [ImportedKeymap] = []
        var zedModels: [ZedKeymap] = []
        switch format {
        case .zed:
            for p in parsed {
                let (model, errors) = ZedKeymap.read(p.json, file: p.id)
                diagnostics += errors
                zedModels.append(model)
                keymaps.append(ZedConverter.convert(model, name: displayName(p.file.path), language: language, platform: platform))
            }
            // Zed's vim.json itself (imported over the defaults) is the base the note names.
            if !bases.isEmpty, displayName(parsed[parsed.count - 1].file.path) != "vim.json",
               let note = vimModeNote(zedModels, file: parsed[parsed.count - 1].id, bases: bases) { diagnostics.append(note) }
        case .vscode:
            var models: [VSCodeKeybindings] = []
            for p in parsed {
                let (model, errors) = VSCodeKeybindings.read(p.json, file: p.id)
                diagnostics += errors
                models.append(model)
            }
            // Each base is written as its own import would write it, so the files below it
            // decide the types of the keys they use; a file adds the String keys only it has.
            var strings: Set<String> = [], used: Set<String> = []
            for (p, model) in zip(parsed, models) {
                let bools = used.subtracting(strings)
                strings.formUnion(VSCodeConverter.stringKeys([model]).subtracting(used))
                used.formUnion(VSCodeConverter.usedKeys([model]))
                // An extension's keymap is named as the extension is.
                let name = model.isExtension ? (p.json["displayName"]?.string ?? p.json["name"]?.string) : nil
                keymaps.append(VSCodeConverter.convert(
                    model, name: name ?? displayName(p.file.path), stringKeys: strings, boolKeys: bools, platform: platform))
            }
        }
        var engine = DiagnosticEngine()
        engine.append(contentsOf: Self.summarizingBaseWarnings(diagnostics, bases: parsed.dropLast().map(\.id)))
        guard !engine.hasErrors else { return Result(source: nil, sources: sources, diagnostics: engine.sorted) }

        var declarations = BindSourceWriter.Declarations()
        var previous: BindSourceWriter.Declarations?
        var baseName: String?
        var baseSources: [(name: String, source: String)] = []
        var layer = keymaps[keymaps.count - 1]
        let disables = layer.bindings.filter { layer.entries[$0.entry].outcome == .disables }
        LaterWins.apply(&layer, language: language)
        if !bases.isEmpty {
            // Each base is a layer over the ones before it (the first a whole keymap), as
            // importing it with them as `--over` writes it; `below` is what the files so far
            // hold together, as the compiler layers them.
            var below = ImportedKeymap(format: format, name: "")
            for i in bases.indices {
                var base = keymaps[i]
                let baseDisables = base.bindings.filter { base.entries[$0.entry].outcome == .disables }
                let written = base.bindings
                LaterWins.apply(&base, language: language)
                if i > 0 { LaterWins.layer(&base, over: below, disables: baseDisables, language: language) }
                base.written = written
                let before = declarations
                BindSourceWriter.declare(base, into: &declarations)
                if writingBase {
                    baseSources.append((bindName(for: parsed[i].file.path), formatted(BindSourceWriter(declarations: declarations, keymap: base).write(
                        base: i > 0 ? bindName(for: parsed[i - 1].file.path) : nil, foreign: parsed[i].file, from: i > 0 ? before : nil,
                        language: language, platform: platform), path: parsed[i].file.path)))
                }
                below = i == 0 ? base : LaterWins.stacked(base, over: below)
            }
            previous = declarations
            LaterWins.layer(&layer, over: below, disables: disables, language: language)
            baseName = bindName(for: parsed[bases.count - 1].file.path)
        }
        let alternatesBefore = declarations.alternates.count
        BindSourceWriter.declare(layer, into: &declarations)
        if declarations.alternates.count > alternatesBefore {
            layer.approximations[Self.alternateAction, default: 0] += declarations.alternates.count - alternatesBefore
        }
        let writer = BindSourceWriter(declarations: declarations, keymap: layer)
        let source = formatted(writer.write(
            base: baseName, foreign: parsed[parsed.count - 1].file, from: previous, language: language, platform: platform),
            path: input.path)
        return Result(
            source: source, baseName: baseName, sources: sources, diagnostics: engine.sorted,
            report: ImportReport(path: input.path, keymap: layer), keymap: layer,
            names: ImportNames(declarations), baseSources: baseSources)
    }

    /// `diagnostics` with the warnings about the bases (the editor's defaults, an extension)
    /// as one note per base: a layer's import is about the layer, and each base's warnings
    /// are its own import's (as `bindc check` shows a base's). Errors stay.
    static func summarizingBaseWarnings(_ diagnostics: [Diagnostic], bases: [FileID]) -> [Diagnostic] {
        guard !bases.isEmpty else { return diagnostics }
        var out: [Diagnostic] = []
        var hidden: [FileID: Int] = [:]
        for d in diagnostics {
            if d.severity == .warning, bases.contains(d.range.file) { hidden[d.range.file, default: 0] += 1 } else { out.append(d) }
        }
        for base in bases {
            guard let n = hidden[base] else { continue }
            out.append(Diagnostic(.note, "\(n) warning\(n == 1 ? "" : "s") about this base not shown (importing it alone shows \(n == 1 ? "it" : "them"))",
                                  at: SourceRange(file: base, start: 0, end: 0)))
        }
        return out
    }

    /// A note when a Zed keymap layered over bases uses Vim mode (a `vim::` action, or a
    /// context naming `vim_mode` or `VimControl`) but no base binds a `vim::` action: Zed puts
    /// its vim.json between the defaults and the user's keymap, and the layer should be made
    /// over it too, or its bindings meet the defaults where Zed has vim's.
    static func vimModeNote(_ models: [ZedKeymap], file: FileID, bases: [Input]) -> Diagnostic? {
        func usesVim(_ section: ZedKeymap.Section) -> Bool {
            section.context.map { $0.contains("vim_mode") || $0.contains("VimControl") } ?? false
        }
        func isVimAction(_ b: ZedKeymap.Binding) -> Bool {
            if case .name(let n) = b.action { return n.hasPrefix("vim::") }
            if case .withArgument(let n, _) = b.action { return n.hasPrefix("vim::") }
            return false
        }
        guard let layer = models.last, models.count > 1,
              !models.dropLast().contains(where: { $0.sections.contains { $0.bindings.contains(where: isVimAction) } }) else { return nil }
        for section in layer.sections {
            if usesVim(section), let range = section.contextRange {
                return note(at: range, file: file, bases: bases)
            }
            if let b = section.bindings.first(where: isVimAction) { return note(at: b.actionRange, file: file, bases: bases) }
        }
        return nil
    }

    private static func note(at range: Range<Int>, file: FileID, bases: [Input]) -> Diagnostic {
        let over = bases.map { "--over \(displayName($0.path))" }.joined(separator: " ")
        return Diagnostic(.note, "this keymap uses Zed's Vim mode, whose bindings Zed loads from its vim.json between the defaults and"
            + " this file; to layer it as Zed does, import it over that too: \(over) --over vim.json",
            at: SourceRange(file: file, start: range.lowerBound, end: range.upperBound))
    }

    /// `source` in the canonical layout `bindc fmt` gives (aligned columns, comments kept).
    static func formatted(_ source: String, path: String) -> String {
        if case .success(let formatted) = Formatter.format(SourceFile(path: path, text: source), file: FileID(0)) {
            return formatted
        }
        return source
    }

    /// The report's name for a layer's command that needs an action of its own: the base
    /// declares it with another argument type, and the base file cannot change.
    static let alternateAction = "an action of its own (name_2) where the base declares the command with another argument type"

    /// The file name without directories, for `keymap "…"`.
    static func displayName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `…/default-macos.json` → `default-macos.bind`: where a layer expects its base's import.
    public static func bindName(for path: String) -> String {
        var name = displayName(path)
        if name.hasSuffix(".json") { name.removeLast(5) }
        return name + ".bind"
    }
}

/// The `.bind` identifiers an import gave to the foreign names, for tools that drive the
/// compiled keymap with the editor's names (and for the replay tests).
public struct ImportNames: Sendable {
    /// Context key to context name. A Zed flag that is not also a key is under its name; Zed
    /// keeps flags and keys apart, so a flag is also under `name#flag`.
    public var contexts: [String: String]
    /// Keys that are String contexts.
    public var stringContexts: Set<String>
    /// Foreign element name (or `Global`, `Workbench`) to role name.
    public var roles: [String: String]
    /// Foreign command to action name and argument type (`Int`, `String`, `Bool`, nil).
    public var actions: [String: (name: String, type: String?)]
    /// Actions (by name) whose String argument is the foreign argument's JSON text.
    public var jsonTextActions: Set<String>

    init(_ d: BindSourceWriter.Declarations) {
        contexts = d.contexts.byOriginal
        for (k, v) in d.contexts.byOriginal where k.hasSuffix("#flag") && contexts[String(k.dropLast(5))] == nil {
            contexts[String(k.dropLast(5))] = v
        }
        stringContexts = Set(d.contextDecls.filter { $0.value.hasSuffix(": String") }.keys)
        roles = d.roles.byOriginal
        actions = d.actionDecls
        jsonTextActions = d.jsonText
    }
}

extension Importer {
    /// Compiles an import's output (after `baseSource`, the base's import, for a layer), so
    /// callers can count the conflicts that remain; nil when there is no output.
    public static func compileOutput(_ result: Result, baseSource: String?, platform: Platform?) -> Compilation? {
        compileOutput(result, bases: baseSource.map { [(result.baseName ?? "base.bind", $0)] } ?? [], platform: platform)
    }

    /// Compiles an import's output after its bases' own imports (``Result/baseSources`` of
    /// an import with `writingBase: true`), so callers can count the conflicts that remain.
    public static func compileOutput(_ result: Result, platform: Platform?) -> Compilation? {
        compileOutput(result, bases: result.baseSources, platform: platform)
    }

    static func compileOutput(_ result: Result, bases: [(name: String, source: String)], platform: Platform?) -> Compilation? {
        guard let source = result.source else { return nil }
        var sources = SourceManager()
        for base in bases { sources.add(SourceFile(path: base.name, text: base.source)) }
        sources.add(SourceFile(path: bindName(for: result.report?.path ?? "import.json"), text: source))
        return Compilation(sources: sources, platform: platform)
    }
}
