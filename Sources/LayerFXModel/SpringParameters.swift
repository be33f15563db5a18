#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The physical parameters of a `CASpringAnimation` and the damped harmonic
/// oscillator they define (core-animation.md §5.2).
///
/// Progress `x(t)` goes from 0 (`fromValue`) towards 1 (`toValue`); `t` is in
/// seconds and is not stretched to the animation's duration.
public struct SpringParameters: Hashable, Sendable {
    /// `mass` (> 0); Core Animation's default is 1.
    public var mass: Double
    /// `stiffness` (> 0); default 100.
    public var stiffness: Double
    /// `damping` (≥ 0); default 10.
    public var damping: Double
    /// `initialVelocity` in progress per second (1 = the whole from→to distance per second).
    public var initialVelocity: Double
    /// When false (Core Animation's default), an over-damped spring (ζ > 1) is
    /// treated as critically damped with the same natural frequency.
    public var allowsOverdamping: Bool

    /// Core Animation's defaults unless given.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
                initialVelocity: Double = 0, allowsOverdamping: Bool = false) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
        self.initialVelocity = initialVelocity; self.allowsOverdamping = allowsOverdamping
    }

    /// The damping ratio ζ = c / (2√(k·m)), before any clamping.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Normalized progress `x(t)` at `t` seconds: `x(0) = 0`, `x'(0) = initialVelocity`,
    /// settling at 1. Non-positive mass or stiffness jump straight to 1.
    public func progress(at t: Double) -> Double {
        1 - Oscillator(self).remaining(at: t)
    }

    /// `settlingDuration` as this project defines it (criterion A of
    /// test-vectors.md): the smallest `T` with `|1 − x(t)| < 1e-3` for every
    /// `t ≥ T`. An approximation: Apple's exact rule is unknown.
    public var settlingDuration: Double { settlingDuration(epsilon: 1e-3) }

    /// The smallest `T` with `|1 − x(t)| < epsilon` for every `t ≥ T` (to about
    /// 1e-12 s), found exactly rather than by scanning: `1 − x` is monotonic
    /// between consecutive zeros of the velocity, whose times are known in
    /// closed form, so the last stretch that still reaches `epsilon` is located
    /// directly and the crossing inside it solved for. Undamped springs never
    /// settle (`.infinity`); `epsilon ≥ 1` gives 0.
    public func settlingDuration(epsilon: Double) -> Double {
        guard epsilon < 1 else { return 0 }
        let oscillator = Oscillator(self)
        switch oscillator.motion {
        case .immediate:
            return 0
        case let .underdamped(decay, frequency, sineFactor):
            guard decay > 0 else { return .infinity }
            // 1 − x has extrema where the velocity
            // e^(−decay·t)·[v0·cos(ωd·t) + K·sin(ωd·t)] vanishes: ωd·t = nπ − φ.
            let v0 = initialVelocity
            let k = (stiffness / mass - decay * v0) / frequency
            let phi = atan2(v0, k)
            let magnitude = abs(cos(phi) - sineFactor * sin(phi))
            func extremum(_ n: Double) -> Double { (n * .pi - phi) / frequency }
            let first = (phi / .pi).rounded(.down) + 1  // first n with a time > 0
            var n = first - 1
            if magnitude >= epsilon {
                n = max(n, ((frequency * log(magnitude / epsilon) / decay + phi) / .pi).rounded(.down))
            }
            // Guard the estimate against rounding at the threshold.
            while n >= first && abs(oscillator.remaining(at: extremum(n))) < epsilon { n -= 1 }
            while abs(oscillator.remaining(at: extremum(n + 1))) >= epsilon { n += 1 }
            let start = n >= first ? extremum(n) : 0
            return oscillator.lastExceedance(of: epsilon, from: start, before: extremum(n + 1))
        case let .critical(rate, linearFactor):
            // (1 + b·t)·e^(−ω0·t) has one extremum, where −v0 − ω0·b·t = 0.
            return oscillator.settling(epsilon, extremum: -initialVelocity / (rate * linearFactor))
        case let .overdamped(a, slowRate, b, fastRate):
            // −A·e^(s1·t) − B·e^(s2·t) has one extremum, where e^((s1−s2)·t) = −B·s2 / (A·s1).
            let ratio = -b * fastRate / (a * slowRate)
            return oscillator.settling(epsilon, extremum: ratio > 0 && ratio.isFinite ? log(ratio) / (slowRate - fastRate) : -1)
        }
    }
}

/// The closed-form solution for one set of spring parameters.
private struct Oscillator {
    enum Motion {
        /// Non-positive mass or stiffness: already at rest at the target.
        case immediate
        /// 1 − x = e^(−decay·t)·(cos(ωd·t) + sineFactor·sin(ωd·t)).
        case underdamped(decay: Double, frequency: Double, sineFactor: Double)
        /// 1 − x = (1 + linearFactor·t)·e^(−rate·t).
        case critical(rate: Double, linearFactor: Double)
        /// 1 − x = −a·e^(slowRate·t) − b·e^(fastRate·t).
        case overdamped(a: Double, slowRate: Double, b: Double, fastRate: Double)
    }

    let motion: Motion

    init(_ spring: SpringParameters) {
        guard spring.mass > 0, spring.stiffness > 0 else { motion = .immediate; return }
        let w0 = (spring.stiffness / spring.mass).squareRoot()
        var zeta = spring.dampingRatio
        if zeta > 1 && !spring.allowsOverdamping { zeta = 1 }
        let v0 = spring.initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            motion = .underdamped(decay: zeta * w0, frequency: wd, sineFactor: (zeta * w0 - v0) / wd)
        } else if zeta == 1 {
            motion = .critical(rate: w0, linearFactor: w0 - v0)
        } else {
            let r = (zeta * zeta - 1).squareRoot()
            let s1 = -w0 * (zeta - r), s2 = -w0 * (zeta + r)
            let a = (v0 + s2) / (s1 - s2)
            motion = .overdamped(a: a, slowRate: s1, b: -1 - a, fastRate: s2)
        }
    }

    /// 1 − x(t).
    func remaining(at t: Double) -> Double {
        switch motion {
        case .immediate:
            return 0
        case let .underdamped(decay, frequency, sineFactor):
            return exp(-decay * t) * (cos(frequency * t) + sineFactor * sin(frequency * t))
        case let .critical(rate, linearFactor):
            return (1 + linearFactor * t) * exp(-rate * t)
        case let .overdamped(a, slowRate, b, fastRate):
            return -a * exp(slowRate * t) - b * exp(fastRate * t)
        }
    }

    /// Settling time when `1 − x` has at most one extremum (at `extremum`, if
    /// positive) and tends monotonically to 0 after it.
    func settling(_ epsilon: Double, extremum: Double) -> Double {
        if extremum > 0 && abs(remaining(at: extremum)) < epsilon {
            return lastExceedance(of: epsilon, from: 0, before: extremum)
        }
        let start = extremum > 0 ? extremum : 0
        var end = start + 1
        while abs(remaining(at: end)) >= epsilon { end = start + 2 * (end - start) }
        return lastExceedance(of: epsilon, from: start, before: end)
    }

    /// The time in `[start, end]` where `|1 − x|` drops below `epsilon` for
    /// good; needs `|1 − x(start)| ≥ epsilon`, `1 − x` monotonic on the
    /// interval and `|1 − x(end)| < epsilon`, so `|1 − x| − epsilon` changes
    /// sign once. Regula falsi with the Illinois modification (falls back to
    /// bisection), to about 1e-12 s.
    func lastExceedance(of epsilon: Double, from start: Double, before end: Double) -> Double {
        var lo = start, hi = end
        var gLo = abs(remaining(at: lo)) - epsilon, gHi = abs(remaining(at: hi)) - epsilon
        var lastSide = 0
        for _ in 0..<200 where hi - lo > 1e-12 {
            var t = (lo * gHi - hi * gLo) / (gHi - gLo)
            if !(t > lo && t < hi) { t = 0.5 * (lo + hi) }
            let g = abs(remaining(at: t)) - epsilon
            if g >= 0 {
                lo = t; gLo = g
                if lastSide < 0 { gHi *= 0.5 }
                lastSide = -1
            } else {
                hi = t; gHi = g
                if lastSide > 0 { gLo *= 0.5 }
                lastSide = 1
            }
            if abs(g) < 1e-13 * epsilon { return t }
        }
        return hi
    }
}
