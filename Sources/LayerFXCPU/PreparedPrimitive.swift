import LayerFXPrimitives

/// A primitive with the per-instance values the vertex shader derives
/// (inverse transform, quad bounds) computed once, the same way.
struct PreparedPrimitive: Sendable {
    let kind: Int
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
    /// Pixel columns and rows whose centres lie in the quad's bounding box (inclusive).
    let minX: Int, maxX: Int, minY: Int, maxY: Int

    /// Returns nil when the quad touches no pixel of a `width`×`height` frame.
    init?(_ p: PrimitiveInstance, width: Int, height: Int) {
        let a = p.transform.x, b = p.transform.y, c = p.transform.z, d = p.transform.w
        let invDet = 1 / (a * d - b * c)
        inverse = SIMD4(d * invDet, -b * invDet, -c * invDet, a * invDet)

        // Quad: the shape's local bounding box plus half the stroke and a 2 px margin (as the vertex shader).
        let s = a * a + b * b + c * c + d * d
        let det = abs(a * d - b * c)
        let sigmaMin = max(0.5 * (s - max(s * s - 4 * det * det, 0).squareRoot()), 0).squareRoot()
        let margin = 2 / max(sigmaMin, 1e-6)
        let kind = Int(p.translation.z)
        let half = (kind == 2 ? SIMD2(p.shape.z, p.shape.z) : SIMD2(p.shape.z, p.shape.w))
            + SIMD2(repeating: 0.5 * p.translation.w + margin)
        var lo = SIMD2<Float>(.infinity, .infinity), hi = SIMD2<Float>(-.infinity, -.infinity)
        for corner in [SIMD2<Float>(-1, -1), SIMD2(1, -1), SIMD2(-1, 1), SIMD2(1, 1)] {
            let lx = p.shape.x + corner.x * half.x, ly = p.shape.y + corner.y * half.y
            let device = SIMD2(a * lx + c * ly + p.translation.x, b * lx + d * ly + p.translation.y)
            lo = pointwiseMin(lo, device); hi = pointwiseMax(hi, device)
        }
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return nil }
        minX = max(Int((lo.x - 0.5).rounded(.up)), 0)
        maxX = min(Int(max((hi.x - 0.5).rounded(.down), -1)), width - 1)
        minY = max(Int((lo.y - 0.5).rounded(.up)), 0)
        maxY = min(Int(max((hi.y - 0.5).rounded(.down), -1)), height - 1)
        guard minX <= maxX, minY <= maxY else { return nil }

        self.kind = kind
        translation = p.translation
        shape = p.shape
        shapeExtra = p.shapeExtra
        let f = p.fillColor, k = p.strokeColor
        premultipliedFill = SIMD4(f.x * f.w, f.y * f.w, f.z * f.w, f.w)
        premultipliedStroke = SIMD4(k.x * k.w, k.y * k.w, k.z * k.w, k.w)
        clip0Linear = p.clip0Linear; clip0Offset = p.clip0Offset
        clip1Linear = p.clip1Linear; clip1Offset = p.clip1Offset
        clipRadius0 = p.clipRadii.x; clipRadius1 = p.clipRadii.y; clipCount = p.clipRadii.z
        gradient = p.paint0.x > 0.5 ? PreparedGradient(p) : nil
    }
}
