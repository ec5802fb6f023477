// libFuzzer entry point of target `lsp`; the work is LanguageServerFuzzBody in
// Tests/BindingLanguageServerTests/Fuzz/LanguageServerFuzzBody.swift (LanguageServerFuzzTests replays
// it too). Built by Fuzz/run.sh; not part of the Swift package.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let violations = LanguageServerFuzzBody.run(Array(UnsafeBufferPointer(start: data, count: size)))
    if let first = violations.first { fatalError(first) }
    return 0
}
