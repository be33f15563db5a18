/// The device-space quad a primitive is drawn on, computed as
/// `Shaders/primitive.vert.glsl` computes it (the CPU backend and the
/// evaluator's offscreen-layer bounds use this; change them together).
extension PrimitiveInstance {
    /// The axis-aligned box around the quad's four corners in device pixels:
    /// (minX, minY, maxX, maxY). The quad is, for shapes, the local bounding
    /// box plus half the stroke (times ``strokeReach``) and a 2-pixel antialiasing margin,
    /// transformed (images: their rectangle and the margin); for glyphs, the local quad transformed; for path bands
    /// and markers, the device rectangle in `shape`.
    public var deviceBounds: SIMD4<Float> {
        var lo = SIMD2<Float>(.infinity, .infinity), hi = SIMD2<Float>(-.infinity, -.infinity)
        func include(_ p: SIMD2<Float>) { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        let center: SIMD2<Float>, half: SIMD2<Float>
        switch kind {
        case .path, .composite, .beginLayer, .beginMask:
            include(SIMD2(shape.x, shape.y)); include(SIMD2(shape.z, shape.y))
            include(SIMD2(shape.x, shape.w)); include(SIMD2(shape.z, shape.w))
            return SIMD4(lo.x, lo.y, hi.x, hi.y)
        case .glyph:
            center = SIMD2(shape.x + shape.z, shape.y + shape.w) * 0.5
            half = SIMD2(shape.z - shape.x, shape.w - shape.y) * 0.5
        case .ellipse, .roundedRect, .star, .image:
            let a = transform.x, b = transform.y, c = transform.z, d = transform.w
            // Smallest singular value of the linear part: one device pixel is at
            // most 1/sigmaMin local units, so the margin is 2 px in every direction.
            let s = a * a + b * b + c * c + d * d
            let det = abs(a * d - b * c)
            let sigmaMin = max(0.5 * (s - max(s * s - 4 * det * det, 0).squareRoot()), 0).squareRoot()
            let margin = 2 / max(sigmaMin, 1e-6)
            center = SIMD2(shape.x, shape.y)
            half = (kind == .star ? SIMD2(shape.z, shape.z) : SIMD2(shape.z, shape.w))
                + SIMD2(repeating: 0.5 * translation.w * strokeReach + margin)
        }
        include(toDevice(center + SIMD2(-1, -1) * half)); include(toDevice(center + SIMD2(1, -1) * half))
        include(toDevice(center + SIMD2(-1, 1) * half)); include(toDevice(center + SIMD2(1, 1) * half))
        return SIMD4(lo.x, lo.y, hi.x, hi.y)
    }

    /// How many half stroke widths the stroke reaches beyond the shape's
    /// bounds: a mitred star's longest miter (`shapeExtra.w`), else 1.
    public var strokeReach: Float {
        kind == .star ? max(shapeExtra.w, 1) : 1
    }

    /// A local point in device pixels.
    @inline(__always)
    func toDevice(_ p: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(transform.x * p.x + transform.z * p.y + translation.x,
              transform.y * p.x + transform.w * p.y + translation.y)
    }
}
