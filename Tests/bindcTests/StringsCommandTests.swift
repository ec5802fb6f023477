import BindingRuntime
import Foundation
import Testing

/// `bindc strings` on the built binary: the String Catalogs it writes, and a translated
/// catalog round-tripping through a changed keymap into the runtime's discoverability list.
@Suite struct StringsCommandTests {
    let bindc: BindcRunner
    init() throws {
        bindc = try BindcRunner()
        try bindc.write("editor.bind", Fixtures.editor)
    }

    /// The catalog file `name` as a dictionary.
    func catalog(_ name: String) throws -> [String: Any] {
        let data = Data(try #require(bindc.read(name)))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func strings(_ catalog: [String: Any]) throws -> [String: [String: Any]] {
        try #require(catalog["strings"] as? [String: [String: Any]])
    }

    @Test func exportsEveryTitleWithWhereItAppears() throws {
        let r = try bindc.run(["strings", "editor.bind", "-o", "Keymap.xcstrings", "--info-plist", "InfoPlist.xcstrings"])
        #expect(r.status == 0, "\(r.stderr)")
        let keymap = try catalog("Keymap.xcstrings")
        #expect(keymap["sourceLanguage"] as? String == "en")
        #expect(keymap["version"] as? String == "1.0")
        let entries = try strings(keymap)
        #expect(Set(entries.keys) == [
            "Types", "Protocols", "Find…", "Comment Line", "Profile", "Bold", "Search Window", "Tabs", "Copy",
            "Define", "File", "New Tab",
        ])
        #expect(entries["Types"]?["comment"] as? String == "Discoverability title of cmd+1 (key command in role 'Editor'), editor.bind:16")
        #expect(entries["Tabs"]?["comment"] as? String == "Discoverability group title")
        #expect(entries["Copy"]?["comment"] as? String == "Edit-menu item (action 'copy')")
        #expect(entries["File"]?["comment"] as? String == "Discoverability group title; Main menu title")
        // A menu item's title is also its key equivalent's discoverability title: one entry, both places.
        #expect(entries["New Tab"]?["comment"] as? String
            == "Discoverability title of cmd+t (main-menu key equivalent), editor.bind:42; Menu item in File (action 'selectTab')")
        #expect(entries["Types"]?["extractionState"] as? String == "manual")
        let infoPlist = try strings(try catalog("InfoPlist.xcstrings"))
        #expect(infoPlist["Search"]?["comment"] as? String == "UIApplicationShortcutItemTitle of the quick action 'com.example.editor.search'")
        #expect(infoPlist["Find in all files"]?["comment"] as? String
            == "UIApplicationShortcutItemSubtitle of the quick action 'com.example.editor.search'")
    }

    /// Export, translate into German, change the keymap, export again: the translations of the
    /// strings still there are kept, the removed string stays as stale with its translation,
    /// the new one has none; the translated catalog then localises the runtime's overlay.
    @Test func translatedCatalogRoundTrips() throws {
        #expect(try bindc.run(["strings", "editor.bind", "-o", "Keymap.xcstrings"]).status == 0)
        var document = try catalog("Keymap.xcstrings")
        var entries = try strings(document)
        for key in entries.keys {
            entries[key]?["localizations"] = ["de": ["stringUnit": ["state": "translated", "value": "DE " + key]]]
        }
        document["strings"] = entries
        try bindc.write("Keymap.xcstrings", bytes: [UInt8](try JSONSerialization.data(withJSONObject: document)))

        try bindc.write("editor.bind", Fixtures.editor.replacingOccurrences(of: "\"Protocols\"", with: "\"Kinds\""))
        let r = try bindc.run(["strings", "editor.bind", "-o", "Keymap.xcstrings"])
        #expect(r.status == 0, "\(r.stderr)")
        let merged = try strings(try catalog("Keymap.xcstrings"))
        func german(_ key: String) -> String? {
            ((merged[key]?["localizations"] as? [String: Any])?["de"] as? [String: Any])
                .flatMap { ($0["stringUnit"] as? [String: Any])?["value"] as? String }
        }
        #expect(german("Types") == "DE Types")
        #expect(german("Tabs") == "DE Tabs")
        #expect(german("Kinds") == nil)
        #expect(merged["Kinds"]?["extractionState"] as? String == "manual")
        #expect(merged["Protocols"]?["extractionState"] as? String == "stale")
        #expect(german("Protocols") == "DE Protocols")

        // The runtime's overlay, looked up in the translated catalog.
        var lookup: [String: String] = [:]
        for key in merged.keys { if let value = german(key) { lookup[key] = value } }
        #expect(try bindc.run(["compile", "editor.bind", "-o", "editor.bindtable"]).status == 0)
        let table = try BindingTable(bytes: try #require(bindc.read("editor.bindtable")))
        let dispatcher = Dispatcher(table: table)
        let editor = Performer(roles: ["Editor"])
        let overlay = dispatcher.discoverableCommands(firstResponder: editor, context: ContextState(table: table)) { lookup[$0] ?? $0 }
        #expect(overlay.map(\.title) == ["DE Find…", "DE Comment Line", "DE Types", "Kinds", "DE New Tab"])
        #expect(overlay.map(\.group) == [nil, nil, "DE Tabs", "DE Tabs", "DE File"])
    }

    /// With `--config bindkit.json`, as in an app's target: the layers in its order (a second
    /// file's title is exported), and its mistakes reported at their line.
    @Test func readsTheBuildPluginsConfiguration() throws {
        try bindc.write("extra.bind", "in Editor {\n  cmd+shift+u -> search \"Find Again\"\n}\n")
        try bindc.write("bindkit.json", "{\n  \"layers\": [\"editor.bind\", \"extra.bind\"],\n  \"platform\": \"apple\"\n}\n")
        var r = try bindc.run(["strings", "--config", "bindkit.json", "extra.bind", "editor.bind", "-o", "Keymap.xcstrings"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try strings(try catalog("Keymap.xcstrings"))["Find Again"] != nil)
        try bindc.write("bindkit.json", "{\n  \"layers\": [\"editor.bind\"],\n  \"platfrom\": \"apple\"\n}\n")
        r = try bindc.run(["strings", "--config", "bindkit.json", "editor.bind", "-o", "Keymap.xcstrings"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("bindkit.json:3:3: error: unknown key 'platfrom'; did you mean 'platform'?"), "\(r.stderr)")
        r = try bindc.run(["plist", "--config", "bindkit.json", "editor.bind"])
        #expect(r.status == 1 && r.stderr.contains("unknown key 'platfrom'"), "\(r.stderr)")
    }

    @Test func notACatalogIsAnError() throws {
        try bindc.write("Keymap.xcstrings", "{ \"strings\": 3 }")
        let r = try bindc.run(["strings", "editor.bind", "-o", "Keymap.xcstrings"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("error: cannot merge with '"))
        #expect(r.stderr.contains("not a String Catalog: 'sourceLanguage' is missing or not a string"))
        #expect(bindc.read("Keymap.xcstrings") == Array("{ \"strings\": 3 }".utf8))
    }

    /// The merge repro (sweep 40): a catalog a translator worked on, exported into again.
    /// Everything of a string the keymap still has is kept but its comment and extraction
    /// state: review states (`needs_review`, `new` came back `translated`), plural variations
    /// (dropped), substitutions (dropped, leaving `%#@arg1@`), `shouldTranslate` and members
    /// bindc does not know; so are the version (1.1 became 1.0) and unknown top-level members.
    @Test func mergeKeepsEverythingButCommentsAndStates() throws {
        try bindc.write("app.bind", """
            keymap "App"
            responder R
            action a
            in R {
              cmd+a -> a "Alpha"
            }

            """)
        let alpha = """
            {
              "comment": "an older comment",
              "extractionState": "stale",
              "localizations": {
                "de": { "stringUnit": { "state": "needs_review", "value": "Alfa?" } },
                "es": { "variations": { "plural": {
                  "one": { "stringUnit": { "state": "translated", "value": "uno" } },
                  "other": { "stringUnit": { "state": "translated", "value": "otros" } } } } },
                "fr": { "stringUnit": { "state": "new", "value": "Alpha-fr" } },
                "it": {
                  "stringUnit": { "state": "translated", "value": "%#@arg1@" },
                  "substitutions": { "arg1": { "argNum": 1, "formatSpecifier": "d", "variations": { "plural": {
                    "other": { "stringUnit": { "state": "translated", "value": "%arg" } } } } } }
                }
              },
              "shouldTranslate": false,
              "x-reviewer": { "name": "kim", "rounds": [1, 2] }
            }
            """
        try bindc.write("Keymap.xcstrings", """
            { "sourceLanguage": "en", "strings": { "Alpha": \(alpha) }, "version": "1.1", "x-tool": { "k": [true, null] } }
            """)
        let r = try bindc.run(["strings", "app.bind", "-o", "Keymap.xcstrings"])
        #expect(r.status == 0, "\(r.stderr)")
        let document = try catalog("Keymap.xcstrings")
        #expect(document["version"] as? String == "1.1")
        #expect((document["x-tool"] as? NSDictionary) == (["k": [true, NSNull()]] as NSDictionary))
        let entry = try #require(try strings(document)["Alpha"])
        var expected = try #require(try JSONSerialization.jsonObject(with: Data(alpha.utf8)) as? [String: Any])
        expected["comment"] = "Discoverability title of cmd+a (key command in role 'R'), app.bind:5"
        expected["extractionState"] = "manual"
        #expect(entry as NSDictionary == expected as NSDictionary, "\(entry)")
    }

    /// Numbers in an existing catalog that the merge does not change keep their text: `1.50`
    /// came back as `1.5`, `1e3` as `1000.0`, `-0` as `0`.
    @Test func mergeKeepsTheTextOfNumbers() throws {
        try bindc.write("app.bind", "keymap \"App\"\nresponder R\naction a\nin R {\n  cmd+a -> a \"Alpha\"\n}\n")
        let numbers = #"{ "weight": 1.50, "big": 12345678901234567890, "exp": 1e3, "zero": -0, "plain": 2, "half": 0.5 }"#
        try bindc.write("Keymap.xcstrings", #"{ "sourceLanguage": "en", "strings": { "Alpha": { "comment": "old", "x-numbers": "#
            + numbers + #" } }, "version": "1.0", "x-tool": { "ratio": 0.250 } }"#)
        let r = try bindc.run(["strings", "app.bind", "-o", "Keymap.xcstrings"])
        #expect(r.status == 0, "\(r.stderr)")
        let written = String(decoding: try #require(bindc.read("Keymap.xcstrings")), as: UTF8.self)
        for member in [#""weight" : 1.50"#, #""big" : 12345678901234567890"#, #""exp" : 1e3"#, #""zero" : -0"#, #""plain" : 2"#,
                       #""half" : 0.5"#, #""ratio" : 0.250"#] {
            #expect(written.contains(member), "\(member) in \(written)")
        }
        // The merge still did its part.
        #expect(written.contains("Discoverability title of cmd+a"))
        // And the catalog reads back as the same document.
        let again = try bindc.run(["strings", "app.bind", "-o", "Keymap.xcstrings"])
        #expect(again.status == 0)
        #expect(bindc.read("Keymap.xcstrings").map { String(decoding: $0, as: UTF8.self) } == written)
    }

    /// An existing catalog keeps its source language (a `fr` catalog became `en`, the default);
    /// `--source-language` sets a new catalog's, and naming another than an existing
    /// catalog's is an error that writes nothing.
    @Test func anExistingCatalogKeepsItsSourceLanguage() throws {
        let french = #"{"sourceLanguage":"fr","strings":{"Types":{"extractionState":"manual","localizations":{"en":{"stringUnit":{"state":"translated","value":"Types EN"}}}}},"version":"1.0"}"#
        try bindc.write("Keymap.xcstrings", french)
        var r = try bindc.run(["strings", "editor.bind", "-o", "Keymap.xcstrings"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try catalog("Keymap.xcstrings")["sourceLanguage"] as? String == "fr")
        r = try bindc.run(["strings", "editor.bind", "-o", "Keymap.xcstrings", "--source-language", "fr"])
        #expect(r.status == 0, "\(r.stderr)")

        let kept = try #require(bindc.read("Keymap.xcstrings"))
        r = try bindc.run(["strings", "editor.bind", "-o", "Keymap.xcstrings", "--source-language", "en"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("error: cannot merge with 'Keymap.xcstrings': its source language is 'fr', not 'en' (--source-language)"), "\(r.stderr)")
        #expect(bindc.read("Keymap.xcstrings") == kept)

        r = try bindc.run(["strings", "editor.bind", "-o", "New.xcstrings", "--source-language", "pt-BR"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try catalog("New.xcstrings")["sourceLanguage"] as? String == "pt-BR")
    }

    /// `--source-language` must look like a language tag: a usage error otherwise.
    @Test(arguments: ["", "en US", "en/US", "-en", "é", "en\n", "zh-Hans!"])
    func aSourceLanguageThatIsNotATagIsAUsageError(language: String) throws {
        let r = try bindc.run(["strings", "editor.bind", "-o", "Keymap.xcstrings", "--source-language", language])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("invalid --source-language '\(language)': expected a language tag such as en, pt-BR or zh-Hans"), "\(r.stderr)")
        #expect(bindc.read("Keymap.xcstrings") == nil)
    }

    /// -o and --info-plist naming one file is a usage error: the second catalog replaced the first.
    @Test func bothCatalogsInOneFileIsAUsageError() throws {
        let r = try bindc.run(["strings", "editor.bind", "-o", "K.xcstrings", "--info-plist", "./K.xcstrings"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("'./K.xcstrings' is given to both -o and --info-plist"), "\(r.stderr)")
        #expect(bindc.read("K.xcstrings") == nil)
    }

    /// A catalog that exists but cannot be read is an error, not replaced (its translations
    /// were lost: it was taken for no catalog at all).
    @Test func anUnreadableCatalogIsAnError() throws {
        guard getuid() != 0 else { return }  // a privileged process reads it all the same
        try bindc.write("Keymap.xcstrings", "{}")
        #expect(chmod(bindc.path("Keymap.xcstrings"), 0o200) == 0)
        let r = try bindc.run(["strings", "editor.bind", "-o", "Keymap.xcstrings"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot merge with 'Keymap.xcstrings': cannot read it: permission denied"), "\(r.stderr)")
        #expect(chmod(bindc.path("Keymap.xcstrings"), 0o600) == 0)
        #expect(bindc.read("Keymap.xcstrings") == Array("{}".utf8))
    }

    /// Titles that differ only in how an accent is written are two strings, each keeping its
    /// own translation (they were one key, with the translation read last).
    @Test func keysAreTheExactText() throws {
        try bindc.write("nfc.bind", "responder R\naction a\naction b\nin R {\n  cmd+a -> a \"Caf\\u{E9}\"\n  cmd+b -> b \"Cafe\\u{301}\"\n}\n")
        let composed = Array("\"Caf\u{E9}\" : {".utf8), decomposed = Array("\"Cafe\u{301}\" : {".utf8)
        var r = try bindc.run(["strings", "nfc.bind", "-o", "Keymap.xcstrings"])
        #expect(r.status == 0, "\(r.stderr)")
        var bytes = try #require(bindc.read("Keymap.xcstrings"))
        #expect(bytes.firstRange(of: composed) != nil && bytes.firstRange(of: decomposed) != nil)

        try bindc.write("Keymap.xcstrings", #"{"sourceLanguage":"en","strings":{"Caf\u00e9":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"NFC-DE"}}}},"Cafe\u0301":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"NFD-DE"}}}}},"version":"1.0"}"#)
        r = try bindc.run(["strings", "nfc.bind", "-o", "Keymap.xcstrings"])
        #expect(r.status == 0, "\(r.stderr)")
        bytes = try #require(bindc.read("Keymap.xcstrings"))
        /// The first translation after `key`.
        func value(after key: [UInt8]) -> String? {
            guard let at = bytes.firstRange(of: key), let v = bytes[at.upperBound...].firstRange(of: Array("\"value\" : \"".utf8)) else { return nil }
            return String(decoding: bytes[v.upperBound...].prefix { $0 != UInt8(ascii: "\"") }, as: UTF8.self)
        }
        #expect(value(after: composed) == "NFC-DE")
        #expect(value(after: decomposed) == "NFD-DE")
    }

    /// The catalog is laid out as Xcode writes String Catalogs (`"key" : value`, two spaces
    /// per level): a catalog Xcode saved comes back from a run that changes nothing in it
    /// byte for byte, so neither tool's save rewrites the other's lines.
    @Test func theLayoutIsXcodes() throws {
        try bindc.write("app.bind", "keymap \"App\"\nresponder R\naction a\nin R {\n  cmd+a -> a \"Alpha\"\n}\n")
        var r = try bindc.run(["strings", "app.bind", "-o", "Keymap.xcstrings"])
        #expect(r.status == 0, "\(r.stderr)")
        let first = try #require(bindc.read("Keymap.xcstrings"))
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Alpha\" : {\n      \"comment\" : "), "\(text)")
        #expect(text.hasSuffix("\n  },\n  \"version\" : \"1.0\"\n}\n"), "\(text)")
        // As Xcode would save it with a German translation added.
        let xcode = text.replacingOccurrences(of: "\"extractionState\" : \"manual\"\n",
            with: "\"extractionState\" : \"manual\",\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n"
                + "            \"state\" : \"translated\",\n            \"value\" : \"Alfa\"\n          }\n        }\n      }\n")
        #expect(xcode != text)
        try bindc.write("Keymap.xcstrings", xcode)
        r = try bindc.run(["strings", "app.bind", "-o", "Keymap.xcstrings"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(String(decoding: try #require(bindc.read("Keymap.xcstrings")), as: UTF8.self) == xcode)
    }
}

/// A responder playing `roles` that can perform everything.
final class Performer: Responder {
    let responderRoles: [String]
    var nextResponder: Responder? { nil }
    init(roles: [String]) { responderRoles = roles }
    func canPerform(_ action: ActionInvocation) -> Bool { true }
    func perform(_ action: ActionInvocation) {}
}
