import BindingLang
import BindingRuntime

/// The open documents and the analyses of their compilation units, rebuilt lazily after an
/// edit. A document's unit is the document with the files it layers over (`layer over`),
/// which are taken from the open documents when open and from disk otherwise.
public struct Workspace: Sendable {
    /// Open documents by URI.
    public private(set) var documents: [String: TextDocument] = [:]
    /// URIs in the order they were opened.
    public private(set) var order: [String] = []
    private var analyses: [String: Analysis] = [:]
    let platform: Platform?
    /// Reads files that are not open (the bases of layered documents).
    let read: @Sendable (String) throws(InputFile.ReadError) -> [UInt8]

    /// A workspace resolving `primary` for `platform` (nil: each keymap's declared platform,
    /// else macOS), reading unopened files with `read`
    /// (the file system by default).
    public init(
        platform: Platform?,
        read: @escaping @Sendable (String) throws(InputFile.ReadError) -> [UInt8] = { path throws(InputFile.ReadError) in
            try InputFile.read(path)
        }
    ) {
        self.platform = platform
        self.read = read
    }

    /// Opens (or reopens) a document.
    public mutating func open(_ document: TextDocument) {
        if documents[document.uri] == nil { order.append(document.uri) }
        documents[document.uri] = document
        invalidate(document.uri)
    }

    /// Closes a document.
    public mutating func close(_ uri: String) {
        documents[uri] = nil
        order.removeAll { $0 == uri }
        invalidate(uri)
    }

    /// Changes an open document in place; false when it is not open.
    @discardableResult
    public mutating func edit(_ uri: String, _ change: (inout TextDocument) -> Void) -> Bool {
        guard var d = documents[uri] else { return false }
        documents[uri] = nil  // keep the buffer uniquely referenced while editing
        change(&d)
        documents[uri] = d
        invalidate(uri)
        return true
    }

    /// The open documents whose analysis depends on the document or file `uri` (their
    /// diagnostics change with it): itself, those layering over it, and those whose directives
    /// name it though it could not be read (``Analysis/paths``).
    public mutating func dependents(of uri: String) -> [String] {
        let path = path(of: uri)
        return order.filter { other in analysis(of: other)?.paths.contains(path) ?? false }
    }

    /// Forgets every analysis that depends on the file `uri` names, which changed outside the
    /// open documents (saved, or changed on disk: `didSave`, `workspace/didChangeWatchedFiles`),
    /// so the next question reads it again. False for an open document, whose text is the
    /// editor's whatever the disk holds: nothing to redo.
    @discardableResult
    public mutating func fileChanged(_ uri: String) -> Bool {
        if documents[uri] != nil { return false }
        invalidate(uri)
        return true
    }

    /// The analysis of `uri` with the files it layers over; nil when it is not open.
    public mutating func analysis(of uri: String) -> Analysis? {
        if let a = analyses[uri] { return a }
        guard let root = documents[uri] else { return nil }
        var open: [String: TextDocument] = [:]
        for d in documents.values { open[LayeredSources.normalize(d.path)] = d }
        let a = Analysis(root: root, open: open, platform: platform, read: read)
        analyses[uri] = a
        return a
    }

    /// Forgets the analyses that depend on the document (by path: a base may have been read
    /// from disk before it was opened, or have failed to be read).
    private mutating func invalidate(_ uri: String) {
        let path = path(of: uri)
        analyses = analyses.filter { entry in entry.key != uri && !entry.value.paths.contains(path) }
    }

    /// The normalised path of the document or file `uri`.
    private func path(of uri: String) -> String {
        LayeredSources.normalize(documents[uri]?.path ?? DocumentURI.path(of: uri))
    }
}
