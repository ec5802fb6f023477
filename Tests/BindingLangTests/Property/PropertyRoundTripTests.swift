// Property (a): random valid keymaps compile to a table that loads back (`Keymap(table:)`,
// what `bindc dump` prints) as the checked model, plain and stripped; the model also matches
// the generator's own idea of the bindings.
// Property (b): `fmt` is idempotent on random (noisy) sources and preserves meaning: the
// formatted source compiles, with --strip, to a byte-identical table.
import BindingLang
import BindingRuntime
import Testing

@Suite("Property: round trips")
struct PropertyRoundTripTests {
    static func compile(_ text: String) -> Compilation {
        var sources = SourceManager()
        sources.add(SourceFile(path: "random.bind", text: text))
        return Compilation(sources: sources, platform: .apple)
    }

    static var options: RandomKeymap.Options {
        var o = RandomKeymap.Options()
        o.decorations = true
        o.maxSequence = 3
        o.bindingCount = 3..<14
        o.roleCount = 1..<4
        o.menuChance = 0.7
        return o
    }

    @Test(arguments: 0..<4)
    func tableReadsBackAsTheCheckedModel(batch: Int) throws {
        var rng = SplitMix64(seed: 0xA0_0000 + UInt64(batch))
        var options = Self.options
        for round in 0..<25 {
            options.noise = round % 2 == 1
            let k = RandomKeymap.generate(&rng, options).withoutConflicts()
            let compilation = Self.compile(k.source)
            let keymap = try #require(compilation.keymap, "\(compilation.diagnostics.map(\.message))\n\(k.source)")

            // The checked model against the generator's own model.
            #expect(keymap.bindings.map { $0.sequence.map(\.sourceText).joined(separator: " ") } == k.bindings.map { $0.sequence.joined(separator: " ") })
            #expect(keymap.bindings.map { $0.role.map { keymap.roles[$0] } } == k.bindings.map { $0.role.map { k.roles[$0] } })
            #expect(keymap.bindings.map { keymap.actions[$0.action].name } == k.bindings.map(\.action))
            #expect(keymap.bindings.map(\.title) == k.bindings.map(\.title))

            let plain = try BindingTable(bytes: Emitter.emit(keymap))
            #expect(Keymap(table: plain) == keymap, "\(k.source)")
            #expect(KeymapPrinter.text(Keymap(table: plain)) == KeymapPrinter.text(keymap))
            var stripped = keymap
            for i in stripped.bindings.indices { stripped.bindings[i].location = nil; stripped.bindings[i].overriddenBy = [] }
            let strippedTable = try BindingTable(bytes: Emitter.emit(keymap, strip: true))
            #expect(Keymap(table: strippedTable) == stripped, "\(k.source)")
            // Emitting is deterministic.
            #expect(Emitter.emit(keymap, strip: true) == Emitter.emit(Keymap(table: strippedTable), strip: true))
        }
    }

    @Test(arguments: 0..<4)
    func formattingIsIdempotentAndPreservesTheTable(batch: Int) throws {
        var rng = SplitMix64(seed: 0xF0_0000 + UInt64(batch))
        var options = Self.options
        options.noise = true
        for _ in 0..<25 {
            let k = RandomKeymap.generate(&rng, options).withoutConflicts()
            let file = SourceFile(path: "random.bind", text: k.source)
            let formatted = try Formatter.format(file, file: FileID(0)).get()
            let twice = try Formatter.format(SourceFile(path: "random.bind", text: formatted), file: FileID(0)).get()
            #expect(twice == formatted, "not idempotent:\n\(k.source)\n---\n\(formatted)")
            let original = try #require(Self.compile(k.source).keymap, "\(k.source)")
            let again = try #require(Self.compile(formatted).keymap, "formatted source does not compile:\n\(formatted)")
            #expect(Emitter.emit(again, strip: true) == Emitter.emit(original, strip: true), "\(k.source)\n---\n\(formatted)")
        }
    }
}
