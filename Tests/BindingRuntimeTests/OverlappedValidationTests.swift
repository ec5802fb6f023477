import Dispatch
import Testing
import BindingLang
@testable import BindingRuntime

/// Large tables are validated on two threads (`TableValidator.validate(_:checksum:overlappingFrom:)`):
/// the outcome must be exactly the one-thread outcome, the same error for every corruption.
struct OverlappedValidationTests {
    /// The outcome of validating `bytes` on one thread and on two, as text.
    private func outcomes(_ bytes: [UInt8], checksum: Bool = true) -> (one: String, two: String) {
        func run(_ from: Int) -> String {
            do throws(TableError) {
                let v = try TableValidator.validate(bytes, checksum: checksum, overlappingFrom: from)
                return "valid, \(v.spans.map { $0.count }), strings \(v.stringCount)"
            } catch {
                return "\(error)"
            }
        }
        return (run(Int.max), run(0))
    }

    @Test func aValidTableIsValidBothWays() {
        let good = Emitter.emit(editorKeymap())
        let (one, two) = outcomes(good)
        #expect(one.hasPrefix("valid"))
        #expect(one == two)
    }

    /// Every byte flipped, with the checksum left stale (the checksum's error must win over
    /// whatever else the flip broke), resealed (the structural checks' order decides), and
    /// stale but not verified.
    @Test(arguments: [UInt8(0x01), 0x80, 0xFF])
    func everyCorruptionGivesTheSameErrorBothWays(mask: UInt8) {
        let good = Emitter.emit(editorKeymap())
        var differing: [String] = []
        for i in 0..<good.count {
            var b = good
            b[i] ^= mask
            for seal in [false, true] {
                var c = b
                if seal { TableChecksum.seal(&c) }
                let (one, two) = outcomes(c)
                if one != two { differing.append("byte \(i) sealed \(seal): \(one) | \(two)") }
            }
            // Without the checksum (as the structural tests load): only the side's `DKEY` check.
            let (one, two) = outcomes(b, checksum: false)
            if one != two { differing.append("byte \(i) unchecked: \(one) | \(two)") }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// The shipped examples (menus, quick actions, sequences, conditions of every kind), a
    /// flip at every fifth byte each, resealed: the sections the editor fixture lacks.
    @Test(arguments: ["TextEditor.bind", "Vim.bind", "IDE.bind"])
    func examplesCorruptedAgreeBothWays(_ name: String) throws {
        let root = String(#filePath.prefix(upTo: #filePath.range(of: "/Tests/")!.lowerBound))
        let source = String(decoding: try BindingTable.readFile(root + "/Examples/" + name), as: UTF8.self)
        let good = Emitter.emit(try #require(compile([("Examples/" + name, source)])))
        #expect(outcomes(good).one.hasPrefix("valid"))
        var differing: [String] = []
        for i in stride(from: 0, to: good.count, by: 5) {
            var b = good
            b[i] ^= UInt8(1 << (i % 8))
            TableChecksum.seal(&b)
            let (one, two) = outcomes(b)
            if one != two { differing.append("byte \(i): \(one) | \(two)") }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// Truncations and a stroke-hash corruption that only the second thread sees.
    @Test func truncationsAndStrokeHashErrorsAgree() throws {
        let good = Emitter.emit(editorKeymap())
        for n in stride(from: 0, to: good.count, by: 7) {
            let (one, two) = outcomes(Array(good.prefix(n)))
            #expect(one == two, "length \(n)")
        }
        let table = try BindingTable(bytes: good)
        let keys = table.spans[TableFormat.Section.strokeKeys.rawValue]
        var b = good
        b[keys.offset + 13] ^= 0x01     // the reserved word of the first slot
        TableChecksum.seal(&b)
        let (one, two) = outcomes(b)
        #expect(one.contains("DKEY"), "\(one)")
        #expect(one == two)
    }

    /// Many loads at once, each validating on two threads, from pool threads that all wait
    /// for their side work: each side gets a thread of its own, so none waits forever.
    @Test func manyLoadsAtOnceFromPoolThreads() {
        let good = Emitter.emit(editorKeymap())
        let results = Cells(count: 16)
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            var b = good
            if i % 2 == 1 { b[40] ^= 0x01 }
            results.set(i, (try? TableValidator.validate(b, overlappingFrom: 0)) != nil)
        }
        for i in 0..<16 { #expect(results.get(i) == (i % 2 == 0), "load \(i)") }
    }
}

/// One cell per concurrent worker, each written by its worker alone.
private final class Cells: @unchecked Sendable {
    private var values: [Bool]
    init(count: Int) { values = Array(repeating: false, count: count) }
    func set(_ i: Int, _ v: Bool) { values.withUnsafeMutableBufferPointer { $0[i] = v } }
    func get(_ i: Int) -> Bool { values[i] }
}
