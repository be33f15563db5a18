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
    /// The subpaths, drawn in order.
    public var subpaths: [Subpath]
    /// A path of `subpaths`.
    public init(_ subpaths: [Subpath]) { self.subpaths = subpaths }
    /// No subpaths: draws nothing.
    public static let empty = ShapePath([])
}

extension Subpath {
    /// The scene-file name of this kind of subpath.
    public var kindName: String {
        switch self {
        case .ellipse: "ellipseIn"
        case .roundedRect: "rect"
        case .star(_, let points, _, _, _): "star of \(points) points"
        }
    }
}

extension ShapePath {
    /// Why `self` and `other` cannot interpolate point by point (they need as
    /// many subpaths, pairwise of the same kind, stars with as many points);
    /// nil when they can.
    public func interpolationMismatch(with other: ShapePath) -> String? {
        guard subpaths.count == other.subpaths.count else {
            return "\(subpaths.count) subpaths against \(other.subpaths.count)"
        }
        for (i, (a, b)) in zip(subpaths, other.subpaths).enumerated() where a.kindName != b.kindName {
            return "subpath \(i) is \(a.kindName) against \(b.kindName)"
        }
        return nil
    }
}
