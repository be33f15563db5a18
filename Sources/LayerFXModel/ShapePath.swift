/// One subpath of a `CAShapeLayer` path, in the layer's coordinate space.
public enum Subpath: Hashable, Sendable {
    /// `UIBezierPath(ovalIn:)`.
    case ellipse(in: Rect)
    /// `UIBezierPath(roundedRect:cornerRadius:)`; a radius of 0 is a plain rectangle.
    case roundedRect(Rect, cornerRadius: Double)
    /// A regular star: `points` outer vertices at `outerRadius`, alternating with
    /// inner vertices at `innerRadius`; the first outer vertex points up (−y)
    /// before `rotation` (radians, clockwise on screen).
    case star(center: Point, points: Int, outerRadius: Double, innerRadius: Double, rotation: Double)
}

/// A shape layer's path: subpaths drawn in order.
public struct ShapePath: Hashable, Sendable {
    public var subpaths: [Subpath]
    public init(_ subpaths: [Subpath]) { self.subpaths = subpaths }
    public static let empty = ShapePath([])
}
