// SwiftPM links executables with `--defsym main=<Module>_main`, so libFuzzer's
// own `main` never runs: each target's top-level code calls `runLibFuzzer`
// instead, with its LLVMFuzzerTestOneInput (which it also exports, because
// libFuzzer's FuzzerMain.o references that symbol).

/// libFuzzer's callback: one input's bytes and their count; returns 0.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: FuzzCallback) -> CInt

/// Runs libFuzzer's driver with the process's arguments on `callback`;
/// returns its exit status.
public func runLibFuzzer(_ callback: FuzzCallback) -> CInt {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
}

/// The input as an array (empty for libFuzzer's NULL, zero-length input).
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}
