import BindingLang
import BindingLanguageServer
import Foundation
import Testing

/// A document layering over others is checked again when one of them appears, changes on
/// disk or is opened, edited or closed.
@Suite struct StaleLayerTests {
    /// Files on a pretend disk that a test can change while the server runs.
    final class Disk: @unchecked Sendable {
        private let lock = NSLock()
        private var files: [String: String] = [:]

        subscript(path: String) -> String? {
            get { lock.withLock { files[path] } }
            set { lock.withLock { files[path] = newValue } }
        }

        func read(_ path: String) throws(InputFile.ReadError) -> [UInt8] {
            if let text = self[path] { return Array(text.utf8) }
            return try InputFile.read("/nonexistent" + path)
        }
    }

    static func server(_ disk: Disk, capabilities: JSONValue = .object([])) -> ServerHarness {
        var h = ServerHarness(initialize: false)
        h.server = LanguageServer(read: { path throws(InputFile.ReadError) in try disk.read(path) })
        _ = h.request("initialize", .object([("capabilities", capabilities)]))
        h.notify("initialized", .object([]))
        return h
    }

    static let user = "layer over \"base.bind\"\nin Editor {\n  cmd+j -> save\n}\n"
    static let userURI = "file:///w/user.bind", baseURI = "file:///w/base.bind"

    func messages(_ h: ServerHarness, _ uri: String = Self.userURI) -> [String] {
        h.diagnostics(uri).compactMap { $0["message"]?.stringValue }
    }

    @Test func openingAMissingBaseChecksTheLayerAgain() {
        let disk = Disk()
        var h = Self.server(disk)
        h.open(Self.user, uri: Self.userURI)
        #expect(messages(h).first?.hasPrefix("cannot read '/nonexistent/w/base.bind'") == true)
        h.open("responder Editor\naction save\n", uri: Self.baseURI)
        #expect(messages(h) == [])
        // Closed again, it is read from disk, where it still is missing.
        h.notify("textDocument/didClose", ServerHarness.document(Self.baseURI))
        #expect(messages(h).first?.hasPrefix("cannot read '/nonexistent/w/base.bind'") == true)
    }

    @Test func aCycleShowsInTheFileOpenedFirstOnceTheOtherOpens() {
        var h = Self.server(Disk())
        h.open("layer over \"b.bind\"\nresponder Editor\n", uri: "file:///w/a.bind")
        h.open("layer over \"a.bind\"\naction x\n", uri: "file:///w/b.bind")
        for uri in ["file:///w/a.bind", "file:///w/b.bind"] {
            #expect(messages(h, uri).count == 1)
            #expect(messages(h, uri).first?.contains("layering cycle") == true, "\(uri)")
        }
    }

    @Test func aBaseChangedOnDiskIsReadAgainWhenTheClientSaysSo() {
        let disk = Disk()
        disk["/w/base.bind"] = "responder Editor\naction save\n"
        var h = Self.server(disk)
        h.open(Self.user, uri: Self.userURI)
        #expect(messages(h) == [])
        disk["/w/base.bind"] = "responder Editor\naction store\n"
        h.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([.object([
            ("uri", .string(Self.baseURI)), ("type", .int(2)),
        ])]))]))
        #expect(messages(h) == ["unknown action 'save'"])
        disk["/w/base.bind"] = "responder Editor\naction save\n"
        h.notify("textDocument/didSave", ServerHarness.document(Self.baseURI))
        #expect(messages(h) == [])
    }

    @Test func aClientThatCanRegistersWatchersIsAskedToWatchBindFiles() {
        let dynamic: JSONValue = .object([("workspace", .object([
            ("didChangeWatchedFiles", .object([("dynamicRegistration", .bool(true))])),
        ]))])
        var server = LanguageServer()
        _ = server.handle(.object([
            ("jsonrpc", .string("2.0")), ("id", .int(1)), ("method", .string("initialize")),
            ("params", .object([("capabilities", dynamic)])),
        ]))
        let out = server.handle(.object([("jsonrpc", .string("2.0")), ("method", .string("initialized")), ("params", .object([]))]))
        #expect(out.count == 1)
        #expect(out.first?["method"]?.stringValue == "client/registerCapability")
        let registration = out.first?["params"]?["registrations"]?.arrayValue?.first
        #expect(registration?["method"]?.stringValue == "workspace/didChangeWatchedFiles")
        #expect(registration?["registerOptions"]?["watchers"]?.arrayValue?.first?["globPattern"]?.stringValue == "**/*.bind")
        // The client's answer needs none.
        #expect(server.handle(.object([("jsonrpc", .string("2.0")), ("id", out[0]["id"]!), ("result", .null)])).isEmpty)
        // A client that cannot is not asked.
        var plain = ServerHarness()
        #expect(plain.server.handle(.object([("jsonrpc", .string("2.0")), ("method", .string("initialized"))])).isEmpty)
    }
}
