/// The predeclared actions: UIKit's standard edit actions and the common responder
/// commands. A keymap uses them without declaring them.
public enum StandardActions {
    /// Every standard action, in the order the model lists the ones a keymap uses.
    public static let all: [String] = [
        "cut", "copy", "paste", "pasteAndMatchStyle", "delete", "select", "selectAll",
        "toggleBoldface", "toggleItalics", "toggleUnderline",
        "makeTextWritingDirectionLeftToRight", "makeTextWritingDirectionRightToLeft",
        "increaseSize", "decreaseSize", "undo", "redo",
        "find", "findNext", "findPrevious", "findAndReplace", "useSelectionForFind",
        "print", "rename", "duplicate", "define", "share", "cancelOperation",
    ]
}

/// The system icon types a quick action may name, as written in `.bind` (the Info.plist value
/// is `UIApplicationShortcutIconType` followed by the name with its first letter upper-cased).
public enum QuickActionIcons {
    public static let all: [String] = [
        "compose", "play", "pause", "add", "location", "search", "share", "prohibit", "contact",
        "home", "markLocation", "favorite", "love", "cloud", "invitation", "confirmation",
        "mail", "message", "date", "time", "capturePhoto", "captureVideo", "task",
        "taskCompleted", "alarm", "bookmark", "shuffle", "audio", "update",
    ]

    /// The Info.plist value for `name`, e.g. `UIApplicationShortcutIconTypeCompose`.
    public static func plistValue(_ name: String) -> String {
        "UIApplicationShortcutIconType" + name.prefix(1).uppercased() + name.dropFirst()
    }
}
