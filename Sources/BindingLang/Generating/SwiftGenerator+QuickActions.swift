/// The home-screen quick actions as a typed enum of their shortcut types, with their titles,
/// and (under UIKit, in `SwiftGenerator+UIKit.swift`) a parser for `UIApplicationShortcutItem`.
extension SwiftGenerator.Generator {
    mutating func shortcutTypes() {
        line("/// The home-screen quick actions (`UIApplicationShortcutItems`), by their type string.", 1)
        line("/// (Its `RawRepresentable` conformance is written out, so that a keymap without quick", 1)
        line("/// actions gets an empty enum.)", 1)
        line("public enum ShortcutType: RawRepresentable, CaseIterable, Hashable, Sendable {", 1)
        for (q, id) in zip(keymap.quickActions, shortcutNames) {
            line("/// `\(SwiftGenerator.commentText(q.type))`", 2)
            line("case \(SwiftGenerator.identifier(id))", 2)
        }
        line()
        line("/// The quick action of this `UIApplicationShortcutItemType`; nil for another type.", 2)
        line("public init?(rawValue: String) {", 2)
        line("switch rawValue {", 3)
        for (q, id) in zip(keymap.quickActions, shortcutNames) {
            line("case \(SwiftGenerator.quoted(q.type)): self = .\(SwiftGenerator.identifier(id))", 3)
        }
        line("default: return nil", 3)
        line("}", 3)
        line("}", 2)
        line()
        line("/// The `UIApplicationShortcutItemType`.", 2)
        line("public var rawValue: String {", 2)
        shortcutSwitch { SwiftGenerator.quoted($0.type) }
        line("}", 2)
        line()
        line("/// The quick action's title as declared (`UIApplicationShortcutItemTitle`).", 2)
        line("public var title: String {", 2)
        shortcutSwitch { SwiftGenerator.quoted($0.title) }
        line("}", 2)
        line()
        line("/// The quick action's subtitle as declared, if any.", 2)
        line("public var subtitle: String? {", 2)
        shortcutSwitch { $0.subtitle.map(SwiftGenerator.quoted) ?? "nil" }
        line("}", 2)
        line("}", 1)
    }

    private mutating func shortcutSwitch(_ value: (QuickAction) -> String) {
        if keymap.quickActions.isEmpty {
            line("switch self {}", 3)
            return
        }
        line("switch self {", 3)
        for (q, id) in zip(keymap.quickActions, shortcutNames) {
            line("case .\(SwiftGenerator.identifier(id)): return \(value(q))", 3)
        }
        line("}", 3)
    }
}
