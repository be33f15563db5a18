import LayerFXCore
import LayerFXModel

/// The values of Lottie properties at a frame, as the players compute them:
/// eased progress between keyframes, numbers and vectors interpolated
/// linearly, paths vertex by vertex, and a position with spatial tangents
/// along its Bézier segment by arc length.
extension LottieProperty where Value == Double {
    /// The value at `frame` (frames of the containing composition).
    func value(at frame: Double) -> Double {
        switch place(at: frame) {
        case .at(let value): return value
        case .between(let index, let progress):
            guard case .keyframes(let keyframes) = content else { return initialValue }
            let a = keyframes[index].value, b = keyframes[index + 1].value
            return a + (b - a) * progress
        }
    }
}

extension LottieProperty where Value == [Double] {
    /// The value at `frame`: component by component, or along the spatial
    /// Bézier of a keyframe with tangents (by arc length).
    func value(at frame: Double) -> [Double] {
        switch place(at: frame) {
        case .at(let value): return value
        case .between(let index, let progress):
            guard case .keyframes(let keyframes) = content else { return initialValue }
            let key = keyframes[index], a = key.value, b = keyframes[index + 1].value
            if let spatial = key.spatial, a.count >= 2, b.count >= 2 {
                let curve = Self.spatialSegment(from: a, to: b, spatial)
                // An easing that overshoots stops at the ends of the curve (ThorVG's `atApprox`,
                // rlottie's `tAtLength` and lottie-web's sampled curve all clamp the length).
                let t = curve.parameter(atLengthFraction: min(max(progress, 0), 1))
                let point = curve.point(at: t)
                var result = Self.lerp(a, b, progress)
                result[0] = point.x; result[1] = point.y
                return result
            }
            return Self.lerp(a, b, progress)
        }
    }

    /// The Bézier a spatial segment follows: from `a` through `a + to` and `b + ti` to `b`.
    static func spatialSegment(from a: [Double], to b: [Double], _ spatial: (out: [Double], in: [Double])) -> CubicSegment {
        let start = Point(x: a[0], y: a[1]), end = Point(x: b[0], y: b[1])
        let out = spatial.out.count >= 2 ? Point(x: spatial.out[0], y: spatial.out[1]) : .zero
        let into = spatial.in.count >= 2 ? Point(x: spatial.in[0], y: spatial.in[1]) : .zero
        return CubicSegment(start: start, control1: start + out, control2: end + into, end: end)
    }

    /// Component-wise interpolation over the components both have.
    static func lerp(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
        (0..<min(a.count, b.count)).map { a[$0] + (b[$0] - a[$0]) * t }
    }

    /// Component `index` at `frame`, or `fallback` where the value has fewer components.
    func component(_ index: Int, at frame: Double, or fallback: Double) -> Double {
        let value = value(at: frame)
        return index < value.count ? value[index] : fallback
    }

    /// Whether any keyframe follows a spatial Bézier.
    var hasSpatialSegments: Bool {
        if case .keyframes(let keyframes) = content { return keyframes.dropLast().contains { $0.spatial != nil } }
        return false
    }
}

extension LottieProperty where Value == LottieBezier {
    /// The path at `frame`, vertex by vertex.
    func value(at frame: Double) -> LottieBezier {
        switch place(at: frame) {
        case .at(let value): return value
        case .between(let index, let progress):
            guard case .keyframes(let keyframes) = content else { return initialValue }
            return keyframes[index].value.interpolated(to: keyframes[index + 1].value, progress)
        }
    }
}
