import BindingLang
import Testing

/// Merging a keymap's strings into an existing String Catalog, and its keys compared by their
/// scalars, on catalogs built in memory (`bindc strings` is tested in `StringsCommandTests`).
@Suite struct StringCatalogTests {
    /// `{ "stringUnit": { "state": state, "value": value } }`.
    static func unit(_ value: String, _ state: String = "translated") -> JSONValue {
        .object([("stringUnit", .object([("state", .string(state)), ("value", .string(value))]))])
    }

    /// A translator's entry: review states, plural variations, substitutions,
    /// `shouldTranslate` and a member `bindc` does not know.
    static let translated: [(String, JSONValue)] = [
        ("comment", .string("the comment of an older export")),
        ("extractionState", .string("stale")),
        ("localizations", .object([
            ("de", unit("Alfa?", "needs_review")),
            ("es", .object([("variations", .object([("plural", .object([("one", unit("uno")), ("other", unit("otros"))]))]))])),
            ("fr", unit("Alpha-fr", "new")),
            ("it", .object([
                ("stringUnit", .object([("state", .string("translated")), ("value", .string("%#@arg1@"))])),
                ("substitutions", .object([("arg1", .object([
                    ("argNum", .int(1)), ("formatSpecifier", .string("d")),
                    ("variations", .object([("plural", .object([("other", unit("%arg"))]))])),
                ]))])),
            ])),
        ])),
        ("shouldTranslate", .bool(false)),
        ("x-reviewer", .object([("name", .string("kim")), ("checked", .array([.int(2024), .null]))])),
    ]

    /// A catalog Xcode wrote (keys in order), with a newer version and a member of its own.
    static let document = JSONValue.object([
        ("sourceLanguage", .string("fr")),
        ("strings", .object([
            ("Alpha", .object(translated)),
            ("Bare", .object([("comment", .string("no translations")), ("extractionState", .string("manual"))])),
            ("Plural only", .object([
                ("extractionState", .string("manual")),
                ("localizations", .object([("de", .object([("variations", .object([("device", .object([("mac", unit("Mac"))]))]))]))])),
            ])),
        ])),
        ("version", .string("1.1")),
        ("x-tool", .object([("generator", .string("someone else"))])),
    ])

    /// Read and written back unchanged, a catalog is the same document.
    @Test func readsAndWritesEveryMember() throws {
        #expect(try StringCatalog(json: Self.document).json == Self.document)
    }

    /// A string the keymap still has keeps its entry exactly (states, variations,
    /// substitutions, `shouldTranslate`, unknown members); only the comment and the extraction
    /// state are `bindc`'s. The source language, version and unknown top-level members stay.
    /// A string the keymap no longer has stays as stale when it has any localization
    /// (variations only included) and is dropped otherwise. They were reduced to translated
    /// string units, the variations and substitutions dropped, the version written as 1.0 and
    /// the source language replaced.
    @Test func mergeKeepsTranslatorWork() throws {
        let existing = try StringCatalog(json: Self.document)
        let fresh = StringCatalog(sourceLanguage: "en", entries: [
            StringCatalog.Entry(key: "Alpha", comment: "Discoverability title of cmd+a"),
            StringCatalog.Entry(key: "New", comment: "Menu item in Tools"),
        ])
        let merged = fresh.merged(keeping: existing)
        var alpha = Self.translated
        alpha[0].1 = .string("Discoverability title of cmd+a")
        alpha[1].1 = .string("manual")
        let expected = JSONValue.object([
            ("sourceLanguage", .string("fr")),
            ("strings", .object([
                ("Alpha", .object(alpha)),
                ("New", .object([("comment", .string("Menu item in Tools")), ("extractionState", .string("manual"))])),
                ("Plural only", .object([
                    ("extractionState", .string("stale")),
                    ("localizations", .object([("de", .object([("variations", .object([("device", .object([("mac", Self.unit("Mac"))]))]))]))])),
                ])),
            ])),
            ("version", .string("1.1")),
            ("x-tool", .object([("generator", .string("someone else"))])),
        ])
        #expect(merged.json == expected, "\(merged.json.rendered())")
        #expect(merged.translation(of: "Alpha", into: "de") == "Alfa?")
    }

    /// A comment and extraction state missing from an entry are added in key order.
    @Test func ownMembersAreAddedInKeyOrder() throws {
        let existing = try StringCatalog(json: .object([
            ("sourceLanguage", .string("en")),
            ("strings", .object([("A", .object([("localizations", .object([("de", Self.unit("Ä"))])), ("shouldTranslate", .bool(true))]))])),
        ]))
        let merged = StringCatalog(entries: [StringCatalog.Entry(key: "A", comment: "here")]).merged(keeping: existing)
        #expect(merged.entries.map(\.members.count) == [4])
        #expect(merged.entries[0].members.map(\.0) == ["comment", "extractionState", "localizations", "shouldTranslate"])
        #expect(merged.otherMembers.isEmpty)
    }

    /// "Café" with a precomposed é and with e and a combining accent are two strings, as
    /// Apple's lookups compare scalars: `String` equality made them one key, and the merge
    /// gave both the translation of the one read last.
    @Test func keysAreComparedByTheirScalars() throws {
        let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        let (keymap, diagnostics, _) = checkSource("""
            responder R
            action a
            action b
            in R {
              cmd+a -> a "Caf\\u{E9}"
              cmd+b -> b "Cafe\\u{301}"
            }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let catalog = StringCatalog.keymap(try #require(keymap))
        #expect(catalog.entries.map { Array($0.key.unicodeScalars) } == [Array(decomposed.unicodeScalars), Array(composed.unicodeScalars)])

        let existing = try StringCatalog(json: .object([
            ("sourceLanguage", .string("en")),
            ("strings", .object([(composed, .object([("localizations", .object([("de", Self.unit("NFC-DE"))]))])),
                                 (decomposed, .object([("localizations", .object([("de", Self.unit("NFD-DE"))]))]))])),
            ("version", .string("1.0")),
        ]))
        let merged = catalog.merged(keeping: existing)
        #expect(merged.entries.count == 2)
        #expect(merged.translation(of: composed, into: "de") == "NFC-DE")
        #expect(merged.translation(of: decomposed, into: "de") == "NFD-DE")
        let german = merged.lookup(language: "de")
        #expect(german(composed) == "NFC-DE" && german(decomposed) == "NFD-DE")
        #expect(ExactString(composed) != ExactString(decomposed) && composed == decomposed)
    }
}
