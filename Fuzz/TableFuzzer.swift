// libFuzzer entry point of target `table`: the table loader, the model read back, re-emitting,
// and dispatch, overlay, continuations and menus over a small chain. The work is TableFuzzBody
// in Tests/BindingLangTests/Fuzz/FuzzBodies.swift, which the regression tests run too. Built by
// Fuzz/run.sh; not part of the Swift package.
//
// Seeding: with FUZZ_EMIT_SEEDS=<dir> in the environment, each input is instead compiled as a
// `.bind` source and its tables (plain and stripped, both platforms) written to <dir>; run.sh
// uses this with `-runs=0 Examples/*.bind`, so the seeds always match the current format.
import BindingLang

@_silgen_name("getenv")
private func c_getenv(_ name: UnsafePointer<CChar>) -> UnsafePointer<CChar>?

private let seedDirectory: String? = c_getenv("FUZZ_EMIT_SEEDS").map { String(cString: $0) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let dir = seedDirectory {
        for table in TableFuzzBody.seedTables(bytes) {
            let sum = table.reduce(UInt32(2166136261)) { ($0 ^ UInt32($1)) &* 16777619 }
            try? AtomicFile.write(table, to: "\(dir)/\(String(sum, radix: 16)).table")
        }
        return 0
    }
    let violations = TableFuzzBody.run(bytes)
    if let first = violations.first { fatalError(first) }
    return 0
}
