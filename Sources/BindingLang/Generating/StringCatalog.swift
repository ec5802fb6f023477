import BindingRuntime

/// A String Catalog (`.xcstrings`, the JSON format Xcode 15 reads and writes) of a keymap's
/// user-visible text, for `bindc strings`: each string is its own key (as
/// `String(localized:)` looks it up), with a comment saying where it appears and the
/// translations a translator added.
///
/// ``keymap(_:sourceLanguage:)`` holds the discoverability titles, group titles, edit-menu
/// and main-menu titles (the table `Keymap`, which the generated Swift looks titles up in);
/// ``infoPlist(_:sourceLanguage:)`` the quick actions' titles and subtitles, keyed by their
/// text, as iOS localises `UIApplicationShortcutItemTitle` and `…Subtitle` values through
/// `InfoPlist.strings`. ``merged(keeping:)`` carries an existing catalog's translations over,
/// so exporting again after the keymap changed loses no work.
public struct StringCatalog: Sendable, Equatable {
    /// One localisable string.
    public struct Entry: Sendable, Equatable {
        /// The key: the string in the source language.
        public var key: String
        /// Where it appears, for translators.
        public var comment: String?
        /// Translations by language code (`de`, `pt-BR`), in the order read or added.
        public var localizations: [(language: String, value: String)]
        /// Whether the keymap no longer has this string (kept for its translations, as Xcode does).
        public var isStale: Bool

        /// Makes an entry.
        public init(key: String, comment: String? = nil, localizations: [(language: String, value: String)] = [], isStale: Bool = false) {
            self.key = key
            self.comment = comment
            self.localizations = localizations
            self.isStale = isStale
        }

        public static func == (a: Entry, b: Entry) -> Bool {
            a.key == b.key && a.comment == b.comment && a.isStale == b.isStale
                && a.localizations.map(\.language) == b.localizations.map(\.language)
                && a.localizations.map(\.value) == b.localizations.map(\.value)
        }
    }

    /// Why a JSON document is not a String Catalog.
    public struct FormatError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, naming the key concerned.
        public var description: String
    }

    /// The table name the generated Swift passes to `String(localized:table:bundle:)`.
    public static let keymapTable = "Keymap"

    /// The development language (`en`).
    public var sourceLanguage: String
    /// The strings, sorted by key (as Xcode writes them).
    public var entries: [Entry]

    /// Makes a catalog; `entries` are sorted by key.
    public init(sourceLanguage: String = "en", entries: [Entry] = []) {
        self.sourceLanguage = sourceLanguage
        self.entries = entries.sorted { $0.key < $1.key }
    }

    // MARK: - From a keymap

    /// The keymap's titles: bindings' discoverability titles, group titles, edit-menu items,
    /// main menus, submenus and their items.
    public static func keymap(_ keymap: Keymap, sourceLanguage: String = "en") -> StringCatalog {
        var collector = Collector()
        for b in keymap.bindings {
            guard let title = b.title else { continue }
            let place = b.role == nil ? "main-menu key equivalent" : "key command in role '\(SourceText.role(b.role, in: keymap))'"
            collector.add(title, "Discoverability title of \(SourceText.sequence(b.sequence)) (\(place))" + where_(b.location))
        }
        for group in keymap.groups {
            collector.add(group, "Discoverability group title")
        }
        for item in keymap.editMenu {
            collector.add(item.title, "Edit-menu item (action '\(actionName(item.action, keymap))')")
        }
        // Menus nest at most 32 deep (Grammar.md §7.2); an explicit stack all the same.
        var stack: [(Menu, [String])] = keymap.mainMenus.reversed().map { ($0, []) }
        while let (menu, path) = stack.popLast() {
            let inside = path + [menu.title]
            collector.add(menu.title, path.isEmpty ? "Main menu title" : "Submenu title in \(path.joined(separator: " › "))")
            for entry in menu.entries.reversed() {
                switch entry {
                case .item(let item):
                    collector.add(item.title, "Menu item in \(inside.joined(separator: " › ")) (action '\(actionName(item.action, keymap))')")
                case .submenu(let submenu):
                    stack.append((submenu, inside))
                case .separator:
                    break
                }
            }
        }
        return StringCatalog(sourceLanguage: sourceLanguage, entries: collector.entries())
    }

    /// The quick actions' titles and subtitles, for `InfoPlist.xcstrings`.
    public static func infoPlist(_ keymap: Keymap, sourceLanguage: String = "en") -> StringCatalog {
        var collector = Collector()
        for q in keymap.quickActions {
            collector.add(q.title, "UIApplicationShortcutItemTitle of the quick action '\(q.type)'")
            if let subtitle = q.subtitle {
                collector.add(subtitle, "UIApplicationShortcutItemSubtitle of the quick action '\(q.type)'")
            }
        }
        return StringCatalog(sourceLanguage: sourceLanguage, entries: collector.entries())
    }

    private static func actionName(_ index: Int, _ keymap: Keymap) -> String {
        keymap.actions.indices.contains(index) ? keymap.actions[index].name : "?"
    }

    private static func where_(_ location: SourceLocation?) -> String {
        location.map { ", \($0.path):\($0.line)" } ?? ""
    }

    /// Strings in first-seen order, each with its places joined.
    private struct Collector {
        var order: [String] = []
        var comments: [String: [String]] = [:]

        mutating func add(_ text: String, _ comment: String) {
            guard !text.isEmpty else { return }
            if comments[text] == nil { order.append(text) }
            if comments[text, default: []].contains(comment) { return }
            comments[text, default: []].append(comment)
        }

        func entries() -> [Entry] {
            order.map { Entry(key: $0, comment: comments[$0]?.joined(separator: "; ")) }
        }
    }

    // MARK: - Merging, lookup

    /// This catalog with `existing`'s translations for every key both have, and `existing`'s
    /// other entries kept as stale (their translations are not lost).
    public func merged(keeping existing: StringCatalog) -> StringCatalog {
        var old: [String: Entry] = [:]
        for entry in existing.entries { old[entry.key] = entry }
        var result = entries.map { entry -> Entry in
            var merged = entry
            merged.localizations = old[entry.key]?.localizations ?? []
            old[entry.key] = nil
            return merged
        }
        for entry in existing.entries where old[entry.key] != nil && !entry.localizations.isEmpty {
            var stale = entry
            stale.isStale = true
            result.append(stale)
        }
        return StringCatalog(sourceLanguage: sourceLanguage, entries: result)
    }

    /// The translation of `key` into `language`; nil when there is none.
    public func translation(of key: String, into language: String) -> String? {
        guard let entry = entries.first(where: { $0.key == key }) else { return nil }
        return entry.localizations.first { $0.language == language }?.value
    }

    /// A lookup for `language`: the translation when there is one, else the text itself (what
    /// `String(localized:)` does), for the runtime's discoverability list.
    public func lookup(language: String) -> @Sendable (String) -> String {
        var table: [String: String] = [:]
        for entry in entries {
            if let value = entry.localizations.first(where: { $0.language == language })?.value { table[entry.key] = value }
        }
        let translations = table
        return { translations[$0] ?? $0 }
    }

    // MARK: - JSON

    /// The catalog as Xcode 15 writes it: `sourceLanguage`, `strings` (each with `comment`,
    /// `extractionState` — `manual`, since no Swift literal holds these strings, or `stale` —
    /// and per language a translated `stringUnit`), `version` 1.0.
    public var json: JSONValue {
        var strings: [(String, JSONValue)] = []
        for entry in entries {
            var members: [(String, JSONValue)] = []
            if let comment = entry.comment { members.append(("comment", .string(comment))) }
            members.append(("extractionState", .string(entry.isStale ? "stale" : "manual")))
            if !entry.localizations.isEmpty {
                let units = entry.localizations.sorted { $0.language < $1.language }.map { l in
                    (l.language, JSONValue.object([
                        ("stringUnit", .object([("state", .string("translated")), ("value", .string(l.value))])),
                    ]))
                }
                members.append(("localizations", .object(units)))
            }
            strings.append((entry.key, .object(members)))
        }
        return .object([
            ("sourceLanguage", .string(sourceLanguage)),
            ("strings", .object(strings)),
            ("version", .string("1.0")),
        ])
    }

    /// The catalog in `json` (a parsed `.xcstrings` file). Plural and device variations are
    /// not read (a keymap's strings have none); an entry with only those keeps no translation.
    public init(json: JSONValue) throws(FormatError) {
        guard case .object(let top) = json else { throw FormatError(description: "the top level is not an object") }
        func member(_ members: [(String, JSONValue)], _ key: String) -> JSONValue? { members.first { $0.0 == key }?.1 }
        guard case .string(let language)? = member(top, "sourceLanguage") else {
            throw FormatError(description: "'sourceLanguage' is missing or not a string")
        }
        var entries: [Entry] = []
        if let strings = member(top, "strings") {
            guard case .object(let items) = strings else { throw FormatError(description: "'strings' is not an object") }
            for (key, value) in items {
                guard case .object(let fields) = value else { throw FormatError(description: "string \"\(key)\" is not an object") }
                var entry = Entry(key: key)
                if case .string(let comment)? = member(fields, "comment") { entry.comment = comment }
                if case .string(let state)? = member(fields, "extractionState") { entry.isStale = state == "stale" }
                if case .object(let localizations)? = member(fields, "localizations") {
                    for (code, unit) in localizations {
                        guard case .object(let unitFields) = unit, case .object(let stringUnit)? = member(unitFields, "stringUnit"),
                            case .string(let value)? = member(stringUnit, "value")
                        else { continue }
                        entry.localizations.append((code, value))
                    }
                }
                entries.append(entry)
            }
        }
        self.init(sourceLanguage: language, entries: entries)
    }
}
