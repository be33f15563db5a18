import LayerFXModel

/// How a path is stroked: `CAShapeLayer`'s stroke properties.
public struct StrokeStyle: Hashable, Sendable {
    /// The stroke's width, centred on the path; nothing is stroked unless it
    /// is positive and finite.
    public var lineWidth: Double
    /// The ends of open contours and of every dash.
    public var lineCap: LineCap
    /// The corners between segments, and closed contours' start points.
    public var lineJoin: LineJoin
    /// A miter join longer than `miterLimit` line widths is drawn as a bevel.
    public var miterLimit: Double
    /// Dash and gap lengths (dash, gap, dash, …; an odd count is repeated to
    /// make it even); empty strokes solid.
    public var dashPattern: NumberList
    /// How far into `dashPattern` each contour starts.
    public var dashPhase: Double
    /// The part of the path stroked, as fractions of the length of all its
    /// contours together.
    public var strokeStart: Double, strokeEnd: Double

    /// A style with `CAShapeLayer`'s defaults for what is not given.
    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
                dashPattern: NumberList = [], dashPhase: Double = 0, strokeStart: Double = 0, strokeEnd: Double = 1) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin; self.miterLimit = miterLimit
        self.dashPattern = dashPattern; self.dashPhase = dashPhase
        self.strokeStart = strokeStart; self.strokeEnd = strokeEnd
    }

    /// The stroke of a shape layer with these (presentation) properties;
    /// a nil `lineDashPattern` is solid.
    public init(_ properties: LayerProperties) {
        self.init(lineWidth: properties.lineWidth, lineCap: properties.lineCap, lineJoin: properties.lineJoin,
                  miterLimit: properties.miterLimit, dashPattern: properties.lineDashPattern ?? [],
                  dashPhase: properties.lineDashPhase, strokeStart: properties.strokeStart,
                  strokeEnd: properties.strokeEnd)
    }
}
