import Testing
@testable import BindingLang
@testable import BindingRuntime

/// The loader's per-press limit (Docs/TableFormat.md, "Limits") sums the instruction counts of
/// each candidate's own condition: a table the checker accepts always loads. The validator
/// once read the condition reference at a 12-byte stride in 16-byte `ATTR` records, so it
/// summed other records' roles and flags as condition references and rejected valid tables
/// whose first condition was long.
@Test func manyCandidatesBesideALongFirstConditionLoad() throws {
    let flags = (0..<120).map { "f\($0)" }, others = (0..<120).map { "g\($0)" }
    let cases = (0..<400).map { "m\($0)" }
    var text = (flags + others).map { "context \($0): Bool\n" }.joined()
    text += "context mode: " + cases.joined(separator: " | ") + "\n"
    text += "responder Editor\naction a\naction b\n"
    // Condition 0: about 480 instructions (the block's and the binding's), in role 0 (whose
    // index is 0, as are the flags of a binding without attributes).
    text += "in Editor when " + flags.joined(separator: " || ") + " {\n  ctrl+x -> a when "
    text += others.joined(separator: " || ") + "\n}\n"
    text += "in Editor {\n"
    // 400 candidates of one node with pairwise disjoint one-instruction conditions.
    for c in cases { text += "  ctrl+j -> b when mode == \(c)\n" }
    text += "}\n"
    var sources = SourceManager()
    sources.add(SourceFile(path: "Long.bind", text: text))
    let compilation = Compilation(sources: sources, platform: .macOS)
    let keymap = try #require(compilation.keymap, "\(compilation.diagnostics)")
    let table = try BindingTable(bytes: Emitter.emit(keymap))
    #expect(table.bindingCount == 401)
}
