#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Points as 2D vectors.
extension Point {
    /// The sum, component by component.
    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The difference, component by component.
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// `a` scaled by `s`.
    @inlinable public static func * (s: Double, a: Point) -> Point { Point(x: s * a.x, y: s * a.y) }

    /// The dot product.
    @inlinable public func dot(_ o: Point) -> Double { x * o.x + y * o.y }
    /// The z component of the 3D cross product: > 0 when `o` turns towards
    /// `self`'s normal (`normal`).
    @inlinable public func cross(_ o: Point) -> Double { x * o.y - y * o.x }
    /// The distance from the origin.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    /// `self` turned a quarter towards +y from +x: (−y, x).
    @inlinable public var normal: Point { Point(x: -y, y: x) }
    /// The unit vector at `angle` radians from +x.
    @inlinable public static func unit(_ angle: Double) -> Point { Point(x: cos(angle), y: sin(angle)) }
}
