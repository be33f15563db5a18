#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore
import LayerFXPrimitives

/// A primitive's gradient fill with its stops unpacked: the same math as
/// `gradientT`, `stopColor` and `gradientColor` in Shaders/primitive.frag.glsl.
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

    /// The gradient parameter at local point (x, y).
    @inline(__always)
    func parameter(_ x: Float, _ y: Float) -> Float {
        let qx = x - start.x, qy = y - start.y
        switch kind {
        case 1:
            let dd = delta.x * delta.x + delta.y * delta.y
            return dd > 0 ? (qx * delta.x + qy * delta.y) / dd : 0
        case 2:
            let rx = abs(delta.x), ry = abs(delta.y)
            guard rx > 0, ry > 0 else { return 1 }
            return length(qx / rx, qy / ry)
        default:
            let turns = (atan2f(qy, qx) - atan2f(delta.y, delta.x)) / (2 * Float.pi)
            return turns - turns.rounded(.down)
        }
    }

    /// The straight-alpha colour at local point (x, y).
    @inline(__always)
    func color(_ x: Float, _ y: Float) -> SIMD4<Float> {
        let t = parameter(x, y)
        if t <= locations[0] { return colors[0] }
        for i in 1..<count where t <= locations[i] {
            let lo = locations[i - 1], hi = locations[i]
            let u = hi > lo ? (t - lo) / (hi - lo) : 1
            return colors[i - 1] * (1 - u) + colors[i] * u
        }
        return colors[count - 1]
    }
}
