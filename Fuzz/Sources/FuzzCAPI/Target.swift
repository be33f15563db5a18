import FuzzDriver

/// Plays the input as a sequence of C API calls (see `Operation`), then
/// destroys every handle it left alive.
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var session = CallSession(ByteReader(fuzzInput(data, size)))
    session.run()
    return 0
}
