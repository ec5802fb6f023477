// libFuzzer entry point of target `frontend`: lexer, parser, checker, diagnostics rendering and
// emitter (the table loads and reads back as the checked model); the formatter, printers, JSON
// diagnostics and generators are target `format`. The work is FrontendFuzzBody in
// Tests/BindingLangTests/Fuzz/FuzzBodies.swift, which the regression tests run too. Built by
// Fuzz/run.sh; not part of the Swift package.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let violations = FrontendFuzzBody.run(Array(UnsafeBufferPointer(start: data, count: size)))
    if let first = violations.first { fatalError(first) }
    return 0
}
