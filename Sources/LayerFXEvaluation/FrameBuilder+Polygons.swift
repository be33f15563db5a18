import LayerFXCore
import LayerFXGeometry
import LayerFXPrimitives

extension FrameBuilder {
    /// Rows per polygon band: a pixel reads only the edges of its band, so
    /// lower bands mean fewer edges per pixel and more (cheap) instances.
    static let polygonBandHeight = 8

    /// How far outside the frame, in device pixels, polygon vertices may lie
    /// before the polygon is clipped to the frame: far enough that ordinary
    /// scenes are never clipped, near enough that single-precision edges
    /// stay exact to a fraction of a pixel.
    static let polygonReach = Double(1 << 20)

    /// `contours` (device pixels, each implicitly closed) cut into bands of
    /// whole pixels, each reading only the edges near it, to be filled by
    /// ``emit(_:rule:color:opacity:clips:)``; nil when they cover no row of
    /// the frame, or when their `band-edges` go over the budget (the frame
    /// has then failed).
    ///
    /// A pixel needs the edges within half a pixel of its centre (its
    /// antialiasing) and its winding number. The polygon is cut into bands of
    /// ``polygonBandHeight`` rows; in a band, every edge whose vertical span
    /// meets the band grown by a row each side is spread over the columns it
    /// covers there (plus a pixel each side), and overlapping column ranges
    /// merge into clusters. No edge passes between two clusters, so the
    /// winding number is constant in such a gap; each cluster becomes one
    /// piece with its own edges and, as its winding offset, the winding in
    /// the gap to its right (what the edges further right add to a ray
    /// towards +x), and a gap that is inside by `rule` becomes one piece with
    /// no edges. Pixels outside every cluster and outside the shape are never
    /// shaded: a thin outline costs its outline, not its bounding box.
    mutating func polygonBands(of contours: [[Point]], rule: WindingRule) -> PolygonBands? {
        let edges = Self.edges(of: clippedToFrame(contours))
        guard let top = edges.map({ min($0.y, $0.w) }).min(), let bottom = edges.map({ max($0.y, $0.w) }).max() else { return nil }
        let firstRow = max(Int(saturating: top - 1, rounding: .down), 0)
        let endRow = min(Int(saturating: bottom + 1, rounding: .up), height)
        guard firstRow < endRow else { return nil }
        let bandHeight = Self.polygonBandHeight
        let bandCount = (endRow - firstRow + bandHeight - 1) / bandHeight
        // The bands an edge can affect: those its vertical span, grown by a row each side, meets.
        func bandRange(of edge: SIMD4<Float>) -> ClosedRange<Int>? {
            let lo = min(edge.y, edge.w) - 1, hi = max(edge.y, edge.w) + 1
            let first = max(Int(saturating: (lo - Float(firstRow)) / Float(bandHeight), rounding: .down), 0)
            let last = min(Int(saturating: (hi - Float(firstRow)) / Float(bandHeight), rounding: .down), bandCount - 1)
            return first <= last ? first...last : nil
        }
        // Every edge is stored once per band it crosses: count them before building any band.
        var result = PolygonBands()
        result.bandEdgeCount = edges.reduce(0) { $0 + (bandRange(of: $1)?.count ?? 0) }
        guard charge(.bandEdges, result.bandEdgeCount) else { return nil }
        // Per band, each edge that can affect it with the columns it covers there.
        var bands = [[(edge: Int, columns: Range<Int>)]](repeating: [], count: bandCount)
        for (index, edge) in edges.enumerated() {
            guard let range = bandRange(of: edge) else { continue }
            for band in range {
                let y0 = Float(firstRow + band * bandHeight), y1 = Float(min(firstRow + (band + 1) * bandHeight, endRow))
                guard let span = Self.span(of: edge, rows: (y0 - 1)...(y1 + 1)) else { continue }
                // Columns are kept to the frame and a pixel beyond: what lies further never shows.
                let lower = min(max(Int(saturating: span.x - 1, rounding: .down), -1), width + 1)
                let upper = min(max(Int(saturating: span.y + 1, rounding: .up), lower), width + 1)
                bands[band].append((index, lower..<upper))
            }
        }
        for band in 0..<bandCount where !bands[band].isEmpty {
            let y0 = firstRow + band * bandHeight, y1 = min(y0 + bandHeight, endRow)
            let clusters = Self.clusters(bands[band])
            // Right to left: the winding in the gap right of each cluster.
            var windingRight = 0
            var pieces: [(columns: Range<Int>, edges: [Int], offset: Int)] = []
            for (i, cluster) in clusters.enumerated().reversed() {
                if i + 1 < clusters.count {
                    let gap = cluster.columns.upperBound..<clusters[i + 1].columns.lowerBound
                    if rule.contains(winding: windingRight) { pieces.append((gap, [], windingRight)) }
                }
                pieces.append((cluster.columns, cluster.edges, windingRight))
                windingRight += Self.crossings(of: cluster.edges.map { edges[$0] }, rightOfX: Float(cluster.columns.lowerBound),
                                               atY: Float(y0) + 0.5)
            }
            for piece in pieces.reversed() {
                let x0 = max(piece.columns.lowerBound, 0), x1 = min(piece.columns.upperBound, width)
                guard x0 < x1 else { continue }
                let first = result.edges.count
                result.edges.append(contentsOf: piece.edges.map { edges[$0] })
                result.pieces.append(PolygonBands.Piece(x0: x0, y0: y0, x1: x1, y1: y1,
                                                        edges: first..<result.edges.count, windingOffset: piece.offset))
            }
        }
        return result
    }

    /// Fills `bands` by `rule` with `color` (straight alpha, clamped) at
    /// `opacity`, as ``ShapeKind/path`` primitives, one a piece, whose edges
    /// are appended to the frame's; each piece's pixels and pixel-edge tests
    /// are charged first, and a piece that goes over the budget is not drawn.
    mutating func emit(_ bands: PolygonBands, rule: WindingRule, color: Color, opacity: Double, clips: ClipStack) {
        let color = color.clamped
        let vector = SIMD4(Float(color.red), Float(color.green), Float(color.blue), Float(color.alpha))
        let shapesBefore = shapeCount
        order.reserveInstances(bands.pieces.count)
        for piece in bands.pieces {
            guard chargePixels(x0: Double(piece.x0), y0: Double(piece.y0), x1: Double(piece.x1), y1: Double(piece.y1)),
                  charge(.edgeTests, (piece.x1 - piece.x0) * (piece.y1 - piece.y0) * piece.edges.count) else { continue }
            var instance = PrimitiveInstance.pathBand(
                rect: SIMD4(Float(piece.x0), Float(piece.y0), Float(piece.x1), Float(piece.y1)),
                firstEdge: pathEdges.count, edgeCount: piece.edges.count, windingOffset: piece.windingOffset,
                rule: rule, color: vector, opacity: Float(opacity))
            clips.apply(to: &instance)
            order.append(instance)
            pathEdges.append(contentsOf: bands.edges[piece.edges])
            shapeCount = shapesBefore + 1
        }
    }

    /// `contours` as they are when every vertex lies within ``polygonReach``
    /// of the frame; otherwise each clipped to the frame and a few pixels
    /// around it (`PolygonClipper`), which draws the same pixels.
    private func clippedToFrame(_ contours: [[Point]]) -> [[Point]] {
        let reach = Self.polygonReach
        let near = Rect(x: -reach, y: -reach, width: Double(width) + 2 * reach, height: Double(height) + 2 * reach)
        guard !contours.allSatisfy({ PolygonClipper.contains($0, in: near) }) else { return contours }
        let margin = 4.0
        let frame = Rect(x: -margin, y: -margin, width: Double(width) + 2 * margin, height: Double(height) + 2 * margin)
        return contours.map { PolygonClipper.clip($0, to: frame) }
    }

    /// The edges of `contours` (each closed) in device pixels: finite, of
    /// non-zero length, and only of contours with area (a contour without
    /// area covers nothing, but its edges would still count as outline for
    /// the antialiasing of the pixels around them).
    private static func edges(of contours: [[Point]]) -> [SIMD4<Float>] {
        var edges: [SIMD4<Float>] = []
        for contour in contours where contour.count >= 3 && abs(signedArea(contour)) > 1e-6 {
            for (i, a) in contour.enumerated() {
                let b = contour[(i + 1) % contour.count]
                let edge = SIMD4(Float(a.x), Float(a.y), Float(b.x), Float(b.y))
                guard edge.x.isFinite, edge.y.isFinite, edge.z.isFinite, edge.w.isFinite,
                      edge.x != edge.z || edge.y != edge.w else { continue }
                edges.append(edge)
            }
        }
        return edges
    }

    /// Column ranges merged where they share a column, left to right, each with its edges.
    private static func clusters(_ items: [(edge: Int, columns: Range<Int>)]) -> [(columns: Range<Int>, edges: [Int])] {
        var result: [(columns: Range<Int>, edges: [Int])] = []
        for item in items.sorted(by: { $0.columns.lowerBound < $1.columns.lowerBound }) {
            if let last = result.last, item.columns.lowerBound < last.columns.upperBound {
                result[result.count - 1].columns = last.columns.lowerBound..<max(last.columns.upperBound, item.columns.upperBound)
                result[result.count - 1].edges.append(item.edge)
            } else {
                result.append((item.columns, [item.edge]))
            }
        }
        return result
    }

    /// What `edges` add to the winding number of a point at (x, y) (a ray
    /// towards +x, crossings counted as the fragment shader counts them).
    private static func crossings(of edges: [SIMD4<Float>], rightOfX x: Float, atY y: Float) -> Int {
        var winding = 0
        for e in edges where (e.y <= y) != (e.w <= y) {
            let crossing = e.x + (y - e.y) / (e.w - e.y) * (e.z - e.x)
            if crossing > x { winding += e.w > e.y ? 1 : -1 }
        }
        return winding
    }

    /// The shoelace area of a closed contour.
    private static func signedArea(_ contour: [Point]) -> Double {
        var sum = 0.0
        for (i, a) in contour.enumerated() {
            let b = contour[(i + 1) % contour.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    /// The horizontal extent (min x, max x) of the part of `edge` whose y lies
    /// in `rows`; nil when none does.
    private static func span(of edge: SIMD4<Float>, rows: ClosedRange<Float>) -> SIMD2<Float>? {
        let dy = edge.w - edge.y
        var t0: Float = 0, t1: Float = 1
        if dy != 0 {
            let ta = (rows.lowerBound - edge.y) / dy, tb = (rows.upperBound - edge.y) / dy
            t0 = max(min(ta, tb), 0); t1 = min(max(ta, tb), 1)
        } else if !rows.contains(edge.y) {
            return nil
        }
        guard t0 <= t1 else { return nil }
        let xa = edge.x + (edge.z - edge.x) * t0, xb = edge.x + (edge.z - edge.x) * t1
        return SIMD2(min(xa, xb), max(xa, xb))
    }
}
