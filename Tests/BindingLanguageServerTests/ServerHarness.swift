import BindingLang
import BindingLanguageServer
import Testing

/// Drives a ``LanguageServer`` in-process as a client would: initialize, open and edit
/// documents, send requests; keeps the notifications it published.
struct ServerHarness {
    var server = LanguageServer()
    var nextID = 1
    /// Every `publishDiagnostics` notification's params, in order.
    var published: [JSONValue] = []

    static let uri = "file:///work/a.bind"

    init(initialize: Bool = true) {
        if initialize {
            _ = request("initialize", .object([("capabilities", .object([]))]))
            notify("initialized", .object([]))
        }
    }

    /// Sends a request; returns the whole response.
    @discardableResult
    mutating func request(_ method: String, _ params: JSONValue) -> JSONValue {
        let id = nextID
        nextID += 1
        let out = server.handle(.object([
            ("jsonrpc", .string("2.0")), ("id", .int(Int64(id))), ("method", .string(method)), ("params", params),
        ]))
        collect(out)
        return out.first { $0["id"]?.intValue == id } ?? .null
    }

    /// Sends a request and returns its result (failing the test on an error response).
    mutating func result(_ method: String, _ params: JSONValue, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> JSONValue {
        let response = request(method, params)
        #expect(response["error"] == nil, "\(method) failed: \(response.rendered(pretty: false))", sourceLocation: sourceLocation)
        return response["result"] ?? .null
    }

    mutating func notify(_ method: String, _ params: JSONValue) {
        collect(server.handle(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])))
    }

    private mutating func collect(_ out: [JSONValue]) {
        for m in out where m["method"]?.stringValue == "textDocument/publishDiagnostics" {
            published.append(m["params"] ?? .null)
        }
    }

    mutating func open(_ text: String, uri: String = ServerHarness.uri, version: Int = 1) {
        notify("textDocument/didOpen", .object([("textDocument", .object([
            ("uri", .string(uri)), ("languageId", .string("bind")), ("version", .int(Int64(version))),
            ("text", .string(text)),
        ]))]))
    }

    /// Replaces the text between two positions (an incremental change).
    mutating func change(
        _ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int, _ text: String,
        uri: String = ServerHarness.uri, version: Int = 2
    ) {
        let range = Range(
            start: Position(line: startLine, character: startCharacter), end: Position(line: endLine, character: endCharacter))
        notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .int(Int64(version)))])),
            ("contentChanges", .array([.object([("range", range.json), ("text", .string(text))])])),
        ]))
    }

    /// The diagnostics last published for `uri`.
    func diagnostics(_ uri: String = ServerHarness.uri) -> [JSONValue] {
        published.last { $0["uri"]?.stringValue == uri }?["diagnostics"]?.arrayValue ?? []
    }

    static func at(_ line: Int, _ character: Int, uri: String = ServerHarness.uri) -> JSONValue {
        .object([
            ("textDocument", .object([("uri", .string(uri))])),
            ("position", Position(line: line, character: character).json),
        ])
    }

    static func document(_ uri: String = ServerHarness.uri) -> JSONValue {
        .object([("textDocument", .object([("uri", .string(uri))]))])
    }
}

/// `{"start": …, "end": …}` from four numbers.
func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> JSONValue {
    Range(start: Position(line: l1, character: c1), end: Position(line: l2, character: c2)).json
}

/// The labels of completion items.
func labels(_ result: JSONValue) -> [String] {
    (result["items"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
}
