import BindingLang
import BindingRuntime

/// The language server's state machine: one JSON-RPC message in, the messages to send out
/// (responses and notifications). It owns the workspace; every answer is computed from an
/// ``Analysis`` of the current documents. It does no input or output itself, so tests and the
/// fuzzer drive it in-process; ``ServerSession`` adds the framing and `bindc lsp` the pipes.
public struct LanguageServer: Sendable {
    /// Where the server is in the protocol's lifecycle.
    public enum State: Sendable, Equatable {
        /// Waiting for `initialize`.
        case uninitialized
        /// Serving requests.
        case running
        /// `shutdown` was received: only `exit` is expected.
        case shutDown
        /// `exit` was received; the process should end with this status (0 after a shutdown).
        case exited(Int32)
    }

    public private(set) var state: State = .uninitialized
    /// The open documents.
    public private(set) var workspace: Workspace
    /// Whether the client can register file watchers on request
    /// (`workspace.didChangeWatchedFiles.dynamicRegistration`): then the server asks it, once
    /// `initialized`, to report changes to `.bind` files, so bases changed on disk are read again.
    public private(set) var clientRegistersWatchers = false
    /// Whether `initialized` has asked for the watcher already (a client sending it twice
    /// must not get the same request id twice).
    private var askedForWatchers = false
    /// While set, notifications that change documents hold their diagnostics back for
    /// ``flushDiagnostics()``: ``ServerSession`` sets it over each batch of messages that
    /// arrived together, so a burst of edits (typing into a large file while the last
    /// analysis ran) is analysed once, not once per keystroke. A request sends what is held
    /// first, so diagnostics still come in the order of the messages that caused them.
    public var defersDiagnostics = false
    /// Documents whose diagnostics are held back, in the order they changed.
    private var pendingDiagnostics: [String] = []

    /// The id of the server's one request, `client/registerCapability` for the file watcher.
    static let watcherRegistrationID = "bindc-watch-bind-files"

    /// A server resolving `primary` for `platform`; files that are not open (the bases of
    /// layered documents) are read from the file system.
    public init(platform: Platform? = nil) {
        workspace = Workspace(platform: platform)
    }

    /// A server reading files that are not open with `read` (tests, fuzzing).
    public init(platform: Platform? = nil, read: @escaping @Sendable (String) throws(InputFile.ReadError) -> [UInt8]) {
        workspace = Workspace(platform: platform, read: read)
    }

    // MARK: - Messages

    /// Handles one message's content (JSON text) and returns the messages to send.
    public mutating func handle(content: [UInt8]) -> [JSONValue] {
        do {
            return handle(try JSONParser.parse(content))
        } catch {
            return [Self.response(id: .null, error: ResponseError(ResponseError.parseError, "parse error: \(error)"))]
        }
    }

    /// Handles one parsed message and returns the messages to send.
    public mutating func handle(_ message: JSONValue) -> [JSONValue] {
        if case .exited = state { return [] }
        if case .array = message {
            return [Self.response(id: .null, error: ResponseError(ResponseError.invalidRequest, "batches are not supported"))]
        }
        guard case .object = message, let method = message["method"]?.stringValue else {
            // A response to a request of ours (we send none) or garbage.
            if message["id"] != nil && (message["result"] != nil || message["error"] != nil) { return [] }
            return [Self.response(id: message["id"] ?? .null,
                                  error: ResponseError(ResponseError.invalidRequest, "not a request or notification"))]
        }
        let params = message["params"]
        guard let id = message["id"] else {
            return notification(method, params)
        }
        switch id {
        case .int, .string: break
        default:
            return [Self.response(id: .null, error: ResponseError(ResponseError.invalidRequest, "invalid request id"))]
        }
        // Diagnostics held back for the edits before this request go first, so the client sees
        // them in the order it sent its messages (a request needs the analysis anyway).
        let held = flushDiagnostics()
        var out: [JSONValue] = []
        do {
            let result = try request(method, params, &out)
            out.insert(Self.response(id: id, result: result), at: 0)
        } catch {
            out.insert(Self.response(id: id, error: error), at: 0)
        }
        return held + out
    }

    static func response(id: JSONValue, result: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
    }

    static func response(id: JSONValue, error: ResponseError) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("error", error.json)])
    }

    static func notificationMessage(_ method: String, _ params: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }

    // MARK: - Requests

    private mutating func request(_ method: String, _ params: JSONValue?, _ out: inout [JSONValue]) throws(ResponseError) -> JSONValue {
        switch state {
        case .uninitialized:
            guard method == "initialize" else {
                throw ResponseError(ResponseError.serverNotInitialized, "the server is not initialized")
            }
            state = .running
            clientRegistersWatchers = params?["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?
                .boolValue ?? false
            return Capabilities.initializeResult
        case .shutDown:
            throw ResponseError(ResponseError.invalidRequest, "the server is shut down")
        case .exited:
            throw ResponseError(ResponseError.invalidRequest, "the server has exited")
        case .running:
            break
        }
        switch method {
        case "initialize":
            throw ResponseError(ResponseError.invalidRequest, "the server is already initialized")
        case "shutdown":
            state = .shutDown
            return .null
        case "textDocument/completion":
            let (a, file, offset) = try locate(params)
            return .object([("isIncomplete", .bool(false)), ("items", .array(a.completions(at: offset, in: file).map(\.json)))])
        case "textDocument/hover":
            let (a, file, offset) = try locate(params)
            guard let (markdown, range) = a.hover(at: offset, in: file) else { return .null }
            return .object([
                ("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))])),
                ("range", range.json),
            ])
        case "textDocument/definition":
            let (a, file, offset) = try locate(params)
            return .array(a.definition(at: offset, in: file).map(\.json))
        case "textDocument/references":
            let (a, file, offset) = try locate(params)
            let includeDeclaration = params?["context"]?["includeDeclaration"]?.boolValue ?? true
            guard let symbol = a.symbol(at: offset, in: file) else { return .array([]) }
            var seen: Set<Location> = []
            var locations: [Location] = []
            let units = workspace.analyses(sharing: symbol, from: a.document(file).uri)
            for unit in units {
                for l in unit.references(to: symbol, includeDeclaration: includeDeclaration) where seen.insert(l).inserted {
                    locations.append(l)
                }
            }
            // What the parser skipped is not indexed: say that the list may miss uses, as
            // the protocol's answer, a plain list, cannot.
            if let errors = Self.syntaxErrorSummary(units, from: a.document(file).path) {
                out.append(Self.showMessage(
                    .warning,
                    "references to '\(symbol.name)' may be incomplete: uses on lines that do not parse are not found "
                        + "(syntax errors: \(errors))"))
            }
            return .array(locations.map(\.json))
        case "textDocument/prepareRename":
            let (a, file, offset) = try locate(params)
            guard let (range, name) = try a.renameTarget(at: offset, in: file) else {
                // On a line the parser skipped there is no name to find; say why.
                if let errors = a.syntaxErrorSummary(from: a.document(file).path) { throw Self.renameRefused(errors) }
                return .null
            }
            if let symbol = a.symbol(at: offset, in: file) { try refuseRenameWithSyntaxErrors(symbol, a, file) }
            return .object([("range", range.json), ("placeholder", .string(name))])
        case "textDocument/rename":
            let (a, file, offset) = try locate(params)
            guard let newName = params?["newName"]?.stringValue else {
                throw ResponseError(ResponseError.invalidParams, "missing 'newName'")
            }
            var edit = try a.rename(at: offset, in: file, to: newName)
            guard let symbol = a.symbol(at: offset, in: file) else { return edit.json }
            try refuseRenameWithSyntaxErrors(symbol, a, file)
            for unit in workspace.analyses(sharing: symbol, from: a.document(file).uri).dropFirst() {
                edit.merge(try unit.rename(symbol, to: newName))
            }
            return edit.json
        case "textDocument/documentSymbol":
            let (a, file) = try document(params)
            return .array(a.documentSymbols(file).map(\.json))
        case "textDocument/formatting":
            let (a, file) = try document(params)
            return .array(try a.formatting(file).map(\.json))
        case "textDocument/codeAction":
            let (a, file) = try document(params)
            guard let range = Range(json: params?["range"]) else {
                throw ResponseError(ResponseError.invalidParams, "missing or invalid 'range'")
            }
            let d = a.document(file)
            // A range is clamped into the document, as edits are (clients send "the whole
            // buffer" as a range to a line past the end); only a start past it is an error.
            guard let start = d.offset(of: range.start) else {
                throw ResponseError(ResponseError.invalidParams, "range is outside the document")
            }
            return .array(a.codeActions(in: file, start, max(start, d.clampedOffset(of: range.end))).map(\.json))
        case "textDocument/foldingRange":
            let (a, file) = try document(params)
            return .array(a.foldingRanges(file).map(\.json))
        case "textDocument/semanticTokens/full":
            let (a, file) = try document(params)
            return .object([("data", .array(a.semanticTokens(file).map { .int(Int64($0)) }))])
        default:
            throw ResponseError(ResponseError.methodNotFound, "unknown method '\(method)'")
        }
    }

    // MARK: - Rename and syntax errors

    /// Throws when a document of a unit a rename of `symbol` (asked in `file` of `a`) would
    /// edit has a syntax error: the index lacks the names on the lines the parser skipped, so
    /// the edit would be partial, and applying it would leave the file naming the old name.
    private mutating func refuseRenameWithSyntaxErrors(_ symbol: Symbol, _ a: Analysis, _ file: FileID) throws(ResponseError) {
        let units = workspace.analyses(sharing: symbol, from: a.document(file).uri)
        if let errors = Self.syntaxErrorSummary(units, from: a.document(file).path) { throw Self.renameRefused(errors) }
    }

    /// The syntax errors of the first of `units` that has any (``Analysis/syntaxErrorSummary(from:)``).
    private static func syntaxErrorSummary(_ units: [Analysis], from path: String) -> String? {
        for unit in units {
            if let summary = unit.syntaxErrorSummary(from: path) { return summary }
        }
        return nil
    }

    /// `fix the syntax errors first: 1 at line 7 (…)`.
    static func renameRefused(_ errors: String) -> ResponseError {
        ResponseError(
            ResponseError.requestFailed,
            "fix the syntax errors first: \(errors) (a rename now would miss the names on lines that do not parse)")
    }

    /// The analysis and file of the request's `textDocument`.
    private mutating func document(_ params: JSONValue?) throws(ResponseError) -> (Analysis, FileID) {
        guard let uri = params?["textDocument"]?["uri"]?.stringValue else {
            throw ResponseError(ResponseError.invalidParams, "missing 'textDocument.uri'")
        }
        guard let a = workspace.analysis(of: uri), let file = a.file(uri) else {
            throw ResponseError(ResponseError.invalidParams, "document '\(uri)' is not open")
        }
        return (a, file)
    }

    /// The analysis, file and byte offset of the request's `textDocument` and `position`.
    private mutating func locate(_ params: JSONValue?) throws(ResponseError) -> (Analysis, FileID, Int) {
        let (a, file) = try document(params)
        guard let position = Position(json: params?["position"]) else {
            throw ResponseError(ResponseError.invalidParams, "missing or invalid 'position'")
        }
        guard let offset = a.document(file).offset(of: position) else {
            throw ResponseError(
                ResponseError.invalidParams,
                "position \(position.line):\(position.character) is outside the document")
        }
        return (a, file, offset)
    }

    // MARK: - Notifications

    private mutating func notification(_ method: String, _ params: JSONValue?) -> [JSONValue] {
        if method == "exit" {
            state = .exited(state == .shutDown ? 0 : 1)
            return []
        }
        guard state == .running else { return [] }
        switch method {
        case "initialized":
            guard clientRegistersWatchers, !askedForWatchers else { return [] }
            askedForWatchers = true
            return [Self.watcherRegistration]
        case "textDocument/didOpen":
            guard let item = params?["textDocument"], let uri = item["uri"]?.stringValue,
                let text = item["text"]?.stringValue
            else { return [] }
            workspace.open(TextDocument(uri: uri, version: item["version"]?.intValue ?? 0, text: Array(text.utf8)))
            return publish(changed: [uri])
        case "textDocument/didChange":
            guard let uri = params?["textDocument"]?["uri"]?.stringValue,
                let changes = params?["contentChanges"]?.arrayValue
            else { return [] }
            let version = params?["textDocument"]?["version"]?.intValue
            var ignored: [JSONValue] = []
            let edited = workspace.edit(uri) { d in
                for change in changes {
                    guard let text = change["text"]?.stringValue else {
                        ignored.append(Self.logMessage(
                            .warning, "ignored a change to '\(uri)' without a string 'text': \(change.rendered(pretty: false))"))
                        continue
                    }
                    // Without `range` the text is the whole document; a malformed range (end
                    // before start, negative or missing numbers) is never taken for that.
                    if let member = change["range"] {
                        guard let range = Range(json: member) else {
                            ignored.append(Self.logMessage(
                                .warning, "ignored a change to '\(uri)' with a malformed range: \(member.rendered(pretty: false))"))
                            continue
                        }
                        d.apply(range: range, text: text)
                    } else {
                        d.apply(range: nil, text: text)
                    }
                }
                if let version { d.version = version }
            }
            return ignored + (edited ? publish(changed: [uri]) : [])
        case "textDocument/didClose":
            guard let uri = params?["textDocument"]?["uri"]?.stringValue else { return [] }
            let dependents = workspace.dependents(of: uri)
            workspace.close(uri)
            return [Self.diagnosticsMessage(uri, version: nil, [])]
                + publish(changed: dependents.filter { $0 != uri })
        case "textDocument/didSave":
            guard let uri = params?["textDocument"]?["uri"]?.stringValue, workspace.fileChanged(uri) else { return [] }
            return publish(changed: [uri])
        case "workspace/didChangeWatchedFiles":
            let uris = (params?["changes"]?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue }
            return publish(changed: uris.filter { workspace.fileChanged($0) })
        default:
            return []  // `$/cancelRequest`, `$/setTrace`, … need no answer
        }
    }

    /// `client/registerCapability` for `workspace/didChangeWatchedFiles` on every `.bind` file.
    static let watcherRegistration: JSONValue = .object([
        ("jsonrpc", .string("2.0")), ("id", .string(watcherRegistrationID)), ("method", .string("client/registerCapability")),
        ("params", .object([("registrations", .array([.object([
            ("id", .string(watcherRegistrationID)), ("method", .string("workspace/didChangeWatchedFiles")),
            ("registerOptions", .object([("watchers", .array([.object([("globPattern", .string("**/*.bind"))])]))])),
        ])]))])),
    ])

    /// `textDocument/publishDiagnostics` for every open document whose unit depends on one of
    /// `uris`, once each; while ``defersDiagnostics`` is set, the documents are remembered
    /// for ``flushDiagnostics()`` instead.
    private mutating func publish(changed uris: [String]) -> [JSONValue] {
        if defersDiagnostics {
            for uri in uris where !pendingDiagnostics.contains(uri) { pendingDiagnostics.append(uri) }
            return []
        }
        return publishNow(uris)
    }

    /// The diagnostics held back while ``defersDiagnostics`` was set, analysed once each with
    /// the documents as they are now.
    public mutating func flushDiagnostics() -> [JSONValue] {
        let uris = pendingDiagnostics
        pendingDiagnostics = []
        return publishNow(uris)
    }

    /// ``publish(changed:)`` at once.
    private mutating func publishNow(_ uris: [String]) -> [JSONValue] {
        var seen: Set<String> = []
        var out: [JSONValue] = []
        for uri in uris {
            for dependent in workspace.dependents(of: uri) where seen.insert(dependent).inserted {
                guard let a = workspace.analysis(of: dependent) else { continue }
                out.append(Self.diagnosticsMessage(dependent, version: workspace.documents[dependent]?.version,
                                                   a.diagnostics(for: dependent)))
            }
        }
        return out
    }

    /// The protocol's message types for `window/logMessage`.
    enum MessageType: Int {
        case error = 1, warning = 2, info = 3, log = 4
    }

    /// A `window/showMessage` notification: something the user should see now.
    static func showMessage(_ type: MessageType, _ message: String) -> JSONValue {
        notificationMessage("window/showMessage", .object([("type", .int(Int64(type.rawValue))), ("message", .string(message))]))
    }

    /// A `window/logMessage` notification: something the client's log should show.
    static func logMessage(_ type: MessageType, _ message: String) -> JSONValue {
        notificationMessage("window/logMessage", .object([("type", .int(Int64(type.rawValue))), ("message", .string(message))]))
    }

    static func diagnosticsMessage(_ uri: String, version: Int?, _ diagnostics: [PublishedDiagnostic]) -> JSONValue {
        var params: [(String, JSONValue)] = [("uri", .string(uri))]
        if let version { params.append(("version", .int(Int64(version)))) }
        params.append(("diagnostics", .array(diagnostics.map(\.json))))
        return notificationMessage("textDocument/publishDiagnostics", .object(params))
    }
}
