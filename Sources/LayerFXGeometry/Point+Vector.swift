#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore

/// Points as 2D vectors, for the geometry in this module.
extension Point {
    static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    static func * (s: Double, a: Point) -> Point { Point(x: s * a.x, y: s * a.y) }

    func dot(_ o: Point) -> Double { x * o.x + y * o.y }
    /// The z component of the 3D cross product: > 0 when `o` turns towards
    /// `self`'s normal (`normal`).
    func cross(_ o: Point) -> Double { x * o.y - y * o.x }
    var length: Double { (x * x + y * y).squareRoot() }
    /// `self` turned a quarter towards +y from +x: (−y, x).
    var normal: Point { Point(x: -y, y: x) }
    /// The unit vector at `angle` radians from +x.
    static func unit(_ angle: Double) -> Point { Point(x: cos(angle), y: sin(angle)) }
}

/// Twice the signed area of `polygon` by the shoelace formula
/// (Σ xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ).
func doubledSignedArea(_ polygon: [Point]) -> Double {
    guard polygon.count >= 3 else { return 0 }
    var sum = 0.0
    var previous = polygon[polygon.count - 1]
    for p in polygon {
        sum += previous.x * p.y - p.x * previous.y
        previous = p
    }
    return sum
}
