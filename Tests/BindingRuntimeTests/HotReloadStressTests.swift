import Dispatch
import Foundation
import Testing
import BindingLang
@testable import BindingRuntime

/// Hot reload under load, for the thread sanitizer (`.ci/run` runs it with
/// `--sanitize=thread`): one thread reloads tables from bytes (good ones of two different
/// keymaps, and bad ones that must leave the current table in place) while dispatcher threads,
/// each with its own `Dispatcher` over the shared `TableReference`, press sequences, and an
/// explainer thread asks the current table for explanations, the overlay and the menus.
///
/// `BINDKIT_STRESS_ROUNDS` (default 150) sets the reloads; every other thread does ten times
/// as many presses. CI raises it under the sanitizer; the default keeps `swift test` quick.
@Suite struct HotReloadStressTests {
    static var rounds: Int {
        ProcessInfo.processInfo.environment["BINDKIT_STRESS_ROUNDS"].flatMap(Int.init) ?? 150
    }

    @Test func reloadWhileDispatchingOnManyThreads() throws {
        let (one, two) = try reloadTables()
        let good = [one.bytes, two.bytes]
        let bad: [UInt8] = Array(one.bytes.prefix(one.bytes.count / 2))
        let reference = TableReference(one)
        let rounds = Self.rounds
        let wrong = DispatchQueueCounter(), presses = DispatchQueueCounter(), reloads = DispatchQueueCounter()
        let done = DispatchGroup()

        func spawn(_ body: @escaping @Sendable () -> Void) {
            done.enter()
            let thread = Thread {
                body()
                done.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }

        // The reloader: good tables alternately, a bad one every 8th time.
        spawn {
            for i in 0..<rounds {
                if i % 8 == 7 {
                    if (try? reference.reload(bytes: bad)) != nil { wrong.increment() }
                } else {
                    if (try? reference.reload(bytes: good[i % 2])) == nil { wrong.increment() }
                    reloads.increment()
                }
            }
        }
        // Dispatchers: a single press and a two-stroke sequence; whichever table is current,
        // the press performs that table's action or nothing (the sequence may be cut by a swap).
        for worker in 0..<3 {
            spawn {
                let responder = TestResponder("r\(worker)", roles: ["B"])
                let dispatcher = Dispatcher(reference: reference)
                let context = ContextState(table: one)
                for n in 0..<(rounds * 10) {
                    let name: String?
                    switch n % 3 {
                    case 0: name = dispatcher.dispatch(press("cmd+a", at: Double(n)), firstResponder: responder, context: context).performedAction?.name
                    case 1: name = dispatcher.dispatch(press("ctrl+k", at: Double(n)), firstResponder: responder, context: context).performedAction?.name
                    default: name = dispatcher.dispatch(press("ctrl+c", at: Double(n)), firstResponder: responder, context: context).performedAction?.name
                    }
                    if let name, name != "one" && name != "two" { wrong.increment() }
                    presses.increment()
                }
            }
        }
        // The explainer reads whole tables from the reference while they are swapped.
        spawn {
            let responder = TestResponder("e", roles: ["B", "C"])
            for _ in 0..<(rounds * 2) {
                let table = reference.table
                let dispatcher = Dispatcher(table: table)
                let context = ContextState(table: table)
                _ = dispatcher.explain(seq("ctrl+k ctrl+c"), firstResponder: responder, context: context)
                _ = dispatcher.discoverableCommands(firstResponder: responder, context: context)
                if table.actionCount != 2 && table.actionCount != 3 { wrong.increment() }
            }
        }
        done.wait()
        #expect(wrong.value == 0)
        #expect(reloads.value == rounds - rounds / 8)
        #expect(presses.value == 3 * rounds * 10)
        if ProcessInfo.processInfo.environment["BINDKIT_STRESS_ROUNDS"] != nil {
            print("hot-reload stress: \(presses.value) presses on 3 threads, \(reloads.value) reloads, \(rounds / 8) rejected reloads")
        }
    }

    /// Two tables that disagree on roles, actions and chords (as in HotReloadTests).
    private func reloadTables() throws -> (BindingTable, BindingTable) {
        var one = Keymap()
        one.roles = ["A", "B"]
        one.actions = [Action(name: "one"), Action(name: "filler")]
        one.bindings = [Binding(sequence: seq("cmd+a"), role: 1, action: 0), Binding(sequence: seq("ctrl+k ctrl+c"), role: 1, action: 0)]
        var two = Keymap()
        two.roles = ["B", "C", "D"]
        two.actions = [Action(name: "x"), Action(name: "y"), Action(name: "two")]
        for n in 0..<50 { two.bindings.append(Binding(sequence: [Chord(key: Key(rawValue: 0x4E00 + UInt32(n)), modifiers: .command)], role: 2, action: 0)) }
        two.bindings.append(Binding(sequence: seq("cmd+a"), role: 0, action: 2))
        two.bindings.append(Binding(sequence: seq("ctrl+k ctrl+c"), role: 0, action: 2))
        return (try load(one), try load(two))
    }
}
