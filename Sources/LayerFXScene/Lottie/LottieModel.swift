import LayerFXCore

/// A Lottie animation as read from its JSON (bodymovin's format): the
/// composition's size, frame rate and frame range, its layers, and the
/// assets (precompositions and images) layers refer to. Times are frames.
struct LottieAnimation: Sendable {
    var width: Double, height: Double
    /// Frames per second (`fr`).
    var frameRate: Double
    /// The first frame (`ip`) and the frame after the last (`op`).
    var inPoint: Double, outPoint: Double
    /// The root composition's layers, top first (as listed).
    var layers: [LottieLayer]
    /// Precompositions' layers, by asset id.
    var precompositions: [String: [LottieLayer]]
    /// Image assets, by id.
    var images: [String: LottieImageAsset]
    /// Glyph outlines (`chars`), by character, font family and style.
    var glyphs: [LottieGlyphKey: LottieGlyph]
    /// Fonts (`fonts.list`) by name.
    var fonts: [String: LottieFont]
}

/// An image asset: its size and where its pixels are (a data URI, or a
/// file `folder + name` beside the animation).
struct LottieImageAsset: Sendable {
    var width: Double, height: Double
    var folder: String, name: String
    /// Whether `name` is the image itself, a `data:` URI (files marked
    /// embedded, `e: 1`, with a plain file name exist: the name decides).
    var isEmbedded: Bool
    /// The asset's node, for errors about its image.
    var node: Int
}

/// One layer of a composition.
struct LottieLayer: Sendable {
    /// What the layer draws.
    enum Content: Sendable {
        /// A precomposition (`refId`) in a box of `width × height` (nil: unclipped).
        case precomposition(id: String, width: Double?, height: Double?, timeRemap: LottieProperty<Double>?)
        /// A rectangle of colour.
        case solid(color: Color, width: Double, height: Double)
        /// An image asset.
        case image(id: String)
        /// Nothing (a parent for others).
        case null
        /// Shapes, top first.
        case shapes([LottieShapeItem])
        /// Text.
        case text(LottieText)
    }

    var node: Int
    var name: String
    var content: Content
    /// `ind` and `parent`: parenting within one composition.
    var index: Int?, parent: Int?
    /// Visible from frame `inPoint` to before `outPoint` (containing composition's frames).
    var inPoint: Double, outPoint: Double
    /// A precomposition's time shift (`st`) and stretch (`sr`).
    var startTime: Double, stretch: Double
    var transform: LottieTransform
    var masks: [LottieMask]
    /// `tt`: this layer is matted by the layer above it (or `tp`): 1 alpha, 2 inverted alpha, 3 luma, 4 inverted luma.
    var matteMode: Int?
    /// `tp`: the index (`ind`) of the matte layer, when given.
    var matteParent: Int?
    /// `td`: the layer is a matte for the layer below.
    var isMatteSource: Bool
    /// `hd`: hidden (drawn nowhere, still a parent).
    var isHidden: Bool
    /// `ao`: turns along its position's path.
    var autoOrients: Bool
    /// What the file asks for that is not drawn (effects, blend modes, 3D, expressions, …), for the report.
    var unsupported: [String]
}

/// A layer's or group's transform (`ks`, `tr`): anchor, position (one
/// vector or separate x and y), scale in percent, rotation and skew in
/// degrees, skew axis, opacity in percent.
struct LottieTransform: Sendable {
    var anchor: LottieProperty<[Double]>
    var position: LottieProperty<[Double]>
    /// Separate x and y positions (`p.s`), replacing `position`.
    var positionX: LottieProperty<Double>?, positionY: LottieProperty<Double>?
    var scale: LottieProperty<[Double]>
    var rotation: LottieProperty<Double>
    var skew: LottieProperty<Double>, skewAxis: LottieProperty<Double>
    var opacity: LottieProperty<Double>

    /// The identity transform, opaque.
    static let identity = LottieTransform(
        anchor: LottieProperty([0, 0]), position: LottieProperty([0, 0]), positionX: nil, positionY: nil,
        scale: LottieProperty([100, 100]), rotation: LottieProperty(0), skew: LottieProperty(0),
        skewAxis: LottieProperty(0), opacity: LottieProperty(100))
}

/// A layer mask (`masksProperties`).
struct LottieMask: Sendable {
    /// `a` add, `s` subtract, `i` intersect, `n` none, and others not drawn.
    var mode: String
    var inverted: Bool
    var path: LottieProperty<LottieBezier>
    /// Percent.
    var opacity: LottieProperty<Double>
    /// `x`, expansion in points (not drawn).
    var expansion: LottieProperty<Double>
}

/// A glyph's key: character, font family and style.
struct LottieGlyphKey: Hashable, Sendable {
    var character: String, family: String, style: String
}

/// A glyph's outline (for size 100) and advance.
struct LottieGlyph: Sendable {
    var shapes: [LottieShapeItem]
    var size: Double
    var advance: Double
}

/// A font of `fonts.list`.
struct LottieFont: Sendable {
    var family: String, style: String
    var ascent: Double
}

/// A text layer's document (its first keyframe) and font.
struct LottieText: Sendable {
    var text: String
    var font: String
    var size: Double
    /// 0 left, 1 right, 2 centre.
    var justification: Int
    /// Tracking, in thousandths of an em.
    var tracking: Double
    var lineHeight: Double
    var baselineShift: Double
    var fillColor: Color?
    var strokeColor: Color?
    var strokeWidth: Double
    /// Whether the stroke is drawn over the fill (`of`; when absent, as ThorVG reads it).
    var strokeOverFill: Bool
    /// Box text (`sz`, `ps`): the box's size and top-left corner; nil for point text.
    var boxSize: Point?
    var boxPosition: Point?
    /// The documents that replace this one from later frames (held), in time order.
    var changes: [(time: Double, text: LottieText)]
    /// Whether it has animators (`a`), not drawn.
    var hasAnimators: Bool
}
