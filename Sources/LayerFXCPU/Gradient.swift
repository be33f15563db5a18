#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore
import LayerFXPrimitives

/// A primitive's gradient fill with its stops unpacked, as the shape kernel
/// (`lfx_shape`) reads it. Plain values only (no arrays), so prepared
/// primitives copy as bytes.
struct PreparedGradient: Sendable {
    let kind: Int
    let count: Int
    let start: SIMD2<Float>
    let delta: SIMD2<Float>
    /// Stop locations 0…5 (lanes 6 and 7 unused).
    let locations: SIMD8<Float>
    /// Stop colours 0…5, RGBA8 with red in the low byte (lanes 6 and 7 unused).
    let packedColors: SIMD8<UInt32>

    init(_ p: PrimitiveInstance) {
        kind = Int(saturating: p.paint0.x)
        count = min(max(Int(saturating: p.paint0.y), 1), GradientPaint.maximumStops)
        start = SIMD2(p.paint0.z, p.paint0.w)
        delta = SIMD2(p.paint1.x, p.paint1.y) - start
        locations = SIMD8(p.paint1.z, p.paint1.w, p.paint2.x, p.paint2.y, p.paint2.z, p.paint2.w, 0, 0)
        packedColors = SIMD8(lowHalf: p.stops0, highHalf: p.stops1)
    }

    /// Stop colour `i` as straight-alpha floats in 0…1.
    func color(_ i: Int) -> SIMD4<Float> {
        let bits = packedColors[i]
        return SIMD4(Float(bits & 255), Float(bits >> 8 & 255), Float(bits >> 16 & 255), Float(bits >> 24 & 255)) / 255
    }
}
