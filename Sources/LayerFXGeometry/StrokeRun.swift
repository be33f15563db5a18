import LayerFXCore

/// A stretch of a contour stroked as one piece: joins between its segments,
/// caps at its two ends, or joins all round when it is closed.
struct StrokeRun {
    /// At least one point; consecutive points are apart.
    var points: [Point]
    var isClosed: Bool
    /// The unit direction of travel, for the square cap of a run of one point
    /// (a zero-length dash); (1, 0) where a contour has no direction.
    var direction = Point(x: 1, y: 0)

    /// The runs `style` strokes along `polylines`: each contour dashed from
    /// its own start, then only what lies between `strokeStart` and
    /// `strokeEnd` of the length of all contours together. Points closer
    /// than `spacing` are merged first, so no segment is too short to have a
    /// direction.
    static func runs(of polylines: [Polyline], style: StrokeStyle, spacing: Double) -> [StrokeRun] {
        let contours = polylines.compactMap { MeasuredContour($0, spacing: spacing) }
        let total = contours.reduce(0) { $0 + $1.length }
        let start = min(max(style.strokeStart, 0), 1), end = min(max(style.strokeEnd, 0), 1)
        guard start < end else { return [] }
        let dash = DashSequence(style.dashPattern, phase: style.dashPhase)
        var runs: [StrokeRun] = []
        var offset = 0.0
        for contour in contours {
            // The trim in this contour's distances; no trim at all at 0 and 1,
            // whatever the rounding of the sums.
            let low = start > 0 ? start * total - offset : -.infinity
            let high = end < 1 ? end * total - offset : .infinity
            let stretches = dash?.dashes(alongLength: contour.length) ?? [(0, contour.length)]
            for (a, b) in stretches {
                if a == b {
                    if low <= a, a <= high { runs.append(contour.run(from: a, to: a)) }
                    continue
                }
                let from = max(a, low), to = min(b, high)
                // A sliver the trim leaves of a stretch (rounding at a contour's end) is nothing.
                guard to - from > spacing || (from == a && to == b && from < to) else { continue }
                runs.append(contour.isClosed && from <= 0 && to >= contour.length
                            ? contour.closedRun : contour.run(from: from, to: to))
            }
            offset += contour.length
        }
        return runs
    }
}

/// A polyline with the distance along it at each point.
struct MeasuredContour {
    /// The points, the first repeated at the end when the contour is closed.
    let points: [Point]
    /// `distances[i]`: the length from the start to `points[i]`.
    let distances: [Double]
    let isClosed: Bool
    /// Merged points are at least this far apart.
    let spacing: Double

    var length: Double { distances[distances.count - 1] }

    /// Nil for a polyline without points.
    init?(_ polyline: Polyline, spacing: Double) {
        guard let first = polyline.points.first else { return nil }
        var points = [first]
        for p in polyline.points.dropFirst() where (p - points[points.count - 1]).length > spacing {
            points.append(p)
        }
        if polyline.isClosed, points.count > 1 {
            if (points[points.count - 1] - first).length <= spacing { points.removeLast() }
            if points.count > 1 { points.append(first) }
        }
        var distances = [0.0]
        for i in points.indices.dropFirst() {
            distances.append(distances[i - 1] + (points[i] - points[i - 1]).length)
        }
        self.points = points; self.distances = distances; self.isClosed = polyline.isClosed; self.spacing = spacing
    }

    /// The whole contour, closed (joins at its start instead of caps).
    var closedRun: StrokeRun {
        StrokeRun(points: Array(points.dropLast(points.count > 1 ? 1 : 0)), isClosed: true)
    }

    /// The stretch between distances `a` and `b` (0 ≤ a ≤ b ≤ length) as an
    /// open run; a single point when they are (nearly) equal.
    func run(from a: Double, to b: Double) -> StrokeRun {
        let (startPoint, startSegment) = locate(a)
        var result = [startPoint]
        if b - a > spacing, let startSegment {
            var i = startSegment + 1
            while i < points.count - 1, distances[i] < b - spacing {
                if distances[i] > a + spacing { result.append(points[i]) }
                i += 1
            }
            result.append(locate(b).point)
        }
        guard result.count == 1, let segment = startSegment else { return StrokeRun(points: result, isClosed: false) }
        let d = points[segment + 1] - points[segment]
        return StrokeRun(points: result, isClosed: false, direction: (1 / d.length) * d)
    }

    /// The point at distance `s`, and the segment it lies on (nil for a
    /// contour of one point).
    private func locate(_ s: Double) -> (point: Point, segment: Int?) {
        guard points.count > 1 else { return (points[0], nil) }
        // The last segment starting at or before s.
        var low = 0, high = points.count - 2
        while low < high {
            let mid = (low + high + 1) / 2
            if distances[mid] <= s { low = mid } else { high = mid - 1 }
        }
        let span = distances[low + 1] - distances[low]
        let t = min(max((s - distances[low]) / span, 0), 1)
        let p = points[low], q = points[low + 1]
        return (Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t), low)
    }
}
