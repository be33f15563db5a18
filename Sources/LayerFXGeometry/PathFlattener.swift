import LayerFXCore
import LayerFXModel

/// Turns paths into polylines (for filling, and for stroking with `PathStroker`).
public enum PathFlattener {
    /// The most chords one curve is cut into, whatever the tolerance.
    public static let maximumPiecesPerCurve = 4096
    /// The smallest tolerance used; smaller (or non-positive) ones are raised to it.
    public static let minimumTolerance = 1e-9

    /// Every contour of `path` (all subpaths in order, `ShapePath.contours`)
    /// as polylines. Curves are subdivided until no point of the curve is
    /// farther than `tolerance` from its chord (tolerance in path units):
    /// each curve is cut into n pieces of equal parameter, n from Wang's
    /// bound (for a cubic, n ≥ √(3·M / (4·tolerance)) with M the largest
    /// second difference of its control points), at most
    /// `maximumPiecesPerCurve`. Consecutive duplicate points are dropped, and
    /// a closed contour does not repeat its start. Contours of one point are
    /// kept (a zero-length subpath still gets round/square caps when
    /// stroked); a contour that is only a `move` is not a polyline. To fill
    /// the path, take every polyline as closed and apply the fill rule.
    public static func polylines(of path: ShapePath, tolerance: Double) -> [Polyline] {
        let tolerance = tolerance > minimumTolerance ? tolerance : minimumTolerance
        return path.contours.compactMap { polyline(of: $0, tolerance: tolerance) }
    }

    /// The most points `polylines(of:tolerance:)` makes for `path` (before
    /// duplicates are dropped), computed without flattening it: what a work
    /// budget checks first. Saturates at `Int.max`.
    public static func pointCount(of path: ShapePath, tolerance: Double) -> Int {
        let tolerance = tolerance > minimumTolerance ? tolerance : minimumTolerance
        var total = 0
        for contour in path.contours {
            var overflow = false
            (total, overflow) = total.addingReportingOverflow(1)
            if overflow { return .max }
            for segment in contour.segments {
                (total, overflow) = total.addingReportingOverflow(pieces(of: segment, tolerance: tolerance))
                if overflow { return .max }
            }
        }
        return total
    }

    private static func polyline(of contour: PathContour, tolerance: Double) -> Polyline? {
        guard !contour.segments.isEmpty || contour.isClosed else { return nil }
        var points = [contour.start]
        func append(_ p: Point) { if p != points[points.count - 1] { points.append(p) } }
        for segment in contour.segments {
            let n = pieces(of: segment, tolerance: tolerance)
            for i in 1..<n { append(segment.point(at: Double(i) / Double(n))) }
            append(segment.end)
        }
        if contour.isClosed, points.count > 1, points[points.count - 1] == points[0] { points.removeLast() }
        return Polyline(points: points, isClosed: contour.isClosed)
    }

    /// How many chords of equal parameter keep `segment` within `tolerance`:
    /// a chord over a parameter step h strays at most h²/8 · max|B''| from
    /// the curve, and |B''| ≤ 6·M for a cubic (0 for a line, whose control
    /// points lie at its thirds).
    static func pieces(of segment: CubicSegment, tolerance: Double) -> Int {
        let d1 = segment.start - 2 * segment.control1 + segment.control2
        let d2 = segment.control1 - 2 * segment.control2 + segment.end
        let m = max(d1.length, d2.length)
        let n = (0.75 * m / tolerance).squareRoot().rounded(.up)
        // NaN (from non-finite control points) draws the chord.
        guard n > 1, !n.isNaN else { return 1 }
        return n < Double(maximumPiecesPerCurve) ? Int(n) : maximumPiecesPerCurve
    }
}
