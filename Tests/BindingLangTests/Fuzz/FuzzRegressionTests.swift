// Inputs that once broke something, replayed through the fuzzers' own code (FuzzBodies.swift)
// or the property the finding violated. Add each new crashing input here as a base64 literal.
import BindingLang
import BindingRuntime
import Testing

@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// Inputs of the `frontend` target (base64).
    static let frontendInputs: [String] = [
        // A longer sequence whose only binding is `when false` (found by the dispatch property
        // test): the emitter wrote a never-live "longer" entry, which the loader rejects.
        "cmVzcG9uZGVyIFIKYWN0aW9uIHgKaW4gUiB7CiAgayBqIC0+IHggd2hlbiBmYWxzZQp9Cg==",
    ]

    /// Inputs of the `table` target (base64).
    static let tableInputs: [String] = []

    static func decode(_ base64: String) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var value: [UInt8: UInt32] = [:]
        for (i, c) in alphabet.enumerated() { value[c] = UInt32(i) }
        var out: [UInt8] = []
        var buffer: UInt32 = 0, bits = 0
        for c in base64.utf8 {
            guard let v = value[c] else { continue }
            buffer = buffer << 6 | v
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return out
    }

    @Test func decodesBase64() {
        #expect(Self.decode("aGk=") == Array("hi".utf8))
    }

    @Test(arguments: frontendInputs)
    func frontend(_ input: String) {
        #expect(FrontendFuzzBody.run(Self.decode(input)) == [])
        #expect(FormatFuzzBody.run(Self.decode(input)) == [])
    }

    @Test(arguments: tableInputs)
    func table(_ input: String) {
        #expect(TableFuzzBody.run(Self.decode(input)) == [])
    }

    /// The examples (alone and layered) and their tables pass both targets: the seeds.
    @Test func seedsPass() throws {
        let root = CorpusLocation.repositoryRoot + "/Examples/"
        var texts: [[UInt8]] = []
        for name in ["TextEditor.bind", "Vim.bind", "IDE.bind"] { texts.append(try InputFile.read(root + name)) }
        texts.append(try InputFile.read(root + "IDE.bind") + Array("\n//@file\n".utf8) + InputFile.read(root + "IDE-user.bind"))
        for text in texts {
            #expect(FrontendFuzzBody.run(text) == [])
            #expect(FormatFuzzBody.run(text) == [])
            let tables = TableFuzzBody.seedTables(text)
            for table in tables { #expect(TableFuzzBody.run(table) == []) }
        }
    }
}
