// Coverage and shading, the same math as Shaders/primitive.frag.glsl.

/// Box-filtered coverage of the band [-halfWidth, halfWidth] around a line at
/// distance `s` (pixels) from the pixel centre.
@inline(__always)
func bandCoverage(_ s: Float, _ halfWidth: Float) -> Float {
    min(max(min(s + 0.5, halfWidth) - max(s - 0.5, -halfWidth), 0), 1)
}

/// Coverage of a clip rounded rectangle given by its device → clip-local map.
@inline(__always)
func clipCoverage(_ x: Float, _ y: Float, linear: SIMD4<Float>, offset: SIMD4<Float>, radius: Float) -> Float {
    let pcx = linear.x * x + linear.z * y + offset.x
    let pcy = linear.y * x + linear.w * y + offset.y
    let sd = roundedRectSDF(pcx, pcy, center: .zero, halfSize: SIMD2(offset.z, offset.w), radius: radius)
    let lc = max(length(sd.y * linear.x + sd.z * linear.y, sd.y * linear.z + sd.z * linear.w), 1e-8)
    return min(max(0.5 - sd.x / lc, 0), 1)
}

extension PreparedPrimitive {
    /// The premultiplied color this primitive contributes at device pixel centre (x, y).
    @inline(__always)
    func shade(_ x: Float, _ y: Float) -> SIMD4<Float> {
        let inv = inverse
        let tx = x - translation.x, ty = y - translation.y
        let px = inv.x * tx + inv.z * ty, py = inv.y * tx + inv.w * ty
        let sd: SIMD3<Float>
        let hMin: Float, hMax: Float
        switch kind {
        case 0:
            sd = ellipseSDF(px, py, center: SIMD2(shape.x, shape.y), radii: SIMD2(shape.z, shape.w))
            hMin = min(shape.z, shape.w); hMax = max(shape.z, shape.w)
        case 1:
            sd = roundedRectSDF(px, py, center: SIMD2(shape.x, shape.y), halfSize: SIMD2(shape.z, shape.w),
                                radius: shapeExtra.x)
            hMin = min(shape.z, shape.w); hMax = max(shape.z, shape.w)
        default:
            sd = starSDF(px, py, center: SIMD2(shape.x, shape.y), outerR: shape.z, innerR: shape.w,
                         points: shapeExtra.x, rotation: shapeExtra.y)
            hMin = shape.w; hMax = shape.z
        }
        let lg = max(length(sd.y * inv.x + sd.z * inv.y, sd.y * inv.z + sd.z * inv.w), 1e-8)
        let d = sd.x / lg
        let fillHalf = hMin / lg
        let fillCov = bandCoverage(max(fillHalf + d, 0), fillHalf) * min(1, 2 * hMax / lg)
        let strokeCov = bandCoverage(abs(d), 0.5 * translation.w / lg)

        var fill = premultipliedFill * fillCov
        if let gradient {
            let paint = gradient.color(px, py)
            fill = SIMD4(paint.x * paint.w, paint.y * paint.w, paint.z * paint.w, paint.w) * fillCov
        }
        let stroke = premultipliedStroke * strokeCov
        let color = stroke + fill * (1 - stroke.w)

        var coverage = shapeExtra.z
        if clipCount > 0.5 {
            coverage *= clipCoverage(x, y, linear: clip0Linear, offset: clip0Offset, radius: clipRadius0)
        }
        if clipCount > 1.5 {
            coverage *= clipCoverage(x, y, linear: clip1Linear, offset: clip1Offset, radius: clipRadius1)
        }
        return color * coverage
    }
}
