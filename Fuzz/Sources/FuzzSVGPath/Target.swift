import FuzzDriver
import LayerFXCore
import LayerFXModel
import LayerFXScene

/// Parses the input (as UTF-8, invalid bytes replaced) as SVG path data.
/// Checks what the parser promises: a rejection names a position inside the
/// data (or one past its end), and every point it returns is finite.
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    do {
        for element in try SVGPathParser.parse(text) {
            for point in points(of: element) where !point.x.isFinite || !point.y.isFinite {
                fatalError("svg-path: non-finite point \(point) in \(element)")
            }
        }
    } catch {
        let length = text.unicodeScalars.count
        guard (1...length + 1).contains(error.position) else {
            fatalError("svg-path: failure position \(error.position) outside 1…\(length + 1)")
        }
        _ = error.message
    }
    return 0
}

/// Every point an element carries (end and control points).
private func points(of element: PathElement) -> [Point] {
    switch element {
    case .move(let p), .line(let p): [p]
    case .quad(let c, let e): [c, e]
    case .cubic(let c1, let c2, let e): [c1, c2, e]
    case .close: []
    }
}
