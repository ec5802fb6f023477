import BindingLang
import Testing

@Test func plistHasAppleKeysAndTypedValues() {
    let xml = PlistWriter.shortcutItems(SampleKeymap.keymap.quickActions)
    let expected = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>UIApplicationShortcutItems</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>UIApplicationShortcutItemType</key>
        \t\t\t<string>com.example.editor.search</string>
        \t\t\t<key>UIApplicationShortcutItemTitle</key>
        \t\t\t<string>Search</string>
        \t\t\t<key>UIApplicationShortcutItemSubtitle</key>
        \t\t\t<string>Find in &lt;all&gt; files</string>
        \t\t\t<key>UIApplicationShortcutItemIconType</key>
        \t\t\t<string>UIApplicationShortcutIconTypeSearch</string>
        \t\t\t<key>UIApplicationShortcutItemUserInfo</key>
        \t\t\t<dict>
        \t\t\t\t<key>source</key>
        \t\t\t\t<string>home</string>
        \t\t\t\t<key>depth</key>
        \t\t\t\t<integer>2</integer>
        \t\t\t\t<key>ratio</key>
        \t\t\t\t<real>0.5</real>
        \t\t\t\t<key>pinned</key>
        \t\t\t\t<true/>
        \t\t\t\t<key>nested key</key>
        \t\t\t\t<dict>
        \t\t\t\t\t<key>off</key>
        \t\t\t\t\t<false/>
        \t\t\t\t</dict>
        \t\t\t</dict>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>UIApplicationShortcutItemType</key>
        \t\t\t<string>com.example.editor.new</string>
        \t\t\t<key>UIApplicationShortcutItemTitle</key>
        \t\t\t<string>New</string>
        \t\t\t<key>UIApplicationShortcutItemIconFile</key>
        \t\t\t<string>NewIcon</string>
        \t\t</dict>
        \t</array>
        </dict>
        </plist>

        """
    #expect(xml == expected)
}

@Test func plistWithoutQuickActionsIsAnEmptyArray() {
    #expect(PlistWriter.shortcutItems([]).contains("\t<key>UIApplicationShortcutItems</key>\n\t<array/>\n</dict>"))
}

@Test func xmlEscaping() {
    #expect(PlistWriter.escape(#"a&b<c>"d'"#) == "a&amp;b&lt;c&gt;&quot;d&apos;")
    #expect(PlistWriter.escape("x\u{1}y\tz") == "xy\tz")
}

/// A String Catalog reads back from its own JSON, translations and stale entries included.
@Test func stringCatalogJSONRoundTrips() throws {
    var catalog = StringCatalog.keymap(SampleKeymap.keymap)
    #expect(!catalog.entries.isEmpty)
    catalog.entries[0].localizations = [("de", "Erste"), ("fr", "Première")]
    catalog.entries.append(StringCatalog.Entry(key: "zzz", comment: nil, localizations: [("de", "alt")], isStale: true))
    let read = try StringCatalog(json: catalog.json)
    #expect(read == catalog)
    #expect(read.translation(of: catalog.entries[0].key, into: "fr") == "Première")
    #expect(read.lookup(language: "de")("zzz") == "alt")
    #expect(read.lookup(language: "de")("unknown") == "unknown")
    #expect(StringCatalog.infoPlist(SampleKeymap.keymap).entries.map(\.key) == ["Find in <all> files", "New", "Search"])
}
