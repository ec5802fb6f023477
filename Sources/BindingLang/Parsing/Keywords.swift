/// The words the parser reads as keywords where the grammar expects them (Grammar.md §1).
/// Everywhere else they are ordinary names (`context in: Bool` declares a context named
/// `in`), but a tool that writes a name into every place it is used (rename) avoids them:
/// in some of those places the name would be read as the keyword.
public enum Keywords {
    /// Every such word: the declaration keywords, `layer over` and `keymap … for`, the block
    /// items `group` and `unbind`, `when`, `menu edit` and `separator`, the condition words
    /// `not`, `in`, `inside` and `is`, the reported `and` and `or`, and `true` and `false`.
    public static let all: Set<String> = [
        "keymap", "for", "context", "responder", "action", "in", "menu", "shortcut", "layer", "over",
        "group", "unbind", "when", "edit", "separator", "not", "inside", "is", "and", "or", "true", "false",
    ]
}
