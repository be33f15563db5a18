#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore
import LayerFXPrimitives

/// A primitive's gradient fill with its stops unpacked, as the shape kernel
/// (`lfx_shape`) reads it.
struct PreparedGradient: Sendable {
    let kind: Int
    let count: Int
    let start: SIMD2<Float>
    let delta: SIMD2<Float>
    let locations: [Float]
    let colors: [SIMD4<Float>]

    init(_ p: PrimitiveInstance) {
        kind = Int(saturating: p.paint0.x)
        count = min(max(Int(saturating: p.paint0.y), 1), GradientPaint.maximumStops)
        start = SIMD2(p.paint0.z, p.paint0.w)
        delta = SIMD2(p.paint1.x, p.paint1.y) - start
        locations = [p.paint1.z, p.paint1.w, p.paint2.x, p.paint2.y, p.paint2.z, p.paint2.w]
        let packed = [p.stops0.x, p.stops0.y, p.stops0.z, p.stops0.w, p.stops1.x, p.stops1.y]
        colors = packed.map { bits in
            SIMD4(Float(bits & 255), Float(bits >> 8 & 255), Float(bits >> 16 & 255), Float(bits >> 24 & 255)) / 255
        }
    }
}
