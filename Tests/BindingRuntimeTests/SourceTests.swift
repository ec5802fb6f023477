import Foundation
import Testing
import BindingLang
@testable import BindingRuntime

/// The example of Grammar.md, compiled from source by the real front end.
let seedSource = """
keymap "Editor"

context loggedIn: Bool
context readOnly: Bool
context mode: normal | insert | visual
context lang: String

responder TextView, Editor, Window, App     // roles, nearest first

action selectTab(Int)
action search
action commentLine
action showProfile
action run(String)

in Editor {
  group "Tabs" {
    cmd+1 -> selectTab(1)  "Types"
    cmd+2 -> selectTab(2)  "Protocols"
    cmd+3 -> selectTab(3)  "Functions"
    cmd+4 -> selectTab(4)  "Operators"
  }
  cmd+alt+f      -> search       "Find…"
  ctrl+k ctrl+c  -> commentLine  "Comment Line"    // two strokes
  escape         -> cancelOperation                 // no title: works, not listed
  cmd+r          -> run("swift") "Run"  when lang in ("swift", "swiftc") && mode != visual
}

in Editor when loggedIn {
  cmd+shift+p -> showProfile "Profile"
}

in TextView when mode == insert && !readOnly {
  primary+b -> toggleBoldface "Bold"
}

menu edit {
  "Copy"   -> copy
  "Define" -> define  when !readOnly
}

menu "File" {
  "New Tab" cmd+t -> selectTab(1)
}

shortcut "com.example.editor.search" {
  title    "Search"
  subtitle "Find in all files"
  icon     search
  userInfo { source: "home", depth: 2, nested: { ratio: 0.5, on: true } }
}
"""

func compile(_ files: [(String, String)], platform: Platform = .apple) -> Keymap? {
    var sources = SourceManager()
    for (path, text) in files { sources.add(SourceFile(path: path, text: text)) }
    let c = Compilation(sources: sources, platform: platform)
    for d in c.diagnostics { Issue.record("\(d)") }
    return c.keymap
}

@Test func seedFromSource() throws {
    let keymap = try #require(compile([("Editor.bind", seedSource)]))
    let table = try BindingTable(bytes: Emitter.emit(keymap))
    #expect(Keymap(table: table) == keymap)
    let (first, _) = editorChain()
    let d = Dispatcher(table: table)
    var ctx = ContextState(table: table)
    let titles = d.discoverableCommands(firstResponder: first, context: ctx)
    #expect(titles.map(\.title) == ["Find…", "Comment Line", "Types", "Protocols", "Functions", "Operators", "New Tab"])
    #expect(titles.first?.location?.line == 23)
    #expect(titles.first?.location?.path == "Editor.bind")
    for (n, _) in ["Types", "Protocols", "Functions", "Operators"].enumerated() {
        #expect(d.dispatch(press("cmd+\(n + 1)"), firstResponder: first, context: ctx).performedAction?.description == "selectTab(\(n + 1))")
    }
    #expect(d.dispatch(press("cmd+alt+f"), firstResponder: first, context: ctx).performedAction?.name == "search")
    // Logged-in only.
    #expect(d.dispatch(press("cmd+shift+p"), firstResponder: first, context: ctx).isUnhandled)
    try ctx.set("loggedIn", true)
    #expect(d.dispatch(press("cmd+shift+p"), firstResponder: first, context: ctx).performedAction?.name == "showProfile")
    // `in` and `!=` lowered by the checker.
    #expect(d.dispatch(press("cmd+r"), firstResponder: first, context: ctx).isUnhandled)
    try ctx.set("lang", string: "swiftc")
    #expect(d.dispatch(press("cmd+r"), firstResponder: first, context: ctx).performedAction?.description == "run(\"swift\")")
    try ctx.set("mode", case: "visual")
    #expect(d.dispatch(press("cmd+r"), firstResponder: first, context: ctx).isUnhandled)
    // primary+b is cmd+b on Apple platforms.
    try ctx.set("mode", case: "insert")
    #expect(d.dispatch(press("cmd+b"), firstResponder: first, context: ctx).performedAction?.name == "toggleBoldface")
    #expect(d.dispatch(press("ctrl+k"), firstResponder: first, context: ctx).isPending)
    #expect(d.pendingContinuations(firstResponder: first, context: ctx).map(\.title) == ["Comment Line"])
    #expect(d.dispatch(press("ctrl+c"), firstResponder: first, context: ctx).performedAction?.name == "commentLine")
    #expect(d.editMenu(firstResponder: first, context: ctx).map(\.title) == ["Copy", "Define"])
    let q = d.quickActions
    #expect(q.map(\.type) == ["com.example.editor.search"])
    #expect(q.first?.userInfo.map(\.key) == ["source", "depth", "nested"])
}

@Test func strippedTablesIgnoreLayoutAndComments() throws {
    let a = try #require(compile([("Editor.bind", seedSource)]))
    let relaidOut = "// a header comment\n\n" + seedSource
        .replacingOccurrences(of: "  ", with: "      ")
        .replacingOccurrences(of: "// two strokes", with: "/* two */ // strokes")
    let b = try #require(compile([("Other.bind", relaidOut)]))
    #expect(Emitter.emit(a, strip: true) == Emitter.emit(b, strip: true))
    #expect(Emitter.emit(a) != Emitter.emit(b))
    #expect(Emitter.emit(a) == Emitter.emit(try #require(compile([("Editor.bind", seedSource)]))))
}

/// The shipped examples compile, round-trip, and dispatch every one of their sequences.
@Test(arguments: [["TextEditor.bind"], ["Vim.bind"], ["IDE.bind"], ["IDE.bind", "IDE-user.bind"]])
func examplesThroughTheTable(_ names: [String]) throws {
    let root = String(#filePath.prefix(upTo: #filePath.range(of: "/Tests/")!.lowerBound))
    var files: [(String, String)] = []
    for n in names {
        let bytes = try BindingTable.readFile(root + "/Examples/" + n)
        files.append(("Examples/" + n, String(decoding: bytes, as: UTF8.self)))
    }
    for platform in Platform.allCases {
        let keymap = try #require(compile(files, platform: platform))
        let full = try BindingTable(bytes: Emitter.emit(keymap))
        #expect(Keymap(table: full) == keymap.withoutCompileTimeAttributes)
        var stripped = keymap.withoutCompileTimeAttributes
        for i in stripped.bindings.indices { stripped.bindings[i].location = nil; stripped.bindings[i].overriddenBy = [] }
        #expect(Keymap(table: try BindingTable(bytes: Emitter.emit(keymap, strip: true))) == stripped)
        exercise(full)
        // Every binding a responder of its role can perform is chosen or explained.
        let d = Dispatcher(table: full)
        for b in 0..<full.bindingCount {
            let binding = full.binding(b)
            let responder = TestResponder("r", roles: binding.role.map { [full.roleName($0)] } ?? [])
            let e = d.explain(binding.sequence, firstResponder: responder, context: ContextState(table: full))
            #expect(e.entries.contains { $0.binding.index == b })
        }
    }
}
