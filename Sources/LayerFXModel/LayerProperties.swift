/// Which `CALayer` subclass a layer is, with that subclass's own properties.
public enum LayerKind: Hashable, Sendable {
    /// A plain `CALayer`.
    case plain
    /// A `CAShapeLayer`.
    case shape
    /// A `CAGradientLayer`.
    case gradient
    /// A `CAReplicatorLayer`.
    case replicator
    /// A `CATextLayer`.
    case text

    /// The name of the layer type in scene files.
    public var typeName: String {
        switch self {
        case .plain: "layer"
        case .shape: "shape"
        case .gradient: "gradient"
        case .replicator: "replicator"
        case .text: "text"
        }
    }
}

/// `CAGradientLayerType`.
public enum GradientType: String, Hashable, Sendable { case axial, radial, conic }

/// The `lineJoin` of a shape layer's stroke.
public enum LineJoin: String, Hashable, Sendable { case miter, round, bevel }
/// The `lineCap` of a shape layer's stroke.
public enum LineCap: String, Hashable, Sendable { case butt, round, square }
/// `CATextLayer.alignmentMode`: how each line sits in the layer's width
/// (`natural` and `justified` align left, as for left-to-right text on one line).
public enum TextAlignmentMode: String, Hashable, Sendable, CaseIterable { case natural, left, right, center, justified }

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
    /// Dash and gap lengths (dash, gap, dash, …; an odd count repeats); nil
    /// (or empty) strokes solid.
    public var lineDashPattern: [Double]? = nil
    /// How far into `lineDashPattern` each contour's stroke starts.
    public var lineDashPhase: Double = 0
    // CAGradientLayer
    /// The most gradient colours this version draws (the room in one drawn
    /// primitive; `GradientPaint.maximumStops` in LayerFXPrimitives).
    public static let maximumGradientColors = 6
    /// Stop colours; nil draws nothing.
    public var colors: [Color]? = nil
    /// Stop positions in 0…1; nil spreads the colours evenly.
    public var locations: [Double]? = nil
    /// In the unit square of the bounds.
    public var startPoint = Point(x: 0.5, y: 0)
    public var endPoint = Point(x: 0.5, y: 1)
    public var gradientType: GradientType = .axial
    // CAReplicatorLayer
    public var instanceCount = 1
    /// From each copy of the sublayers to the next, about the layer's centre.
    public var instanceTransform: LayerTransform = .identity
    /// Seconds each copy's time lags behind the previous one's.
    public var instanceDelay: Double = 0
    /// Multiplies the first copy's colours; each later copy adds the offsets.
    public var instanceColor: Color = .white
    public var instanceRedOffset: Double = 0
    public var instanceGreenOffset: Double = 0
    public var instanceBlueOffset: Double = 0
    public var instanceAlphaOffset: Double = 0
    // CATextLayer
    /// The text drawn; empty draws nothing.
    public var string = ""
    /// A font file path or a family/face name; nil is the default face
    /// (CATextLayer's Helvetica, stood in for by DejaVu Sans).
    public var font: String? = nil
    /// Points; CATextLayer's default is 36.
    public var fontSize: Double = 36
    /// The glyphs' colour; CATextLayer's default is opaque white, nil draws no glyphs.
    public var foregroundColor: Color? = .white
    public var alignmentMode: TextAlignmentMode = .natural

    public init() {}
}
