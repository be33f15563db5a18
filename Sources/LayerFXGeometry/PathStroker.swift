import LayerFXCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXModel

/// Turns polylines into the area their stroke covers.
///
/// The stroke is centred on the path, `lineWidth` wide. Joins: `miter`
/// (the outer edges extended until they meet; when the miter would be longer
/// than `miterLimit` line widths, i.e. 1/sin(φ/2) > limit for the angle φ
/// between the segments, a bevel instead), `round`, `bevel`. Caps: `butt`,
/// `round`, `square` (a half-width further), at both ends of open contours
/// and of every dash; a closed contour has a join at its start point
/// instead. A contour of one point (or a dash of length 0) gets a disc or a
/// square (turned along the path) for round or square caps, nothing for butt.
///
/// `strokeStart`/`strokeEnd` are clamped to 0…1 and taken of the length of
/// all contours together (a closed one counts its closing segment); only
/// what lies between them is stroked, nothing when start ≥ end. Dashes are
/// laid along each contour from its start (`dashPhase` into the pattern,
/// restarting at each contour) before that trim, so animating `strokeEnd`
/// reveals dashes that stay in place. A pattern whose total is not positive
/// and finite (negative lengths count as 0) strokes solid, and so does one
/// finer than `DashSequence.maximumPeriods` periods per contour.
public enum PathStroker {
    /// The area covered by stroking `polylines` with `style`, as closed
    /// polygons (no repeated closing point): filling all of them together
    /// with the nonzero winding rule gives the stroke.
    ///
    /// Each run (an undashed contour, or a dash) is one polygon around it, or
    /// for a closed run two loops (outer and inner); a point is a disc or a
    /// square. Their windings are those of one quadrilateral per segment, one
    /// piece per join on the outer side of the turn and one per cap, all of
    /// the same sign, so the nonzero rule gives their union with no holes;
    /// each polygon's total signed area (a ring's loops together) is positive
    /// by the shoelace formula (Σ xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ > 0). Round joins and caps
    /// follow the circle with at most `tolerance` sagitta (at least 4
    /// vertices per full turn, at most 1024). Nothing for a `lineWidth` that
    /// is not positive and finite.
    public static func outline(of polylines: [Polyline], style: StrokeStyle, tolerance: Double) -> [[Point]] {
        outline(of: polylines, style: style, tolerance: tolerance, vertexLimit: .max) ?? []
    }

    /// ``outline(of:style:tolerance:)``, or nil as soon as the polygons hold
    /// more than `vertexLimit` vertices (a work budget's limit).
    public static func outline(of polylines: [Polyline], style: StrokeStyle, tolerance: Double,
                               vertexLimit: Int) -> [[Point]]? {
        guard style.lineWidth > 0, style.lineWidth.isFinite else { return [] }
        let half = style.lineWidth / 2
        var outline = StrokeOutline(halfWidth: half, style: style, tolerance: tolerance)
        for run in StrokeRun.runs(of: polylines, style: style, spacing: half * 1e-9) {
            outline.add(run)
            if outline.vertexCount > vertexLimit { return nil }
        }
        return outline.polygons
    }

    /// The most stroke pieces (dashes, plus a join or cap at every vertex)
    /// stroking `polylines` with `style` can make, computed from the
    /// contours' lengths without laying out the dashes: what a work budget
    /// checks first. Saturates at `Int.max`.
    public static func pieceCount(of polylines: [Polyline], style: StrokeStyle) -> Int {
        guard style.lineWidth > 0, style.lineWidth.isFinite else { return 0 }
        let dash = DashSequence(style.dashPattern, phase: style.dashPhase)
        var total = 0.0
        for polyline in polylines {
            let points = polyline.points
            total += Double(points.count + 2)
            guard let dash, points.count > 1 else { continue }
            var length = 0.0
            for i in 1..<points.count { length += (points[i] - points[i - 1]).length }
            if polyline.isClosed { length += (points[0] - points[points.count - 1]).length }
            let periods = length / dash.period
            // A pattern too fine to lay out strokes solid (DashSequence.maximumPeriods).
            if periods <= DashSequence.maximumPeriods {
                total += (periods + 1) * Double(dash.lengths.count / 2)
            }
        }
        return Int(saturating: total)
    }
}

/// Collects the polygons of a stroke, run by run.
private struct StrokeOutline {
    let halfWidth: Double
    let style: StrokeStyle
    /// The largest angle one chord of a round join or cap may span.
    let arcStep: Double
    var polygons: [[Point]] = []
    /// The vertices of `polygons` together.
    var vertexCount = 0

    init(halfWidth: Double, style: StrokeStyle, tolerance: Double) {
        self.halfWidth = halfWidth
        self.style = style
        // A chord spanning angle a strays r·(1 − cos(a/2)) from the circle.
        let finest = 2 * Double.pi / 1024, coarsest = Double.pi / 2
        if tolerance > 0, tolerance < halfWidth {
            arcStep = min(max(2 * acos(1 - tolerance / halfWidth), finest), coarsest)
        } else {
            arcStep = tolerance > 0 ? coarsest : finest
        }
    }

    /// One polygon around an open run (its left side forward, the end cap,
    /// its right side backward, the start cap), or two loops around a closed
    /// one (its left side forward, its right side backward). The outer side
    /// of each turn gets the join; the inner side passes through the vertex.
    /// As a sum of edges this is exactly one quadrilateral per segment plus
    /// the join and cap pieces (the back-to-back edges between pieces
    /// cancel), so its nonzero winding covers the same union, but no edge
    /// lies inside the stroke against another one.
    mutating func add(_ run: StrokeRun) {
        let points = run.points
        guard points.count > 1 else { return dot(at: points[0], direction: run.direction) }
        let count = run.isClosed ? points.count : points.count - 1
        var directions: [Point] = []
        directions.reserveCapacity(count)
        for i in 0..<count {
            let p = points[i], q = points[(i + 1) % points.count]
            directions.append((1 / (q - p).length) * (q - p))
        }
        let backPoints = Array(points.reversed())
        var backDirections = directions.reversed().map { -1 * $0 }
        if run.isClosed {
            // Reversed, segment j runs from point n−1−j to n−2−j, and the last from point 0 to n−1.
            backDirections = Array(backDirections.dropFirst() + backDirections.prefix(1))
            addPolygons([leftSide(backPoints, backDirections, closed: true),
                         leftSide(points, directions, closed: true)])
        } else {
            addPolygons([leftSide(points, directions, closed: false)
                         + cap(at: points[points.count - 1], outward: directions[count - 1])
                         + leftSide(backPoints, backDirections, closed: false)
                         + cap(at: points[0], outward: -1 * directions[0])])
        }
    }

    /// The offset of a run on the side of `d.normal` (the left, travelling
    /// `points` in order), with a join at every inner vertex (and every
    /// vertex of a closed run, starting at point 0).
    private func leftSide(_ points: [Point], _ directions: [Point], closed: Bool) -> [Point] {
        let n = directions.count
        func length(_ i: Int) -> Double { (points[(i + 1) % points.count] - points[i]).length }
        var side: [Point] = []
        side.reserveCapacity(points.count + 2)
        if closed {
            for i in 0..<points.count {
                let before = (i + n - 1) % n
                join(into: &side, at: points[i], from: directions[before], to: directions[i],
                     lengths: (length(before), length(i)))
            }
            return side
        }
        side.append(points[0] + halfWidth * directions[0].normal)
        for i in 1..<n {
            join(into: &side, at: points[i], from: directions[i - 1], to: directions[i], lengths: (length(i - 1), length(i)))
        }
        side.append(points[n] + halfWidth * directions[n - 1].normal)
        return side
    }

    /// Appends to `side` the left side's points at `p`, between a segment arriving in
    /// direction `d0` and one leaving in `d1` (of `lengths`): the join when
    /// the left is the outer side of the turn. On the inner side the two
    /// offset edges cross; the side turns where they cross when that is
    /// within each segment's half (always on a finely flattened curve), else
    /// it runs through `p` (the edges then cover the overlap twice, which
    /// the nonzero rule fills all the same).
    private func join(into side: inout [Point], at p: Point, from d0: Point, to d1: Point,
                      lengths: (Double, Double)) {
        let turn = d0.cross(d1), cosine = d0.dot(d1)
        let a = p + halfWidth * d0.normal, b = p + halfWidth * d1.normal
        if abs(turn) <= 1e-12, cosine > 0 { return side.append(a) }  // straight on
        if turn > 0 {  // turning left: the left side is inside
            // a + t·d0 = b + s·d1, t ≤ 0 ≤ s.
            let t = (b - a).cross(d1) / turn, s = (b - a).cross(d0) / turn
            if t <= 0, s >= 0, -t <= lengths.0 / 2, s <= lengths.1 / 2 { return side.append(a + t * d0) }
            return side.append(contentsOf: [a, p, b])
        }
        switch style.lineJoin {
        case .bevel:
            side.append(a)
            side.append(b)
        case .miter:
            // Miter length / line width = 1/sin(φ/2) = 1/cos(θ/2), θ the turn.
            let cosHalfTurn = ((1 + cosine) / 2).squareRoot()
            side.append(a)
            if cosHalfTurn > 0, 1 / cosHalfTurn <= style.miterLimit {
                side.append(p + (halfWidth / (1 + cosine)) * (d0.normal + d1.normal))
            }
            side.append(b)
        case .round:
            // From a round the outside (towards d0 − d1) to b.
            let angle = atan2(abs(turn), cosine)
            let sense: Double = (a - p).cross(d0 - d1) > 0 ? 1 : -1
            appendArc(to: &side, around: p, from: a - p, through: sense * angle)
            side.append(b)
        }
    }

    /// The points of the cap at the end `p` of a run whose direction out of
    /// the run is `d`, between the left side's last point and the right
    /// side's first (both excluded).
    private func cap(at p: Point, outward d: Point) -> [Point] {
        let n = halfWidth * d.normal
        switch style.lineCap {
        case .butt:
            return []
        case .square:
            let ahead = halfWidth * d
            return [p + n + ahead, p - n + ahead]
        case .round:
            // From p + n round the front (p + d·w/2) to p − n.
            let sense: Double = n.cross(d) > 0 ? 1 : -1
            var round: [Point] = []
            appendArc(to: &round, around: p, from: n, through: sense * .pi)
            return Array(round.dropFirst())
        }
    }

    /// Adds `loops` (one region: an outline, or a ring's two loops), all
    /// reversed when their total area is negative; drops them when it is zero.
    private mutating func addPolygons(_ loops: [[Point]]) {
        let area = loops.reduce(0) { $0 + doubledSignedArea($1) }
        guard abs(area) > 1e-12 * halfWidth * halfWidth else { return }
        polygons += loops.map { area > 0 ? $0 : $0.reversed() }
        vertexCount += loops.reduce(0) { $0 + $1.count }
    }

    /// A single point: a disc (round caps) or a square along `d` (square caps).
    private mutating func dot(at p: Point, direction d: Point) {
        switch style.lineCap {
        case .butt:
            break
        case .square:
            let along = halfWidth * d, across = halfWidth * d.normal
            addPolygons([[p - along - across, p + along - across, p + along + across, p - along + across]])
        case .round:
            var disc: [Point] = []
            appendArc(to: &disc, around: p, from: Point(x: halfWidth, y: 0), through: 2 * .pi)
            addPolygons([disc])
        }
    }

    /// Appends the points on the circle about `center` through `center + radius`, from
    /// that point through `angle` radians (its sign the direction), each
    /// chord at most `arcStep`; the first point is included, the last not.
    private func appendArc(to points: inout [Point], around center: Point, from radius: Point, through angle: Double) {
        // A turn is at most a full circle; NaN angles (from degenerate points) draw one piece.
        let pieces = max(1, Int(saturating: (min(abs(angle), 2 * .pi) / arcStep - 1e-9).rounded(.up)))
        points.append(center + radius)
        guard pieces > 1 else { return }   // one chord: its first point only (a finely cut curve's every join)
        let start = atan2(radius.y, radius.x), r = radius.length
        for i in 1..<pieces { points.append(center + r * Point.unit(start + angle * Double(i) / Double(pieces))) }
    }
}
