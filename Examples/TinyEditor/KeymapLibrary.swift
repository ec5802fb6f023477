import BindingLang
import BindingRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A keymap compiled at start-up and loaded through the runtime: the table the dispatcher
/// reads (built from the emitted bytes, exactly as an app would load a `.bindtable`) and the
/// checked model it came from.
struct LoadedKeymap: Sendable {
    /// The short name used on the command line (`text`, `vim`, `ide`).
    let id: String
    /// The `keymap "Name"` of the source, or the id.
    let name: String
    let table: BindingTable
    let model: Keymap
    /// The source files, in layering order.
    let files: [String]
    /// Warnings the compiler reported (the example keymaps have none).
    let warnings: [String]

    /// Whether context `name` is declared (the editor sets only declared ones).
    func declares(_ context: String) -> Bool { model.contexts.contains { $0.name == context } }

    /// The cases of enumeration context `name`, or nil.
    func cases(of context: String) -> [String]? {
        guard let c = model.contexts.first(where: { $0.name == context }), case .enumeration(let cases) = c.type else { return nil }
        return cases
    }
}

/// Why a live reload kept the old table: the first error's line and the error count.
struct KeymapReloadFailure: Error, Equatable {
    let first: String
    let errors: Int
}

/// Why a keymap could not be loaded.
enum KeymapLoadError: Error, CustomStringConvertible {
    case unknownKeymap(String)
    case examplesNotFound([String])
    case unreadable(String)
    case compile([String])
    case table(String)

    var description: String {
        switch self {
        case .unknownKeymap(let id):
            return "unknown keymap '\(id)' (choose one of: \(KeymapLibrary.ids.joined(separator: ", ")))"
        case .examplesNotFound(let tried):
            return "cannot find the example keymaps (looked in \(tried.joined(separator: ", ")))"
        case .unreadable(let message): return message
        case .compile(let lines): return lines.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }.joined(separator: "\n")
        case .table(let reason): return "the runtime rejected the compiled table: \(reason)"
        }
    }
}

/// The example keymaps under `Examples/`, found relative to the current directory or the
/// package root, and compiled with BindingLang for this platform (`primary` is ctrl).
enum KeymapLibrary {
    /// The keymaps in switching order, each with its files in layering order.
    static let catalog: [(id: String, files: [String])] = [
        ("text", ["TextEditor.bind"]),
        ("vim", ["Vim.bind"]),
        ("ide", ["IDE.bind", "IDE-user.bind"]),
    ]

    static var ids: [String] { catalog.map(\.id) }

    /// The platform the editor compiles for: a terminal has no ⌘ key.
    static let platform = Platform.other

    /// The `Examples` directory: `./Examples`, else the one beside this source file.
    static func examplesDirectory(filePath: String = #filePath, current: String = ".") throws(KeymapLoadError) -> String {
        var tried: [String] = []
        var candidates = [current == "." ? "Examples" : current + "/Examples"]
        // Examples/TinyEditor/KeymapLibrary.swift → Examples
        var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count >= 2 {
            parts.removeLast(2)
            candidates.append(parts.joined(separator: "/"))
        }
        for dir in candidates {
            tried.append(dir)
            if access(dir + "/" + "TextEditor.bind", R_OK) == 0 { return dir }
        }
        throw .examplesNotFound(tried)
    }

    /// Compiles and loads keymap `id` from `directory`.
    static func load(_ id: String, from directory: String) throws(KeymapLoadError) -> LoadedKeymap {
        guard let entry = catalog.first(where: { $0.id == id }) else { throw .unknownKeymap(id) }
        let paths = entry.files.map { directory + "/" + $0 }
        var sources: [(String, [UInt8])] = []
        for path in paths {
            guard let bytes = readFile(path) else { throw .unreadable("cannot read '\(path)'") }
            sources.append((path, bytes))
        }
        return try compile(id: id, sources: sources)
    }

    /// Compiles and loads the `.bind` file at `path` and the files it layers over
    /// (`--keymap-file`).
    static func loadFile(_ path: String) throws(KeymapLoadError) -> LoadedKeymap {
        let layered = LayeredSources(roots: [path])
        if let error = layered.rootErrors.first { throw .unreadable(error) }
        return try load(id: "file", Compilation(layered: layered, platform: platform))
    }

    /// Recompiles the `.bind` file at `path` for a live reload: the new keymap, or the first
    /// error's `file:line:col: error: message` line and how many errors there were.
    static func recompileFile(_ path: String) -> Result<LoadedKeymap, KeymapReloadFailure> {
        let compilation = Compilation(layered: LayeredSources(roots: [path]), platform: platform)
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        let count = compilation.rootErrors.count + errors.count
        if count > 0 {
            let renderer = DiagnosticRenderer(colored: false)
            let first = compilation.rootErrors.first.map { "\(path): error: \($0)" }
                ?? errors.first.map { renderer.render($0, sources: compilation.sources) } ?? ""
            let line = first.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? first
            return .failure(KeymapReloadFailure(first: line, errors: count))
        }
        do throws(KeymapLoadError) {
            return .success(try load(id: "file", compilation))
        } catch {
            let line = "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
            return .failure(KeymapReloadFailure(first: "\(path): error: \(line)", errors: 1))
        }
    }

    /// Compiles `.bind` sources (path and bytes, in layering order) with the front end's
    /// ``Compilation`` and loads the emitted bytes with `BindingTable(bytes:)`, the runtime's
    /// validating loader, as an app loads a `.bindtable`.
    static func compile(id: String, sources: [(String, [UInt8])]) throws(KeymapLoadError) -> LoadedKeymap {
        var manager = SourceManager()
        for (path, bytes) in sources { manager.add(SourceFile(path: path, bytes: bytes)) }
        return try load(id: id, Compilation(sources: manager, platform: platform))
    }

    /// Loads a compilation's table with `BindingTable(bytes:)`, or throws its errors.
    static func load(id: String, _ compilation: Compilation) throws(KeymapLoadError) -> LoadedKeymap {
        let manager = compilation.sources
        let renderer = DiagnosticRenderer(colored: false)
        let rendered = compilation.diagnostics.map { renderer.render($0, sources: manager) }
        guard !compilation.hasErrors, let keymap = compilation.keymap, let bytes = compilation.table(strip: false) else {
            throw .compile(rendered.isEmpty ? ["\(id): the keymap did not compile"] : rendered)
        }
        let table: BindingTable
        do { table = try BindingTable(bytes: bytes) } catch { throw .table("\(error)") }
        return LoadedKeymap(
            id: id, name: keymap.name ?? id, table: table, model: keymap,
            files: manager.files.map(\.path), warnings: rendered)
    }

    /// The bytes of a file, or nil.
    static func readFile(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var info = stat()
        if fstat(fileno(f), &info) == 0 && info.st_size > 0 { out.reserveCapacity(Int(info.st_size) + 1) }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
            if n > 0 { out += chunk[0..<n] }
            if n < chunk.count { break }
        }
        return ferror(f) == 0 ? out : nil
    }
}
