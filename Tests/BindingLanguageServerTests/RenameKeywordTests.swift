import BindingLang
import BindingLanguageServer
import Foundation
import Testing

/// Rename refuses the words the parser reads as keywords: a role renamed to `in` turned
/// `when inside Pane` into `inside in`, a context renamed to `not` turned `mode not in (…)`
/// into `not not in (…)`, and the edited files no longer parsed.
@Suite struct RenameKeywordTests {
    static let text = """
        responder Editor, Pane
        context mode: normal | insert
        context in: Bool
        action find2
        in Editor {
          cmd+l -> find2 when inside Pane && mode not in (normal) && in == true
        }

        """

    /// A role, a context, an action and a case, each renamed to each keyword.
    @Test(arguments: Keywords.all.sorted())
    func aKeywordIsRefusedAsANewName(_ word: String) {
        var h = ServerHarness()
        h.open(Self.text)
        #expect(h.diagnostics().isEmpty)
        for (line, character) in [(0, 19), (1, 8), (3, 8), (1, 15)] {
            let response = h.request("textDocument/rename", ServerHarness.at(line, character).appending("newName", .string(word)))
            #expect(response["error"]?["code"]?.intValue == -32602)
            #expect(response["error"]?["message"]?.stringValue
                == "'\(word)' is a keyword, which the file would read as one in some places; choose another name")
        }
    }

    /// On a keyword there is nothing to rename; a name spelled like a keyword where the
    /// grammar allows it (`context in: Bool`) can be renamed away, or kept.
    @Test func keywordsInTheFileAreNotRenamedAndNamesLikeThemAre() {
        var h = ServerHarness()
        h.open(Self.text)
        for character in [17, 22, 42, 46] {
            #expect(h.result("textDocument/prepareRename", ServerHarness.at(5, character)) == .null)
        }
        #expect(h.request("textDocument/rename", ServerHarness.at(5, 42).appending("newName", .string("x")))["error"]?["message"]
            == .string("there is no context, role, action or case here to rename"))
        #expect(h.result("textDocument/prepareRename", ServerHarness.at(5, 61))["placeholder"] == .string("in"))
        let edit = h.result("textDocument/rename", ServerHarness.at(5, 61).appending("newName", .string("active")))
        #expect(edit["changes"]?[ServerHarness.uri]?.arrayValue?.map { $0["newText"] } == [.string("active"), .string("active")])
        #expect(h.request("textDocument/rename", ServerHarness.at(2, 8).appending("newName", .string("in")))["error"] == nil)
    }

    /// ``Keywords/all`` is exactly the set of words the parser compares names with, so a new
    /// keyword cannot be forgotten there.
    @Test func theKeywordsAreTheParsersWords() throws {
        let parsing = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/BindingLang/Parsing")
        var words = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: parsing.path) where name.hasSuffix(".swift") {
            let source = try String(contentsOf: parsing.appendingPathComponent(name), encoding: .utf8)
            // `isWord(t, "in")`, and the words looked for ahead in the bytes (`Array("over".utf8)`).
            for match in source.matches(of: /isWord\([^,()]*, "([A-Za-z_]+)"\)|Array\("([A-Za-z_]+)"\.utf8\)/) {
                words.insert(String(match.1 ?? match.2!))
            }
        }
        #expect(words == Keywords.all)
    }
}
