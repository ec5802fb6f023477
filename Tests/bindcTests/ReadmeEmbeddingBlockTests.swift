import Foundation
import Testing

/// README's "Embedding the runtime" block compiles as it is written: as a program's
/// `main.swift`, type-checked against the BindingRuntime module built beside `bindc`.
/// (Tests/BindingRuntimeTests/ReadmeEmbeddingTests.swift runs the same code.)
@Suite struct ReadmeEmbeddingBlockTests {
    /// The built modules' directory, beside `bindc`; nil when the build put them elsewhere.
    static let modules: URL? = BindcRunner.executable.map { $0.deletingLastPathComponent().appendingPathComponent("Modules") }
        .flatMap { FileManager.default.fileExists(atPath: $0.appendingPathComponent("BindingRuntime.swiftmodule").path) ? $0 : nil }

    @Test(.enabled(if: modules != nil, "no BindingRuntime.swiftmodule beside bindc"))
    func theEmbeddingBlockCompilesAsWritten() throws {
        let blocks = try ReadmeAppSectionTests.blocks(inSection: "## Embedding the runtime").filter { $0.language == "swift" }
        #expect(blocks.count == 1)
        let block = try #require(blocks.first)
        let modules = try #require(Self.modules)
        let runner = try BindcRunner()
        defer { runner.cleanUp() }
        try runner.write("main.swift", block.text + "\n")
        let r = try runner.run(URL(fileURLWithPath: "/usr/bin/env"),
                               ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, "main.swift"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(!(r.stdout + r.stderr).contains("warning:"), "\(r.stdout)\(r.stderr)")
    }
}
