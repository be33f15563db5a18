import LayerFXCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension PathElement {
    /// Cubic curves, at most a quarter turn each, along the ellipse with radii
    /// `radiusX`, `radiusY` about `center`, its x axis turned by `rotation`:
    /// from parametric angle `startAngle` through `sweep` radians (positive
    /// sweeps run clockwise on screen, y down). The point at angle `a` is
    /// `center + rotated(radiusX·cos a, radiusY·sin a)`. No `move`: the curves
    /// continue from the arc's start point. Empty when `sweep` is 0 or NaN;
    /// a sweep beyond a full turn draws one full turn, as Core Graphics does.
    public static func arc(center: Point, radiusX: Double, radiusY: Double, rotation: Double = 0,
                           startAngle: Double, sweep: Double) -> [PathElement] {
        let sweep = min(max(sweep, -2 * .pi), 2 * .pi)
        let pieces = Int(saturating: (abs(sweep) / (.pi / 2) - 1e-9).rounded(.up))
        guard pieces > 0 else { return [] }
        let cr = cos(rotation), sr = sin(rotation)
        func place(_ x: Double, _ y: Double) -> Point {
            let ex = radiusX * x, ey = radiusY * y
            return Point(x: center.x + cr * ex - sr * ey, y: center.y + sr * ex + cr * ey)
        }
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        return (0..<pieces).map { i in
            let a0 = startAngle + Double(i) * step, a1 = a0 + step
            let (c0, s0, c1, s1) = (cos(a0), sin(a0), cos(a1), sin(a1))
            return .cubic(control1: place(c0 - k * s0, s0 + k * c0), control2: place(c1 + k * s1, s1 - k * c1),
                          end: place(c1, s1))
        }
    }
}

extension Subpath {
    /// `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`:
    /// angles in radians from +x, growing clockwise on screen (y down).
    /// `clockwise` runs from `startAngle` to `endAngle` through growing
    /// angles, otherwise through shrinking ones, taking the way round that
    /// direction gives (less than a full turn). When the angles are a full
    /// turn or more apart the result is the circle's ellipse (which starts at
    /// its rightmost point); equal angles give just a move to the start point
    /// (nothing to draw); otherwise an open contour: a move to the start point
    /// and cubic curves of at most a quarter turn each.
    public static func arc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                           clockwise: Bool = true) -> Subpath {
        if abs(endAngle - startAngle) >= 2 * .pi - 1e-9 {
            return .ellipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
        }
        var sweep = endAngle - startAngle
        if clockwise, sweep < 0 { sweep += 2 * .pi }
        if !clockwise, sweep > 0 { sweep -= 2 * .pi }
        let start = Point(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        return .elements([.move(start)] + PathElement.arc(center: center, radiusX: radius, radiusY: radius,
                                                             startAngle: startAngle, sweep: sweep))
    }
}
