import BindingLang
import BindingRuntime

/// The open documents and the analyses of their compilation units, rebuilt lazily after an
/// edit. A document's unit is the document alone for now; the analysis takes a list so that
/// files layering over others are checked with them.
public struct Workspace: Sendable {
    /// Open documents by URI.
    public private(set) var documents: [String: TextDocument] = [:]
    /// URIs in the order they were opened.
    public private(set) var order: [String] = []
    private var analyses: [String: Analysis] = [:]
    let platform: Platform

    public init(platform: Platform) { self.platform = platform }

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

    /// The documents compiled together with `uri`, in layering order (it comes last).
    public func unit(of uri: String) -> [TextDocument] {
        documents[uri].map { [$0] } ?? []
    }

    /// The open documents whose unit includes `uri` (their diagnostics change with it).
    public func dependents(of uri: String) -> [String] {
        order.filter { unit(of: $0).contains { $0.uri == uri } }
    }

    /// The analysis of the unit of `uri`; nil when the document is not open.
    public mutating func analysis(of uri: String) -> Analysis? {
        if let a = analyses[uri] { return a }
        let unit = unit(of: uri)
        guard !unit.isEmpty else { return nil }
        let a = Analysis(documents: unit, platform: platform)
        analyses[uri] = a
        return a
    }

    private mutating func invalidate(_ uri: String) {
        analyses = analyses.filter { !$0.value.documents.contains { $0.uri == uri } && $0.key != uri }
    }
}
