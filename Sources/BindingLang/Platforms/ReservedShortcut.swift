import BindingRuntime

/// A shortcut the operating system takes before the app sees it: pressing the chord does what
/// the system says (``action``) instead of what the keymap binds.
public struct ReservedShortcut: Sendable, Equatable {
    /// The chord as the keymap would write it (`cmd+space`; the Windows and Super keys are
    /// `cmd`).
    public let chord: Chord
    /// What the system does instead, as its documentation says it (`Spotlight: show or hide
    /// the search field`).
    public let action: String
    /// Who takes it: `macOS`, `iPadOS`, `Windows`, `GNOME` or `KDE Plasma`.
    public let owner: String
    /// The documentation the entry was checked against (a URL).
    public let source: String
    /// Whether the app receives the keys first and the system acts only when the app passes
    /// them on (Windows' Alt+F4 and Alt+Space reach the window as `WM_SYSKEYDOWN`): binding
    /// them works, but users expect the system's action.
    public let reachesTheApp: Bool
}

/// One entry as written in the data files: the chord as source text, checked by the tests to
/// parse (a malformed entry is left out rather than trapping).
struct ReservedEntry {
    var keys: String
    var action: String
    /// ``ReservedShortcut/reachesTheApp``.
    var reachesTheApp = false
}
