import BindingRuntime
import Testing
@testable import BindingLang

/// The pipeline reports syntax and semantic errors of one run together, without the errors a
/// broken declaration could have caused.
struct CompilationTests {
    func compile(_ text: String) -> Compilation {
        var sources = SourceManager()
        sources.add(SourceFile(path: "a.bind", text: text))
        return Compilation(sources: sources, platform: .apple)
    }

    func summary(_ c: Compilation) -> [String] {
        c.diagnostics.map { d in
            let loc = c.sources.location(of: d.range)
            return "\(loc.line):\(loc.column): \(d.severity.rawValue): \(d.message)"
        }
    }

    @Test func syntaxAndSemanticErrorsInOneRun() {
        let c = compile("""
            context mode: normal | insert
            responder Editor
            action search
            in Editor when mode == insrt {
              cmd+shft+g -> search
            }
            context broken Bool
            """)
        #expect(c.keymap == nil)
        #expect(summary(c) == [
            "4:24: error: 'mode' has no case 'insrt'; did you mean 'insert'?",
            "5:7: error: unknown modifier 'shft'; did you mean 'shift'?",
            "7:16: error: expected ':' after the context name, found 'Bool'",
        ])
    }

    /// A file with classic Mac line ends (`\r` alone) reads as one line: its first lone `\r`
    /// gets a warning, before the errors that follow from it. `\r\n` gets none.
    @Test func aLoneCarriageReturnIsSaidToBeWhiteSpace() {
        let c = compile("responder Editor\raction search\rin Editor {\r  cmd+f -> search\r}\r")
        let lines = summary(c)
        #expect(lines.first == "1:17: warning: \(Messages.loneCarriageReturn)", "\(lines)")
        #expect(lines.contains { $0.contains("error") })
        #expect(compile("responder Editor\r\naction search\r\nin Editor {\r\n  cmd+f -> search\r\n}\r\n").diagnostics.isEmpty)
    }

    @Test func namesFromBrokenDeclarationsAreNotReported() {
        let c = compile("""
            responder Editor
            action search(
            in Editor when ready {
              cmd+f -> search
            }
            """)
        #expect(c.keymap == nil)
        #expect(!c.diagnostics.isEmpty)
        #expect(c.diagnostics.allSatisfy { $0.severity == .error })
        #expect(!c.diagnostics.contains { Messages.isUnresolvedName($0.message) })
    }
}
