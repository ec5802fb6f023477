/// Reading and writing a String Catalog's JSON, keeping what `bindc` does not know.
extension StringCatalog {
    /// The catalog as Xcode 15 writes it: `sourceLanguage`, `strings` (each entry's members as
    /// held: `comment`, `extractionState` — `manual` or `stale` — and the localizations) and
    /// the other top-level members (`version`), in key order unless read in another.
    public var json: JSONValue {
        var members = otherMembers
        JSONMembers.set("sourceLanguage", .string(sourceLanguage), in: &members)
        JSONMembers.set("strings", .object(entries.map { ($0.key, .object($0.members)) }), in: &members)
        return .object(members)
    }

    /// The `.xcstrings` file's text as Xcode writes it (`"key" : value`, two-space indentation,
    /// a final newline), so that saving the catalog in Xcode after `bindc strings` wrote it, or
    /// the reverse, changes no line the other did not change.
    public var fileText: String { json.rendered(keySeparator: " : ") + "\n" }

    /// The catalog in `json` (a parsed `.xcstrings` file), every member kept as read.
    public init(json: JSONValue) throws(FormatError) {
        guard case .object(let top) = json else { throw FormatError(description: "the top level is not an object") }
        guard case .string(let language)? = JSONMembers.value("sourceLanguage", in: top) else {
            throw FormatError(description: "'sourceLanguage' is missing or not a string")
        }
        var entries: [Entry] = []
        if let strings = JSONMembers.value("strings", in: top) {
            guard case .object(let items) = strings else { throw FormatError(description: "'strings' is not an object") }
            for (key, value) in items {
                guard case .object(let fields) = value else { throw FormatError(description: "string \"\(key)\" is not an object") }
                entries.append(Entry(key: key, members: fields))
            }
        }
        self.init(
            sourceLanguage: language, entries: entries,
            otherMembers: top.filter { $0.0 != "sourceLanguage" && $0.0 != "strings" })
    }
}
