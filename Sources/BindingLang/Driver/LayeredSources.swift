/// The files of a compilation in layering order, found by following `layer over "path"`
/// directives (Grammar.md §9): each file's bases come before it, depth first, in the order its
/// directives name them. Tools, the language server and the importer start from the files a
/// user names and let this find the rest.
///
/// A file is loaded once. A directive naming a file that cannot be read, a file that layers
/// over itself (directly or through others), or a file reached a second time (two files
/// layering over one base, or a base also given as a root) is an error at the directive's path.
public struct LayeredSources: Sendable {
    /// Every file, bases first: the order in which they layer.
    public private(set) var sources = SourceManager()
    /// The parsed files, same order as `sources`.
    public private(set) var files: [FileSyntax] = []
    /// Syntax errors and layering errors, in the order found.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Errors without a position: a root that cannot be read or is given twice
    /// (`cannot read 'a.bind': no such file or directory`).
    public private(set) var rootErrors: [String] = []
    /// For each file (by index), the files its directives name that were loaded, in order.
    public private(set) var bases: [[FileID]] = []
    /// The files loaded only because a `layer over` directive named them, not given as roots
    /// (empty for ``init(ordered:)``, whose caller names every file).
    public private(set) var baseFiles: Set<FileID> = []

    private init() {}

    /// The deepest chain of `layer over` followed (a guard against runaway inputs).
    public static let maxDepth = 64

    /// Reads a file's bytes by path (a path as ``LayeredSources/resolve(_:relativeTo:)`` builds it).
    public typealias Reader = (String) throws(InputFile.ReadError) -> [UInt8]

    /// Loads `roots` in order (as given; `-` allowed when `read` understands it), each after
    /// the files it layers over. `read` defaults to the file system.
    public init(roots: [String], read: @escaping Reader = { path throws(InputFile.ReadError) in try InputFile.read(path) }) {
        var loader = Loader(read: read)
        for root in roots {
            loader.load(root, display: root, from: nil, depth: 0)
        }
        self = loader.result
    }

    /// Wraps sources a caller already ordered (each base before the files layering over it),
    /// parsing them and checking that every directive names an earlier file.
    public init(ordered sources: SourceManager) {
        self.sources = sources
        var byPath: [String: FileID] = [:]
        for (index, source) in sources.files.enumerated() {
            let id = FileID(index)
            let (syntax, parseDiagnostics) = Parser.parse(source, file: id)
            files.append(syntax)
            diagnostics += parseDiagnostics
            var named: [FileID] = []
            for directive in Self.directives(of: syntax) where !directive.path.value.isEmpty {
                let path = Self.resolve(directive.path.value, relativeTo: source.path)
                if let base = byPath[path] {
                    named.append(base)
                } else {
                    diagnostics.append(Diagnostic(
                        .error, Messages.layerBaseNotLoaded(directive.path.value), at: directive.path.range))
                }
            }
            bases.append(named)
            byPath[Self.normalize(source.path)] = id
        }
    }

    /// Moves the parsed files out (leaving ``files`` empty), so that whoever takes them holds
    /// the only reference and can free each syntax tree when done with it.
    mutating func takeFiles() -> [FileSyntax] {
        var taken: [FileSyntax] = []
        swap(&taken, &files)
        return taken
    }

    /// The sources, leaving none: the caller's copy is then the only one, and what it frees
    /// is freed.
    mutating func takeSources() -> SourceManager {
        var taken = SourceManager()
        swap(&taken, &sources)
        return taken
    }

    /// The `layer over` directives of a parsed file, in order (one with an empty path too,
    /// which is a syntax error: nothing is loaded for it).
    public static func directives(of file: FileSyntax) -> [LayerDirective] {
        file.declarations.compactMap { if case .layer(let l) = $0 { return l } else { return nil } }
    }

    /// The path a directive in the file at `file` names: `path` itself when absolute, else
    /// joined to the directory of `file` (the current directory for `-`), then normalised.
    public static func resolve(_ path: String, relativeTo file: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        var directory = ""
        if file != "-", let slash = file.lastIndex(of: "/") {
            directory = String(file[...slash])
        }
        return normalize(directory + path)
    }

    /// `path` with `.` components and empty components removed and `dir/..` folded, lexically
    /// (no file-system access, so it also works for unsaved documents).
    public static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == ".." && absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}

extension LayeredSources {
    /// Depth-first loading: a file's bases, then the file.
    private struct Loader {
        let read: Reader
        var result = LayeredSources()
        /// Normalised path → the file loaded from it.
        var loaded: [String: FileID] = [:]
        /// Normalised path → where it was first reached (nil: given as a root).
        var firstReached: [String: SourceRange?] = [:]
        /// The files being loaded (a base's directive reaching one of these is a cycle).
        var inProgress: [String] = []
        var displayOf: [String: String] = [:]
        /// The next placeholder file id for errors at a file's directives before it has its id.
        var nextPlaceholder = -1

        init(read: @escaping Reader) { self.read = read }

        /// Loads the file at `display` (as the user or a directive wrote it, resolved) unless
        /// it was reached before. `from` is the directive's path string, nil for a root.
        /// Returns its id when it was loaded now.
        @discardableResult
        mutating func load(_ path: String, display: String, from: SourceRange?, depth: Int) -> FileID? {
            let key = path == "-" ? "-" : normalize(path)
            if let cycleStart = inProgress.firstIndex(of: key) {
                let names = (inProgress[cycleStart...] + [key]).map { displayOf[$0] ?? $0 }
                report(Messages.layerCycle(names), at: from)
                return nil
            }
            if let first = firstReached[key] {
                let note = first.map { DiagnosticNote(Messages.layerFirstReachedHere, at: $0) }
                report(Messages.layerReachedTwice(display, firstAsRoot: first == nil, nowAsRoot: from == nil),
                       at: from, notes: note.map { [$0] } ?? [])
                return nil
            }
            firstReached[key] = from
            // `depth` counts from 0 at a root: the file after the 64th is one too many.
            if depth >= LayeredSources.maxDepth {
                report(Messages.layersTooDeep(LayeredSources.maxDepth), at: from)
                return nil
            }
            // A base that is a device or a pipe (`layer over "/dev/stdin"`) would block the
            // reader, or in the language server read its own protocol stream.
            if from != nil, path != "-", let kind = InputFile.specialKind(path) {
                report(InputFile.ReadError(path: display, reason: "is \(kind), not a file").description, at: from)
                return nil
            }
            let bytes: [UInt8]
            do {
                bytes = try read(path)
            } catch {
                report(error.description, at: from)
                return nil
            }
            displayOf[key] = display
            // Parse under a provisional id to find the directives; bases get earlier ids, so the
            // file is parsed again under its final id only when it has directives.
            let source = SourceFile(path: display, bytes: bytes)
            let provisional = FileID(result.sources.files.count)
            var (syntax, parseDiagnostics) = Parser.parse(source, file: provisional)
            let directives = LayeredSources.directives(of: syntax)
            var named: [FileID] = []
            var placeholder = FileID(0)
            if !directives.isEmpty {
                inProgress.append(key)
                // Errors at the directives point into this file, which has no id yet: they are
                // reported against a placeholder and fixed up below.
                placeholder = FileID(nextPlaceholder)
                nextPlaceholder -= 1
                // An empty path is a syntax error already: reading it (the directory) would
                // be a second error for one mistake.
                for directive in directives where !directive.path.value.isEmpty {
                    let target = LayeredSources.resolve(directive.path.value, relativeTo: display)
                    var at = directive.path.range
                    at.file = placeholder
                    if let id = load(target, display: target, from: at, depth: depth + 1) { named.append(id) }
                }
                inProgress.removeLast()
            }
            let id = result.sources.add(source)
            if from != nil { result.baseFiles.insert(id) }
            if id != provisional {
                (syntax, parseDiagnostics) = Parser.parse(source, file: id)
            }
            if !directives.isEmpty {
                result.diagnostics = result.diagnostics.map { $0.moved(from: placeholder, to: id) }
                for (k, v) in firstReached {
                    if let v, v.file == placeholder { firstReached[k] = SourceRange(file: id, start: v.start, end: v.end) }
                }
            }
            result.files.append(syntax)
            result.diagnostics += parseDiagnostics
            result.bases.append(named)
            loaded[key] = id
            return id
        }

        mutating func report(_ message: String, at range: SourceRange?, notes: [DiagnosticNote] = []) {
            if let range {
                result.diagnostics.append(Diagnostic(.error, message, at: range, notes: notes))
            } else {
                result.rootErrors.append(message)
            }
        }
    }
}

extension Diagnostic {
    /// The same diagnostic with every range in file `old` moved to file `new`.
    fileprivate func moved(from old: FileID, to new: FileID) -> Diagnostic {
        func move(_ r: SourceRange) -> SourceRange { r.file == old ? SourceRange(file: new, start: r.start, end: r.end) : r }
        var d = self
        d.range = move(range)
        d.notes = notes.map { DiagnosticNote($0.message, at: $0.range.map(move)) }
        d.fixIts = fixIts.map { FixIt(range: move($0.range), replacement: $0.replacement) }
        return d
    }
}
