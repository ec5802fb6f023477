import BindingLang
import BindingRuntime

/// The answers about one compilation unit: documents compiled together in layering order (a
/// document and the files it layers over). It is a pure function of the documents: built once
/// per snapshot, after an edit, and asked any number of questions.
public struct Analysis: Sendable {
    /// The documents of the unit in layering order; ``SourceRange/file`` indexes them.
    public let documents: [TextDocument]
    /// The compiler's result for them.
    public let compilation: Compilation
    /// Every name's declarations and uses.
    public let index: SymbolIndex
    /// The platform `primary` was resolved for (``Compilation/platform``).
    public let platform: Platform
    /// The normalised paths this analysis depends on: its documents' and every path their
    /// `layer over` directives name, also those that could not be read (a base not yet
    /// written), so that a change to any of them calls for a new analysis.
    public let paths: Set<String>

    /// Compiles `documents` (already in layering order) for `platform` (nil: the platform the
    /// keymap declares, else macOS).
    public init(documents: [TextDocument], platform: Platform?) {
        self.documents = documents
        var sources = SourceManager()
        for d in documents { sources.add(d.sourceFile) }
        compilation = Compilation(sources: sources, platform: platform)
        self.platform = compilation.platform
        index = SymbolIndex(compilation.files)
        paths = Self.paths(of: compilation)
    }

    /// Compiles `root` with the files it layers over (its `layer over` directives, followed
    /// as `bindc check` follows them): an open document's current text is used where there is
    /// one (by path), else the file is read with `read`. A path that is still relative once
    /// resolved comes from a document without a file path (an unsaved `untitled:` buffer):
    /// it is an error at the directive, never looked up in the server's working directory.
    public init(
        root: TextDocument, open: [String: TextDocument], platform: Platform?,
        read: @escaping @Sendable (String) throws(InputFile.ReadError) -> [UInt8]
    ) {
        let layered = LayeredSources(roots: [root.path]) { path throws(InputFile.ReadError) in
            if path == root.path { return root.compilerBytes }
            if let d = open[LayeredSources.normalize(path)] { return d.compilerBytes }
            guard path.hasPrefix("/") else { throw InputFile.ReadError(path: path, reason: Self.relativePathInUnsavedDocument) }
            return TextDocument.compilerBytes(try read(path))
        }
        compilation = Compilation(layered: layered, platform: platform)
        self.platform = compilation.platform
        documents = layered.sources.files.map { source in
            if source.path == root.path { return root }
            if let d = open[LayeredSources.normalize(source.path)] { return d }
            // Every file read is at an absolute path (the reader above refuses others).
            return TextDocument(uri: DocumentURI.uri(ofPath: source.path) ?? source.path, version: 0, text: source.bytes)
        }
        index = SymbolIndex(compilation.files)
        paths = Self.paths(of: compilation)
    }

    /// Why a `layer over` path of an unsaved document is not read: it has no folder.
    static let relativePathInUnsavedDocument = "cannot resolve a relative path in an unsaved document; save it first"

    /// The paths of a compilation's files and of every file their directives name.
    private static func paths(of compilation: Compilation) -> Set<String> {
        var paths: Set<String> = []
        for (source, file) in zip(compilation.sources.files, compilation.files) {
            paths.insert(LayeredSources.normalize(source.path))
            for d in LayeredSources.directives(of: file) {
                paths.insert(LayeredSources.resolve(d.path.value, relativeTo: source.path))
            }
        }
        return paths
    }

    /// The position of the document with `uri` in the unit.
    public func file(_ uri: String) -> FileID? {
        documents.firstIndex { $0.uri == uri }.map(FileID.init)
    }

    /// The document a range lies in.
    func document(_ file: FileID) -> TextDocument { documents[file.index] }

    /// The protocol location of a compiler range.
    public func location(_ range: SourceRange) -> Location {
        let d = document(range.file)
        return Location(uri: d.uri, range: d.range(range.start, range.end))
    }

    /// The protocol range of a compiler range (in its own document).
    func range(_ range: SourceRange) -> Range { document(range.file).range(range.start, range.end) }
}
