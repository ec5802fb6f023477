import BindingLang
import BindingLanguageServer
import Testing

/// The built-in `platform` and its cases are the language's, not the file's: no rename, a
/// hover that says what they are (Grammar.md §4.7).
@Suite struct BuiltInPlatformTests {
    static let text = """
        context mode: normal | insert
        responder Editor
        action wordLeft
        in Editor {
          ctrl+left -> wordLeft when platform != macOS
          alt+left -> wordLeft when platform == linux && mode == insert
          alt+right -> wordLeft when platform in (macOS, iPadOS) || mode == insert
        }

        """

    @Test func platformAndItsCasesCannotBeRenamed() {
        var h = ServerHarness()
        h.open(Self.text)
        for (line, character, name) in [(4, 30, "platform"), (4, 42, "macOS"), (5, 40, "linux")] {
            let prepared = h.request("textDocument/prepareRename", ServerHarness.at(line, character))
            #expect(prepared["error"]?["message"]?.stringValue == "'\(name)' is built in and cannot be renamed")
            let renamed = h.request("textDocument/rename", ServerHarness.at(line, character).appending("newName", .string("os")))
            #expect(renamed["error"]?["message"]?.stringValue == "'\(name)' is built in and cannot be renamed")
        }
    }

    @Test func aContextCannotBeRenamedToPlatform() {
        var h = ServerHarness()
        h.open(Self.text)
        let renamed = h.request("textDocument/rename", ServerHarness.at(0, 9).appending("newName", .string("platform")))
        #expect(renamed["error"]?["message"]?.stringValue == "'platform' is built in (the platform compiled for); choose another name")
        // A case of one's own context may share a platform's name.
        #expect(h.request("textDocument/rename", ServerHarness.at(0, 16).appending("newName", .string("linux")))["error"] == nil)
    }

    @Test func hoverDescribesTheBuiltIn() throws {
        var h = ServerHarness()
        h.open(Self.text)
        let context = try #require(h.result("textDocument/hover", ServerHarness.at(4, 30))["contents"]?["value"]?.stringValue)
        #expect(context.hasPrefix("built-in context `platform`: `macOS | iPadOS | windows | linux`"))
        #expect(context.contains("compiled for `macOS`"))
        let macOS = try #require(h.result("textDocument/hover", ServerHarness.at(4, 42))["contents"]?["value"]?.stringValue)
        #expect(macOS.hasPrefix("platform `macOS`, a case of the built-in `platform`"))
        #expect(macOS.contains("`platform == macOS` is true"))
        let linux = try #require(h.result("textDocument/hover", ServerHarness.at(5, 40))["contents"]?["value"]?.stringValue)
        #expect(linux.contains("`platform == linux` is false"))
    }

    @Test func hoverOnABindingThePlatformLeavesOutSaysSo() throws {
        var h = ServerHarness()
        h.open(Self.text)
        for line in [4, 5] {
            let hover = try #require(h.result("textDocument/hover", ServerHarness.at(line, 4))["contents"]?["value"]?.stringValue)
            #expect(hover.hasSuffix("— left out on macOS: its condition cannot hold on this platform"), "\(hover)")
        }
        let live = try #require(h.result("textDocument/hover", ServerHarness.at(6, 4))["contents"]?["value"]?.stringValue)
        #expect(live.hasSuffix("— live"), "\(live)")
    }
}
