import BindingLang
import BindingRuntime
import Foundation
import Testing

/// Under UIKit a press reaches the app's key commands only when a `UIKeyCommand` matches it (and
/// a responder can perform its action), and one that matches is taken from text input, so the
/// generated `uiKeyCommands` must match every stroke of every sequence while one is pending, and
/// with nothing pending only the first strokes: the commands are run against the UIKit stub
/// (``GeneratedSwiftBehaviourTests``), and the chord codes they carry are pressed through a
/// `Dispatcher` over the same keymap's table.
@Suite struct GeneratedUIKitSequenceTests {
    static let source = """
        keymap "Seq"
        responder Editor
        action save
        action saveAll
        action open
        action close
        action left
        action back
        action run
        in Editor {
          ctrl+s -> save "Save"
          ctrl+k ctrl+s -> saveAll "Save All"
          ctrl+k ctrl+o -> open
          ctrl+x ctrl+k -> close
          @priority ctrl+k left -> left
          @noMirroring ctrl+k cmd+"[" -> back
          cmd+return -> run "Run"
          ctrl+k cmd+enter -> run
        }
        menu "File" {
          "Save" cmd+s -> save
        }
        """

    static var keymap: Keymap {
        get throws {
            var sources = SourceManager()
            sources.add(SourceFile(path: "edit.bind", text: source))
            return try #require(Compilation(sources: sources, platform: .macOS).keymap)
        }
    }

    /// Each command of `uiKeyCommands(action:pending:includingMenuKeyEquivalents:)` as one line:
    /// input, modifier flags, the chord code `chordCode(for:)` reads back, title, discoverability
    /// title, whether it is hidden, its three iOS 15 properties, what `menuCommand(for:)` makes of
    /// it, and `wantsKeyCommand(_:pending:)` with nothing pending and pending. The four lists:
    /// the roles' commands with nothing pending, then pending; all commands pending, then not.
    static let main = """
        @MainActor func describe(_ commands: [UIKeyCommand]) {
            for command in commands {
                let code = EditKeymap.chordCode(for: command).map { String($0) } ?? "nil"
                let flags = command.modifierFlags.rawValue >> 16
                let hidden = command.attributes.contains(.hidden) ? "hidden" : "shown"
                let properties = [command.wantsPriorityOverSystemBehavior, command.allowsAutomaticLocalization, command.allowsAutomaticMirroring]
                    .map { $0 ? "1" : "0" }.joined()
                let menu = EditKeymap.menuCommand(for: command)?.title ?? "nil"
                let wants = [false, true].map { EditKeymap.wantsKeyCommand(command, pending: $0) ? "1" : "0" }.joined()
                print([command.input ?? "nil", String(flags), code, command.title, command.discoverabilityTitle ?? "nil", hidden, properties, menu, wants]
                    .joined(separator: "|"))
            }
        }
        @MainActor func run() {
            describe(EditKeymap.uiKeyCommands(action: Selector("handleKey:"), pending: false, includingMenuKeyEquivalents: false))
            print("--")
            describe(EditKeymap.uiKeyCommands(action: Selector("handleKey:"), pending: true, includingMenuKeyEquivalents: false))
            print("--")
            describe(EditKeymap.uiKeyCommands(action: Selector("handleKey:"), pending: true))
            print("--")
            describe(EditKeymap.uiKeyCommands(action: Selector("handleKey:"), pending: false))
        }
        """

    /// The lists `main` prints, each command as its fields.
    struct Lists {
        /// The roles' key commands (`includingMenuKeyEquivalents: false`) with nothing pending.
        var idle: [[String]]
        /// The roles' key commands while a sequence is pending.
        var pending: [[String]]
        /// Every key command, the main menus' key equivalents included, pending and not.
        var allPending: [[String]]
        var allIdle: [[String]]
    }

    /// The printed lines, split into the four calls' lists of fields.
    static func commands() throws -> Lists {
        let output = try GeneratedSwiftBehaviourTests().run(.uiKit, source: source, main: main)
        let parts = output.split(separator: "--\n", omittingEmptySubsequences: false)
        try #require(parts.count == 4, "\(output)")
        func fields(_ text: Substring) -> [[String]] {
            text.split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
        }
        return Lists(idle: fields(parts[0]), pending: fields(parts[1]), allPending: fields(parts[2]), allIdle: fields(parts[3]))
    }

    /// UIKit as far as these key commands decide a press of the chord whose code is `code`: it
    /// reads the responder's `keyCommands` (`list`), takes the first command whose input and
    /// modifier flags match the press, and performs it when a responder can perform its action
    /// (`canPerformAction(_:withSender:)`, here `wantsKeyCommand(_:pending:)` as the printed
    /// field says for `pending`). Returns the chord code the performed command hands to the
    /// dispatcher, or nil when the press goes on to text input and `pressesBegan`. `every` is a
    /// list with every chord, for the press's input and flags.
    static func uiKit(press code: UInt32, list: [[String]], pending: Bool, every: [[String]]) throws -> UInt32? {
        let press = try #require(every.first { $0[2] == String(code) }, "no key command for \(code)")
        guard let command = list.first(where: { $0[0] == press[0] && $0[1] == press[1] }) else { return nil }
        let wants = Array(command[8])[pending ? 1 : 0] == "1"
        return wants ? UInt32(command[2]) : nil
    }

    static func code(_ text: String) throws -> String {
        String(try Chord.parse(text, platform: .macOS).get().code)
    }

    /// First strokes first, in declaration order, titled by their one-stroke command; then, while
    /// a sequence is pending, the chords that only continue sequences, once each, untitled and
    /// hidden; `ctrl+k`, a first stroke and a continuation, is one command; `cmd+enter`, the same
    /// UIKit key command as `cmd+return` (input "\r"), is left out. `@priority` reaches the
    /// continuation `left`, `@noMirroring` only a first stroke (as the checker checks it). No key
    /// command is taken for a menu command. `wantsKeyCommand` takes a first stroke always and a
    /// continuation only while pending.
    @Test func everyChordOfEverySequenceIsAKeyCommandOnce() throws {
        let lists = try Self.commands()
        // `UIKeyModifierFlags` shifted down by 16, as printed: control 1 << 2, command 1 << 4.
        let ctrl = String(1 << 2), cmd = String(1 << 4)
        let expected: [[String]] = [
            ["s", ctrl, try Self.code("ctrl+s"), "Save", "Save", "shown", "011", "nil", "11"],
            ["k", ctrl, try Self.code("ctrl+k"), "", "nil", "shown", "110", "nil", "11"],
            ["x", ctrl, try Self.code("ctrl+x"), "", "nil", "shown", "011", "nil", "11"],
            ["\r", cmd, try Self.code("cmd+return"), "Run", "Run", "shown", "011", "nil", "11"],
            ["o", ctrl, try Self.code("ctrl+o"), "", "nil", "hidden", "011", "nil", "01"],
            ["UIKeyInputLeftArrow", "0", try Self.code("left"), "", "nil", "hidden", "111", "nil", "01"],
            ["[", cmd, try Self.code("cmd+["), "", "nil", "hidden", "011", "nil", "01"],
        ]
        #expect(lists.pending == expected)
        // With the main menus' key equivalents, `cmd+s` is a first stroke too, after the roles'.
        let menuSave = ["s", cmd, try Self.code("cmd+s"), "Save", "Save", "shown", "011", "nil", "11"]
        #expect(lists.allPending == Array(expected[..<4]) + [menuSave] + Array(expected[4...]))
        // With nothing pending, the first strokes alone.
        #expect(lists.idle == Array(expected[..<4]))
        #expect(lists.allIdle == Array(expected[..<4]) + [menuSave])
    }

    /// With nothing pending, a chord that only continues sequences (the `ctrl+o` of `ctrl+k
    /// ctrl+o`, the `left` of `@priority ctrl+k left`) is no key command UIKit performs, so the
    /// press reaches text input: not in the list `pending: false` makes, and not performable
    /// (`wantsKeyCommand`) in the list `pending: true` makes. After `ctrl+k` it is delivered and
    /// completes the sequence; after that, it is text input's again.
    @Test func aContinuationIsDeliveredOnlyWhileASequenceIsPending() throws {
        let lists = try Self.commands()
        let table = try BindingTable(bytes: Emitter.emit(try Self.keymap))
        let editor = LoneResponder(roles: ["Editor"])
        let context = ContextState(table: table)
        let ctrlK = try Chord.parse("ctrl+k", platform: .macOS).get().code
        // The list chosen by the dispatcher's state, and the one list with every chord.
        let wirings: [(name: String, list: (Bool) -> [[String]])] = [
            ("pending: dispatcher.isPending", { $0 ? lists.pending : lists.idle }),
            ("pending: true with wantsKeyCommand", { _ in lists.pending }),
        ]
        for wiring in wirings {
            let dispatcher = Dispatcher(table: table)
            func press(_ code: UInt32) throws -> DispatchResult? {
                let pending = dispatcher.isPending
                guard let delivered = try Self.uiKit(press: code, list: wiring.list(pending), pending: pending, every: lists.allPending) else { return nil }
                return dispatcher.dispatch(KeyEvent(try #require(Chord(code: delivered))), firstResponder: editor, context: context)
            }
            for (chord, action) in [("ctrl+o", "open"), ("left", "left"), ("cmd+[", "back")] {
                let code = try Chord.parse(chord, platform: .macOS).get().code
                #expect(try press(code) == nil, "\(wiring.name): \(chord) taken with nothing pending")
                #expect(try press(ctrlK)?.isPending == true, "\(wiring.name)")
                #expect(try press(code)?.performedAction?.name == action, "\(wiring.name): \(chord) after ctrl+k")
                #expect(try press(code) == nil, "\(wiring.name): \(chord) taken after the sequence")
            }
        }
    }

    /// The chord codes the key commands carry drive every binding through the runtime's
    /// dispatcher, one press per stroke, each continuing the sequence the press before left
    /// pending (`dispatch` keeps that state; the app hands it each code as a `KeyEvent`): each
    /// press is looked up in the list for the dispatcher's state, `pending: dispatcher.isPending`.
    @Test func theKeyCommandsDeliverEverySequence() throws {
        let keymap = try Self.keymap
        let lists = try Self.commands()
        let table = try BindingTable(bytes: Emitter.emit(keymap))
        let dispatcher = Dispatcher(table: table)
        let context = ContextState(table: table)
        let editor = LoneResponder(roles: ["Editor"])
        for binding in keymap.bindings where binding.role != nil {
            let name = keymap.actions[binding.action].name
            // `cmd+enter` is UIKit's `cmd+return`: UIKit delivers no press of it (the checker
            // warns about such chords for iPadOS).
            guard !binding.sequence.contains(where: { $0.key == .enter }) else { continue }
            for (k, chord) in binding.sequence.enumerated() {
                let list = dispatcher.isPending ? lists.pending : lists.idle
                let codes = Set(list.compactMap { UInt32($0[2]) })
                #expect(codes.contains(chord.code), "\(name): no key command for \(chord.sourceText)")
                let result = dispatcher.dispatch(KeyEvent(try #require(Chord(code: chord.code))), firstResponder: editor, context: context)
                if k == binding.sequence.count - 1 {
                    guard case .performed(let action, _) = result else { Issue.record("\(name): \(result)"); continue }
                    #expect(action.name == name)
                } else {
                    guard case .pending = result else { Issue.record("\(name) at \(chord.sourceText): \(result)"); continue }
                }
            }
        }
    }
}
