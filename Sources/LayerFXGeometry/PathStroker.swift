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
    /// polygons (no repeated closing point) whose union is the stroke. Every
    /// polygon has positive signed area by the shoelace formula
    /// (Σ xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ > 0), so filling all of them with the nonzero
    /// winding rule gives exactly the union with no holes.
    ///
    /// The pieces: one quadrilateral per segment, one polygon per join on the
    /// outer side of the turn (none between collinear segments), one per cap.
    /// Round joins and caps are polygons whose vertices lie on the circle,
    /// with at most `tolerance` sagitta (at least 4 vertices per full turn, at
    /// most 1024). Nothing for a `lineWidth` that is not positive and finite.
    public static func outline(of polylines: [Polyline], style: StrokeStyle, tolerance: Double) -> [[Point]] {
        guard style.lineWidth > 0, style.lineWidth.isFinite else { return [] }
        let half = style.lineWidth / 2
        var outline = StrokeOutline(halfWidth: half, style: style, tolerance: tolerance)
        for run in StrokeRun.runs(of: polylines, style: style, spacing: half * 1e-9) {
            outline.add(run)
        }
        return outline.polygons
    }
}

/// Collects the polygons of a stroke, run by run.
private struct StrokeOutline {
    let halfWidth: Double
    let style: StrokeStyle
    /// The largest angle one chord of a round join or cap may span.
    let arcStep: Double
    var polygons: [[Point]] = []

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

    mutating func add(_ run: StrokeRun) {
        let points = run.points
        guard points.count > 1 else { return dot(at: points[0], direction: run.direction) }
        let count = run.isClosed ? points.count : points.count - 1
        var directions: [Point] = []
        directions.reserveCapacity(count)
        for i in 0..<count {
            let p = points[i], q = points[(i + 1) % points.count]
            let d = (1 / (q - p).length) * (q - p)
            directions.append(d)
            let offset = halfWidth * d.normal
            addPolygon([p - offset, q - offset, q + offset, p + offset])
        }
        for i in 1..<count { join(at: points[i], from: directions[i - 1], to: directions[i]) }
        if run.isClosed {
            join(at: points[0], from: directions[count - 1], to: directions[0])
        } else {
            cap(at: points[0], outward: -1 * directions[0])
            cap(at: points[points.count - 1], outward: directions[count - 1])
        }
    }

    /// Adds `polygon` turned to positive area; drops it when it has none.
    private mutating func addPolygon(_ polygon: [Point]) {
        let area = doubledSignedArea(polygon)
        guard abs(area) > 1e-12 * halfWidth * halfWidth else { return }
        polygons.append(area > 0 ? polygon : polygon.reversed())
    }

    /// The join between a segment arriving at `p` in direction `d0` and one
    /// leaving in direction `d1`, on the outer side of the turn.
    private mutating func join(at p: Point, from d0: Point, to d1: Point) {
        let turn = d0.cross(d1), cosine = d0.dot(d1)
        if abs(turn) <= 1e-12, cosine > 0 { return }  // straight on
        // The outer side is the one the path turns away from.
        let side: Double = turn > 0 ? -1 : 1
        let a = p + side * halfWidth * d0.normal, b = p + side * halfWidth * d1.normal
        switch style.lineJoin {
        case .bevel:
            addPolygon([p, a, b])
        case .miter:
            // Miter length / line width = 1/sin(φ/2) = 1/cos(θ/2), θ the turn.
            let cosHalfTurn = ((1 + cosine) / 2).squareRoot()
            if cosHalfTurn > 0, 1 / cosHalfTurn <= style.miterLimit {
                let tip = p + (side * halfWidth / (1 + cosine)) * (d0.normal + d1.normal)
                addPolygon([p, a, tip, b])
            } else {
                addPolygon([p, a, b])
            }
        case .round:
            // From a round the outside (towards d0 − d1) to b.
            let angle = atan2(abs(turn), cosine)
            let outward = d0 - d1
            let sense: Double = (a - p).cross(outward) > 0 ? 1 : -1
            addPolygon([p] + arc(around: p, from: a - p, through: sense * angle) + [b])
        }
    }

    /// The cap at the end `p` of a run whose direction out of the run is `d`.
    private mutating func cap(at p: Point, outward d: Point) {
        let n = halfWidth * d.normal
        switch style.lineCap {
        case .butt:
            break
        case .square:
            let ahead = halfWidth * d
            addPolygon([p + n, p + n + ahead, p - n + ahead, p - n])
        case .round:
            // From p + n round the front (p + d·w/2) to p − n.
            let sense: Double = n.cross(d) > 0 ? 1 : -1
            addPolygon(arc(around: p, from: n, through: sense * .pi) + [p - n])
        }
    }

    /// A single point: a disc (round caps) or a square along `d` (square caps).
    private mutating func dot(at p: Point, direction d: Point) {
        switch style.lineCap {
        case .butt:
            break
        case .square:
            let along = halfWidth * d, across = halfWidth * d.normal
            addPolygon([p - along - across, p + along - across, p + along + across, p - along + across])
        case .round:
            addPolygon(arc(around: p, from: Point(x: halfWidth, y: 0), through: 2 * .pi))
        }
    }

    /// Points on the circle about `center` through `center + radius`, from
    /// that point through `angle` radians (its sign the direction), each
    /// chord at most `arcStep`; the first point is included, the last not.
    private func arc(around center: Point, from radius: Point, through angle: Double) -> [Point] {
        let pieces = max(1, Int((abs(angle) / arcStep - 1e-9).rounded(.up)))
        let start = atan2(radius.y, radius.x), r = radius.length
        return (0..<pieces).map { i in
            i == 0 ? center + radius : center + r * Point.unit(start + angle * Double(i) / Double(pieces))
        }
    }
}
