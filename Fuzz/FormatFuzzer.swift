// libFuzzer entry point of target `format`; the work is FormatFuzzBody in
// Tests/BindingLangTests/Fuzz/ (SurfaceFuzzTests replays
// it too). Built by Fuzz/run.sh; not part of the Swift package.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let violations = FormatFuzzBody.run(Array(UnsafeBufferPointer(start: data, count: size)))
    if let first = violations.first { fatalError(first) }
    return 0
}
