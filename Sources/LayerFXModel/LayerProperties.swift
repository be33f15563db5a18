import LayerFXCore

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
public enum GradientType: String, Hashable, Sendable {
    /// Along the line from `startPoint` to `endPoint`.
    case axial
    /// Ellipses about `startPoint` reaching `endPoint`.
    case radial
    /// The angle about `startPoint`, starting towards `endPoint`.
    case conic
}

/// The `lineJoin` of a shape layer's stroke.
public enum LineJoin: String, Hashable, Sendable {
    /// Sharp corners, cut to a bevel where the miter is longer than `miterLimit` line widths.
    case miter
    /// Round corners.
    case round
    /// Cut corners.
    case bevel
}
/// The `lineCap` of a shape layer's stroke.
public enum LineCap: String, Hashable, Sendable {
    /// The stroke ends at the end point.
    case butt
    /// A half circle past the end point.
    case round
    /// A half square past the end point.
    case square
}
/// Every animatable (and model) property of a layer, with Core Animation's
/// defaults. One value of this type is a layer's model state; evaluating its
/// animations at a time yields another one, the presentation state.
public struct LayerProperties: Hashable, Sendable {
    // CALayer geometry
    /// The layer's own coordinate space: origin and size, in points.
    public var bounds: Rect = .zero
    /// Where the anchor point sits in the superlayer, in points.
    public var position: Point = .zero
    /// The point of the bounds placed at `position`, in unit coordinates (centre by default).
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// Applied about the anchor point.
    public var transform: LayerTransform = .identity
    /// Applied to the sublayers, about the bounds' centre.
    public var sublayerTransform: LayerTransform = .identity
    // CALayer appearance
    /// 0…1; multiplies down the tree.
    public var opacity: Double = 1
    /// A hidden layer draws nothing, sublayers included.
    public var isHidden = false
    /// Fills the bounds (rounded by `cornerRadius`); nil draws nothing.
    public var backgroundColor: Color? = nil
    /// Rounds the background, the border and the `masksToBounds` clip.
    public var cornerRadius: Double = 0
    /// Width of the border drawn inside the bounds, above the sublayers.
    public var borderWidth: Double = 0
    /// Colour of the border.
    public var borderColor: Color? = .black
    /// Clips the layer's content and sublayers to its rounded bounds.
    public var masksToBounds = false
    /// The image the layer shows (`CALayer.contents`), stretched to fill
    /// the bounds (`contentsGravity` `resize`), above the background colour
    /// and under the subclass's content and the sublayers; nil shows none.
    /// Not animatable.
    public var contents: ContentsImage? = nil
    /// How the layer's `mask` covers it (not animatable): the mask's alpha,
    /// as Core Animation, or its luminance, either of them inverted.
    public var maskMode: MaskMode = .alpha
    // CAShapeLayer
    /// The shape drawn (CAShapeLayer).
    public var path: ShapePath = .empty
    /// Fill of the path; nil leaves it unfilled.
    public var fillColor: Color? = .black
    /// How the path's inside is decided.
    public var fillRule: WindingRule = .nonZero
    /// Stroke of the path; nil draws no stroke.
    public var strokeColor: Color? = nil
    /// Stroke width in points, centred on the path.
    public var lineWidth: Double = 1
    /// Ends of open strokes.
    public var lineCap: LineCap = .butt
    /// Corners of strokes.
    public var lineJoin: LineJoin = .miter
    /// Longest miter join, in line widths; a longer one is drawn as a bevel.
    public var miterLimit: Double = 10
    /// Fraction of the path where the stroke starts.
    public var strokeStart: Double = 0
    /// Fraction of the path where the stroke ends.
    public var strokeEnd: Double = 1
    /// Dash and gap lengths (dash, gap, dash, …; an odd count repeats); nil
    /// (or empty) strokes solid.
    public var lineDashPattern: NumberList? = nil
    /// How far into `lineDashPattern` each contour's stroke starts.
    public var lineDashPhase: Double = 0
    // CAGradientLayer
    /// The most colours (and locations) a gradient of a scene file may
    /// have: the scene decoder's limit. Evaluation draws any number, within
    /// the frame's `gradient-stops` work budget.
    public static let maximumGradientColors = 1024
    /// Stop colours; nil draws nothing.
    public var colors: [Color]? = nil
    /// Stop positions in 0…1; nil spreads the colours evenly.
    public var locations: NumberList? = nil
    /// In the unit square of the bounds.
    public var startPoint = Point(x: 0.5, y: 0)
    /// In the unit square of the bounds.
    public var endPoint = Point(x: 0.5, y: 1)
    /// Axial, radial or conic.
    public var gradientType: GradientType = .axial
    // CAReplicatorLayer
    /// How many copies of the sublayers a replicator draws.
    public var instanceCount = 1
    /// From each copy of the sublayers to the next, about the layer's centre.
    public var instanceTransform: LayerTransform = .identity
    /// Seconds each copy's time lags behind the previous one's.
    public var instanceDelay: Double = 0
    /// Multiplies the first copy's colours; each later copy adds the offsets.
    public var instanceColor: Color = .white
    /// Added to the red multiplier per copy.
    public var instanceRedOffset: Double = 0
    /// Added to the green multiplier per copy.
    public var instanceGreenOffset: Double = 0
    /// Added to the blue multiplier per copy.
    public var instanceBlueOffset: Double = 0
    /// Added to the alpha multiplier per copy.
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
    /// How lines sit in the layer's width (CATextLayer's default: natural).
    public var alignmentMode: TextAlignmentMode = .natural

    /// Core Animation's defaults for every property.
    public init() {}
}
