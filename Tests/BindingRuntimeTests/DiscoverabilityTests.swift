import Testing
import BindingLang
@testable import BindingRuntime

@Test func seedOverlayOrderAndGlyphs() throws {
    let table = try load(editorKeymap())
    let (first, _) = editorChain()
    let d = Dispatcher(table: table)
    var ctx = ContextState(table: table)
    var list = d.discoverableCommands(firstResponder: first, context: ctx)
    // Ungrouped first in declaration order (Bold and Profile and Run are not live), then
    // group Tabs, then group File (the menu's key equivalent).
    #expect(list.map(\.title) == ["Find…", "Comment Line", "Types", "Protocols", "Functions", "Operators", "New Tab"])
    #expect(list.map(\.group) == [nil, nil, "Tabs", "Tabs", "Tabs", "Tabs", "File"])
    #expect(list[0].glyphs == "⌥⌘F" && list[0].plainText == "Alt+Cmd+F")
    #expect(list[1].glyphs == "⌃K ⌃C" && list[1].plainText == "Ctrl+K Ctrl+C")
    #expect(list[2].glyphs == "⌘1")
    #expect(list[0].location == TableLocation(path: "Editor.bind", line: 25, column: 3))
    // Logged in, insert mode, writable, Swift: Profile, Bold and Run appear, in declaration order.
    try ctx.set("loggedIn", true)
    try ctx.set("mode", case: "insert")
    try ctx.set("lang", string: "swift")
    list = d.discoverableCommands(firstResponder: first, context: ctx)
    #expect(list.map(\.title) == ["Find…", "Comment Line", "Profile", "Bold", "Run", "Types", "Protocols", "Functions", "Operators", "New Tab"])
    #expect(list.first { $0.title == "Profile" }?.glyphs == "⇧⌘P")
    try ctx.set("readOnly", true)
    #expect(!d.discoverableCommands(firstResponder: first, context: ctx).map(\.title).contains("Bold"))
}

@Test func overlayOmitsUnperformableAndShadowed() throws {
    let table = try load(shadowKeymap())
    let outer = TestResponder("outer", roles: ["Outer"])
    let inner = TestResponder("inner", roles: ["Inner"], next: outer)
    let d = Dispatcher(table: table)
    let ctx = ContextState(table: table)
    // cmd+k: Inner shadows Outer and the menu; cmd+j: the first live Inner binding.
    #expect(d.discoverableCommands(firstResponder: inner, context: ctx).map(\.title) == ["Inner K", "Inner J on"])
    // Nobody performs `inner`: Outer K is chosen instead (and Inner J on is not listed).
    inner.performs = ["outer", "other"]
    outer.performs = []
    #expect(d.discoverableCommands(firstResponder: inner, context: ctx).map(\.title) == ["Outer K"])
    // Outer alone: Outer K; Menu K is shadowed.
    outer.performs = nil
    #expect(d.discoverableCommands(firstResponder: outer, context: ctx).map(\.title) == ["Outer K"])
}

@Test func overlayOmitsUnreachableSequences() throws {
    // Editor binds ctrl+k ctrl+c, but the nearer TextView binds ctrl+k alone: pressing
    // ctrl+k performs TextView's, so ctrl+k ctrl+c can never run and is not listed.
    var k = sequenceKeymap()
    k.bindings.append(Binding(sequence: seq("ctrl+k"), role: 0, action: 3, title: "Text K"))
    let table = try load(k)
    let (text, _, _) = sequenceChain()
    let titles = Dispatcher(table: table).discoverableCommands(firstResponder: text, context: ContextState(table: table)).map(\.title)
    #expect(titles == ["Cut", "Text K"])
}

@Test func editMenuFiltering() throws {
    let table = try load(editorKeymap())
    let d = Dispatcher(table: table)
    var ctx = ContextState(table: table)
    let (first, chain) = editorChain(performs: ["text": ["copy"], "editor": ["cut"], "window": [], "app": []])
    #expect(d.editMenu(firstResponder: first, context: ctx).map(\.title) == ["Cut", "Copy"])
    chain[3].performs = ["define"]
    #expect(d.editMenu(firstResponder: first, context: ctx).map(\.title) == ["Cut", "Copy", "Define"])
    try ctx.set("readOnly", true)
    let items = d.editMenu(firstResponder: first, context: ctx)
    #expect(items.map(\.title) == ["Copy"])
    #expect(items[0].action.is("copy") && items[0].index == 1)
}

@Test func mainMenuState() throws {
    let table = try load(editorKeymap())
    let d = Dispatcher(table: table)
    var ctx = ContextState(table: table)
    let (first, _) = editorChain(performs: ["text": ["selectTab", "copy"], "editor": [], "window": [], "app": []])
    var menus = d.mainMenus(firstResponder: first, context: ctx)
    #expect(menus.map(\.title) == ["File", "Edit"])
    guard case .item(let newTab) = menus[0].entries[0], case .separator = menus[0].entries[1],
          case .submenu(let share) = menus[0].entries[2], case .item(let profile) = menus[0].entries[3],
          case .item(let find) = menus[1].entries[0]
    else { Issue.record("shape \(menus)"); return }
    #expect(newTab.title == "New Tab" && newTab.isEnabled && newTab.keyGlyphs == "⌘T" && newTab.keyPlainText == "Cmd+T")
    #expect(newTab.action.description == "selectTab(1)")
    #expect(share.title == "Share")
    guard case .item(let link) = share.entries[0] else { Issue.record("submenu"); return }
    #expect(link.isEnabled && link.keyEquivalent == nil)
    #expect(!profile.isEnabled)   // not logged in (and nobody performs showProfile)
    #expect(!find.isEnabled)      // nobody performs search
    try ctx.set("loggedIn", true)
    first.performs = ["selectTab", "copy", "showProfile"]
    menus = d.mainMenus(firstResponder: first, context: ctx)
    guard case .item(let profile2) = menus[0].entries[3] else { return }
    #expect(profile2.isEnabled)
}

@Test func quickActionsWithUserInfo() throws {
    let table = try load(editorKeymap())
    let q = Dispatcher(table: table).quickActions
    #expect(q.count == 2)
    #expect(q[0].type == "com.example.editor.search" && q[0].title == "Search" && q[0].subtitle == "Find in all files")
    #expect(q[0].iconType == "search" && q[0].iconFile == nil)
    #expect(q[0].userInfo == [
        ShortcutUserInfoEntry(key: "source", value: .string("home")),
        ShortcutUserInfoEntry(key: "depth", value: .int(2)),
        ShortcutUserInfoEntry(key: "nested", value: .dictionary([
            ShortcutUserInfoEntry(key: "ratio", value: .double(0.5)), ShortcutUserInfoEntry(key: "on", value: .bool(true)),
        ])),
    ])
    #expect(q[1].iconFile == "new-doc" && q[1].subtitle == nil && q[1].userInfo.isEmpty)
}
