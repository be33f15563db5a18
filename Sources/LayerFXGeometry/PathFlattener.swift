import LayerFXCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
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
    /// `maximumPiecesPerCurve`; and, when `maximumTurn` (radians) is given,
    /// into at least as many as keep each piece's share of the curve's turn
    /// within it (the turn of its control polygon, which bounds the curve's,
    /// shared equally). Consecutive duplicate points are dropped, and
    /// a closed contour does not repeat its start. Contours of one point are
    /// kept (a zero-length subpath still gets round/square caps when
    /// stroked); a contour that is only a `move` is not a polyline. To fill
    /// the path, take every polyline as closed and apply the fill rule.
    public static func polylines(of path: ShapePath, tolerance: Double, maximumTurn: Double = .infinity) -> [Polyline] {
        let chords = Chords(tolerance: tolerance, maximumTurn: maximumTurn)
        return path.contours.compactMap { polyline(of: $0, chords) }
    }

    /// The most points `polylines(of:tolerance:maximumTurn:)` makes for
    /// `path` (before duplicates are dropped), computed without flattening
    /// it: what a work budget checks first. Saturates at `Int.max`.
    public static func pointCount(of path: ShapePath, tolerance: Double, maximumTurn: Double = .infinity) -> Int {
        let chords = Chords(tolerance: tolerance, maximumTurn: maximumTurn)
        var total = 0
        for contour in path.contours {
            var overflow = false
            (total, overflow) = total.addingReportingOverflow(1)
            if overflow { return .max }
            for segment in contour.segments {
                (total, overflow) = total.addingReportingOverflow(chords.pieces(of: segment))
                if overflow { return .max }
            }
        }
        return total
    }

    private static func polyline(of contour: PathContour, _ chords: Chords) -> Polyline? {
        guard !contour.segments.isEmpty || contour.isClosed else { return nil }
        var points = [contour.start]
        func append(_ p: Point) { if p != points[points.count - 1] { points.append(p) } }
        for segment in contour.segments {
            let n = chords.pieces(of: segment)
            for i in 1..<n { append(segment.point(at: Double(i) / Double(n))) }
            append(segment.end)
        }
        if contour.isClosed, points.count > 1, points[points.count - 1] == points[0] { points.removeLast() }
        return Polyline(points: points, isClosed: contour.isClosed)
    }

    /// How finely curves are cut: the farthest a curve may stray from its
    /// chords, and the most it may turn along one.
    struct Chords {
        let tolerance: Double
        let maximumTurn: Double

        init(tolerance: Double, maximumTurn: Double) {
            self.tolerance = tolerance > PathFlattener.minimumTolerance ? tolerance : PathFlattener.minimumTolerance
            self.maximumTurn = maximumTurn > 0 ? maximumTurn : .infinity
        }

        /// How many chords of equal parameter keep `segment` within
        /// `tolerance` and `maximumTurn`: a chord over a parameter step h
        /// strays at most h²/8 · max|B''| from the curve, and |B''| ≤ 6·M for
        /// a cubic (0 for a line, whose control points lie at its thirds);
        /// the curve turns no more than its control polygon does.
        func pieces(of segment: CubicSegment) -> Int {
            let d1 = segment.start - 2 * segment.control1 + segment.control2
            let d2 = segment.control1 - 2 * segment.control2 + segment.end
            let m = max(d1.length, d2.length)
            let straying = (0.75 * m / tolerance).squareRoot().rounded(.up)
            let turning = maximumTurn.isFinite ? (Self.turn(of: segment) / maximumTurn).rounded(.up) : 1
            let n = max(straying, turning)
            // NaN (from non-finite control points) draws the chord.
            guard n > 1, !n.isNaN else { return 1 }
            return n < Double(maximumPiecesPerCurve) ? Int(n) : maximumPiecesPerCurve
        }

        /// The turn of `segment`'s control polygon (radians, its legs of no
        /// length skipped): at least the curve's total turn.
        static func turn(of segment: CubicSegment) -> Double {
            var total = 0.0, previous: Point? = nil
            for (from, to) in [(segment.start, segment.control1), (segment.control1, segment.control2),
                               (segment.control2, segment.end)] {
                let leg = to - from
                guard leg.x != 0 || leg.y != 0 else { continue }
                if let previous { total += atan2(abs(previous.cross(leg)), previous.dot(leg)) }
                previous = leg
            }
            return total
        }
    }
}
