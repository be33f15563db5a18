import CLayerFXRaster
import LayerFXCore
import LayerFXPrimitives

/// A primitive with the per-instance values the vertex shader derives
/// (inverse transform, quad bounds) computed once, the same way.
struct PreparedPrimitive: Sendable {
    let kind: ShapeKind
    let inverse: SIMD4<Float>
    let translation: SIMD4<Float>
    let shape: SIMD4<Float>
    let shapeExtra: SIMD4<Float>
    let premultipliedFill: SIMD4<Float>
    let premultipliedStroke: SIMD4<Float>
    let clip0Linear: SIMD4<Float>
    let clip0Offset: SIMD4<Float>
    let clip1Linear: SIMD4<Float>
    let clip1Offset: SIMD4<Float>
    let clipRadius0: Float
    let clipRadius1: Float
    let clipCount: Float
    /// The gradient fill, nil for a solid fill.
    let gradient: PreparedGradient?
    /// An image's texel mapping (`paint2`) and its index in the frame's images; zero for other kinds.
    let imageMapping: SIMD4<Float>, imageIndex: Int
    /// Set for a plain device circle (``DeviceCircle``), drawn by the span kernel
    /// (its other fields are then unused).
    let circle: lfx_circle?
    /// Pixel columns and rows whose centres lie in the quad's bounding box
    /// (inclusive); for markers, in their device rectangle.
    let minX: Int, maxX: Int, minY: Int, maxY: Int

    /// Returns nil for a drawn primitive whose quad touches no pixel of a
    /// `width`×`height` frame (markers and composites are always kept: they
    /// structure the list). A gradient's table stops are among the frame's
    /// `stopCount`.
    init?(_ p: PrimitiveInstance, width: Int, height: Int, stopCount: Int) {
        let a = p.transform.x, b = p.transform.y, c = p.transform.z, d = p.transform.w
        let invDet = 1 / (a * d - b * c)
        inverse = SIMD4(d * invDet, -b * invDet, -c * invDet, a * invDet)
        kind = p.kind
        circle = nil
        // The primitives tile compositing counts (`TiledRuns`): the drawn ones that touch the frame, and every marker and composite.
        let box = p.deviceBounds, pixels = PixelBox(box, width: width, height: height)
        guard p.isStructural || TiledRuns.touches(box, pixels: pixels) else { return nil }
        (minX, maxX, minY, maxY) = (pixels.minX, pixels.maxX, pixels.minY, pixels.maxY)

        translation = p.translation
        shape = p.shape
        shapeExtra = p.shapeExtra
        let f = p.fillColor, k = p.strokeColor
        premultipliedFill = SIMD4(f.x * f.w, f.y * f.w, f.z * f.w, f.w)
        premultipliedStroke = SIMD4(k.x * k.w, k.y * k.w, k.z * k.w, k.w)
        clip0Linear = p.clip0Linear; clip0Offset = p.clip0Offset
        clip1Linear = p.clip1Linear; clip1Offset = p.clip1Offset
        clipRadius0 = p.clipRadii.x; clipRadius1 = p.clipRadii.y; clipCount = p.clipRadii.z
        gradient = p.paint0.x > 0.5 ? PreparedGradient(p, tableCount: stopCount) : nil
        imageMapping = kind == .image ? p.paint2 : .zero
        imageIndex = p.imageIndex ?? 0
    }

    /// A composite's mask coverage; nil for a composite without a mask and for other kinds.
    var maskCoverage: MaskCoverage? { kind == .composite ? MaskCoverage(compositeValue: shapeExtra.x) : nil }

    /// A plain device circle, drawn by the span kernel; nil when it touches
    /// no pixel of a `width`×`height` frame.
    init?(_ c: DeviceCircle, width: Int, height: Int) {
        // A circle touches pixels within its reach of the centre only.
        let box = c.deviceBounds, pixels = PixelBox(box, width: width, height: height)
        guard TiledRuns.touches(box, pixels: pixels) else { return nil }
        (minX, maxX, minY, maxY) = (pixels.minX, pixels.maxX, pixels.minY, pixels.maxY)
        kind = .ellipse
        // `DeviceCircle` and `lfx_circle` have the same layout (four SIMD4<Float>).
        circle = unsafeBitCast(c, to: lfx_circle.self)
        inverse = .zero; translation = .zero; shape = c.geometry; shapeExtra = .zero
        premultipliedFill = c.fill; premultipliedStroke = c.stroke
        clip0Linear = .zero; clip0Offset = .zero; clip1Linear = .zero; clip1Offset = .zero
        clipRadius0 = 0; clipRadius1 = 0; clipCount = 0
        gradient = nil
        imageMapping = .zero; imageIndex = 0
    }
}
