/// The Linux desktops' reserved shortcuts: GNOME 46/47 (GNOME Help, "Useful keyboard
/// shortcuts", and the defaults of its settings schemas) and KDE Plasma 6 (the default global
/// shortcuts its components register, from their code). The Super (Windows, Meta) key is `cmd`
/// in this language. Both are listed: a keymap for Linux should work on either. Only keys on by
/// default on a fresh install are listed.
extension ReservedShortcuts {
    static let gnome = Group(
        owner: "GNOME", source: "https://help.gnome.org/users/gnome-help/stable/shell-keyboard-shortcuts.html",
        entries: [
            ReservedEntry(keys: "alt+f2", action: "pop up the command window"),
            // Not upstream GNOME's: gnome-settings-daemon (47.0, 50.1) has no `terminal` key (its
            // commit 0f6e2ebd adding one, from Ubuntu's patch, is in no release) and the Help
            // page has the line commented out. Ubuntu ships it as ['<Primary><Alt>t'] (Ubuntu's
            // desktop policy documentation, 20.04 to 25.10); KDE Plasma's Konsole takes it too.
            ReservedEntry(keys: "ctrl+alt+t", action: "open a terminal (Ubuntu's default)"),
            ReservedEntry(keys: "cmd+tab", action: "switch between applications"),
            ReservedEntry(keys: "shift+cmd+tab", action: "switch between applications, backwards"),
            ReservedEntry(keys: "alt+tab", action: "switch between applications"),
            ReservedEntry(keys: "alt+shift+tab", action: "switch between applications, backwards"),
            ReservedEntry(keys: "cmd+backquote", action: "switch between windows of the same application"),
            ReservedEntry(keys: "alt+escape", action: "switch between windows in the current workspace"),
            ReservedEntry(keys: "ctrl+alt+tab", action: "give keyboard focus to the top bar"),
            ReservedEntry(keys: "cmd+a", action: "show the list of applications"),
            // `switch-to-workspace-left`/`-right` since GNOME 40's horizontal workspaces.
            ReservedEntry(keys: "cmd+pageUp", action: "switch to the workspace on the left"),
            ReservedEntry(keys: "cmd+pageDown", action: "switch to the workspace on the right"),
            ReservedEntry(keys: "shift+cmd+pageUp", action: "move the window to the workspace on the left"),
            ReservedEntry(keys: "shift+cmd+pageDown", action: "move the window to the workspace on the right"),
            ReservedEntry(keys: "shift+cmd+left", action: "move the window one monitor to the left"),
            ReservedEntry(keys: "shift+cmd+right", action: "move the window one monitor to the right"),
            ReservedEntry(keys: "ctrl+alt+forwardDelete", action: "show the Power Off dialog"),
            ReservedEntry(keys: "cmd+l", action: "lock the screen"),
            ReservedEntry(keys: "cmd+v", action: "show the notification list"),
            ReservedEntry(keys: "cmd+space", action: "switch to the next input source"),
            ReservedEntry(keys: "shift+cmd+space", action: "switch to the previous input source"),
            ReservedEntry(keys: "cmd+up", action: "maximize the window"),
            ReservedEntry(keys: "cmd+down", action: "restore the window"),
            ReservedEntry(keys: "cmd+left", action: "tile the window to the left half"),
            ReservedEntry(keys: "cmd+right", action: "tile the window to the right half"),
            ReservedEntry(keys: "cmd+h", action: "hide the window"),
            ReservedEntry(keys: "alt+f4", action: "close the window"),
        ])

    /// GNOME's window-manager defaults (the `org.gnome.desktop.wm.keybindings` schema of
    /// gsettings-desktop-schemas, which GNOME Shell reads) not in its Help's list above; checked
    /// against 47.1 (the same in 43.0; 50.1 adds only the keypad's Page Up and Page Down).
    /// `Above_Tab` is the key above Tab (`Backquote`).
    static let gnomeWindowManager = Group(
        owner: "GNOME",
        source: "https://gitlab.gnome.org/GNOME/gsettings-desktop-schemas/-/blob/47.1/schemas/org.gnome.desktop.wm.keybindings.gschema.xml.in",
        entries: [
            ReservedEntry(keys: "ctrl+alt+left", action: "switch to the workspace on the left"),
            ReservedEntry(keys: "ctrl+alt+right", action: "switch to the workspace on the right"),
            ReservedEntry(keys: "ctrl+alt+up", action: "switch to the workspace above"),
            ReservedEntry(keys: "ctrl+alt+down", action: "switch to the workspace below"),
            ReservedEntry(keys: "alt+cmd+left", action: "switch to the workspace on the left"),
            ReservedEntry(keys: "alt+cmd+right", action: "switch to the workspace on the right"),
            ReservedEntry(keys: "cmd+home", action: "switch to the first workspace"),
            ReservedEntry(keys: "cmd+end", action: "switch to the last workspace"),
            ReservedEntry(keys: "ctrl+alt+shift+left", action: "move the window to the workspace on the left"),
            ReservedEntry(keys: "ctrl+alt+shift+right", action: "move the window to the workspace on the right"),
            ReservedEntry(keys: "ctrl+alt+shift+up", action: "move the window to the workspace above"),
            ReservedEntry(keys: "ctrl+alt+shift+down", action: "move the window to the workspace below"),
            ReservedEntry(keys: "alt+shift+cmd+left", action: "move the window to the workspace on the left"),
            ReservedEntry(keys: "alt+shift+cmd+right", action: "move the window to the workspace on the right"),
            ReservedEntry(keys: "shift+cmd+home", action: "move the window to the first workspace"),
            ReservedEntry(keys: "shift+cmd+end", action: "move the window to the last workspace"),
            ReservedEntry(keys: "shift+cmd+up", action: "move the window one monitor up"),
            ReservedEntry(keys: "shift+cmd+down", action: "move the window one monitor down"),
            ReservedEntry(keys: "alt+Backquote", action: "switch between windows of the same application"),
            ReservedEntry(keys: "alt+shift+Backquote", action: "switch between windows of the same application, backwards"),
            ReservedEntry(keys: "shift+cmd+Backquote", action: "switch between windows of the same application, backwards"),
            ReservedEntry(keys: "ctrl+alt+shift+tab", action: "give keyboard focus to the top bar, backwards"),
            ReservedEntry(keys: "alt+f6", action: "switch between windows of the application directly"),
            ReservedEntry(keys: "alt+shift+f6", action: "switch between windows of the application directly, backwards"),
            ReservedEntry(keys: "alt+shift+escape", action: "switch between windows directly, backwards"),
            ReservedEntry(keys: "ctrl+alt+escape", action: "switch between system controls directly"),
            ReservedEntry(keys: "ctrl+alt+shift+escape", action: "switch between system controls directly, backwards"),
            ReservedEntry(keys: "alt+space", action: "show the window menu"),
            ReservedEntry(keys: "alt+f5", action: "restore the window"),
            ReservedEntry(keys: "alt+f7", action: "move the window"),
            ReservedEntry(keys: "alt+f8", action: "resize the window"),
            ReservedEntry(keys: "alt+f10", action: "maximize or restore the window"),
        ])

    /// GNOME Shell's and mutter's own defaults (the `org.gnome.shell.keybindings` schema of
    /// gnome-shell 47.0, the same in 46.0 and 50.4, and `org.gnome.mutter.keybindings` and
    /// `org.gnome.mutter.wayland.keybindings` of mutter 47.0): screenshots and screencasts,
    /// quick settings, the overview, the dash's applications, notifications, display switching.
    /// GNOME 45 dropped `open-application-menu` (Super+F10) with the app menu, so it is not
    /// listed; mutter's `cancel-input-capture` (Super+Shift+Escape) is a custom trigger that
    /// acts only during an input capture, and is not listed either.
    static let gnomeShell = Group(
        owner: "GNOME",
        source: "https://gitlab.gnome.org/GNOME/gnome-shell/-/blob/47.0/data/org.gnome.shell.gschema.xml.in; https://gitlab.gnome.org/GNOME/mutter/-/blob/47.0/data/org.gnome.mutter.gschema.xml.in",
        entries: [
            ReservedEntry(keys: "printScreen", action: "show the screenshot tool"),
            ReservedEntry(keys: "shift+printScreen", action: "take a screenshot of the screen"),
            ReservedEntry(keys: "alt+printScreen", action: "take a screenshot of the window"),
            ReservedEntry(keys: "ctrl+alt+shift+r", action: "start or stop a screen recording"),
            ReservedEntry(keys: "cmd+s", action: "show or hide quick settings (GNOME 45 and later; the overview before)"),
            ReservedEntry(keys: "alt+cmd+up", action: "move the overview up a level (from the desktop: open it)"),
            ReservedEntry(keys: "alt+cmd+down", action: "move the overview down a level"),
            ReservedEntry(keys: "cmd+n", action: "focus the active notification"),
            ReservedEntry(keys: "cmd+m", action: "show the notification list"),
            ReservedEntry(keys: "cmd+p", action: "switch the display configuration"),
            ReservedEntry(keys: "cmd+escape", action: "restore the keyboard shortcuts an app inhibited"),
        ] + (1...9).flatMap { n in [
            ReservedEntry(keys: "cmd+\(n)", action: "open the application at position \(n) of the dash"),
            ReservedEntry(keys: "ctrl+cmd+\(n)", action: "open a new window of the application at position \(n) of the dash"),
        ] })

    /// gnome-settings-daemon's media-keys defaults (`org.gnome.settings-daemon.plugins.media-keys`,
    /// 47.0): the accessibility toggles a stray binding would set off, help, and the rotation
    /// lock (`rotate-video-lock-static`, ['<Super>o', 'XF86RotationLockToggle']), whose key is
    /// grabbed on every machine though it acts only where there is an accelerometer.
    static let gnomeMediaKeys = Group(
        owner: "GNOME",
        source: "https://gitlab.gnome.org/GNOME/gnome-settings-daemon/-/blob/47.0/data/org.gnome.settings-daemon.plugins.media-keys.gschema.xml.in",
        entries: [
            ReservedEntry(keys: "cmd+f1", action: "open the help browser"),
            ReservedEntry(keys: "cmd+o", action: "turn automatic screen rotation on or off"),
            ReservedEntry(keys: "alt+cmd+s", action: "turn the screen reader on or off"),
            ReservedEntry(keys: "alt+cmd+8", action: "turn zoom on or off"),
            ReservedEntry(keys: "alt+cmd+equal", action: "zoom in"),
            ReservedEntry(keys: "alt+cmd+minus", action: "zoom out"),
        ])

    /// mutter's `org.gnome.mutter.wayland.keybindings` (`switch-to-session-1` … `12`, the same in
    /// 43.8 and 47.0): Ctrl+Alt and a function key leave the session for a text console.
    static let gnomeSessions = Group(
        owner: "GNOME",
        source: "https://gitlab.gnome.org/GNOME/mutter/-/blob/47.0/data/org.gnome.mutter.wayland.gschema.xml.in",
        entries: (1...12).map { ReservedEntry(keys: "ctrl+alt+f\($0)", action: "switch to virtual terminal \($0)") })

    /// KDE Plasma 6's KWin defaults, from its code (v6.4.5, 4b168ff0): `Workspace::initShortcuts`
    /// in `src/useractions.cpp`, the desktop switching of `src/virtualdesktops.cpp`, the task
    /// switcher of `src/tabbox/tabbox.cpp`, the layout switching of `src/keyboard_layout.cpp`
    /// and the input capture of `src/plugins/eis`. Plasma 6 moved Kill Window from Ctrl+Alt+Esc to
    /// Meta+Ctrl+Esc and desktop switching to Meta+Ctrl+arrows, so those older keys are not
    /// listed; Qt's `Alt+~` is Alt+Shift and the key above Tab. KDE's own documentation of the
    /// defaults (docs.kde.org, "KDE Fundamentals") still describes Plasma 5.
    static let kdePlasma = Group(
        owner: "KDE Plasma", source: "https://invent.kde.org/plasma/kwin/-/blob/v6.4.5/src/useractions.cpp",
        entries: [
            ReservedEntry(keys: "alt+tab", action: "task switcher: walk through windows"),
            ReservedEntry(keys: "alt+shift+tab", action: "task switcher: walk through windows, backwards"),
            ReservedEntry(keys: "cmd+tab", action: "task switcher: walk through windows"),
            ReservedEntry(keys: "shift+cmd+tab", action: "task switcher: walk through windows, backwards"),
            ReservedEntry(keys: "alt+Backquote", action: "task switcher: walk through the windows of the current application"),
            ReservedEntry(keys: "cmd+Backquote", action: "task switcher: walk through the windows of the current application"),
            ReservedEntry(keys: "alt+shift+Backquote", action: "task switcher: walk through the windows of the current application, backwards"),
            ReservedEntry(keys: "shift+cmd+Backquote", action: "task switcher: walk through the windows of the current application, backwards"),
            ReservedEntry(keys: "alt+f3", action: "show the window operations menu"),
            ReservedEntry(keys: "alt+f4", action: "close the window"),
            ReservedEntry(keys: "cmd+pageUp", action: "maximize the window"),
            ReservedEntry(keys: "cmd+pageDown", action: "minimize the window"),
            ReservedEntry(keys: "ctrl+cmd+a", action: "activate the window demanding attention"),
            ReservedEntry(keys: "cmd+left", action: "quick tile the window to the left"),
            ReservedEntry(keys: "cmd+right", action: "quick tile the window to the right"),
            ReservedEntry(keys: "cmd+up", action: "quick tile the window to the top"),
            ReservedEntry(keys: "cmd+down", action: "quick tile the window to the bottom"),
            ReservedEntry(keys: "alt+cmd+left", action: "switch to the window to the left"),
            ReservedEntry(keys: "alt+cmd+right", action: "switch to the window to the right"),
            ReservedEntry(keys: "alt+cmd+up", action: "switch to the window above"),
            ReservedEntry(keys: "alt+cmd+down", action: "switch to the window below"),
            ReservedEntry(keys: "ctrl+shift+cmd+left", action: "move the window one desktop to the left"),
            ReservedEntry(keys: "ctrl+shift+cmd+right", action: "move the window one desktop to the right"),
            ReservedEntry(keys: "ctrl+shift+cmd+up", action: "move the window one desktop up"),
            ReservedEntry(keys: "ctrl+shift+cmd+down", action: "move the window one desktop down"),
            ReservedEntry(keys: "shift+cmd+left", action: "move the window to the previous screen"),
            ReservedEntry(keys: "shift+cmd+right", action: "move the window to the next screen"),
            ReservedEntry(keys: "cmd+d", action: "peek at the desktop"),
            ReservedEntry(keys: "ctrl+cmd+escape", action: "kill a window"),
            ReservedEntry(keys: "ctrl+cmd+left", action: "switch one desktop to the left"),
            ReservedEntry(keys: "ctrl+cmd+right", action: "switch one desktop to the right"),
            ReservedEntry(keys: "ctrl+cmd+up", action: "switch one desktop up"),
            ReservedEntry(keys: "ctrl+cmd+down", action: "switch one desktop down"),
            ReservedEntry(keys: "ctrl+f1", action: "switch to desktop 1"),
            ReservedEntry(keys: "ctrl+f2", action: "switch to desktop 2"),
            ReservedEntry(keys: "ctrl+f3", action: "switch to desktop 3"),
            ReservedEntry(keys: "ctrl+f4", action: "switch to desktop 4"),
            ReservedEntry(keys: "alt+cmd+k", action: "switch to the next keyboard layout"),
            ReservedEntry(keys: "alt+cmd+l", action: "switch to the last-used keyboard layout"),
            ReservedEntry(keys: "shift+cmd+escape", action: "disable the active input capture"),
        ])

    /// The KWin effects on by default (`EnabledByDefault` in their `metadata.json`) and their
    /// keys, KWin v6.4.5: Present Windows (`plugins/windowview`), Overview and Grid View
    /// (`plugins/overview`), the tiles editor (`plugins/tileseditor`) and Zoom (`plugins/zoom`).
    /// The effects off by default (invert, magnifier, mouse click, mouse mark, thumbnail aside,
    /// show paint) take nothing.
    static let kdePlasmaEffects = Group(
        owner: "KDE Plasma",
        source: "https://invent.kde.org/plasma/kwin/-/tree/v6.4.5/src/plugins",
        entries: [
            ReservedEntry(keys: "ctrl+f7", action: "present the windows of the window's application"),
            ReservedEntry(keys: "ctrl+f9", action: "present the windows of the current desktop"),
            ReservedEntry(keys: "ctrl+f10", action: "present the windows of all desktops"),
            ReservedEntry(keys: "cmd+w", action: "show or hide the Overview"),
            ReservedEntry(keys: "cmd+g", action: "show or hide the Grid View"),
            ReservedEntry(keys: "cmd+t", action: "show or hide the tiles editor"),
            ReservedEntry(keys: "cmd+equal", action: "zoom in"),
            ReservedEntry(keys: "cmd+minus", action: "zoom out"),
            ReservedEntry(keys: "cmd+0", action: "zoom to the actual size"),
            ReservedEntry(keys: "cmd+f5", action: "zoom: move the mouse to the focus"),
            ReservedEntry(keys: "cmd+f6", action: "zoom: move the mouse to the center"),
        ])

    /// KDE Plasma 6's workspace defaults, v6.4.5 of each: plasma-workspace (`shell/shellcorona.cpp`,
    /// KRunner's `org.kde.krunner.desktop.cmake`, `klipper/klipper.cpp`,
    /// `startkde/session-shortcuts/main.cpp`), kscreenlocker (`KScreenSaverSettings::defaultShortcuts()`:
    /// Meta+L only; Ctrl+Alt+L was removed in Plasma 5.25, commit 0ce96496), kscreen's OSD,
    /// plasma-systemmonitor (Meta+Esc since Plasma 6.0; Ctrl+Esc before), plasma-desktop's
    /// screen-reader toggle (`kaccess`) and Emoji Selector, and Spectacle. The `.desktop` files'
    /// `X-KDE-Shortcuts` are registered at login from `share/kglobalaccel`.
    static let kdePlasmaWorkspace = Group(
        owner: "KDE Plasma",
        source: "https://invent.kde.org/plasma/plasma-workspace/-/blob/v6.4.5/shell/shellcorona.cpp; https://invent.kde.org/plasma/kscreenlocker/-/blob/v6.4.5/settings/kscreensaversettings.cpp; https://invent.kde.org/plasma/spectacle/-/blob/v6.4.5/desktop/org.kde.spectacle.desktop.cmake",
        entries: [
            ReservedEntry(keys: "alt+space", action: "KRunner"),
            ReservedEntry(keys: "alt+f2", action: "KRunner"),
            ReservedEntry(keys: "alt+shift+f2", action: "KRunner: run the clipboard's contents"),
            ReservedEntry(keys: "alt+f1", action: "open the application launcher"),
            ReservedEntry(keys: "ctrl+f12", action: "show the desktop"),
            ReservedEntry(keys: "cmd+q", action: "show the activity switcher"),
            ReservedEntry(keys: "alt+cmd+p", action: "move the keyboard focus between panels"),
            ReservedEntry(keys: "cmd+v", action: "show the clipboard's items at the mouse position"),
            ReservedEntry(keys: "ctrl+cmd+x", action: "turn the clipboard's automatic action menu on or off"),
            ReservedEntry(keys: "ctrl+alt+forwardDelete", action: "show the log-out dialog"),
            ReservedEntry(keys: "cmd+l", action: "lock the session"),
            ReservedEntry(keys: "cmd+p", action: "switch the display configuration"),
            ReservedEntry(keys: "cmd+escape", action: "open System Monitor"),
            ReservedEntry(keys: "cmd+period", action: "open the Emoji Selector"),
            ReservedEntry(keys: "alt+cmd+s", action: "turn the screen reader on or off"),
            ReservedEntry(keys: "printScreen", action: "Spectacle: take a screenshot"),
            ReservedEntry(keys: "shift+cmd+s", action: "Spectacle: take a screenshot"),
            ReservedEntry(keys: "shift+printScreen", action: "Spectacle: capture the entire desktop"),
            ReservedEntry(keys: "cmd+printScreen", action: "Spectacle: capture the active window"),
            ReservedEntry(keys: "shift+cmd+printScreen", action: "Spectacle: capture a rectangular region"),
            ReservedEntry(keys: "ctrl+cmd+printScreen", action: "Spectacle: capture the window under the cursor"),
            ReservedEntry(keys: "shift+cmd+r", action: "Spectacle: record a rectangular region"),
            ReservedEntry(keys: "cmd+r", action: "Spectacle: record a rectangular region"),
            ReservedEntry(keys: "alt+cmd+r", action: "Spectacle: record the screen"),
            ReservedEntry(keys: "ctrl+cmd+r", action: "Spectacle: record a window"),
        ] + (1...9).map { ReservedEntry(keys: "cmd+\($0)", action: "activate the task manager's entry \($0)") })

    /// The launch keys of the KDE applications a Plasma desktop ships with (KDE Gear 25.08.3):
    /// Konsole's and Dolphin's `.desktop` files, installed in `share/kglobalaccel`.
    static let kdeApplications = Group(
        owner: "KDE Plasma",
        source: "https://invent.kde.org/utilities/konsole/-/blob/v25.08.3/desktop/org.kde.konsole.desktop; https://invent.kde.org/system/dolphin/-/blob/v25.08.3/src/org.kde.dolphin.desktop",
        entries: [
            ReservedEntry(keys: "ctrl+alt+t", action: "open Konsole"),
            ReservedEntry(keys: "cmd+e", action: "open Dolphin"),
        ])
}
