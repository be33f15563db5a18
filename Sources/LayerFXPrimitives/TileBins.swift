import CLayerFXLayout
import LayerFXCore

/// A frame's plain device circles listed per tile, in drawing order: what
/// tile compositing (``Compositing/tiles``) walks, on the CPU and on the
/// GPU. The frame is cut into `tileSize`-pixel square tiles, row-major;
/// tile t's list is `entries[offsets[t] ..< offsets[t + 1]]`, the indices
/// in `Frame.circles` of the circles whose reach touches a pixel of the
/// tile. The arrays are kept from frame to frame, so binning a frame like
/// the last one allocates nothing.
public struct TileBins: Sendable {
    /// The tiles' side, in pixels (`LFX_TILE_SIZE`, shared with the kernels and shaders).
    public static let tileSize = Int(LFX_TILE_SIZE)

    /// The most list entries (a circle in a tile) a frame may bin; a frame
    /// that needs more (huge circles by the million) is drawn in order.
    public static let maximumEntries = 1 << 26

    /// Tiles a row and rows of tiles of the last frame binned.
    public private(set) var columns = 0, rows = 0
    /// Where each tile's list starts, and one past the last (`columns × rows + 1`).
    public private(set) var offsets: [Int] = []
    /// The lists, one after another.
    public private(set) var entries: [UInt32] = []
    /// Where the next entry of each tile goes while the lists are filled.
    private var cursors: [Int] = []

    /// No lists yet.
    public init() {}

    /// Lists `circles` (in drawing order) in the tiles of a `width × height`
    /// frame; false, with the lists left unusable, when they would hold more
    /// than ``maximumEntries`` entries.
    public mutating func bin(_ circles: [DeviceCircle], width: Int, height: Int) -> Bool {
        let size = Self.tileSize
        columns = (width + size - 1) / size
        rows = (height + size - 1) / size
        let tiles = columns * rows, columns = self.columns
        offsets.resize(to: tiles + 1) { 0 }
        cursors.resize(to: tiles) { 0 }
        // Counting stops as soon as the lists would be too long, so binning
        // takes at most one pass over the circles and `maximumEntries` steps.
        let total = offsets.withUnsafeMutableBufferPointer { offsets -> Int? in
            offsets.update(repeating: 0)
            var total = 0
            for circle in circles {
                guard let span = Self.tiles(reachedBy: circle, width: width, height: height) else { continue }
                total += (span.x1 - span.x0 + 1) * (span.y1 - span.y0 + 1)
                guard total <= Self.maximumEntries else { return nil }
                for ty in span.y0...span.y1 {
                    for tx in span.x0...span.x1 { offsets[ty * columns + tx + 1] += 1 }
                }
            }
            for i in 1..<offsets.count { offsets[i] += offsets[i - 1] }
            return total
        }
        guard let total else { return false }
        entries.resize(to: total) { 0 }
        offsets.withUnsafeBufferPointer { offsets in
            cursors.withUnsafeMutableBufferPointer { cursors in
                entries.withUnsafeMutableBufferPointer { entries in
                    for i in cursors.indices { cursors[i] = offsets[i] }
                    for (index, circle) in circles.enumerated() {
                        guard let span = Self.tiles(reachedBy: circle, width: width, height: height) else { continue }
                        for ty in span.y0...span.y1 {
                            for tx in span.x0...span.x1 {
                                entries[cursors[ty * columns + tx]] = UInt32(truncatingIfNeeded: index)
                                cursors[ty * columns + tx] += 1
                            }
                        }
                    }
                }
            }
        }
        return true
    }

    /// The tiles (inclusive ranges of columns and rows) holding the pixels
    /// `circle` may touch (centres nearer than its reach, as the circle
    /// kernel draws it) in a `width × height` frame; nil when it touches
    /// none, or its centre or reach is not finite (it draws nothing then).
    static func tiles(reachedBy circle: DeviceCircle, width: Int, height: Int)
        -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let outer = Double(circle.ring.w) + 1e-3, cx = Double(circle.geometry.x), cy = Double(circle.geometry.y)
        guard outer.isFinite, cx.isFinite, cy.isFinite else { return nil }
        let l = (cx - outer - 0.5).rounded(.up), r = (cx + outer - 0.5).rounded(.down)
        let t = (cy - outer - 0.5).rounded(.up), b = (cy + outer - 0.5).rounded(.down)
        guard l <= r, t <= b, r >= 0, b >= 0, l <= Double(width - 1), t <= Double(height - 1) else { return nil }
        // Every bound is now within the frame, or clamped to it before converting.
        let x0 = Int(max(l, 0)), x1 = Int(min(r, Double(width - 1)))
        let y0 = Int(max(t, 0)), y1 = Int(min(b, Double(height - 1)))
        return (x0 / tileSize, y0 / tileSize, x1 / tileSize, y1 / tileSize)
    }
}
