import BindingRuntime

/// The editor's own keys. They act only when the loaded keymap leaves the stroke unhandled,
/// and no example keymap binds them (a test checks), so every key still goes through the
/// runtime first.
enum AppKeys {
    static let overlay = Chord(key: Key.namedCode("f1") ?? .escape)
    static let nextKeymap = Chord(key: Key.namedCode("f3") ?? .escape)
    static let readOnly = Chord(key: Key.namedCode("f4") ?? .escape)
    static let quit = Chord(key: Key(character: "q"), modifiers: .control)
    static let all = [overlay, nextKeymap, readOnly, quit]
    /// How the status line lists them.
    static let legend = "F1 keys  F3 keymap  F4 read-only  ^Q quit"
}
