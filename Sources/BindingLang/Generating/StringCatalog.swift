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
/// `InfoPlist.strings`. ``merged(keeping:)`` carries an existing catalog over, so exporting
/// again after the keymap changed loses no work.
///
/// Keys are compared by their Unicode scalars (``ExactString``), as Apple looks them up:
/// "Café" written with a precomposed é and with e and a combining accent are two strings.
public struct StringCatalog: Sendable, Equatable {
    /// One localisable string: its key and its members as the catalog holds them.
    public struct Entry: Sendable, Equatable {
        /// The key: the string in the source language.
        public var key: String
        /// The entry's JSON members in the order read: `comment`, `extractionState`,
        /// `localizations` (with their states, plural and device variations, substitutions),
        /// `shouldTranslate` and any member a newer Xcode writes. They are written back as
        /// they are, so a merge loses none of a translator's work; the properties below read
        /// and set the ones `bindc` uses.
        public var members: [(String, JSONValue)]

        /// Makes an entry.
        public init(key: String, comment: String? = nil, localizations: [(language: String, value: String)] = [], isStale: Bool = false) {
            self.key = key
            members = []
            self.comment = comment
            self.isStale = isStale
            self.localizations = localizations
        }

        /// An entry with the members of a catalog's JSON.
        public init(key: String, members: [(String, JSONValue)]) {
            self.key = key
            self.members = members
        }

        /// Where it appears, for translators (`comment`).
        public var comment: String? {
            get {
                guard case .string(let text)? = JSONMembers.value("comment", in: members) else { return nil }
                return text
            }
            set { JSONMembers.set("comment", newValue.map(JSONValue.string), in: &members) }
        }

        /// Whether the keymap no longer has this string (kept for its translations, as Xcode
        /// does): `extractionState` `stale`; otherwise `bindc` writes `manual`, since no Swift
        /// literal holds these strings.
        public var isStale: Bool {
            get { JSONMembers.value("extractionState", in: members) == .string("stale") }
            set { JSONMembers.set("extractionState", .string(newValue ? "stale" : "manual"), in: &members) }
        }

        /// The translations that are a plain string unit, by language code (`de`, `pt-BR`) in
        /// the order read; a localization made of variations has no single value and is left
        /// out. Setting them replaces every localization with a translated string unit.
        public var localizations: [(language: String, value: String)] {
            get {
                guard case .object(let languages)? = JSONMembers.value("localizations", in: members) else { return [] }
                return languages.compactMap { language, localization in
                    guard case .object(let fields) = localization,
                          case .object(let unit)? = JSONMembers.value("stringUnit", in: fields),
                          case .string(let value)? = JSONMembers.value("value", in: unit)
                    else { return nil }
                    return (language, value)
                }
            }
            set {
                let units = newValue.sorted { ExactString($0.language) < ExactString($1.language) }.map { l in
                    (l.language, JSONValue.object([
                        ("stringUnit", .object([("state", .string("translated")), ("value", .string(l.value))])),
                    ]))
                }
                JSONMembers.set("localizations", units.isEmpty ? nil : .object(units), in: &members)
            }
        }

        /// Whether a translator localised the string at all (string units, variations or
        /// substitutions, in any state).
        public var hasLocalizations: Bool {
            guard case .object(let languages)? = JSONMembers.value("localizations", in: members) else { return false }
            return !languages.isEmpty
        }

        public static func == (a: Entry, b: Entry) -> Bool {
            ExactString(a.key) == ExactString(b.key) && JSONValue.object(a.members) == JSONValue.object(b.members)
        }
    }

    /// Why a JSON document is not a String Catalog.
    public struct FormatError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, naming the key concerned.
        public var description: String
    }

    /// The table name the generated Swift passes to `String(localized:table:bundle:)`.
    public static let keymapTable = "Keymap"

    /// The development language (`en`): the language of the keys.
    public var sourceLanguage: String
    /// The strings, sorted by key (as Xcode writes them).
    public var entries: [Entry]
    /// The document's top-level members other than `sourceLanguage` and `strings`, in the
    /// order read: `version` (`1.0` in a new catalog) and any member a newer Xcode writes,
    /// written back as they are.
    public var otherMembers: [(String, JSONValue)]

    /// Makes a catalog; `entries` are sorted by key.
    public init(sourceLanguage: String = "en", entries: [Entry] = [], otherMembers: [(String, JSONValue)] = [("version", .string("1.0"))]) {
        self.sourceLanguage = sourceLanguage
        self.entries = entries.sorted { ExactString($0.key) < ExactString($1.key) }
        self.otherMembers = otherMembers
    }

    public static func == (a: StringCatalog, b: StringCatalog) -> Bool {
        a.sourceLanguage == b.sourceLanguage && a.entries == b.entries && JSONValue.object(a.otherMembers) == JSONValue.object(b.otherMembers)
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

    /// Strings in first-seen order, each with its places joined; two strings are one only when
    /// their scalars are the same.
    private struct Collector {
        var order: [String] = []
        var comments: [ExactString: [String]] = [:]

        mutating func add(_ text: String, _ comment: String) {
            guard !text.isEmpty else { return }
            let key = ExactString(text)
            if comments[key] == nil { order.append(text) }
            if comments[key, default: []].contains(comment) { return }
            comments[key, default: []].append(comment)
        }

        func entries() -> [Entry] {
            order.map { Entry(key: $0, comment: comments[ExactString($0)]?.joined(separator: "; ")) }
        }
    }

    // MARK: - Lookup

    /// The translation of `key` into `language`; nil when there is none.
    public func translation(of key: String, into language: String) -> String? {
        guard let entry = entries.first(where: { ExactString($0.key) == ExactString(key) }) else { return nil }
        return entry.localizations.first { $0.language == language }?.value
    }

    /// A lookup for `language`: the translation when there is one, else the text itself (what
    /// `String(localized:)` does), for the runtime's discoverability list.
    public func lookup(language: String) -> @Sendable (String) -> String {
        var table: [ExactString: String] = [:]
        for entry in entries {
            if let value = entry.localizations.first(where: { $0.language == language })?.value { table[ExactString(entry.key)] = value }
        }
        let translations = table
        return { translations[ExactString($0)] ?? $0 }
    }
}

extension StringCatalog {
    /// Whether `text` can be a catalog's source language, a language tag (`en`, `pt-BR`,
    /// `zh-Hans`, `en_GB`): ASCII letters, digits, `-` and `_`, starting with a letter.
    public static func isLanguageTag(_ text: String) -> Bool {
        func isLetter(_ s: Unicode.Scalar) -> Bool { ("a"..."z").contains(s) || ("A"..."Z").contains(s) }
        guard let first = text.unicodeScalars.first, isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }
}
