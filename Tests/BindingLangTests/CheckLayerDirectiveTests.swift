import BindingRuntime
import Testing
@testable import BindingLang

/// `layer over "path"` (Grammar.md §9): loading a file's bases from its directives, and the
/// errors for cycles, missing files and files reached twice.
struct CheckLayerDirectiveTests {
    static let base = """
        responder Editor
        action go
        in Editor {
          cmd+k -> go
        }
        """

    @Test func basesLoadFirstRelativeToTheFile() throws {
        let c = checkLayered([
            ("lib/base.bind", Self.base),
            ("lib/mid.bind", "layer over \"base.bind\"\naction stop\n"),
            ("user.bind", "layer over \"lib/mid.bind\"\nin Editor {\n  cmd+j -> stop\n}\n"),
        ], roots: ["user.bind"])
        #expect(c.diagnostics == [])
        #expect(c.sources.files.map(\.path) == ["lib/base.bind", "lib/mid.bind", "user.bind"])
        let k = try #require(c.keymap)
        #expect(k.bindings.map { $0.location?.path } == ["lib/base.bind", "user.bind"])
    }

    @Test func severalDirectivesLoadInOrder() {
        let c = checkLayered([
            ("a.bind", "responder A\n"),
            ("b.bind", "responder B\n"),
            ("u.bind", "layer over \"b.bind\"\nlayer over \"./a.bind\"\n"),
        ], roots: ["u.bind"])
        #expect(c.diagnostics == [])
        #expect(c.sources.files.map(\.path) == ["b.bind", "a.bind", "u.bind"])
        #expect(c.keymap?.roles == ["B", "A"])
    }

    @Test func missingFileIsAnErrorAtThePath() {
        expectLayeredInlineDiagnostics([
            ("u.bind", """
                layer over "nope.bind"   // error@12: cannot read 'nope.bind': no such file or directory
                responder A
                """),
        ], roots: ["u.bind"])
    }

    @Test func cyclesAreErrors() {
        expectLayeredInlineDiagnostics([
            ("a.bind", "layer over \"b.bind\"\n"),
            ("b.bind", "layer over \"a.bind\"   // error@12: layering cycle: 'a.bind' -> 'b.bind' -> 'a.bind' (each layers over the next)\n"),
        ], roots: ["a.bind"])
        expectLayeredInlineDiagnostics([
            ("self.bind", "layer over \"self.bind\"   // error@12: layering cycle: 'self.bind' -> 'self.bind' (each layers over the next)\n"),
        ], roots: ["self.bind"])
    }

    @Test func aFileReachedTwiceIsAnError() {
        expectLayeredInlineDiagnostics([
            ("base.bind", Self.base),
            ("a.bind", "layer over \"base.bind\"   // note@12: first reached here\n"),
            ("u.bind", """
                layer over "a.bind"
                layer over "base.bind"   // error@12: 'base.bind' is reached a second time; a file is layered once
                """),
        ], roots: ["u.bind"])
        // A base also given as a root.
        expectLayeredInlineDiagnostics([
            ("base.bind", Self.base),
            ("u.bind", "layer over \"base.bind\"   // error@12: 'base.bind' is layered over here but was also given on its own; give only the file that layers over it\n"),
        ], roots: ["base.bind", "u.bind"])
        let twice = checkLayered([("base.bind", Self.base)], roots: ["base.bind", "base.bind"])
        #expect(twice.rootErrors == ["'base.bind' is given twice"])
        #expect(twice.keymap == nil && twice.hasErrors)
        let unreadable = checkLayered([], roots: ["x.bind"])
        #expect(unreadable.rootErrors == ["cannot read 'x.bind': no such file or directory"])
    }

    @Test func directivesComeFirst() {
        expectLayeredInlineDiagnostics([
            ("base.bind", Self.base),
            ("u.bind", """
                action stop
                layer over "base.bind"   // error@1: 'layer over' must come before every other declaration of the file
                """),
        ], roots: ["u.bind"])
        expectInlineDiagnostics("""
            layer over ""   // error@12: empty path in 'layer over'
            """)
        // `layer` alone is an ordinary name.
        expectInlineDiagnostics("""
            context layer: Bool
            responder layer
            """)
    }

    /// `layer over ""` is one error, the empty path: nothing is read for it (reading it was a
    /// second error, about the directory), whether the bases are loaded from the directives or
    /// given in order.
    @Test func anEmptyPathIsOneError() {
        expectLayeredInlineDiagnostics([
            ("u.bind", "layer over \"\"   // error@12: empty path in 'layer over'\nresponder E\n"),
        ], roots: ["u.bind"])
        var sources = SourceManager()
        sources.add(SourceFile(path: "u.bind", text: "layer over \"\"\nresponder E\n"))
        #expect(Compilation(sources: sources, platform: .macOS).diagnostics.map(\.message) == [Messages.emptyLayerPath])
    }

    @Test func runawayChainsStop() {
        let depth = LayeredSources.maxDepth + 3
        var files: [(path: String, text: String)] = []
        for i in 0..<depth { files.append(("f\(i).bind", "layer over \"f\(i + 1).bind\"\n")) }
        files.append(("f\(depth).bind", "responder A\n"))
        let c = checkLayered(files, roots: ["f0.bind"])
        #expect(c.diagnostics.map(\.message).contains(Messages.layersTooDeep(LayeredSources.maxDepth)))
        #expect(c.keymap == nil)
        // The limit is what the message says: 64 files in one chain, not 65.
        func chain(_ count: Int) -> Compilation {
            var files: [(path: String, text: String)] = []
            for i in 0..<(count - 1) { files.append(("f\(i).bind", "layer over \"f\(i + 1).bind\"\n")) }
            files.append(("f\(count - 1).bind", "responder A\n"))
            return checkLayered(files, roots: ["f0.bind"])
        }
        #expect(chain(LayeredSources.maxDepth).keymap != nil)
        #expect(chain(LayeredSources.maxDepth + 1).diagnostics.map(\.message) == [Messages.layersTooDeep(LayeredSources.maxDepth)])
    }

    @Test func orderedSourcesMustLoadBasesFirst() {
        var sources = SourceManager()
        sources.add(SourceFile(path: "dir/user.bind", text: "layer over \"../dir/base.bind\"\n"))
        sources.add(SourceFile(path: "dir/base.bind", text: Self.base))
        let wrong = Compilation(sources: sources, platform: .apple)
        #expect(wrong.diagnostics.map(\.message) == [Messages.layerBaseNotLoaded("../dir/base.bind")])
        var right = SourceManager()
        right.add(SourceFile(path: "dir/base.bind", text: Self.base))
        right.add(SourceFile(path: "dir/user.bind", text: "layer over \"../dir/base.bind\"\n"))
        #expect(Compilation(sources: right, platform: .apple).diagnostics == [])
    }

    @Test func pathsResolveLexically() {
        #expect(LayeredSources.resolve("IDE.bind", relativeTo: "Examples/IDE-user.bind") == "Examples/IDE.bind")
        #expect(LayeredSources.resolve("../b.bind", relativeTo: "a/c/u.bind") == "a/b.bind")
        #expect(LayeredSources.resolve("/x/./y//z.bind", relativeTo: "u.bind") == "/x/y/z.bind")
        #expect(LayeredSources.resolve("b.bind", relativeTo: "-") == "b.bind")
        #expect(LayeredSources.normalize("../../a") == "../../a")
        #expect(LayeredSources.normalize("/../a") == "/a")
    }

    @Test func formatterKeepsDirectivesAndConditionalUnbinds() throws {
        let text = "layer over   \"base.bind\"\nin Editor {\n  unbind cmd+k   when  a&&b\n}\n"
        let (dump, diagnostics) = SyntaxDump.parse(text)
        #expect(diagnostics == [])
        #expect(dump.contains(#"layer over "base.bind""#))
        #expect(dump.contains("unbind cmd+k/cmd+k when {a && b}"))
        let formatted = try Formatter.format(SourceFile(path: "u.bind", text: text), file: FileID(0)).get()
        #expect(formatted == "layer over \"base.bind\"\nin Editor {\n  unbind cmd+k when a && b\n}\n")
    }
}
