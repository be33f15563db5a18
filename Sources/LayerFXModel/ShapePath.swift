import LayerFXCore

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
    /// A general path (SVG path data, partial arcs): elements in absolute
    /// coordinates, possibly several contours (each `move` starts one).
    case elements([PathElement])
}

/// One element of a general path, as `CGPathElement` has them, in absolute
/// coordinates of the layer's space.
public enum PathElement: Hashable, Sendable {
    /// Starts a new contour at the point.
    case move(Point)
    /// A straight line from the current point.
    case line(Point)
    /// A quadratic Bézier curve from the current point.
    case quad(control: Point, end: Point)
    /// A cubic Bézier curve from the current point.
    case cubic(control1: Point, control2: Point, end: Point)
    /// A straight line back to the contour's start, which closes it.
    case close
}

/// A shape layer's path: subpaths drawn in order.
public struct ShapePath: Hashable, Sendable {
    /// The subpaths, drawn in order.
    public var subpaths: SubpathList
    /// A path of `subpaths`.
    public init(_ subpaths: [Subpath]) { self.subpaths = SubpathList(subpaths) }
    /// A path of `subpaths` (one subpath is held without an array).
    public init(_ subpaths: SubpathList) { self.subpaths = subpaths }
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
        case .elements: "svg"
        }
    }

    /// Why `self` and `other` cannot interpolate point by point; nil when
    /// they can. They must be of one kind; stars need as many points, and
    /// general paths the same element kinds in the same order.
    public func interpolationMismatch(with other: Subpath) -> String? {
        guard case let (.elements(a), .elements(b)) = (self, other) else {
            return kindName == other.kindName ? nil : "is \(kindName) against \(other.kindName)"
        }
        guard a.count == b.count else { return "has \(a.count) path elements against \(b.count)" }
        for (i, (x, y)) in zip(a, b).enumerated() where x.kindName != y.kindName {
            return "element \(i) is \(x.kindName) against \(y.kindName)"
        }
        return nil
    }
}

extension PathElement {
    /// What kind of element this is, for messages: "move", "line", "quad",
    /// "cubic" or "close".
    public var kindName: String {
        switch self {
        case .move: "move"
        case .line: "line"
        case .quad: "quad"
        case .cubic: "cubic"
        case .close: "close"
        }
    }
}

extension ShapePath {
    /// Why `self` and `other` cannot interpolate point by point (they need as
    /// many subpaths, pairwise of the same kind as `Subpath.interpolationMismatch`
    /// says); nil when they can.
    public func interpolationMismatch(with other: ShapePath) -> String? {
        guard subpaths.count == other.subpaths.count else {
            return "\(subpaths.count) subpaths against \(other.subpaths.count)"
        }
        for (i, (a, b)) in zip(subpaths, other.subpaths).enumerated() {
            if let mismatch = a.interpolationMismatch(with: b) { return "subpath \(i) \(mismatch)" }
        }
        return nil
    }
}
