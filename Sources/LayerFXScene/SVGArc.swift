#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore
import LayerFXModel

/// SVG's elliptical arc command (`A`) as path elements, by the endpoint to
/// centre conversion of SVG 1.1 appendix F.6.5–F.6.6.
enum SVGArc {
    /// The elements drawing the arc from `start` to `end`: nothing when the
    /// end points are equal, a line when a radius is 0, otherwise cubic
    /// curves of at most 90° each (`PathElement.arc`) ending exactly at `end`.
    /// Negative radii count as positive; radii too small to reach `end` are
    /// scaled up until they just do. `sweep` runs through growing angles
    /// (clockwise on screen, y down); `largeArc` picks the longer way round.
    static func elements(from start: Point, to end: Point, radiusX: Double, radiusY: Double,
                         rotationDegrees: Double, largeArc: Bool, sweep: Bool) -> [PathElement] {
        guard start != end else { return [] }
        var rx = abs(radiusX), ry = abs(radiusY)
        guard rx > 0, ry > 0 else { return [.line(end)] }
        let phi = rotationDegrees * .pi / 180
        let cp = cos(phi), sp = sin(phi)
        // The start point in the ellipse's frame, relative to the chord's midpoint.
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cp * dx + sp * dy, y1 = -sp * dx + cp * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let coefficient = (largeArc == sweep ? -1.0 : 1.0) * max(0, numerator / denominator).squareRoot()
        let cx1 = coefficient * rx * y1 / ry, cy1 = -coefficient * ry * x1 / rx
        let center = Point(x: cp * cx1 - sp * cy1 + (start.x + end.x) / 2,
                           y: sp * cx1 + cp * cy1 + (start.y + end.y) / 2)
        let ux = (x1 - cx1) / rx, uy = (y1 - cy1) / ry
        let vx = (-x1 - cx1) / rx, vy = (-y1 - cy1) / ry
        let startAngle = atan2(uy, ux)
        var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        if sweep, delta < 0 { delta += 2 * .pi }
        if !sweep, delta > 0 { delta -= 2 * .pi }
        guard center.x.isFinite, center.y.isFinite, startAngle.isFinite, delta.isFinite else { return [.line(end)] }
        var elements = PathElement.arc(center: center, radiusX: rx, radiusY: ry, rotation: phi,
                                       startAngle: startAngle, sweep: delta)
        guard case .cubic(let c1, let c2, _)? = elements.last else { return [.line(end)] }
        elements[elements.count - 1] = .cubic(control1: c1, control2: c2, end: end)
        return elements
    }
}
