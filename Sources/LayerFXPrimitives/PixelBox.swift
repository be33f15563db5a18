import LayerFXCore

/// The pixels of a frame whose centres lie in a device box: the columns and
/// rows a primitive's quad covers, as the CPU kernels draw it and tile
/// compositing lists it.
public struct PixelBox: Equatable, Sendable {
    /// First and last column, inclusive (first above last when none).
    public let minX: Int, maxX: Int
    /// First and last row, inclusive (first above last when none).
    public let minY: Int, maxY: Int

    /// The columns and rows of a `width`×`height` frame whose pixel centres
    /// lie in `box` (minX, minY, maxX, maxY); an infinite side reaches the
    /// frame's edge.
    public init(_ box: SIMD4<Float>, width: Int, height: Int) {
        minX = box.x.isFinite ? max(Int(saturating: box.x - 0.5, rounding: .up), 0) : 0
        maxX = box.z.isFinite ? min(max(Int(saturating: box.z - 0.5, rounding: .down), -1), width - 1) : -1
        minY = box.y.isFinite ? max(Int(saturating: box.y - 0.5, rounding: .up), 0) : 0
        maxY = box.w.isFinite ? min(max(Int(saturating: box.w - 0.5, rounding: .down), -1), height - 1) : -1
    }

    /// The pixels of columns `minX...maxX` and rows `minY...maxY`.
    public init(minX: Int, maxX: Int, minY: Int, maxY: Int) {
        self.minX = minX; self.maxX = maxX; self.minY = minY; self.maxY = maxY
    }

    /// Whether no pixel is in the box.
    public var isEmpty: Bool { minX > maxX || minY > maxY }
}
