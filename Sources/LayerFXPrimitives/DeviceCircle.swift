/// An ``ShapeKind/ellipse`` primitive that is a circle in device pixels (equal
/// radii, a transform that only rotates, scales uniformly and translates), with
/// a solid fill, a ring of any width and no clip: the ripple of the ripple
/// field, and most of what Core Animation effects draw.
///
/// Both backends draw such primitives with a cheaper path than the general
/// shape shader: the GPU with `Shaders/circle.vert.glsl` / `circle.frag.glsl`
/// over a quad only as large as the circle's coverage, the CPU with row spans
/// whose inside is a constant color (`CLayerFXRaster`, which reads this struct
/// as its `lfx_circle`). Both compute, at distance `dist` from the centre, with
/// the per-circle constants below (computed once, here):
///
///     fill  = clamp(R + 0.5 − dist, 0, 1)
///     ring  = clamp(min(2h, h + 0.5 − |dist − R|), 0, 1)
///     color = ringColor · ring + fillColor · (fill · (1 − ringAlpha · ring))
///
/// `ring` is the box-filtered coverage of the band of half-width h around the
/// radius (the general shader's `bandCoverage`, rearranged); `fillColor` has
/// `min(1, 2R)` (fading circles thinner than a pixel) and the opacity folded
/// in, `ringColor` the opacity. Which primitives qualify is decided here, once,
/// for both backends.
///
/// The struct is also the circle program's per-instance layout (``attributes``
/// mirrors the shader's attribute block; a test fails when they drift apart).
public struct DeviceCircle: Equatable, Sendable {
    /// (centre x, centre y, radius R, R + 0.5), device pixels.
    public var geometry: SIMD4<Float>
    /// (h + 0.5, 2h, ring alpha, reach R + h + 0.5) with h half the ring width
    /// in device pixels (0 without a visible ring); no pixel centre farther
    /// than the reach from the centre is touched.
    public var ring: SIMD4<Float>
    /// Premultiplied fill color × min(1, 2R) × opacity.
    public var fill: SIMD4<Float>
    /// Premultiplied ring color × opacity.
    public var stroke: SIMD4<Float>

    /// The circle `primitive` draws, or nil when it is not a plain device circle.
    public init?(_ primitive: PrimitiveInstance) {
        guard primitive.kind == .ellipse, primitive.paint0.x < 0.5, primitive.clipRadii.z < 0.5 else { return nil }
        self.init(ellipse: primitive.shape, transform: primitive.transform,
                  translation: SIMD2(primitive.translation.x, primitive.translation.y),
                  strokeWidth: primitive.strokeWidth, fillColor: primitive.fillColor,
                  strokeColor: primitive.strokeColor, opacity: primitive.opacity)
    }

    /// The circle an unclipped, unpainted ``ShapeKind/ellipse`` primitive
    /// with these attributes draws (the ``PrimitiveInstance`` fields of the
    /// same names: `ellipse` is its `shape`, `translation` the first two
    /// components of its `translation`), or nil when it is not a plain
    /// device circle. The evaluator builds circles with it without building
    /// the instance first.
    @inlinable
    public init?(ellipse: SIMD4<Float>, transform m: SIMD4<Float>, translation: SIMD2<Float>, strokeWidth: Float,
                 fillColor f: SIMD4<Float>, strokeColor k: SIMD4<Float>, opacity: Float) {
        guard ellipse.z == ellipse.w, ellipse.z > 0 else { return nil }
        let column0 = m.x * m.x + m.y * m.y, column1 = m.z * m.z + m.w * m.w
        let dot = m.x * m.z + m.y * m.w
        guard column0 > 0, abs(column0 - column1) <= 1e-5 * column0, abs(dot) <= 1e-5 * column0 else { return nil }
        let scale = column0.squareRoot()
        let center = SIMD2(m.x * ellipse.x + m.z * ellipse.y + translation.x,
                           m.y * ellipse.x + m.w * ellipse.y + translation.y)
        let radius = ellipse.z * scale
        let hasRing = k.w > 0 && strokeWidth > 0
        let half: Float = hasRing ? 0.5 * strokeWidth * scale : 0
        geometry = SIMD4(center.x, center.y, radius, radius + 0.5)
        ring = SIMD4(half + 0.5, 2 * half, hasRing ? k.w : 0, radius + half + 0.5)
        fill = SIMD4(f.x * f.w, f.y * f.w, f.z * f.w, f.w) * (min(1, 2 * radius) * opacity)
        stroke = hasRing ? SIMD4(k.x * k.w, k.y * k.w, k.z * k.w, k.w) * opacity : .zero
        guard geometry.x.isFinite, geometry.y.isFinite, geometry.w.isFinite, ring.w.isFinite else { return nil }
    }

    /// A circle that draws nothing (no fill, no ring): what fills a place
    /// in an array of circles before a real circle is written there.
    public static let placeholder = DeviceCircle(ellipse: SIMD4(0, 0, 1, 1), transform: SIMD4(1, 0, 0, 1),
                                                 translation: .zero, strokeWidth: 0, fillColor: .zero,
                                                 strokeColor: .zero, opacity: 0)!

    /// How far from the centre any pixel centre is touched: R + h + 0.5.
    public var reach: Float { ring.w }

    /// The box no touched pixel centre lies outside: the centre ± ``reach``
    /// (minX, minY, maxX, maxY).
    public var deviceBounds: SIMD4<Float> {
        SIMD4(geometry.x - reach, geometry.y - reach, geometry.x + reach, geometry.y + reach)
    }

    /// Multiplies the circle's opacity by `opacity`: its fill and ring colours
    /// (the ring alpha in ``ring``, which says how much of the fill the ring
    /// covers, is the ring colour's own and stays).
    public mutating func fade(by opacity: Float) {
        fill *= opacity
        stroke *= opacity
    }

    /// The circle program's per-instance attributes, in location order.
    public static let attributes: [PrimitiveAttribute] = {
        let fields: [(String, PartialKeyPath<DeviceCircle>)] = [
            ("a_geometry", \.geometry), ("a_ring", \.ring), ("a_fill", \.fill), ("a_stroke", \.stroke),
        ]
        return PrimitiveAttribute.table(fields)
    }()
}
