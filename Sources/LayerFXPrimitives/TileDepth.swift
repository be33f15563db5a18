/// How deep a set of primitives lies: the sum of the areas of their boxes
/// (within the frame), over the area of the box around them all.
/// ``Compositing/automatic`` composites primitives in tiles from a depth of
/// ``Compositing/automaticMinimumDepth``.
public struct TileDepth: Sendable {
    private var area = 0.0
    private var union = SIMD4<Double>(.infinity, .infinity, -.infinity, -.infinity)

    /// Nothing added yet (depth 0).
    public init() {}

    /// Adds a primitive covering the pixels of `box`.
    public mutating func add(_ box: PixelBox) {
        guard !box.isEmpty else { return }
        add(minX: Double(box.minX), minY: Double(box.minY), maxX: Double(box.maxX + 1), maxY: Double(box.maxY + 1))
    }

    /// Adds a primitive inside the box `minX…maxX × minY…maxY`, already
    /// within the frame and not empty.
    private mutating func add(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        area += (maxX - minX) * (maxY - minY)
        union = SIMD4(min(union.x, minX), min(union.y, minY), max(union.z, maxX), max(union.w, maxY))
    }

    /// Adds a primitive inside the device box `box` (minX, minY, maxX, maxY)
    /// of a `width × height` frame; a box that is not finite or misses the
    /// frame adds nothing.
    public mutating func add(_ box: SIMD4<Float>, width: Int, height: Int) {
        let minX = max(Double(box.x), 0), minY = max(Double(box.y), 0)
        let maxX = min(Double(box.z), Double(width)), maxY = min(Double(box.w), Double(height))
        // False for NaN too.
        guard minX < maxX, minY < maxY else { return }
        add(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// The mean number of primitives over a pixel of their bounding box (0 when none was added).
    public var mean: Double {
        guard union.x < union.z, union.y < union.w else { return 0 }
        return area / ((union.z - union.x) * (union.w - union.y))
    }

    /// The depth of `frame`'s circles and instances.
    public init(of frame: Frame) {
        for circle in frame.circles { add(circle.deviceBounds, width: frame.width, height: frame.height) }
        for instance in frame.instances { add(instance.deviceBounds, width: frame.width, height: frame.height) }
    }
}
