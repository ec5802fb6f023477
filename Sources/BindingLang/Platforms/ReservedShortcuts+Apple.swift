/// Apple's reserved shortcuts. macOS: Apple Support, "Mac keyboard shortcuts"; iPadOS: the
/// iPad User Guide's keyboard shortcuts. Only shortcuts the system handles before any app are
/// listed, not the standard app-menu ones (⌘Q, ⌘H on macOS, ⌘C …), which an app implements.
extension ReservedShortcuts {
    static let macOS = Group(
        owner: "macOS", source: "https://support.apple.com/en-us/102650",
        entries: [
            ReservedEntry(keys: "cmd+space", action: "Spotlight: show or hide the search field"),
            ReservedEntry(keys: "alt+cmd+space", action: "Spotlight: show the search results window"),
            ReservedEntry(keys: "ctrl+cmd+space", action: "show the Character Viewer (emoji and symbols)"),
            ReservedEntry(keys: "cmd+tab", action: "app switcher: the next most recently used app"),
            ReservedEntry(keys: "shift+cmd+tab", action: "app switcher: the previous app"),
            ReservedEntry(keys: "cmd+backquote", action: "move focus to the next window of the front app"),
            ReservedEntry(keys: "shift+cmd+3", action: "screenshot of the whole screen"),
            ReservedEntry(keys: "shift+cmd+4", action: "screenshot of a selected area"),
            ReservedEntry(keys: "shift+cmd+5", action: "Screenshot: capture or record the screen"),
            ReservedEntry(keys: "ctrl+shift+cmd+3", action: "screenshot of the whole screen to the clipboard"),
            ReservedEntry(keys: "ctrl+shift+cmd+4", action: "screenshot of a selected area to the clipboard"),
            ReservedEntry(keys: "alt+cmd+escape", action: "Force Quit Applications"),
            ReservedEntry(keys: "ctrl+cmd+q", action: "lock the screen"),
            ReservedEntry(keys: "shift+cmd+q", action: "log out (after confirming)"),
            ReservedEntry(keys: "alt+shift+cmd+q", action: "log out immediately"),
            ReservedEntry(keys: "alt+cmd+d", action: "show or hide the Dock"),
            ReservedEntry(keys: "ctrl+space", action: "select the previous input source"),
            ReservedEntry(keys: "ctrl+alt+space", action: "select the next input source"),
        ])

    /// The shortcuts Apple's Accessibility Programming Guide for OS X reserves for VoiceOver,
    /// screen zoom and full keyboard access, as far as a default Mac answers them. Only
    /// shortcuts on by default are listed (as everywhere in these tables): the guide's
    /// screen-zoom ones (`alt+cmd+8` zoom on or off, `alt+cmd+equal` zoom in, `alt+cmd+minus`
    /// zoom out) and contrast ones (`ctrl+alt+cmd+comma`, `ctrl+alt+cmd+period`) act only once
    /// the user turns zoom's keyboard shortcuts on in the Accessibility settings, so binding
    /// them is no conflict on a default Mac. Invert colors (`ctrl+alt+cmd+8`), from the same
    /// table, is on by default (JetBrains Runtime's table below records which are on).
    static let macOSAccessibility = Group(
        owner: "macOS",
        source: "https://developer.apple.com/library/archive/documentation/Accessibility/Conceptual/AccessibilityMacOSX/OSXAXKeyboardShortcuts.html",
        entries: [
            ReservedEntry(keys: "cmd+f5", action: "turn VoiceOver on or off"),
            ReservedEntry(keys: "alt+cmd+f5", action: "show the Accessibility Shortcuts panel"),
            ReservedEntry(keys: "ctrl+alt+cmd+8", action: "invert the screen's colors"),
            ReservedEntry(keys: "ctrl+f1", action: "turn full keyboard access on or off"),
            ReservedEntry(keys: "ctrl+f7", action: "change how Tab moves focus (full keyboard access)"),
        ])

    /// The keyboard-navigation defaults of System Settings (Keyboard Shortcuts, Keyboard), on
    /// by default; the accessibility guide above names only Control-F1 and Control-F7 of them.
    /// Apple's own pages that list them could not be checked; the keys, modifiers and default
    /// state are as JetBrains Runtime records macOS's defaults for its clash check (the
    /// `defaultSymbolicHotKeys` table, IDs 7–11 and 57), which also has the zoom and contrast
    /// shortcuts above off and invert colors on by default. The same table has macOS 15's
    /// Show contextual menu (ID 159, Control-Return, on by default from macOS 15), which AppKit
    /// handles before the app's own key handling (WWDC24 "What's new in AppKit"; apps that bound
    /// Control-Return found it opening the context menu on Sequoia: nimble-commander#423,
    /// eclipse.platform.swt#1483, dbeaver#35679), and the Display group's brightness keys F14
    /// and F15 (IDs 53 and 54, on by default).
    static let macOSKeyboardNavigation = Group(
        owner: "macOS",
        source: "https://github.com/JetBrains/JetBrainsRuntime/blob/main/src/java.desktop/macosx/native/libawt_lwawt/awt/SystemHotkey.m",
        entries: [
            ReservedEntry(keys: "ctrl+f2", action: "move focus to the menu bar"),
            ReservedEntry(keys: "ctrl+f3", action: "move focus to the Dock"),
            ReservedEntry(keys: "ctrl+f4", action: "move focus to the active or next window"),
            ReservedEntry(keys: "ctrl+f5", action: "move focus to the window's toolbar"),
            ReservedEntry(keys: "ctrl+f6", action: "move focus to the floating window"),
            ReservedEntry(keys: "ctrl+f8", action: "move focus to the status menus"),
            ReservedEntry(keys: "ctrl+return", action: "show the contextual menu (macOS 15 and later)"),
            ReservedEntry(keys: "f14", action: "decrease the display's brightness"),
            ReservedEntry(keys: "f15", action: "increase the display's brightness"),
        ])

    /// Mission Control's default keys in System Settings (Keyboard Shortcuts, Mission Control)
    /// that Apple's shortcut page does not list: F11 shows the desktop, and macOS consumes the
    /// key before the app sees it (a VS Code maintainer in microsoft/vscode#81136; Shift+F11
    /// too, microsoft/vscode#54914), which VS Code's and Zed's debuggers bind. Control-Up
    /// (Mission Control), Control-Down (application windows) and Control-Left and -Right
    /// (move a space) are on by default on current macOS: reported taken on Sequoia 15.5
    /// (micro-editor/micro#3788), Big Sur (doublecmd/doublecmd#766) and Catalina
    /// (micro-editor/micro#1898), each with System Settings' Mission Control section as the
    /// way to free them. JetBrains Runtime's table has Control-Up and -Down on but the two
    /// space keys (IDs 79, 81) off; the reports are taken over it. Apple's own page for them
    /// could not be checked.
    static let macOSMissionControl = Group(
        owner: "macOS",
        source: "https://github.com/microsoft/vscode/issues/81136; https://github.com/micro-editor/micro/issues/3788",
        entries: [
            ReservedEntry(keys: "ctrl+up", action: "Mission Control"),
            ReservedEntry(keys: "ctrl+down", action: "Mission Control: the front app's windows"),
            ReservedEntry(keys: "ctrl+left", action: "Mission Control: move one space left"),
            ReservedEntry(keys: "ctrl+right", action: "Mission Control: move one space right"),
            ReservedEntry(keys: "f11", action: "Mission Control: show the desktop"),
            ReservedEntry(keys: "shift+f11", action: "Mission Control: show the desktop"),
        ])

    /// iPadOS. The Globe (🌐) shortcuts (Globe-H Home Screen, Globe-A Dock, Globe-C Control
    /// Center, Globe-N notifications, Globe-Q Quick Note, Globe-arrows app switching) are the
    /// system's alone: `UIKeyModifierFlags` has no Globe flag, so no key command, and no
    /// chord of this language, can ask for them; they cannot collide with a binding.
    static let iPadOS = Group(
        owner: "iPadOS", source: "https://support.apple.com/guide/ipad/welcome/ipados (Keyboard shortcuts on iPad)",
        entries: [
            ReservedEntry(keys: "cmd+space", action: "show or hide Search"),
            ReservedEntry(keys: "cmd+tab", action: "app switcher: the next most recently used app"),
            ReservedEntry(keys: "shift+cmd+tab", action: "app switcher: the previous app"),
            ReservedEntry(keys: "cmd+h", action: "go to the Home Screen"),
            ReservedEntry(keys: "alt+cmd+d", action: "show or hide the Dock"),
            ReservedEntry(keys: "shift+cmd+3", action: "take a screenshot"),
            ReservedEntry(keys: "shift+cmd+4", action: "take a screenshot and open Markup"),
            ReservedEntry(keys: "ctrl+space", action: "switch the keyboard language (input source)"),
        ])
}
