import BindingRuntime
import Foundation
import Testing
@testable import BindingLang

/// `Emitter.emitLoadable` and `Compilation.loadableTable` load what they emit before handing it
/// out, so a keymap past the table format's limits (possible only when built by hand) or an
/// emitter defect never reaches a file as a table the runtime rejects.
struct EmitterLoadableTests {
    /// A hand-built keymap of one role and one action with these bindings.
    func keymap(_ bindings: [Binding]) -> Keymap {
        Keymap(name: "hand", platform: .apple, roles: ["Editor"], actions: [Action(name: "go")], bindings: bindings)
    }

    func chord(_ text: String) throws -> Chord {
        try Chord.parse(text, platform: .apple).get()
    }

    @Test func aCheckedKeymapLoadsAndIsTheSameBytes() throws {
        var sources = SourceManager()
        sources.add(SourceFile(path: "a.bind", text: """
            responder Editor
            action go
            in Editor { cmd+k cmd+c -> go }
            """))
        let c = Compilation(sources: sources, platform: .apple)
        let plain = try #require(c.table(strip: false))
        let loaded = try #require(c.loadableTable(strip: false)).get()
        #expect(loaded == plain)
        #expect(try Emitter.emitLoadable(#require(c.keymap), strip: true) == #require(c.table(strip: true)))
    }

    @Test func aSequenceLongerThanTheFormatAllowsIsRefused() throws {
        let k = try chord("cmd+k")
        let long = Binding(sequence: Array(repeating: k, count: TableFormat.maxSequenceLength + 1), role: 0, action: 0)
        // The plain emitter writes it; the loader rejects it; emitLoadable says why instead.
        #expect(throws: TableError.self) { try BindingTable(bytes: Emitter.emit(keymap([long]))) }
        #expect(throws: TableError.self) { try Emitter.emitLoadable(keymap([long])) }
        let fits = Binding(sequence: Array(repeating: k, count: TableFormat.maxSequenceLength), role: 0, action: 0)
        #expect(throws: Never.self) { try Emitter.emitLoadable(keymap([fits])) }
    }

    @Test func tooManyCandidatesOfOneKeyAreRefused() throws {
        let k = try chord("cmd+k")
        // Pairwise different conditions, so nothing is merged: one more than a role may have.
        let flags = (0...TableFormat.maxCandidatesPerRole).map { ContextVariable(name: "f\($0)", type: .bool) }
        var map = keymap(flags.indices.map { Binding(sequence: [k], role: 0, action: 0, condition: .flag($0)) })
        map.contexts = flags
        do {
            _ = try Emitter.emitLoadable(map)
            Issue.record("a table with \(flags.count) candidates of one key loaded")
        } catch {
            #expect("\(error)".contains("512"), "\(error)")
        }
    }

    @Test func theMessageSaysNothingWasWritten() {
        let text = Messages.unloadableTable(.badTrie(node: 3, reason: "x"))
        #expect(text.hasPrefix("internal error: the table compiled from these sources does not load ("))
        #expect(text.contains("nothing was written"))
    }
}
