import BindingLang
import BindingRuntime
import Testing

private let source = """
    context loggedIn: Bool
    context readOnly: Bool
    context mode: normal | insert | visual
    responder TextView, Editor, Window, App
    action commentLine
    action search
    action showProfile
    in Editor {
      ctrl+k ctrl+c -> commentLine "Comment Line"
      cmd+f -> search "Find"
    }
    in Editor when loggedIn {
      cmd+p -> showProfile "Profile"
    }
    in TextView when mode == insert && !readOnly {
      cmd+b -> toggleBoldface "Bold"
    }
    in Window {
      ctrl+k ctrl+c -> search "Search Window"
      cmd+b -> search
    }
    in App {
      ctrl+k -> copy
    }
    menu "File" {
      "Find Again" cmd+g -> search
    }

    """

private func keymap() throws -> Keymap {
    var sources = SourceManager()
    sources.add(SourceFile(path: "t.bind", text: source))
    let compilation = Compilation(sources: sources, platform: .apple)
    let messages = compilation.diagnostics.map(\.message)
    #expect(messages.isEmpty, "\(messages)")
    return try #require(compilation.keymap)
}

private func chord(_ s: String) -> Chord {
    guard case .success(let c) = Chord.parse(s, platform: .apple) else { return Chord(key: .escape) }
    return c
}

private func chain(_ roles: String...) -> [ReferenceDispatcher.Responder] {
    roles.map { ReferenceDispatcher.Responder(name: $0, roles: [$0]) }
}

private func index(_ keymap: Keymap, _ action: String, _ role: String?) -> Int {
    keymap.bindings.firstIndex { keymap.actions[$0.action].name == action && $0.role.map { keymap.roles[$0] } == role } ?? -1
}

@Test func sequenceWaitsThenNearerRoleWins() throws {
    let k = try keymap()
    let e = ReferenceDispatcher(keymap: k, chain: chain("TextView", "Editor", "Window", "App"))
    let steps = e.press([chord("ctrl+k"), chord("ctrl+c")])
    #expect(steps.count == 2)
    #expect(steps[0].outcome == .pending(role: 1))
    // App's `ctrl+k -> copy` is preempted: Editor, nearer, waits for a longer sequence.
    #expect(steps[0].candidates.map(\.verdict) == [.preemptedByPending(role: 1)])
    #expect(steps[0].continuations.count == 2)
    let comment = index(k, "commentLine", "Editor"), windowSearch = steps[1].candidates.last?.binding ?? -1
    #expect(steps[1].outcome == .performed(binding: comment, performer: 0))
    #expect(steps[1].candidates.map(\.verdict) == [.chosen(performer: 0), .lostTo(comment)])
    #expect(k.roles[k.bindings[windowSearch].role ?? 0] == "Window")
}

@Test func roleNotInChainAndFalseConditionParts() throws {
    let k = try keymap()
    var e = ReferenceDispatcher(keymap: k, chain: chain("Window"))
    var step = e.press([chord("ctrl+k"), chord("ctrl+c")]).last
    #expect(step?.candidates.first?.verdict == .chosen(performer: 0))
    #expect(step?.candidates.last?.verdict == .roleNotInChain)

    e = ReferenceDispatcher(keymap: k, chain: chain("TextView", "Window"), values: [.bool(false), .bool(true), .enumCase(1)])
    step = e.press([chord("cmd+b")]).first
    #expect(step?.candidates.first?.verdict == .conditionFalse([.not(.flag(1))]))
    #expect(step?.candidates.last?.verdict == .chosen(performer: 0))
}

@Test func noPerformerIsSkipped() throws {
    let k = try keymap()
    let search = try #require(k.actions.firstIndex { $0.name == "search" })
    let e = ReferenceDispatcher(
        keymap: k, chain: [ReferenceDispatcher.Responder(name: "Editor", roles: ["Editor"], cannotPerform: [search])])
    let step = try #require(e.press([chord("cmd+f")]).first)
    #expect(step.outcome == .unhandled)
    #expect(step.candidates.map(\.verdict) == [.noPerformer])
}

@Test func cancelledAfterPending() throws {
    let k = try keymap()
    let e = ReferenceDispatcher(keymap: k, chain: chain("Editor"))
    let steps = e.press([chord("ctrl+k"), chord("x"), chord("cmd+f")])
    #expect(steps.map(\.outcome) == [.pending(role: 1), .cancelled, .performed(binding: index(k, "search", "Editor"), performer: 0)])
}

@Test func menuBindingsComeAfterEveryRole() throws {
    let k = try keymap()
    let e = ReferenceDispatcher(keymap: k, chain: chain("Editor"))
    let step = try #require(e.press([chord("cmd+g")]).first)
    #expect(step.outcome == .performed(binding: index(k, "search", nil), performer: 0))
}

@Test func discoverabilityListsWhatWouldBePerformed() throws {
    let k = try keymap()
    let e = ReferenceDispatcher(keymap: k, chain: chain("TextView", "Editor", "Window"), values: [.bool(true), .bool(false), .enumCase(1)])
    #expect(e.discoverability().map(\.title) == ["Comment Line", "Find", "Profile", "Bold", "Find Again"])
    #expect(e.discoverability().last?.group == "File")
    let logged = ReferenceDispatcher(keymap: k, chain: chain("Window"))
    #expect(logged.discoverability().map(\.title) == ["Search Window", "Find Again"])
    #expect(logged.discoverability().first?.glyphs == "⌃K ⌃C")
    #expect(logged.discoverability().first?.plainText == "Ctrl+K Ctrl+C")
}
