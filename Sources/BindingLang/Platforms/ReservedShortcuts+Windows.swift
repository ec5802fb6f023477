/// Windows' reserved shortcuts: Microsoft Support, "Keyboard shortcuts in Windows" (the
/// Windows logo key table, Windows 11). The Windows logo key is `cmd` (`super`, `meta`) in this
/// language. Alt+F4 and Alt+Space reach the app (as `WM_SYSKEYDOWN`) and act only when it
/// passes them on to `DefWindowProc`, so they are marked as reaching it: a warning still, since
/// users expect them.
///
/// Only shortcuts on by default are listed, as in the other tables: Win+Ctrl+C (color filters)
/// works only once the user turns it on in the color-filter settings, and is left out. Win+Y
/// (Windows Mixed Reality) and Win+Alt+Enter (taskbar settings, with a taskbar item focused)
/// act only in those states and are left out too. "Windows logo key + Plus" is the key that
/// types `=` and, shifted, `+` on a US keyboard (`VK_OEM_PLUS`), so it is `cmd+equal` here.
extension ReservedShortcuts {
    static let windows = Group(
        owner: "Windows",
        source: "https://support.microsoft.com/en-us/windows/keyboard-shortcuts-in-windows-dcc61a57-8ff0-cffe-9796-cb9706c75eec",
        entries: [
            ReservedEntry(keys: "alt+tab", action: "switch between open apps"),
            ReservedEntry(keys: "alt+shift+tab", action: "switch between open apps, backwards"),
            ReservedEntry(keys: "ctrl+alt+tab", action: "view open apps and switch with the arrow keys"),
            ReservedEntry(keys: "alt+escape", action: "cycle through windows in the order they were opened"),
            ReservedEntry(keys: "alt+f4", action: "close the active window or app", reachesTheApp: true),
            ReservedEntry(keys: "ctrl+alt+forwardDelete", action: "security options: lock, switch user, sign out, Task Manager"),
            ReservedEntry(keys: "ctrl+shift+escape", action: "open Task Manager"),
            ReservedEntry(keys: "ctrl+escape", action: "open Start"),
            ReservedEntry(keys: "cmd+tab", action: "open Task view"),
            ReservedEntry(keys: "cmd+l", action: "lock the PC"),
            ReservedEntry(keys: "cmd+d", action: "show and hide the desktop"),
            ReservedEntry(keys: "cmd+e", action: "open File Explorer"),
            ReservedEntry(keys: "cmd+r", action: "open the Run dialog"),
            ReservedEntry(keys: "cmd+s", action: "open search"),
            ReservedEntry(keys: "cmd+i", action: "open Settings"),
            ReservedEntry(keys: "cmd+a", action: "open quick settings"),
            ReservedEntry(keys: "cmd+n", action: "open the notification center"),
            ReservedEntry(keys: "cmd+v", action: "open the clipboard history"),
            ReservedEntry(keys: "cmd+x", action: "open the Quick Link menu"),
            ReservedEntry(keys: "cmd+m", action: "minimize all windows"),
            ReservedEntry(keys: "cmd+h", action: "start voice typing"),
            ReservedEntry(keys: "cmd+k", action: "open Cast (connect to displays and audio)"),
            ReservedEntry(keys: "cmd+p", action: "choose a presentation display mode"),
            ReservedEntry(keys: "cmd+u", action: "open Accessibility settings"),
            ReservedEntry(keys: "cmd+g", action: "open Game Bar"),
            ReservedEntry(keys: "cmd+period", action: "open the emoji panel"),
            ReservedEntry(keys: "cmd+comma", action: "peek at the desktop"),
            ReservedEntry(keys: "shift+cmd+s", action: "screenshot of part of the screen (Snipping Tool)"),
            ReservedEntry(keys: "cmd+space", action: "switch the input language and keyboard layout"),
            ReservedEntry(keys: "cmd+up", action: "maximize the window"),
            ReservedEntry(keys: "cmd+down", action: "minimize or restore the window"),
            ReservedEntry(keys: "cmd+left", action: "snap the window to the left"),
            ReservedEntry(keys: "cmd+right", action: "snap the window to the right"),
            ReservedEntry(keys: "ctrl+cmd+d", action: "add a virtual desktop"),
            ReservedEntry(keys: "ctrl+cmd+left", action: "switch to the virtual desktop on the left"),
            ReservedEntry(keys: "ctrl+cmd+right", action: "switch to the virtual desktop on the right"),
            ReservedEntry(keys: "ctrl+cmd+f4", action: "close the current virtual desktop"),
            ReservedEntry(keys: "cmd+b", action: "set focus in the notification area"),
            ReservedEntry(keys: "cmd+t", action: "cycle through the apps on the taskbar"),
            ReservedEntry(keys: "cmd+w", action: "open Widgets"),
            ReservedEntry(keys: "cmd+z", action: "open the snap layouts"),
            ReservedEntry(keys: "shift+cmd+up", action: "stretch the window to the top and bottom of the screen"),
            ReservedEntry(keys: "shift+cmd+left", action: "move the window to the monitor on the left"),
            ReservedEntry(keys: "shift+cmd+right", action: "move the window to the monitor on the right"),
            ReservedEntry(keys: "cmd+equal", action: "Magnifier: open it and zoom in (Windows logo key + Plus)"),
            ReservedEntry(keys: "cmd+minus", action: "Magnifier: zoom out"),
            ReservedEntry(keys: "cmd+semicolon", action: "open the emoji panel"),
            ReservedEntry(keys: "ctrl+cmd+return", action: "turn Narrator on or off"),
            ReservedEntry(keys: "shift+cmd+down", action: "restore or minimize the window, keeping its width"),
            ReservedEntry(keys: "cmd+c", action: "open Copilot"),
            ReservedEntry(keys: "alt+cmd+r", action: "Game Bar: start or stop recording"),
            ReservedEntry(keys: "alt+cmd+g", action: "Game Bar: record the last few seconds"),
            ReservedEntry(keys: "alt+cmd+k", action: "mute or unmute the microphone in a call"),
            ReservedEntry(keys: "alt+space", action: "open the window's shortcut menu", reachesTheApp: true),
            ReservedEntry(keys: "printScreen", action: "open Snipping Tool (Windows 11's default for Print Screen)"),
            ReservedEntry(keys: "cmd+printScreen", action: "save a screenshot of the whole screen"),
            // The rest of the page's Windows-logo-key table (the page itself could not be
            // fetched when these were added; they were taken from a copy of its table). Win+F,
            // Win+O, Win+Home, Win+Pause (Break), Win+Esc, Win+J, Win+/ and Ctrl+Win+F are also
            // in Microsoft Learn's list of the combinations Windows predefines
            // (learn.microsoft.com/windows/iot/iot-enterprise/customize/predefined-key-combinations),
            // and Win+Esc closing Magnifier in Microsoft Support's Magnifier pages.
            ReservedEntry(keys: "cmd+f", action: "open Feedback Hub and take a screenshot"),
            ReservedEntry(keys: "cmd+o", action: "lock the device's orientation"),
            ReservedEntry(keys: "cmd+home", action: "minimize all but the active window (again: restore them)"),
            ReservedEntry(keys: "cmd+pause", action: "open Settings, System, About"),
            ReservedEntry(keys: "shift+cmd+m", action: "restore the minimized windows"),
            ReservedEntry(keys: "cmd+escape", action: "Magnifier: close it"),
            ReservedEntry(keys: "ctrl+cmd+space", action: "change to the previously selected input"),
            ReservedEntry(keys: "shift+cmd+space", action: "cycle backward through input languages and keyboard layouts"),
            ReservedEntry(keys: "cmd+j", action: "set focus to a Windows tip"),
            ReservedEntry(keys: "cmd+slash", action: "begin IME reconversion"),
            ReservedEntry(keys: "ctrl+cmd+f", action: "search for PCs on the network"),
            ReservedEntry(keys: "ctrl+cmd+q", action: "open Quick Assist"),
            ReservedEntry(keys: "shift+cmd+v", action: "set focus to a notification"),
            ReservedEntry(keys: "shift+cmd+c", action: "open the charms menu"),
            ReservedEntry(keys: "alt+cmd+up", action: "snap the window to the top half of the screen"),
            ReservedEntry(keys: "alt+cmd+down", action: "snap the window to the bottom half of the screen"),
            ReservedEntry(keys: "ctrl+shift+cmd+b", action: "wake the PC from a blank or black screen (restarts the graphics driver)"),
            ReservedEntry(keys: "alt+cmd+b", action: "Game Bar: turn HDR on or off"),
            ReservedEntry(keys: "alt+cmd+printScreen", action: "Game Bar: save a screenshot of the game window"),
            ReservedEntry(keys: "cmd+0", action: "open the app pinned at position 10 of the taskbar"),
        ] + (1...9).flatMap { n in [
            ReservedEntry(keys: "cmd+\(n)", action: "open the app pinned at position \(n) of the taskbar"),
            ReservedEntry(keys: "shift+cmd+\(n)", action: "open a new instance of the app pinned at position \(n) of the taskbar"),
            ReservedEntry(keys: "ctrl+cmd+\(n)", action: "switch to the last active window of the app pinned at position \(n) of the taskbar"),
            ReservedEntry(keys: "alt+cmd+\(n)", action: "open the Jump List of the app pinned at position \(n) of the taskbar"),
            ReservedEntry(keys: "ctrl+shift+cmd+\(n)", action: "open a new instance of the app pinned at position \(n) of the taskbar as an administrator"),
        ] })
}
