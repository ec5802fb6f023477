import Foundation
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

    /// A binding that gains or loses `@priority`, `@repeat(…)`, `@noRemapping` or `@noMirroring`
    /// is `changed` in its attributes, from sources and from tables alike.
    @Test func attributeChanges() throws {
        let old = try Self.keymap("""
            in Editor {
              cmd+f -> search
              @priority cmd+s -> save
              @repeat ctrl+k ctrl+j -> jump
              cmd+"[" -> fold
            }
            """)
        let new = try Self.keymap("""
            in Editor {
              @priority cmd+f -> search
              cmd+s -> save
              @repeat(800ms) ctrl+k ctrl+j -> jump
              @noMirroring cmd+"[" -> fold
            }
            """)
        for (a, b) in [(old, new), (try Self.table(old), try Self.table(new))] {
            let changes = KeymapDiff.changes(from: a, to: b)
            #expect(changes.map(\.fields) == [["attributes"], ["attributes"], ["attributes"], ["attributes"]])
            #expect(changes.map { $0.new?.attributes ?? "?" } == ["@priority", "", "@repeat(800ms)", "@noMirroring"])
            let lines = KeymapDiff(changes: changes).text.split(separator: "\n")
            #expect(lines.count == 4)
            #expect(lines[0].hasPrefix("changed  in Editor: cmd+f -> search") && lines[0].hasSuffix("; attributes now @priority"))
            #expect(lines[1].hasPrefix("changed  in Editor: @priority cmd+s -> save") && lines[1].hasSuffix("; attributes now none"))
            #expect(lines[2].hasPrefix("changed  in Editor: @repeat(500ms) ctrl+k ctrl+j -> jump")
                && lines[2].hasSuffix("; attributes now @repeat(800ms)"))
            guard case .object(let root) = KeymapDiff(changes: changes).json,
                  case .array(let list)? = root.first(where: { $0.0 == "changes" })?.1,
                  case .object(let last) = list[3], case .object(let newer)? = last.first(where: { $0.0 == "new" })?.1
            else { Issue.record("unexpected JSON"); continue }
            #expect(newer.first { $0.0 == "attributes" }?.1 == .array([.string("@noMirroring")]))
        }
    }

    static func table(_ k: Keymap) throws -> Keymap {
        Keymap(table: try BindingTable(bytes: Emitter.emit(k, strip: true)))
    }

    @Test func tablesCompareLikeSources() throws {
        let k = try Self.keymap("in Editor {\n  cmd+f -> search\n  @priority @noRemapping cmd+\"]\" -> fold\n}\n")
        let back = try Self.table(k)
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
            try Self.combined(Self.app(app), user: user)
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

    static func app(_ text: String, path: String = "app.bind") -> UserLayering.App {
        var sources = SourceManager()
        _ = sources.add(SourceFile(path: path, text: text))
        return UserLayering.App(sources: LayeredSources(ordered: sources), platform: .macOS)
    }

    static func combined(_ app: UserLayering.App, user: String) throws -> Keymap {
        let (k, d, _) = UserLayering.keymap(app, user: SourceFile(path: "user.bind", text: user))
        #expect(!d.contains { $0.severity == .error }, "\(d.map(\.message))")
        return try #require(k)
    }

    static func table(_ text: String, strip: Bool) throws -> UserLayering.App {
        var sources = SourceManager()
        _ = sources.add(SourceFile(path: "app.bind", text: text))
        let keymap = try #require(Compilation(sources: sources, platform: .macOS).keymap)
        let table = try BindingTable(bytes: Emitter.emit(keymap, strip: strip))
        return UserLayering.App(table: Keymap(table: table), path: "app.bindtable")
    }

    static let oldApp = declarations + "in Editor {\n  cmd+f -> search\n}\nmenu \"File\" {\n  \"Save\" cmd+s -> save\n}\n"
    static let newApp = declarations + """
        in Editor {
          cmd+f -> search
          ctrl+k ctrl+c -> save "Save" when mode == normal
        }
        in TextView when mode == insert {
          group "Moving" {
            ctrl+j -> search
          }
        }
        menu "File" {
          "Save" cmd+s -> save
          menu "Recent" {
            "Fold" ctrl+y -> fold
          }
        }

        """

    /// A user's file that says `layer over` (the app keymap it was written for) is layered
    /// over OLD and NEW instead, whether they are sources or tables (stripped or not), and
    /// the same impacts come out; from an unstripped table the app's bindings keep the
    /// table's source locations.
    @Test func userFileWithLayerOverAgainstSourcesAndTables() throws {
        let user = "layer over \"app.bind\"\n\nin Editor {\n  ctrl+k -> fold\n  ctrl+j -> jump\n  ctrl+y -> jump\n}\n"
        let expected = [
            "conflict ctrl+k Editor ctrl+k ctrl+c mode == normal",
            "conflict ctrl+y <menu> ctrl+y ",
            "shadowed ctrl+j TextView ctrl+j mode == insert",
        ]
        func summary(_ old: UserLayering.App, _ new: UserLayering.App) throws -> [String] {
            let impacts = KeymapDiff.userImpacts(
                old: try Self.combined(old, user: user), new: try Self.combined(new, user: user), userPath: "user.bind")
            return impacts.map { "\($0.kind.rawValue) \($0.user.keys) \($0.app.role ?? "<menu>") \($0.app.keys) \($0.witness)" }.sorted()
        }
        #expect(try summary(Self.app(Self.oldApp), Self.app(Self.newApp)) == expected)
        for strip in [false, true] {
            #expect(try summary(Self.table(Self.oldApp, strip: strip), Self.table(Self.newApp, strip: strip)) == expected)
            #expect(try summary(Self.app(Self.oldApp), Self.table(Self.newApp, strip: strip)) == expected)
        }
        let fromTable = try Self.combined(Self.table(Self.newApp, strip: false), user: user)
        let shadowing = try #require(fromTable.bindings.first { $0.role == 0 })
        #expect(shadowing.location?.path == "app.bind" && shadowing.location?.line == 13 && shadowing.location?.column == 5)
        let stripped = try Self.combined(Self.table(Self.newApp, strip: true), user: user)
        #expect(stripped.bindings.filter { $0.location?.path != "user.bind" }.allSatisfy { $0.location == nil })
    }

    /// A table written back as source compiles to the same bindings (role, keys, action,
    /// argument, title, condition, group), for every example keymap and for the layered one.
    @Test(arguments: [["IDE.bind"], ["TextEditor.bind"], ["Vim.bind"], ["IDE-user.bind"]])
    func tablesWrittenAsSourceKeepTheirBindings(_ names: [String]) throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")
        let layered = LayeredSources(roots: names.map { examples.appendingPathComponent($0).path })
        let original = try #require(Compilation(layered: layered, platform: .iPadOS).keymap)
        let table = Keymap(table: try BindingTable(bytes: Emitter.emit(original, strip: true)))
        var sources = SourceManager()
        _ = sources.add(SourceFile(path: "table.bind", text: KeymapSource.text(table)))
        let compilation = Compilation(sources: sources, platform: table.platform)
        #expect(!compilation.diagnostics.contains { $0.severity == .error }, "\(compilation.diagnostics.map(\.message).prefix(5))")
        let back = try #require(compilation.keymap)
        #expect(KeymapDiff.changes(from: original, to: back).isEmpty)
        #expect(back.bindings.count == original.bindings.count)
        func groups(_ k: Keymap) -> [String] { k.bindings.map { b in b.group.map { k.groups[$0] } ?? "-" }.sorted() }
        #expect(groups(back) == groups(original))
    }
}
