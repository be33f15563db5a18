import LayerFXCore

/// A path's polygon in device pixels, cut into bands (what
/// ``FrameBuilder/polygonBands(of:)`` makes), with the budget charges that
/// making it cost: everything of a drawn path but its paint, clips and place
/// in the frame, as ``GeometryCache`` keeps it between frames.
struct PathGeometry: Sendable {
    /// The charges flattening and stroking made, in order; a frame drawing
    /// the geometry from the cache makes them again, so its budget runs out
    /// where it would have without the cache.
    var charges: [PathCharge] = []
    /// The opacity the geometry itself multiplies the paint by: below 1 for
    /// a stroke thinner than a pixel, drawn a pixel wide.
    var opacity = 1.0
    /// The bands; nil when the polygon covers no row of the frame.
    var bands: PolygonBands?

    /// Estimated bytes held, for the cache's limit.
    var byteCount: Int {
        charges.count * MemoryLayout<PathCharge>.stride
            + (bands.map { $0.pieces.count * MemoryLayout<PolygonBands.Piece>.stride
                + $0.edges.count * MemoryLayout<SIMD4<Float>>.stride } ?? 0)
    }
}

/// One budget charge made while a path was flattened or stroked.
enum PathCharge: Sendable {
    /// `amount` of `key`.
    case work(WorkBudget.Key, Int)
    /// A stroke outline of `vertices` vertices: the frame fails, as the
    /// stroker stops, when they are more than the vertex budget has left.
    case outline(vertices: Int)
}

/// A polygon's bands: runs of pixels, each with the edges it reads.
struct PolygonBands: Sendable {
    /// One band primitive: whole pixels `x0..<x1` × `y0..<y1` of the frame,
    /// the edges it reads (a range of ``PolygonBands/edges``) and the winding
    /// the polygon's other edges add at its pixels.
    struct Piece: Sendable {
        let x0: Int, y0: Int, x1: Int, y1: Int
        let edges: Range<Int>
        let windingOffset: Int
    }

    /// The pieces in drawing order.
    var pieces: [Piece] = []
    /// Every piece's edges, one piece after the other.
    var edges: [SIMD4<Float>] = []
    /// The `band-edges` the bands were charged (each edge once per band it
    /// may affect, whether or not a piece ends up reading it).
    var bandEdgeCount = 0
}
