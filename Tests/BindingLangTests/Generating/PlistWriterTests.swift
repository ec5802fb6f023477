import BindingLang
import Testing

@Test func plistHasAppleKeysAndTypedValues() throws {
    let xml = try PlistWriter.shortcutItems(SampleKeymap.keymap.quickActions)
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

@Test func plistWithoutQuickActionsIsAnEmptyArray() throws {
    #expect(try PlistWriter.shortcutItems([]).contains("\t<key>UIApplicationShortcutItems</key>\n\t<array/>\n</dict>"))
}

@Test func xmlEscaping() {
    #expect(PlistWriter.escape(#"a&b<c>"d'"#) == "a&amp;b&lt;c&gt;&quot;d&apos;")
    #expect(PlistWriter.escape("x\ty\nz") == "x\ty\nz")
}

/// A carriage return is written as a character reference: an XML reader turns a raw one (and
/// a CR LF pair) into a line feed, so `"A\rB"` read back as `"A\nB"`.
@Test func carriageReturnIsACharacterReference() throws {
    #expect(PlistWriter.escape("x\r\ny\r") == "x&#13;\ny&#13;")
    let xml = try PlistWriter.shortcutItems([QuickAction(type: "t", title: "A\rB")])
    #expect(xml.contains("<string>A&#13;B</string>"))
    #expect(!xml.unicodeScalars.contains("\r"))
}

/// Text XML 1.0 cannot carry (control characters but tab, line feed and carriage return;
/// U+FFFE, U+FFFF) is an error naming the quick action and the field. It was dropped, which
/// made the user-info keys "a" and "a\u{1}" one key twice.
@Test func plistRefusesTextXMLCannotCarry() {
    for (text, scalar) in [("Z\0Y", "\0"), ("\u{1F}", "\u{1F}"), ("a\u{FFFE}", "\u{FFFE}"), ("\u{FFFF}", "\u{FFFF}"), ("\u{B}", "\u{B}")] as [(String, Unicode.Scalar)] {
        #expect(PlistWriter.unrepresentableScalar(in: text) == scalar, "\(text.debugDescription)")
    }
    for text in ["tab\t", "lines\n\r\n", "\u{FFFD}\u{FFFC}\u{10000}\u{7F}", ""] {
        #expect(PlistWriter.unrepresentableScalar(in: text) == nil, "\(text.debugDescription)")
    }
    #expect(throws: PlistWriter.UnrepresentableText(type: "t", field: "subtitle", scalar: "\0")) {
        try PlistWriter.shortcutItems([QuickAction(type: "t", title: "T", subtitle: "Z\0Y")])
    }
    let keys = QuickAction(type: "t", title: "T", userInfo: [
        UserInfoEntry(key: "a", value: .int(1)),
        UserInfoEntry(key: "n", value: .dictionary([UserInfoEntry(key: "a\u{1}", value: .int(2))])),
    ])
    do {
        _ = try PlistWriter.shortcutItems([keys])
        Issue.record("no error")
    } catch {
        #expect(error.description == #"quick action "t", user-info key "a\u{1}": a property list cannot hold U+0001 (XML 1.0 has no such character)"#)
    }
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
