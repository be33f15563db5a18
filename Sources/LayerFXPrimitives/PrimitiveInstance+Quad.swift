/// The device-space quad a primitive is drawn on, computed as
/// `Shaders/primitive.vert.glsl` computes it (the CPU backend and the
/// evaluator's offscreen-layer bounds use this; change them together).
extension PrimitiveInstance {
    /// The quad's four corners in device pixels: for shapes, the local
    /// bounding box plus half the stroke and a 2-pixel antialiasing margin,
    /// transformed; for glyphs, the local quad transformed; for path bands
    /// and composites, the device rectangle in `shape`.
    public var deviceQuad: [SIMD2<Float>] {
        let corners: [SIMD2<Float>] = [SIMD2(-1, -1), SIMD2(1, -1), SIMD2(-1, 1), SIMD2(1, 1)]
        switch kind {
        case .path, .composite, .beginLayer, .beginMask:
            let lo = SIMD2(shape.x, shape.y), hi = SIMD2(shape.z, shape.w)
            return corners.map { c in SIMD2(c.x < 0 ? lo.x : hi.x, c.y < 0 ? lo.y : hi.y) }
        case .glyph:
            let center = SIMD2(shape.x + shape.z, shape.y + shape.w) * 0.5
            let half = SIMD2(shape.z - shape.x, shape.w - shape.y) * 0.5
            return corners.map { toDevice(center + $0 * half) }
        case .ellipse, .roundedRect, .star:
            let a = transform.x, b = transform.y, c = transform.z, d = transform.w
            // Smallest singular value of the linear part: one device pixel is at
            // most 1/sigmaMin local units, so the margin is 2 px in every direction.
            let s = a * a + b * b + c * c + d * d
            let det = abs(a * d - b * c)
            let sigmaMin = max(0.5 * (s - max(s * s - 4 * det * det, 0).squareRoot()), 0).squareRoot()
            let margin = 2 / max(sigmaMin, 1e-6)
            let extent = (kind == .star ? SIMD2(shape.z, shape.z) : SIMD2(shape.z, shape.w))
                + SIMD2(repeating: 0.5 * translation.w + margin)
            let center = SIMD2(shape.x, shape.y)
            return corners.map { toDevice(center + $0 * extent) }
        }
    }

    /// The axis-aligned box around ``deviceQuad``: (minX, minY, maxX, maxY).
    public var deviceBounds: SIMD4<Float> {
        var lo = SIMD2<Float>(.infinity, .infinity), hi = SIMD2<Float>(-.infinity, -.infinity)
        for p in deviceQuad { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        return SIMD4(lo.x, lo.y, hi.x, hi.y)
    }

    /// A local point in device pixels.
    @inline(__always)
    func toDevice(_ p: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(transform.x * p.x + transform.z * p.y + translation.x,
              transform.y * p.x + transform.w * p.y + translation.y)
    }
}
