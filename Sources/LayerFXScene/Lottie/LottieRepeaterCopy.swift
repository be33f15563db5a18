#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore
import LayerFXModel

/// One copy of a repeater: copy k (its offset o added, k + o) is moved by
/// `T(p·k + a)·S(s^k)·R(r·k)·T(−a)` (ThorVG's `_repeat`, as rlottie and
/// lottie-web), and faded from the start to the end opacity at (i + 1)/c
/// (ThorVG; rlottie uses i/c).
struct LottieRepeaterCopy {
    let repeater: LottieRepeater
    /// The copy's number, from 0.
    let copy: Double

    /// The copy's number plus the repeater's offset at `frame` (0 where that is not finite).
    func index(at frame: Double) -> Double {
        let offset = repeater.offset.value(at: frame)
        return copy + (offset.isFinite ? offset : 0)
    }

    /// The frames at which a copy's matrix has keyframes: its transform's and its offset's.
    static func keyframeTimes(_ repeater: LottieRepeater) -> [[Double]] {
        repeater.transform.keyframeTimes + [repeater.offset.keyframeTimes]
    }

    /// The copy's matrix at `frame`.
    func matrix(at frame: Double) -> AffineTransform {
        let index = index(at: frame)
        let t = repeater.transform
        let p = LottieGeometry.point(t.position.value(at: frame)), a = LottieGeometry.point(t.anchor.value(at: frame))
        let scale = t.scale.value(at: frame)
        let sx = Self.power((scale.first ?? 100) / 100, index), sy = Self.power((scale.count > 1 ? scale[1] : 100) / 100, index)
        return AffineTransform.translation(-a.x, -a.y)
            .concatenating(.rotation(t.rotation.value(at: frame) * index * .pi / 180))
            .concatenating(.scale(sx, sy))
            .concatenating(.translation(p.x * index + a.x, p.y * index + a.y))
    }

    /// Puts the copy's matrix on `layer` as its `transform`, sampled at every
    /// frame when the repeater's transform or offset moves.
    func apply(_ clock: LottieClock, to layer: inout Layer) {
        let span = LottieClock.span(Self.keyframeTimes(repeater))
        layer.properties.transform = LayerTransform(matrix: matrix(at: span?.lowerBound ?? 0))
        if let span, let animation = clock.baked(.transform, over: span, { .transform(LayerTransform(matrix: matrix(at: $0))) }) {
            layer.animations.append(animation)
        }
    }

    /// The copy's opacity (percent) at `frame`, of `count` copies numbered `copy` from 0.
    static func opacity(_ repeater: LottieRepeater, copy: Double, at frame: Double) -> Double {
        let count = max(repeater.copies.value(at: frame), 1)
        let start = repeater.startOpacity.value(at: frame), end = repeater.endOpacity.value(at: frame)
        return start == end ? start : start + (end - start) * (copy + 1) / count
    }

    /// `base` to the power `exponent`, 0 for a negative base with a fractional exponent.
    static func power(_ base: Double, _ exponent: Double) -> Double {
        let result = pow(base, exponent)
        return result.isFinite ? result : 0
    }
}

/// A draw's opacity: its paint's times its groups' (percent each) times its
/// repeater copies' fades, on its layer: a constant, the one factor that
/// changes as its own animation scaled by the others, or sampled at every
/// frame when several change.
struct LottieOpacity {
    let clock: LottieClock
    let factors: [LottieProperty<Double>]
    let copies: [(repeater: LottieRepeater, index: Double)]

    /// Sets `layer`'s opacity and its animation.
    func apply(to layer: inout Layer) {
        let animated = factors.filter(\.isAnimated)
        let copyTimes = copies.flatMap { [$0.repeater.startOpacity.keyframeTimes, $0.repeater.endOpacity.keyframeTimes,
                                          $0.repeater.copies.keyframeTimes] }
        let constant = factors.filter { !$0.isAnimated }.reduce(1.0) { $0 * $1.initialValue / 100 }
            * copies.reduce(1.0) { $0 * LottieRepeaterCopy.opacity($1.repeater, copy: $1.index, at: 0) / 100 }
        if animated.isEmpty && copyTimes.allSatisfy(\.isEmpty) {
            layer.properties.opacity = constant
            return
        }
        if animated.count == 1, copyTimes.allSatisfy(\.isEmpty), let animation = clock.animation(.opacity, animated[0], {
            .scalar($0 / 100 * constant)
        }) {
            layer.properties.opacity = animated[0].initialValue / 100 * constant
            layer.animations.append(animation)
            return
        }
        let value: (Double) -> Double = { frame in
            factors.reduce(1.0) { $0 * $1.value(at: frame) / 100 }
                * copies.reduce(1.0) { $0 * LottieRepeaterCopy.opacity($1.repeater, copy: $1.index, at: frame) / 100 }
        }
        let span = LottieClock.span(factors.map(\.keyframeTimes) + copyTimes)
        layer.properties.opacity = value(span?.lowerBound ?? 0)
        if let span, let animation = clock.baked(.opacity, over: span, { .scalar(value($0)) }) {
            layer.animations.append(animation)
        }
    }
}
