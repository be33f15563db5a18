import LayerFXCore

/// One item of a shape layer's or group's list (`shapes`, `it`).
enum LottieShapeItem: Sendable {
    /// `gr`: items of its own, the last usually its transform.
    case group(LottieShapeGroup)
    /// `rc`, `el`, `sr`, `sh`: a path.
    case path(LottieShapePath)
    /// `fl`, `st`, `gf`, `gs`: paints the paths before it.
    case paint(LottiePaint)
    /// `tm`: trims the paths before it.
    case trim(LottieTrim)
    /// `rp`: repeats the items before it.
    case repeater(LottieRepeater)
    /// `rd`: rounds the corners of the paths before it.
    case roundedCorners(radius: LottieProperty<Double>)
    /// `tr`: the group's transform.
    case transform(LottieTransform)
    /// An item LayerFX does not draw (`mm` merge paths, `op` offset path, …): its type and a description.
    case unsupported(type: String, feature: String)
}

/// A group.
struct LottieShapeGroup: Sendable {
    var name: String
    var items: [LottieShapeItem]
}

/// A path item: its geometry and direction (`d: 3` reversed).
struct LottieShapePath: Sendable {
    enum Geometry: Sendable {
        /// `rc`: centre, size, corner roundness.
        case rectangle(position: LottieProperty<[Double]>, size: LottieProperty<[Double]>, roundness: LottieProperty<Double>)
        /// `el`: centre and size.
        case ellipse(position: LottieProperty<[Double]>, size: LottieProperty<[Double]>)
        /// `sr`: a star (`sy` 1) or polygon (`sy` 2).
        case polystar(LottiePolystar)
        /// `sh`: a Bézier path.
        case bezier(LottieProperty<LottieBezier>)
    }

    var geometry: Geometry
    var reversed: Bool
}

/// A polystar's properties.
struct LottiePolystar: Sendable {
    var isStar: Bool
    var position: LottieProperty<[Double]>
    var points: LottieProperty<Double>
    var rotation: LottieProperty<Double>
    var outerRadius: LottieProperty<Double>, innerRadius: LottieProperty<Double>
    /// Percent.
    var outerRoundness: LottieProperty<Double>, innerRoundness: LottieProperty<Double>
}

/// A fill, stroke, gradient fill or gradient stroke.
struct LottiePaint: Sendable {
    enum Source: Sendable {
        /// A colour (`c`, components 0…1).
        case color(LottieProperty<[Double]>)
        /// A gradient.
        case gradient(LottieGradient)
    }

    var source: Source
    /// Percent.
    var opacity: LottieProperty<Double>
    /// Nil for a fill.
    var stroke: LottieStroke?
    /// A fill's rule (`r` 2: even-odd).
    var evenOdd: Bool
}

/// A gradient's geometry and stops.
struct LottieGradient: Sendable {
    var isRadial: Bool
    var start: LottieProperty<[Double]>, end: LottieProperty<[Double]>
    /// Highlight length (percent) and angle (degrees) of a radial gradient.
    var highlightLength: LottieProperty<Double>, highlightAngle: LottieProperty<Double>
    /// The number of colour stops (`g.p`).
    var colorStops: Int
    /// `g.k`: `[offset, r, g, b] × colorStops`, then `[offset, alpha]` pairs.
    var stops: LottieProperty<[Double]>
}

/// A stroke's pen.
struct LottieStroke: Sendable {
    var width: LottieProperty<Double>
    /// 1 butt, 2 round, 3 square.
    var cap: Int
    /// 1 miter, 2 round, 3 bevel.
    var join: Int
    var miterLimit: Double
    /// Dash and gap lengths, in order, and the offset.
    var dashes: [LottieProperty<Double>]
    var dashOffset: LottieProperty<Double>?
}

/// Trim paths: start and end in percent, offset in degrees; `individually`
/// (`m: 2`) trims the paths as one, else each by the same fractions.
struct LottieTrim: Sendable {
    var start: LottieProperty<Double>, end: LottieProperty<Double>, offset: LottieProperty<Double>
    var individually: Bool
}

/// A repeater: copies of the items before it.
struct LottieRepeater: Sendable {
    var copies: LottieProperty<Double>
    var offset: LottieProperty<Double>
    /// `m` 1: each copy below the ones before it (the first on top); 2: above.
    var newerAbove: Bool
    var transform: LottieTransform
    /// Start and end opacity, percent.
    var startOpacity: LottieProperty<Double>, endOpacity: LottieProperty<Double>
}
