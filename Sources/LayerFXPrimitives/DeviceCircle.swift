/// An ``ShapeKind/ellipse`` primitive that is a circle in device pixels (equal
/// radii, a transform that only rotates, scales uniformly and translates), with
/// a solid fill, a ring of any width and no clip: the ripple of the ripple
/// field, and most of what Core Animation effects draw.
///
/// Both backends draw such primitives with a cheaper path than the general
/// shape shader: the GPU with `Shaders/circle.vert.glsl` / `circle.frag.glsl`
/// over a quad only as large as the circle's coverage, the CPU with row spans
/// whose inside is a constant color (`CLayerFXRaster`). Both use the coverage
/// of those files: fill `clamp(R + 0.5 − dist, 0, 1) · min(1, 2R)`, ring the
/// box-filtered band of half-width h around the radius, ring over fill, times
/// opacity. Which primitives qualify is decided here, once, for both.
///
/// This struct is also the GPU's per-instance layout for the circle program
/// (``attributes`` mirrors the shader's attribute block; a test fails when
/// they drift apart).
public struct DeviceCircle: Equatable, Sendable {
    /// (centre x, centre y, radius R, half the ring width h), device pixels.
    public var geometry: SIMD4<Float>
    /// Premultiplied fill color.
    public var fill: SIMD4<Float>
    /// Premultiplied ring color.
    public var stroke: SIMD4<Float>
    /// (opacity, 0, 0, 0).
    public var extra: SIMD4<Float>

    /// The circle `primitive` draws, or nil when it is not a plain device circle.
    public init?(_ primitive: PrimitiveInstance) {
        guard primitive.kind == .ellipse, primitive.shape.z == primitive.shape.w, primitive.shape.z > 0,
              primitive.paint0.x < 0.5, primitive.clipRadii.z < 0.5 else { return nil }
        let m = primitive.transform
        let column0 = m.x * m.x + m.y * m.y, column1 = m.z * m.z + m.w * m.w
        let dot = m.x * m.z + m.y * m.w
        guard column0 > 0, abs(column0 - column1) <= 1e-5 * column0, abs(dot) <= 1e-5 * column0 else { return nil }
        let scale = column0.squareRoot()
        let center = primitive.toDevice(SIMD2(primitive.shape.x, primitive.shape.y))
        let f = primitive.fillColor, k = primitive.strokeColor
        let hasRing = k.w > 0 && primitive.strokeWidth > 0
        geometry = SIMD4(center.x, center.y, primitive.shape.z * scale,
                         hasRing ? 0.5 * primitive.strokeWidth * scale : 0)
        fill = SIMD4(f.x * f.w, f.y * f.w, f.z * f.w, f.w)
        stroke = hasRing ? SIMD4(k.x * k.w, k.y * k.w, k.z * k.w, k.w) : .zero
        extra = SIMD4(primitive.opacity, 0, 0, 0)
        guard geometry.x.isFinite, geometry.y.isFinite, geometry.z.isFinite, geometry.w.isFinite else { return nil }
    }

    /// How far from the centre any pixel is touched: R + h + 0.5.
    public var reach: Float { geometry.z + geometry.w + 0.5 }

    /// The circle program's per-instance attributes, in location order.
    public static let attributes: [PrimitiveAttribute] = {
        let fields: [(String, PartialKeyPath<DeviceCircle>)] = [
            ("a_geometry", \.geometry), ("a_fill", \.fill), ("a_stroke", \.stroke), ("a_extra", \.extra),
        ]
        return fields.enumerated().map { index, field in
            PrimitiveAttribute(name: field.0, location: index,
                               offset: MemoryLayout<DeviceCircle>.offset(of: field.1)!, components: 4,
                               isInteger: false)
        }
    }()
}
