import FuzzDriver
import LayerFXScene

/// Decodes the input as a scene file; a rejection must be a `SceneError`
/// whose message (line, column, JSON path) can be built.
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    do {
        _ = try SceneLoader.decode(bytes, source: "fuzz.json")
    } catch {
        _ = error.description
    }
    return 0
}
