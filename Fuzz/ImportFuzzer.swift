// libFuzzer entry point of target `import`; the work is ImportFuzzBody in
// Tests/BindingLangTests/Fuzz/SurfaceFuzzBodies.swift (the regression tests run it too). Built by
// Fuzz/run.sh; not part of the Swift package.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let violations = ImportFuzzBody.run(Array(UnsafeBufferPointer(start: data, count: size)))
    if let first = violations.first { fatalError(first) }
    return 0
}
