#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A point in a layer's coordinate space (points, y grows downward), like `CGPoint`.
public struct Point: Hashable, Sendable {
    /// Horizontal coordinate, growing to the right.
    public var x: Double
    /// Vertical coordinate, growing downward.
    public var y: Double
    /// A point at (`x`, `y`).
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// (0, 0).
    public static let zero = Point(x: 0, y: 0)
}

/// A width and height, like `CGSize`.
public struct Size: Hashable, Sendable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double
    /// A size of `width` × `height`.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// 0 × 0.
    public static let zero = Size(width: 0, height: 0)
}

/// An origin and a size, like `CGRect`.
public struct Rect: Hashable, Sendable {
    /// The top-left corner (the minimum x and y).
    public var origin: Point
    /// Width and height.
    public var size: Size
    /// A rectangle at `origin` of `size`.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// A rectangle at (`x`, `y`) of `width` × `height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    /// The empty rectangle at (0, 0).
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The x coordinate of the centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y coordinate of the centre.
    public var midY: Double { origin.y + size.height / 2 }
}

/// A 2D affine transform in `CGAffineTransform` order: a point maps to
/// `(a·x + c·y + tx, b·x + d·y + ty)`.
public struct AffineTransform: Hashable, Sendable {
    /// x scale (first column, first row of the linear part).
    public var a: Double
    /// y shear (first column, second row).
    public var b: Double
    /// x shear (second column, first row).
    public var c: Double
    /// y scale (second column, second row).
    public var d: Double
    /// x translation.
    public var tx: Double
    /// y translation.
    public var ty: Double
    /// A transform from its six entries, as `CGAffineTransform(a:b:c:d:tx:ty:)`.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    /// The transform that maps every point to itself.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Translation by (`x`, `y`).
    public static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }
    /// Scaling by `sx` horizontally and `sy` vertically about the origin.
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// Rotation by `angle` radians; positive angles turn clockwise on screen (y down), as in UIKit.
    public static func rotation(_ angle: Double) -> AffineTransform {
        let cs = cos(angle), sn = sin(angle)
        return AffineTransform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// `self` applied first, then `other` (CGAffineTransformConcat order).
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// `p` mapped through the transform.
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// True when all six entries are finite (no NaN or infinity).
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
}
