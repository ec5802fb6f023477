import BindingRuntime
import Testing
@testable import BindingLang

/// `bindc diff`'s library: binding changes and a user's newly shadowed or conflicting bindings.
struct KeymapDiffTests {
    static let declarations = """
        context mode: normal | insert
        responder TextView, Editor
        action search
        action save
        action jump
        action fold

        """

    static func keymap(_ text: String) throws -> Keymap {
        let (k, d, _) = checkSource(Self.declarations + text)
        #expect(!d.contains { $0.severity == .error }, "\(d.map(\.message))")
        return try #require(k)
    }

    @Test func addedRemovedMovedChanged() throws {
        let old = try Self.keymap("""
            in Editor {
              cmd+f -> search "Find"
              cmd+s -> save   "Save"
              cmd+j -> jump
              cmd+k -> fold
            }
            """)
        let new = try Self.keymap("""
            in Editor {
              cmd+f -> search "Search"
              cmd+shift+s -> save "Save"
              cmd+j -> jump when mode == normal
              cmd+y -> fold when mode == insert
              cmd+g -> search
            }
            """)
        let changes = KeymapDiff.changes(from: old, to: new)
        let summary = changes.map { "\($0.kind.rawValue) \($0.old?.keys ?? "-") \($0.new?.keys ?? "-") \($0.fields)" }
        #expect(summary == [
            "changed cmd+f cmd+f [\"title\"]",
            "changed cmd+j cmd+j [\"condition\"]",
            "moved cmd+s shift+cmd+s [\"keys\"]",
            "moved cmd+k cmd+y [\"keys\", \"condition\"]",
            "added - cmd+g []",
        ])
        let text = KeymapDiff(changes: changes).text
        #expect(text.contains("changed  in Editor: cmd+f -> search \"Find\""))
        #expect(text.contains("; title now \"Search\""))
        #expect(text.contains("to cmd+y; condition now mode == insert"))
        #expect(KeymapDiff.changes(from: old, to: old).isEmpty)
        #expect(KeymapDiff(changes: []).text == "no changes\n")
    }

    @Test func tablesCompareLikeSources() throws {
        let k = try Self.keymap("in Editor {\n  cmd+f -> search\n}\n")
        let back = Keymap(table: try BindingTable(bytes: Emitter.emit(k, strip: true)))
        #expect(KeymapDiff.changes(from: k, to: back).isEmpty)
    }

    /// The user binds `ctrl+k` in Editor; the new app binds `ctrl+k ctrl+c` in Editor
    /// (a conflict) and `ctrl+j` in the nearer TextView when in insert mode (shadowing).
    @Test func userBindingsNewlyShadowedOrConflicting() throws {
        let user = "in Editor {\n  ctrl+k -> fold\n  ctrl+j -> jump\n}\n"
        let oldApp = Self.declarations + "in Editor {\n  cmd+f -> search\n}\n"
        let newApp = Self.declarations + """
            in Editor {
              cmd+f -> search
              ctrl+k ctrl+c -> save
            }
            in TextView when mode == insert {
              ctrl+j -> search
            }

            """
        func combined(_ app: String) throws -> Keymap {
            var sources = SourceManager()
            _ = sources.add(SourceFile(path: "app.bind", text: app))
            _ = sources.add(SourceFile(path: "user.bind", text: user))
            let (k, d) = UserLayering.keymap(sources, platform: .macOS)
            #expect(!d.contains { $0.severity == .error }, "\(d.map(\.message))")
            return try #require(k)
        }
        let impacts = KeymapDiff.userImpacts(old: try combined(oldApp), new: try combined(newApp), userPath: "user.bind")
        let summary = impacts.map { "\($0.kind.rawValue) \($0.user.keys) \($0.app.role ?? "") \($0.app.keys) \($0.witness)" }
        #expect(summary.sorted() == ["conflict ctrl+k Editor ctrl+k ctrl+c ", "shadowed ctrl+j TextView ctrl+j mode == insert"])
        // Nothing is new against itself.
        #expect(KeymapDiff.userImpacts(old: try combined(newApp), new: try combined(newApp), userPath: "user.bind").isEmpty)
        let diff = KeymapDiff(changes: [], userImpacts: impacts)
        #expect(diff.text.contains("shadowed user binding in Editor: ctrl+j -> jump"))
        #expect(diff.text.contains("when mode == insert"))
        #expect(diff.json.rendered(pretty: false).contains("\"kind\":\"conflict\""))
    }
}
