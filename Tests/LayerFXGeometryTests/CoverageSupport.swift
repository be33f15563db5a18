import Testing
import LayerFXCore
import LayerFXModel
import LayerFXGeometry

/// The area of the union of `polygons` under the nonzero winding rule,
/// measured on scanlines `rowStep` apart (through each row's middle): exact
/// across a row, so exact for edges on row boundaries and for straight edges
/// between vertices, off only in rows holding a vertex.
func unionArea(_ polygons: [[Point]], rowStep: Double = 0.01) -> Double {
    let ys = polygons.flatMap { $0.map(\.y) }
    guard let low = ys.min(), let high = ys.max() else { return 0 }
    let rows = Int(((high - low) / rowStep).rounded(.up))
    var area = 0.0
    for row in 0..<rows {
        let y = low + (Double(row) + 0.5) * rowStep
        var crossings: [(x: Double, winding: Int)] = []
        for polygon in polygons {
            for (i, p) in polygon.enumerated() {
                let q = polygon[(i + 1) % polygon.count]
                guard (p.y <= y && y < q.y) || (q.y <= y && y < p.y) else { continue }
                crossings.append((p.x + (y - p.y) * (q.x - p.x) / (q.y - p.y), q.y > p.y ? 1 : -1))
            }
        }
        crossings.sort { $0.x < $1.x }
        var winding = 0
        for (i, crossing) in crossings.enumerated() {
            if winding != 0 { area += (crossing.x - crossings[i - 1].x) * rowStep }
            winding += crossing.winding
        }
    }
    return area
}

/// Whether `point` lies inside the union of `polygons` (nonzero winding).
func covers(_ polygons: [[Point]], _ point: Point) -> Bool {
    var winding = 0
    for polygon in polygons {
        for (i, p) in polygon.enumerated() {
            let q = polygon[(i + 1) % polygon.count]
            let side = (q.x - p.x) * (point.y - p.y) - (point.x - p.x) * (q.y - p.y)
            if p.y <= point.y, q.y > point.y, side > 0 { winding += 1 }
            if q.y <= point.y, p.y > point.y, side < 0 { winding -= 1 }
        }
    }
    return winding != 0
}

/// Twice the signed area by the shoelace formula.
func shoelace(_ polygon: [Point]) -> Double {
    var sum = 0.0
    for (i, p) in polygon.enumerated() {
        let q = polygon[(i + 1) % polygon.count]
        sum += p.x * q.y - q.x * p.y
    }
    return sum
}

/// Strokes `polylines` and checks what every outline must satisfy: finite
/// points, at least three per polygon, no repeated closing point, positive
/// area in total (a closed run's inner loop is negative on its own).
func stroke(_ polylines: [Polyline], _ style: StrokeStyle, tolerance: Double = 0.01,
            sourceLocation: SourceLocation = #_sourceLocation) -> [[Point]] {
    let polygons = PathStroker.outline(of: polylines, style: style, tolerance: tolerance)
    for polygon in polygons {
        #expect(polygon.count >= 3, sourceLocation: sourceLocation)
        #expect(polygon.allSatisfy { $0.x.isFinite && $0.y.isFinite }, sourceLocation: sourceLocation)
        #expect(polygon.first != polygon.last, sourceLocation: sourceLocation)
    }
    if !polygons.isEmpty {
        #expect(polygons.map(shoelace).reduce(0, +) > 0, "the outline is not positive", sourceLocation: sourceLocation)
    }
    return polygons
}

func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

/// The distance from `p` to the segment `a`–`b`.
func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x, dy = b.y - a.y
    let lengthSquared = dx * dx + dy * dy
    guard lengthSquared > 0 else { return distance(p, a) }
    let t = min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared, 0), 1)
    return distance(p, Point(x: a.x + t * dx, y: a.y + t * dy))
}

/// An open polyline through `points`.
func line(_ points: (Double, Double)...) -> Polyline {
    Polyline(points: points.map { Point(x: $0.0, y: $0.1) }, isClosed: false)
}

/// The closed rectangle `x, y, width, height` as CGPathAddRect walks it.
func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Polyline {
    Polyline(points: [Point(x: x, y: y), Point(x: x + width, y: y), Point(x: x + width, y: y + height),
                      Point(x: x, y: y + height)], isClosed: true)
}
