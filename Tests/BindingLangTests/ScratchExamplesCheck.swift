import Testing
import BindingLang
import BindingRuntime
import Foundation

@Test(arguments: [["TextEditor.bind"], ["Vim.bind"], ["IDE.bind", "IDE-user.bind"]], [Platform.apple, .other])
func scratchExamplesCompile(files: [String], platform: Platform) throws {
    var manager = SourceManager()
    var syntax: [FileSyntax] = []
    var diags: [Diagnostic] = []
    for f in files {
        let path = "Examples/" + f
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let file = SourceFile(path: path, bytes: Array(data))
        let id = manager.add(file)
        let (s, d) = Parser.parse(file, file: id)
        syntax.append(s); diags += d
    }
    let (k, d2) = Checker.check(syntax, sources: manager, platform: platform)
    diags += d2
    for d in diags { print("\(manager.location(of: d.range)): \(d.severity): \(d.message)") }
    #expect(diags.isEmpty)
    #expect(k != nil)
}
