/// Which `CALayer` subclass a layer is, with that subclass's own properties.
public enum LayerKind: Hashable, Sendable {
    /// A plain `CALayer`.
    case plain
    /// A `CAShapeLayer`.
    case shape
}

/// The `lineJoin` of a shape layer's stroke.
public enum LineJoin: String, Hashable, Sendable { case miter, round, bevel }
/// The `lineCap` of a shape layer's stroke.
public enum LineCap: String, Hashable, Sendable { case butt, round, square }
/// The `fillRule` of a shape layer.
public enum FillRule: String, Hashable, Sendable { case nonZero, evenOdd }

/// Every animatable (and model) property of a layer, with Core Animation's
/// defaults. One value of this type is a layer's model state; evaluating its
/// animations at a time yields another one, the presentation state.
public struct LayerProperties: Hashable, Sendable {
    // CALayer geometry
    public var bounds: Rect = .zero
    public var position: Point = .zero
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    public var transform: LayerTransform = .identity
    public var sublayerTransform: LayerTransform = .identity
    // CALayer appearance
    public var opacity: Double = 1
    public var isHidden = false
    public var backgroundColor: Color? = nil
    public var cornerRadius: Double = 0
    public var borderWidth: Double = 0
    public var borderColor: Color? = .black
    public var masksToBounds = false
    // CAShapeLayer
    public var path: ShapePath = .empty
    public var fillColor: Color? = .black
    public var fillRule: FillRule = .nonZero
    public var strokeColor: Color? = nil
    public var lineWidth: Double = 1
    public var lineCap: LineCap = .butt
    public var lineJoin: LineJoin = .miter
    public var miterLimit: Double = 10
    public var strokeStart: Double = 0
    public var strokeEnd: Double = 1

    public init() {}
}
