import BindingLang
import BindingRuntime
import Foundation
import Testing

/// Under UIKit a press reaches the app's key commands only when a `UIKeyCommand` matches it, so
/// the generated `uiKeyCommands` must match every stroke of every sequence, not only the first:
/// the commands are run against the UIKit stub (``GeneratedSwiftBehaviourTests``), and the chord
/// codes they carry are pressed through a `Dispatcher` over the same keymap's table.
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

    /// Each command of `uiKeyCommands(action:includingMenuKeyEquivalents:)` as one line: input,
    /// modifier flags, the chord code `chordCode(for:)` reads back, title, discoverability title,
    /// whether it is hidden, its three iOS 15 properties, and what `menuCommand(for:)` makes of it.
    static let main = """
        @MainActor func describe(_ commands: [UIKeyCommand]) {
            for command in commands {
                let code = EditKeymap.chordCode(for: command).map { String($0) } ?? "nil"
                let flags = command.modifierFlags.rawValue >> 16
                let hidden = command.attributes.contains(.hidden) ? "hidden" : "shown"
                let properties = [command.wantsPriorityOverSystemBehavior, command.allowsAutomaticLocalization, command.allowsAutomaticMirroring]
                    .map { $0 ? "1" : "0" }.joined()
                let menu = EditKeymap.menuCommand(for: command)?.title ?? "nil"
                print([command.input ?? "nil", String(flags), code, command.title, command.discoverabilityTitle ?? "nil", hidden, properties, menu]
                    .joined(separator: "|"))
            }
        }
        @MainActor func run() {
            describe(EditKeymap.uiKeyCommands(action: Selector("handleKey:"), includingMenuKeyEquivalents: false))
            print("--")
            describe(EditKeymap.uiKeyCommands(action: Selector("handleKey:")))
        }
        """

    /// The printed lines, split into the two calls' lists of fields.
    static func commands() throws -> (roles: [[String]], all: [[String]]) {
        let output = try GeneratedSwiftBehaviourTests().run(.uiKit, source: source, main: main)
        let parts = output.split(separator: "--\n", omittingEmptySubsequences: false)
        try #require(parts.count == 2, "\(output)")
        func fields(_ text: Substring) -> [[String]] {
            text.split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
        }
        return (fields(parts[0]), fields(parts[1]))
    }

    static func code(_ text: String) throws -> String {
        String(try Chord.parse(text, platform: .macOS).get().code)
    }

    /// First strokes first, in declaration order, titled by their one-stroke command; then the
    /// chords that only continue sequences, once each, untitled and hidden; `ctrl+k`, a first
    /// stroke and a continuation, is one command; `cmd+enter`, the same UIKit key command as
    /// `cmd+return` (input "\r"), is left out. `@priority` reaches the continuation `left`,
    /// `@noMirroring` only a first stroke (as the checker checks it). No key command is taken for
    /// a menu command.
    @Test func everyChordOfEverySequenceIsAKeyCommandOnce() throws {
        let (roles, all) = try Self.commands()
        // `UIKeyModifierFlags` shifted down by 16, as printed: control 1 << 2, command 1 << 4.
        let ctrl = String(1 << 2), cmd = String(1 << 4)
        let expected: [[String]] = [
            ["s", ctrl, try Self.code("ctrl+s"), "Save", "Save", "shown", "011", "nil"],
            ["k", ctrl, try Self.code("ctrl+k"), "", "nil", "shown", "110", "nil"],
            ["x", ctrl, try Self.code("ctrl+x"), "", "nil", "shown", "011", "nil"],
            ["\r", cmd, try Self.code("cmd+return"), "Run", "Run", "shown", "011", "nil"],
            ["o", ctrl, try Self.code("ctrl+o"), "", "nil", "hidden", "011", "nil"],
            ["UIKeyInputLeftArrow", "0", try Self.code("left"), "", "nil", "hidden", "111", "nil"],
            ["[", cmd, try Self.code("cmd+["), "", "nil", "hidden", "011", "nil"],
        ]
        #expect(roles == expected)
        // With the main menus' key equivalents, `cmd+s` is a first stroke too, after the roles'.
        #expect(all == Array(expected[..<4]) + [["s", cmd, try Self.code("cmd+s"), "Save", "Save", "shown", "011", "nil"]]
            + Array(expected[4...]))
    }

    /// The chord codes the key commands carry drive every binding through the runtime's
    /// dispatcher, one press per stroke, each continuing the sequence the press before left
    /// pending (`dispatch` keeps that state; the app hands it each code as a `KeyEvent`).
    @Test func theKeyCommandsDeliverEverySequence() throws {
        let keymap = try Self.keymap
        let codes = Set(try Self.commands().roles.compactMap { UInt32($0[2]) })
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
