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
    /// A pixel's coverage is the area of it the polygon covers: it needs the
    /// edges that cross its row, and what the edges right of it add (its
    /// winding number where they span the row). The polygon is cut into bands of
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
        // The scratch arrays are taken out while the bands are made, so that charging the budget can change `self`.
        var scratch = PolygonScratch()
        swap(&scratch, &polygonScratch)
        defer { swap(&scratch, &polygonScratch) }
        Self.collectEdges(of: clippedToFrame(contours), into: &scratch.edges)
        guard var top = scratch.edges.first.map({ min($0.y, $0.w) }) else { return nil }
        var bottom = scratch.edges[0].y
        for edge in scratch.edges {
            top = min(top, edge.y, edge.w)
            bottom = max(bottom, edge.y, edge.w)
        }
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
        result.bandEdgeCount = scratch.edges.reduce(0) { $0 + (bandRange(of: $1)?.count ?? 0) }
        guard charge(.bandEdges, result.bandEdgeCount) else { return nil }
        // Each edge that can affect a band with the columns it covers there,
        // edge by edge, counted per band.
        scratch.crossings.removeAll(keepingCapacity: true)
        scratch.crossings.reserveCapacity(result.bandEdgeCount)
        scratch.bandStarts.removeAll(keepingCapacity: true)
        scratch.bandStarts.append(contentsOf: repeatElement(0, count: bandCount + 1))
        for (index, edge) in scratch.edges.enumerated() {
            guard let range = bandRange(of: edge) else { continue }
            for band in range {
                let y0 = Float(firstRow + band * bandHeight), y1 = Float(min(firstRow + (band + 1) * bandHeight, endRow))
                guard let span = Self.span(of: edge, rows: (y0 - 1)...(y1 + 1)) else { continue }
                // Columns are kept to the frame and a pixel beyond: what lies further never shows.
                let lower = min(max(Int(saturating: span.x - 1, rounding: .down), -1), width + 1)
                let upper = min(max(Int(saturating: span.y + 1, rounding: .up), lower), width + 1)
                scratch.crossings.append(PolygonScratch.BandCrossing(band: band, edge: index, lower: lower, upper: upper))
                scratch.bandStarts[band + 1] += 1
            }
        }
        // Then band by band (a counting sort, so each band's are in edge order).
        for band in 0..<bandCount { scratch.bandStarts[band + 1] += scratch.bandStarts[band] }
        scratch.sortByBand()
        result.edges.reserveCapacity(scratch.crossings.count)
        for band in 0..<bandCount where scratch.bandStarts[band] < scratch.bandStarts[band + 1] {
            let y0 = firstRow + band * bandHeight, y1 = min(y0 + bandHeight, endRow)
            let crossings = scratch.bandStarts[band]..<scratch.bandStarts[band + 1]
            scratch.makeClusters(of: crossings, rows: y0..<y1, farRight: width + 1)
            // Each cluster, then the gap right of it when that gap is inside.
            for i in scratch.clusters.indices {
                let cluster = scratch.clusters[i]
                result.append(columns: cluster.columns, rows: y0..<y1, width: width, crossings: cluster.crossings,
                              of: scratch, windingOffset: cluster.windingRight)
                if i + 1 < scratch.clusters.count, rule.contains(winding: cluster.windingRight) {
                    result.append(columns: cluster.columns.upperBound..<scratch.clusters[i + 1].columns.lowerBound,
                                  rows: y0..<y1, width: width, crossings: 0..<0, of: scratch,
                                  windingOffset: cluster.windingRight)
                }
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

    /// The edges of `contours` (each closed) in device pixels, replacing
    /// what `edges` held: finite, of non-zero length, and only of contours
    /// with area (a contour without area covers nothing, but its edges would
    /// still count as outline for the antialiasing of the pixels around them).
    private static func collectEdges(of contours: [[Point]], into edges: inout [SIMD4<Float>]) {
        edges.removeAll(keepingCapacity: true)
        for contour in contours where contour.count >= 3 && abs(signedArea(contour)) > 1e-6 {
            for (i, a) in contour.enumerated() {
                let b = contour[i + 1 == contour.count ? 0 : i + 1]
                let edge = SIMD4(Float(a.x), Float(a.y), Float(b.x), Float(b.y))
                guard edge.x.isFinite, edge.y.isFinite, edge.z.isFinite, edge.w.isFinite,
                      edge.x != edge.z || edge.y != edge.w else { continue }
                edges.append(edge)
            }
        }
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

extension PolygonBands {
    /// Appends a piece of `columns` (kept to `0..<width`) × `rows` reading
    /// the edges of `crossings` (a range of `scratch.byBand`), unless no
    /// column is left.
    fileprivate mutating func append(columns: Range<Int>, rows: Range<Int>, width: Int, crossings: Range<Int>,
                                     of scratch: PolygonScratch, windingOffset: Int) {
        let x0 = max(columns.lowerBound, 0), x1 = min(columns.upperBound, width)
        guard x0 < x1 else { return }
        let first = edges.count
        for index in crossings { edges.append(scratch.edges[scratch.byBand[index].edge]) }
        pieces.append(Piece(x0: x0, y0: rows.lowerBound, x1: x1, y1: rows.upperBound,
                            edges: first..<edges.count, windingOffset: windingOffset))
    }
}
