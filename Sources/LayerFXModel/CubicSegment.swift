#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore

/// A cubic Bézier curve: the form every drawing element of a path takes when
/// it is walked (keyframe motion, flattening). A line has its control points
/// at its thirds, so it is traversed at constant speed; a quadratic curve is
/// raised to the cubic that traces it exactly.
public struct CubicSegment: Hashable, Sendable {
    /// Where the curve begins.
    public var start: Point
    /// The first control point.
    public var control1: Point
    /// The second control point.
    public var control2: Point
    /// Where the curve ends.
    public var end: Point

    /// A cubic Bézier from `start` to `end` with two control points.
    public init(start: Point, control1: Point, control2: Point, end: Point) {
        self.start = start; self.control1 = control1; self.control2 = control2; self.end = end
    }

    /// A straight line.
    public static func line(_ start: Point, _ end: Point) -> CubicSegment {
        CubicSegment(start: start, control1: start.lerp(end, 1.0 / 3), control2: start.lerp(end, 2.0 / 3), end: end)
    }

    /// The quadratic Bézier curve from `start` through `control` to `end`.
    public static func quad(_ start: Point, control: Point, _ end: Point) -> CubicSegment {
        CubicSegment(start: start, control1: start.lerp(control, 2.0 / 3), control2: end.lerp(control, 2.0 / 3),
                     end: end)
    }

    /// The point at Bézier parameter `t` in 0…1.
    public func point(at t: Double) -> Point {
        let s = 1 - t
        let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
        return Point(x: a * start.x + b * control1.x + c * control2.x + d * end.x,
                     y: a * start.y + b * control1.y + c * control2.y + d * end.y)
    }

    /// The derivative at `t`.
    public func velocity(at t: Double) -> Point {
        let s = 1 - t
        let a = 3 * s * s, b = 6 * s * t, c = 3 * t * t
        return Point(x: a * (control1.x - start.x) + b * (control2.x - control1.x) + c * (end.x - control2.x),
                     y: a * (control1.y - start.y) + b * (control2.y - control1.y) + c * (end.y - control2.y))
    }

    /// The direction of travel at `t` in radians (atan2 of the derivative,
    /// clockwise on screen from +x); falls back to the chord when the
    /// derivative vanishes.
    func tangentAngle(at t: Double) -> Double {
        var v = velocity(at: t)
        if v.x == 0 && v.y == 0 { v = Point(x: end.x - start.x, y: end.y - start.y) }
        return atan2(v.y, v.x)
    }

    /// The arc length from parameter 0 to `t` (16-point Gauss–Legendre).
    public func length(to t: Double = 1) -> Double {
        guard t > 0 else { return 0 }
        var sum = 0.0
        for (node, weight) in GaussLegendre.nodes {
            let v = velocity(at: t * (node + 1) / 2)
            sum += weight * (v.x * v.x + v.y * v.y).squareRoot()
        }
        return sum * t / 2
    }

    /// The parameter at which the arc length from the start is `fraction`
    /// of the whole (Newton's method, bisection as a fallback).
    public func parameter(atLengthFraction fraction: Double) -> Double {
        let total = length()
        guard total > 0, fraction > 0 else { return 0 }
        guard fraction < 1 else { return 1 }
        let target = fraction * total
        var lo = 0.0, hi = 1.0, t = fraction
        for _ in 0..<50 {
            let error = length(to: t) - target
            if abs(error) < 1e-12 * total { return t }
            if error > 0 { hi = t } else { lo = t }
            let v = velocity(at: t)
            let speed = (v.x * v.x + v.y * v.y).squareRoot()
            let next = speed > 0 ? t - error / speed : (lo + hi) / 2
            t = next > lo && next < hi ? next : (lo + hi) / 2
        }
        return t
    }
}

/// Abscissae and weights of the 16-point Gauss–Legendre rule on −1…1.
private enum GaussLegendre {
    static let nodes: [(Double, Double)] = {
        let half: [(Double, Double)] = [
            (0.0950125098376374, 0.1894506104550685), (0.2816035507792589, 0.1826034150449236),
            (0.4580167776572274, 0.1691565193950025), (0.6178762444026438, 0.1495959888165767),
            (0.7554044083550030, 0.1246289712555339), (0.8656312023878318, 0.0951585116824928),
            (0.9445750230732326, 0.0622535239386479), (0.9894009349916499, 0.0271524594117541),
        ]
        return half.flatMap { [($0.0, $0.1), (-$0.0, $0.1)] }
    }()
}

extension Point {
    /// The point `fraction` of the way from `self` to `other`.
    func lerp(_ other: Point, _ fraction: Double) -> Point {
        Point(x: x + (other.x - x) * fraction, y: y + (other.y - y) * fraction)
    }
}

