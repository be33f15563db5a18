import LayerFXModel
import LayerFXPrimitives

extension FrameBuilder {
    /// Rows per polygon band: a pixel reads only the edges of its band, so
    /// lower bands mean fewer edges per pixel and more (cheap) instances.
    static let polygonBandHeight = 16

    /// Fills `contours` (device pixels, each implicitly closed) by `rule` with
    /// `color`: the polygon's edges go into ``pathEdges`` once per band of
    /// whole pixel rows they can affect, and each band becomes one
    /// ``ShapeKind/path`` primitive whose rectangle holds every pixel the
    /// polygon can cover in those rows.
    ///
    /// A pixel needs the edges within half a pixel of its centre (its
    /// antialiasing) and those crossing its row (its winding number); a band
    /// keeps every edge whose vertical span meets the band grown by one row
    /// each side, which holds both. Left and right of all those edges the
    /// winding number is zero, so the band's rectangle spans their
    /// horizontal extent in the grown band, plus a pixel.
    mutating func emitPolygon(_ contours: [[Point]], rule: WindingRule, color: Color, opacity: Double,
                              clips: ClipStack) {
        let color = color.clamped
        guard color.alpha > 0, opacity > 0 else { return }
        var edges: [SIMD4<Float>] = []
        // A contour without area covers nothing; its edges would still count
        // as outline for the antialiasing of the pixels around them.
        for contour in contours where contour.count >= 3 && abs(Self.signedArea(contour)) > 1e-6 {
            for (i, a) in contour.enumerated() {
                let b = contour[(i + 1) % contour.count]
                let edge = SIMD4(Float(a.x), Float(a.y), Float(b.x), Float(b.y))
                guard edge.x.isFinite, edge.y.isFinite, edge.z.isFinite, edge.w.isFinite,
                      edge.x != edge.z || edge.y != edge.w else { continue }
                edges.append(edge)
            }
        }
        guard let top = edges.map({ min($0.y, $0.w) }).min(), let bottom = edges.map({ max($0.y, $0.w) }).max() else { return }
        let firstRow = max(Int((top - 1).rounded(.down)), 0)
        let endRow = min(Int((bottom + 1).rounded(.up)), height)
        guard firstRow < endRow else { return }
        let bandHeight = Self.polygonBandHeight
        let bandCount = (endRow - firstRow + bandHeight - 1) / bandHeight
        var bandEdges = [[Int]](repeating: [], count: bandCount)
        var bandSpan = [SIMD2<Float>](repeating: SIMD2(.infinity, -.infinity), count: bandCount)
        for (index, edge) in edges.enumerated() {
            let lo = min(edge.y, edge.w) - 1, hi = max(edge.y, edge.w) + 1
            let first = max(Int(((lo - Float(firstRow)) / Float(bandHeight)).rounded(.down)), 0)
            let last = min(Int(((hi - Float(firstRow)) / Float(bandHeight)).rounded(.down)), bandCount - 1)
            guard first <= last else { continue }
            for band in first...last {
                let y0 = Float(firstRow + band * bandHeight), y1 = Float(min(firstRow + (band + 1) * bandHeight, endRow))
                bandEdges[band].append(index)
                bandSpan[band] = Self.extend(bandSpan[band], with: edge, rows: (y0 - 1)...(y1 + 1))
            }
        }
        var emitted = false
        let vector = SIMD4(Float(color.red), Float(color.green), Float(color.blue), Float(color.alpha))
        for band in 0..<bandCount where !bandEdges[band].isEmpty {
            let x0 = max((bandSpan[band].x - 1).rounded(.down), 0), x1 = min((bandSpan[band].y + 1).rounded(.up), Float(width))
            guard x0 < x1 else { continue }
            let y0 = firstRow + band * bandHeight, y1 = min(y0 + bandHeight, endRow)
            var instance = PrimitiveInstance.pathBand(
                rect: SIMD4(x0, Float(y0), x1, Float(y1)), firstEdge: pathEdges.count, edgeCount: bandEdges[band].count,
                rule: rule, color: vector, opacity: Float(opacity))
            clips.apply(to: &instance)
            primitives.append(instance)
            pathEdges.append(contentsOf: bandEdges[band].map { edges[$0] })
            emitted = true
        }
        if emitted { shapeCount += 1 }
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

    /// `span` (min x, max x) grown by the part of `edge` whose y lies in `rows`.
    private static func extend(_ span: SIMD2<Float>, with edge: SIMD4<Float>, rows: ClosedRange<Float>) -> SIMD2<Float> {
        let dy = edge.w - edge.y
        var t0: Float = 0, t1: Float = 1
        if dy != 0 {
            let ta = (rows.lowerBound - edge.y) / dy, tb = (rows.upperBound - edge.y) / dy
            t0 = max(min(ta, tb), 0); t1 = min(max(ta, tb), 1)
        }
        guard t0 <= t1 else { return span }
        let xa = edge.x + (edge.z - edge.x) * t0, xb = edge.x + (edge.z - edge.x) * t1
        return SIMD2(min(span.x, xa, xb), max(span.y, xa, xb))
    }
}
