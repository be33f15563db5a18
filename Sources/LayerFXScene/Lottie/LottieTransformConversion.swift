#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore
import LayerFXModel

/// A Lottie transform (`M = T(p)·R(r)·K(sk, sa)·S(s)·T(−a)`) as two
/// Core Animation layers with bounds of zero size: the outer one at the
/// position, turned, skewed and scaled by its `transform` (and carrying the
/// opacity), the inner one at minus the anchor, so that the anchor lands on
/// the position. Keyframes become animations of `position`,
/// `transform.rotation.z`, `transform.scale.x`/`.y`, `opacity`, and the
/// inner layer's `position`; a position along spatial Béziers, a skew and
/// auto-orientation are sampled at every frame.
extension LottieClock {
    /// Sets `outer` and `inner` from `transform`; `autoOrients` turns the
    /// outer layer along its position's path, `withOpacity` gives it the
    /// transform's opacity.
    func apply(_ transform: LottieTransform, autoOrients: Bool, withOpacity: Bool, outer: inout Layer, inner: inout Layer) {
        var animations: [Animation] = []
        // Position.
        let positionAt: (Double) -> Point
        var positionTimes: [Double]
        if let x = transform.positionX, let y = transform.positionY {
            positionAt = { Point(x: x.value(at: $0), y: y.value(at: $0)) }
            positionTimes = x.keyframeTimes + y.keyframeTimes
            outer.properties.position = positionAt(-.infinity)
            animations += [animation(.positionX, x) { .scalar($0) }, animation(.positionY, y) { .scalar($0) }].compactMap { $0 }
        } else {
            let position = transform.position
            positionAt = { LottieGeometry.point(position.value(at: $0)) }
            positionTimes = position.keyframeTimes
            outer.properties.position = LottieGeometry.point(position.initialValue)
            if position.hasSpatialSegments, let span = Self.span([positionTimes]) {
                animations += [baked(.position, over: span) { .point(positionAt($0)) }].compactMap { $0 }
            } else if let animation = animation(.position, position, { .point(LottieGeometry.point($0)) }) {
                animations.append(animation)
            }
        }
        // Rotation, scale and skew.
        let skewed = transform.skew.isAnimated || transform.skew.initialValue != 0
        let oriented = autoOrients && !positionTimes.isEmpty
        if skewed || oriented {
            let matrixAt: (Double) -> LayerTransform = { frame in
                var degrees = transform.rotation.value(at: frame)
                if oriented { degrees += Self.orientation(positionAt, at: frame) }
                return Self.layerTransform(rotation: degrees, scale: transform.scale.value(at: frame),
                                           skew: transform.skew.value(at: frame), axis: transform.skewAxis.value(at: frame))
            }
            let times = [transform.rotation.keyframeTimes, transform.scale.keyframeTimes, transform.skew.keyframeTimes,
                         transform.skewAxis.keyframeTimes, oriented ? positionTimes : []]
            let span = Self.span(times)
            outer.properties.transform = matrixAt(span?.lowerBound ?? 0)
            if let span, let animation = baked(.transform, over: span, { .transform(matrixAt($0)) }) {
                animations.append(animation)
            }
        } else {
            outer.properties.transform = Self.layerTransform(rotation: transform.rotation.initialValue,
                                                             scale: transform.scale.initialValue, skew: 0, axis: 0)
            animations += [
                animation(.transformRotationZ, transform.rotation) { .scalar($0 * .pi / 180) },
                animation(.transformScaleX, transform.scale) { .scalar(($0.first ?? 100) / 100) },
                animation(.transformScaleY, transform.scale) { .scalar(($0.count > 1 ? $0[1] : 100) / 100) },
            ].compactMap { $0 }
        }
        if withOpacity {
            outer.properties.opacity = transform.opacity.initialValue / 100
            animations += [animation(.opacity, transform.opacity) { .scalar($0 / 100) }].compactMap { $0 }
        }
        outer.animations += animations
        // The anchor.
        inner.properties.position = Point(x: 0, y: 0) - LottieGeometry.point(transform.anchor.initialValue)
        if let animation = animation(.position, transform.anchor, { .point(Point(x: 0, y: 0) - LottieGeometry.point($0)) }) {
            inner.animations.append(animation)
        }
    }

    /// The `transform` of rotation `degrees`, scale `scale` (percent, x and
    /// y) and skew `skew` degrees along axis `axis` degrees: R·K·S.
    static func layerTransform(rotation degrees: Double, scale: [Double], skew: Double, axis: Double) -> LayerTransform {
        let sx = (scale.first ?? 100) / 100, sy = (scale.count > 1 ? scale[1] : 100) / 100
        guard skew != 0 else { return LayerTransform(rotation: degrees * .pi / 180, scaleX: sx, scaleY: sy) }
        let axisAngle = axis * .pi / 180
        let shear = AffineTransform(a: 1, b: 0, c: -tan(skew * .pi / 180), d: 1, tx: 0, ty: 0)
        let skewMatrix = AffineTransform.rotation(-axisAngle).concatenating(shear).concatenating(.rotation(axisAngle))
        return LayerTransform(rotation: degrees * .pi / 180, matrix: AffineTransform.scale(sx, sy).concatenating(skewMatrix))
    }

    /// The direction of travel (degrees, clockwise from +x) of `position` at `frame`.
    static func orientation(_ position: (Double) -> Point, at frame: Double) -> Double {
        let here = position(frame), ahead = position(frame + 0.01), behind = position(frame - 0.01)
        var direction = ahead - here
        if direction.length < 1e-9 { direction = here - behind }
        guard direction.length > 1e-9 else { return 0 }
        return atan2(direction.y, direction.x) * 180 / .pi
    }
}
