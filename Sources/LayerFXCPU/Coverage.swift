// Coverage and shading, the same math as Shaders/primitive.frag.glsl.
import LayerFXCore
import LayerFXPrimitives

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

@inline(__always)
func premultiplied(_ c: SIMD4<Float>) -> SIMD4<Float> { SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w) }

/// What a frame's primitives read besides themselves (read-only buffers shared by the bands).
struct FrameResources: @unchecked Sendable {
    let edges: UnsafeBufferPointer<SIMD4<Float>>
    let atlas: GlyphAtlasImage?
    let atlasTexels: UnsafeBufferPointer<UInt8>
}

extension PreparedPrimitive {
    /// The premultiplied color this drawn primitive (not a composite or a
    /// marker) contributes at device pixel centre (x, y), as `main` in the
    /// fragment shader.
    @inline(__always)
    func shade(_ x: Float, _ y: Float, _ resources: FrameResources) -> SIMD4<Float> {
        var color: SIMD4<Float>
        if kind == .path {
            // The edge range is clamped to the frame's edges: a band never reads past them.
            let first = min(max(Int(saturating: shapeExtra.x), 0), resources.edges.count)
            let count = min(max(Int(saturating: shapeExtra.y), 0), resources.edges.count - first)
            let piece = PathPiece(edges: resources.edges, first: first, count: count,
                                  windingOffset: Int(Int32(saturating: translation.w)),
                                  rule: WindingRule(rawValue: Int(saturating: shapeExtra.w)) ?? .nonZero)
            color = premultipliedFill * piece.coverage(x, y)
        } else {
            let inv = inverse
            let tx = x - translation.x, ty = y - translation.y
            let px = inv.x * tx + inv.z * ty, py = inv.y * tx + inv.w * ty
            if kind == .glyph, let atlas = resources.atlas {
                color = premultipliedFill * glyphCoverage(px, py, self, atlas: atlas, texels: resources.atlasTexels)
            } else {
                color = shapeColor(px, py)
            }
        }
        return color * clipCoverage(x, y)
    }

    /// Opacity times the coverage of both clips at device point (x, y).
    @inline(__always)
    func clipCoverage(_ x: Float, _ y: Float) -> Float {
        var coverage = shapeExtra.z
        if clipCount > 0.5 {
            coverage *= LayerFXCPU.clipCoverage(x, y, linear: clip0Linear, offset: clip0Offset, radius: clipRadius0)
        }
        if clipCount > 1.5 {
            coverage *= LayerFXCPU.clipCoverage(x, y, linear: clip1Linear, offset: clip1Offset, radius: clipRadius1)
        }
        return coverage
    }

    /// `shapeColor` of the fragment shader: an analytic shape's fill (solid
    /// or gradient) under its stroke at local point (px, py).
    @inline(__always)
    private func shapeColor(_ px: Float, _ py: Float) -> SIMD4<Float> {
        let inv = inverse
        let sd: SIMD3<Float>
        let hMin: Float, hMax: Float
        switch kind {
        case .ellipse:
            sd = ellipseSDF(px, py, center: SIMD2(shape.x, shape.y), radii: SIMD2(shape.z, shape.w))
            hMin = min(shape.z, shape.w); hMax = max(shape.z, shape.w)
        case .roundedRect:
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
            fill = premultiplied(gradient.color(px, py)) * fillCov
        }
        let stroke = premultipliedStroke * strokeCov
        return stroke + fill * (1 - stroke.w)
    }
}
