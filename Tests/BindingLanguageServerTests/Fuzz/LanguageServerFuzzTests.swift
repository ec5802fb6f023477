import Foundation
import Testing

/// The `lsp` fuzz target's work on its checked-in seeds and regression inputs
/// (Fuzz/seeds/lsp, Fuzz/regressions/lsp) and on a few inputs written here.
struct LanguageServerFuzzTests {
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    static var inputs: [String] {
        var names: [String] = []
        for kind in ["seeds", "regressions"] {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: "\(root)/Fuzz/\(kind)/lsp")) ?? []
            names += files.filter { !$0.hasPrefix(".") }.sorted().map { "\(kind)/lsp/\($0)" }
        }
        return names
    }

    @Test(arguments: inputs)
    func corpus(_ name: String) {
        let bytes = Array(FileManager.default.contents(atPath: "\(Self.root)/Fuzz/\(name)") ?? Data())
        #expect(LanguageServerFuzzBody.run(bytes) == [])
    }

    @Test(arguments: [
        "\u{0}", "\u{0}{}", "\u{0}[]", "\u{0}{\"id\":1,\"method\":5}", "\u{0}{\"id\":null,\"method\":\"shutdown\"}",
        "\u{0}{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}\u{0}{\"id\":2,\"method\":\"shutdown\"}",
        "\u{1}Content-Length: 2\r\n\r\n{}Content-Length: x\r\n\r\n", "\u{7}Content-Length: 99999999999999999999\r\n\r\n",
        "\u{3}\n\n\n\nContent-Length:0\n\n",
    ])
    func handWritten(_ text: String) {
        #expect(LanguageServerFuzzBody.run(Array(text.utf8)) == [])
    }
}
