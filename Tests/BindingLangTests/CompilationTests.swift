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
