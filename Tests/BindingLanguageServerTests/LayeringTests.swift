import BindingLang
import BindingLanguageServer
import Testing

/// Documents that `layer over` others are checked with them; names resolve across them.
@Suite struct LayeringTests {
    static let base = "context mode: normal | insert\nresponder Editor\naction search\nin Editor {\n  cmd+k -> search\n}\n"
    static let user = "layer over \"base.bind\"\nin Editor {\n  cmd+k -> search when mode == insert\n  cmd+j -> serch\n}\n"
    static let baseURI = "file:///w/base.bind", userURI = "file:///w/user.bind"

    /// A server whose file system holds only `/w/base.bind` and `files` (by path).
    static func server(files: [String: String] = [:]) -> ServerHarness {
        var h = ServerHarness(initialize: false)
        h.server = LanguageServer(read: { path throws(InputFile.ReadError) in
            if path == "/w/base.bind" { return Array(LayeringTests.base.utf8) }
            if let text = files[path] { return Array(text.utf8) }
            return try InputFile.read("/nonexistent" + path)
        })
        _ = h.request("initialize", .object([]))
        return h
    }

    @Test func aLayeredFileIsCheckedWithItsBaseReadFromDisk() {
        var h = Self.server()
        h.open(Self.user, uri: Self.userURI)
        // `mode` and `search` come from the base: only the typo is an error.
        #expect(h.diagnostics(Self.userURI).map { $0["message"]?.stringValue } == ["unknown action 'serch'; did you mean 'search'?"])
        #expect(h.diagnostics(Self.userURI).first?["range"] == range(3, 11, 3, 16))
    }

    /// Hover names the file of a declaration or use in another file of the unit, as a path
    /// from the document's folder; those in the document itself by line.
    @Test func hoverNamesTheFileOfWhatIsElsewhere() {
        var h = Self.server()
        h.open(Self.user, uri: Self.userURI)
        let text = h.result("textDocument/hover", ServerHarness.at(2, 13, uri: Self.userURI))["contents"]?["value"]?.stringValue ?? ""
        #expect(text.contains("declared at base.bind:3"), "\(text)")
        #expect(text.contains("(base.bind:5)") && text.contains("(line 3)"), "\(text)")
    }

    /// A chord's bindings are placed the same way: by line in the document hovered, by a
    /// path from its folder elsewhere (they were absolute paths, both).
    @Test func aChordNamesItsBindingsByLineHereAndByFileElsewhere() {
        var h = Self.server()
        h.open(Self.user, uri: Self.userURI)
        let text = h.result("textDocument/hover", ServerHarness.at(2, 3, uri: Self.userURI))["contents"]?["value"]?.stringValue ?? ""
        #expect(text.contains("- in `Editor`: `search` (base.bind:5)"), "\(text)")
        #expect(text.contains("- in `Editor`: `search` when `mode == insert` (line 3)"), "\(text)")
        #expect(!text.contains("/w/"), "\(text)")
    }

    @Test func definitionReferencesAndRenameCrossFiles() {
        var h = Self.server()
        h.open(Self.user, uri: Self.userURI)
        let definition = h.result("textDocument/definition", ServerHarness.at(2, 27, uri: Self.userURI))
        #expect(definition == .array([Location(uri: Self.baseURI, range: Range(json: range(0, 8, 0, 12))!).json]))
        let toBase = h.result("textDocument/definition", ServerHarness.at(0, 14, uri: Self.userURI))
        #expect(toBase == .array([Location(uri: Self.baseURI, range: Range(json: range(0, 0, 0, 0))!).json]))
        let refs = h.result("textDocument/references", ServerHarness.at(2, 13, uri: Self.userURI))
        #expect(refs.arrayValue?.map { "\($0["uri"]!.stringValue!) \($0["range"]!["start"]!["line"]!.intValue!)" }
            == ["file:///w/base.bind 2", "file:///w/base.bind 4", "file:///w/user.bind 2"])
        let edit = h.result("textDocument/rename", ServerHarness.at(1, 4, uri: Self.userURI).appending("newName", .string("View")))
        #expect(edit["changes"]?[Self.baseURI]?.arrayValue?.count == 2)
        #expect(edit["changes"]?[Self.userURI]?.arrayValue?.count == 1)
    }

    @Test func editingAnOpenBaseRechecksTheFilesOverIt() {
        var h = Self.server()
        h.open(Self.user, uri: Self.userURI)
        h.open(Self.base, uri: Self.baseURI)
        #expect(h.diagnostics(Self.baseURI) == [])
        // Rename the context in the base only: the user file's condition now names nothing.
        h.change(0, 8, 0, 12, "state", uri: Self.baseURI)
        #expect(h.diagnostics(Self.userURI).map { $0["message"]?.stringValue } == [
            "unknown context variable 'mode'", "unknown action 'serch'; did you mean 'search'?",
        ])
        #expect(h.diagnostics(Self.userURI).first?["range"] == range(2, 23, 2, 27))
        #expect(h.diagnostics(Self.baseURI) == [])
    }

    @Test func aMissingBaseIsAnErrorAtThePath() {
        var h = Self.server()
        h.open("layer over \"gone.bind\"\n", uri: Self.userURI)
        let d = h.diagnostics(Self.userURI)
        #expect(d.first?["range"] == range(0, 11, 0, 22))
        #expect(d.first?["message"]?.stringValue?.hasPrefix("cannot read '/nonexistent/w/gone.bind'") == true)
    }

    @Test func errorsInABaseShowOnTheDirectiveThatBringsItIn() throws {
        let bad = "responder Editor\naction search\nin Editor {\n  cmd+k -> serch\n  cmd+j -> serch\n}\n"
        var h = Self.server(files: ["/w/badbase.bind": bad])
        h.open("// mine\nlayer over \"badbase.bind\"\nin Editor {\n  cmd+j -> search\n}\n", uri: Self.userURI)
        let d = h.diagnostics(Self.userURI)
        try #require(d.count == 1)
        #expect(d[0]["range"] == range(1, 0, 1, 25))
        #expect(d[0]["severity"]?.intValue == 1)
        #expect(d[0]["message"]?.stringValue == "errors in the files this layers over: "
            + "badbase.bind:4:12: unknown action 'serch'; did you mean 'search'? (and 1 more)")
        let related = d[0]["relatedInformation"]?.arrayValue ?? []
        #expect(related.map { $0["location"]?["uri"]?.stringValue } == ["file:///w/badbase.bind", "file:///w/badbase.bind"])
        #expect(related.map { $0["location"]?["range"] } == [range(3, 11, 3, 16), range(4, 11, 4, 16)])
        #expect(related.first?["message"]?.stringValue == "unknown action 'serch'; did you mean 'search'?")
    }

    @Test func aLayeringCycleShowsInTheFileOpened() {
        var h = Self.server(files: ["/w/a.bind": "layer over \"b.bind\"\nresponder Editor\n"])
        h.open("layer over \"a.bind\"\naction x\n", uri: "file:///w/b.bind")
        let d = h.diagnostics("file:///w/b.bind")
        #expect(d.map { $0["range"] } == [range(0, 0, 0, 19)])
        #expect(d.first?["message"]?.stringValue == "error in a file this layers over: a.bind:1:12: "
            + "layering cycle: '/w/b.bind' -> '/w/a.bind' -> '/w/b.bind' (each layers over the next)")
    }

    @Test func referencesAndRenameFromABaseCoverTheOpenLayersOverIt() {
        var h = Self.server()
        h.open(Self.base, uri: Self.baseURI)
        h.open(Self.user, uri: Self.userURI)
        let other = "file:///w/other.bind"
        h.open("layer over \"base.bind\"\naction mine\nin Editor {\n  cmd+o -> search\n}\n", uri: other)
        func lines(_ locations: JSONValue) -> [String] {
            (locations.arrayValue ?? []).map { "\($0["uri"]!.stringValue!) \($0["range"]!["start"]!["line"]!.intValue!)" }
        }
        // `search` at its declaration in the base (line 2).
        let refs = h.result("textDocument/references", ServerHarness.at(2, 8, uri: Self.baseURI))
        #expect(lines(refs) == ["file:///w/base.bind 2", "file:///w/base.bind 4", "file:///w/user.bind 2", "\(other) 3"])
        let edit = h.result("textDocument/rename", ServerHarness.at(2, 8, uri: Self.baseURI).appending("newName", .string("lookUp")))
        #expect(edit["changes"]?[Self.baseURI]?.arrayValue?.count == 2)
        #expect(edit["changes"]?[Self.userURI]?.arrayValue?.count == 1)
        #expect(edit["changes"]?[other]?.arrayValue?.count == 1)
        // From one layer, the other layer over the base that declares the name.
        let fromUser = h.result("textDocument/rename", ServerHarness.at(2, 13, uri: Self.userURI).appending("newName", .string("lookUp")))
        #expect(fromUser == edit)
        // A name one of those units already has is refused.
        let clash = h.request("textDocument/rename", ServerHarness.at(2, 8, uri: Self.baseURI).appending("newName", .string("mine")))
        #expect(clash["error"]?["message"]?.stringValue == "action 'mine' already exists")
    }

    /// An unsaved buffer (`untitled:`) has no folder: a relative `layer over` path is an
    /// error at the path, never looked up in the server's working directory (the read
    /// below would find one there); an absolute one is read, and its locations are proper
    /// `file:` URIs.
    @Test func anUnsavedDocumentResolvesNoRelativePath() {
        var h = Self.server(files: ["base.bind": "action fromCwd\n"])
        let uri = "untitled:Untitled-1"
        h.open("layer over \"base.bind\"\nin Editor {\n  cmd+k -> fromCwd\n}\n", uri: uri)
        let diagnostics = h.diagnostics(uri)
        #expect(diagnostics.map { $0["message"]?.stringValue } == [
            "cannot read 'base.bind': cannot resolve a relative path in an unsaved document; save it first",
        ])
        #expect(diagnostics.first?["range"] == range(0, 11, 0, 22))
        #expect(h.result("textDocument/definition", ServerHarness.at(2, 12, uri: uri)) == .array([]))

        h.open("layer over \"/w/base.bind\"\nin Editor {\n  cmd+k -> search\n}\n", uri: uri, version: 2)
        #expect(h.diagnostics(uri) == [])
        let definition = h.result("textDocument/definition", ServerHarness.at(2, 12, uri: uri))
        #expect(definition == .array([Location(uri: Self.baseURI, range: Range(json: range(2, 7, 2, 13))!).json]))
    }
}
