import Testing
import BindingLang
@testable import BindingRuntime

/// The dispatch index reads the table's bytes where they are, and its fallback copy (for
/// arrays not stored in place) sees exactly the same sections.
struct DispatchIndexTests {
    typealias S = TableFormat.Section
    static let sections: [S] = [.strokeKeys, .dispatchNodes, .dispatchGroups, .dispatchCandidates, .conditionTests]

    private func table() throws -> BindingTable {
        var k = Keymap()
        k.roles = ["Editor", "Window"]
        k.actions = [Action(name: "save"), Action(name: "close"), Action(name: "comment")]
        k.contexts = [ContextVariable(name: "editable", type: .bool)]
        k.bindings = [
            Binding(sequence: seq("cmd+s"), role: 0, action: 0, condition: .flag(0)),
            Binding(sequence: seq("cmd+w"), role: 1, action: 1),
            Binding(sequence: seq("ctrl+k ctrl+c"), role: 0, action: 2),
        ]
        return try load(k)
    }

    @Test func theIndexPointsIntoTheTablesBytes() throws {
        let t = try table()
        #expect(t.dispatch.readsInPlace)
        t.bytes.withUnsafeBytes { raw in
            let base = raw.baseAddress.unsafelyUnwrapped
            for (k, s) in Self.sections.enumerated() {
                let view = [t.dispatch.view.keys, t.dispatch.view.nodes, t.dispatch.view.groups, t.dispatch.view.candidates, t.dispatch.view.tests][k]
                #expect(view == UnsafeRawPointer(base + t.spans[s.rawValue].offset), "section \(s)")
            }
        }
        let d = Dispatcher(table: t), e = TestResponder("e", roles: ["Editor"])
        #expect(d.dispatch(press("ctrl+k"), firstResponder: e, context: ContextState(table: t)).isPending)
        #expect(d.dispatch(press("ctrl+c"), firstResponder: e, context: ContextState(table: t)).performedAction?.name == "comment")
    }

    @Test func aCopiedIndexSeesTheSameSections() throws {
        let t = try table()
        let copied = DispatchIndex(reader: t.reader, spans: t.spans, roleCount: t.spans[S.roles.rawValue].count, inPlace: false)
        #expect(!copied.readsInPlace)
        for (k, s) in Self.sections.enumerated() {
            let span = t.spans[s.rawValue]
            #expect(span.size > 0, "section \(s) is empty")
            #expect(copied.sectionBytes(k, count: span.size) == Array(t.bytes[span.offset..<span.offset + span.size]), "section \(s)")
            #expect(t.dispatch.sectionBytes(k, count: span.size) == copied.sectionBytes(k, count: span.size), "section \(s)")
        }
        #expect(copied.contextWords == t.dispatch.contextWords)
        #expect(copied.view.roleCount == t.dispatch.view.roleCount)
    }
}
