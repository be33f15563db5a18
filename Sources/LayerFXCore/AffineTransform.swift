#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    /// The transform that maps every point to itself.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Translation by (`x`, `y`).
    @inlinable
    public static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }
    /// Scaling by `sx` horizontally and `sy` vertically about the origin.
    @inlinable
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// Rotation by `angle` radians; positive angles turn clockwise on screen (y down), as in UIKit.
    @inlinable
    public static func rotation(_ angle: Double) -> AffineTransform {
        // No turn, the common case, without the library calls: cos(±0) is 1
        // and sin(±0) is ±0, so the entries are the ones they would give.
        if angle == 0 { return AffineTransform(a: 1, b: angle, c: -angle, d: 1, tx: 0, ty: 0) }
        let cs = cos(angle), sn = sin(angle)
        return AffineTransform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// `self` applied first, then `other` (CGAffineTransformConcat order).
    @inlinable
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// `p` mapped through the transform.
    @inlinable
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// True when all six entries are finite (no NaN or infinity).
    @inlinable
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// Determinant of the linear part, `a·d − b·c`.
    @inlinable
    public var determinant: Double { a * d - b * c }

    /// The inverse transform, or nil when the matrix is singular (or its
    /// determinant is not finite).
    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id,
                               tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }
}
