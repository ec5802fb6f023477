import BindingRuntime

/// On iPadOS, warns about bindings that the `UIKeyCommand`s `bindc swift` generates cannot
/// deliver (Grammar.md §11): a stroke UIKit has no key command input for (`f13`, `insert`), once
/// per binding, at its sequence; and a first stroke that is another chord than an earlier
/// binding's first stroke but the same key command, input and modifier flags (`enter` and
/// `return` are both `"\r"`, `cmd+Digit1` and `cmd+1` both `"1"`), of which UIKit keeps one:
/// once per such chord, at its first binding, with a note at the earlier binding. Main-menu key
/// equivalents, which become key commands in the menu, count as bindings.
struct UIKeyCommandChecker {
    /// What makes two `UIKeyCommand`s the same: input and modifier flags.
    private struct KeyCommand: Hashable {
        var input: String
        var modifiers: Modifiers
    }

    func check(_ bindings: [CheckedBinding], _ engine: inout DiagnosticEngine) {
        // The first binding (index) of each key command, and the chords already warned about.
        var first: [KeyCommand: Int] = [:]
        var warned: Set<UInt32> = []
        for i in bindings.indices {
            let sequence = bindings[i].sequence
            if let chord = sequence.first(where: { SwiftGenerator.uiKitInput($0.key) == nil }) {
                engine.warning(Messages.noKeyCommandInput(chord), at: bindings[i].range)
            }
            guard let chord = sequence.first, let input = SwiftGenerator.uiKitInput(chord.key) else { continue }
            let command = KeyCommand(input: input, modifiers: chord.modifiers)
            guard let k = first[command] else {
                first[command] = i
                continue
            }
            let earlier = bindings[k].sequence[0]
            guard earlier.code != chord.code, warned.insert(chord.code).inserted else { continue }
            engine.warning(
                Messages.sameKeyCommand(chord, as: earlier, input: SwiftGenerator.quoted(input)), at: bindings[i].range,
                notes: [DiagnosticNote(Messages.boundHere(bindings[k].sequence), at: bindings[k].range)])
        }
    }
}
