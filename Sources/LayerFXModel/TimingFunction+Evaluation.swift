extension TimingFunction {
    /// The eased progress `y` for the input progress `x` (both in 0…1): solves
    /// `x(t) = x` on the Bézier curve, then returns `y(t)`.
    ///
    /// `x` is clamped to 0…1 (NaN reads as 0). The solver is Newton's method
    /// from `t = x`, kept inside a shrinking bracket (a step that would leave
    /// it bisects instead), so it always converges; it stops when
    /// `|x(t) − x| < 1e-12`, far below the 1e-7 Core Animation needs.
    /// Curves whose control points lie on the diagonal (`linear`) return `x`.
    public func value(at x: Double) -> Double {
        if !(x > 0) { return 0 }
        if x >= 1 { return 1 }
        if c1x == c1y && c2x == c2y { return x }
        // Polynomial form per axis: f(t) = ((a·t + b)·t + c)·t.
        let cx = 3 * c1x, bx = 3 * (c2x - c1x) - cx, ax = 1 - cx - bx
        let cy = 3 * c1y, by = 3 * (c2y - c1y) - cy, ay = 1 - cy - by
        var lo = 0.0, hi = 1.0, t = x
        for _ in 0..<64 {
            let error = ((ax * t + bx) * t + cx) * t - x
            if abs(error) < 1e-12 { break }
            if error < 0 { lo = t } else { hi = t }
            let slope = (3 * ax * t + 2 * bx) * t + cx
            var next = t - error / slope
            if !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            if next == t { break }
            t = next
        }
        return ((ay * t + by) * t + cy) * t
    }

    /// Same as `value(at:)`: `timingFunction(x)`.
    public func callAsFunction(_ x: Double) -> Double { value(at: x) }
}

extension TimingFunction {
    /// ``value(at:)`` of four inputs at once: lane i is `value(at: x[i])`,
    /// bit for bit. Each lane takes the scalar solver's steps, in the same
    /// operations and order, and stops where it stops; the lanes only share
    /// the loop, so independent solves overlap instead of waiting on each
    /// other's divisions. For the many layers of one field that run the same
    /// curve at different phases.
    public func values(at x: SIMD4<Double>) -> SIMD4<Double> {
        let zero = SIMD4<Double>(repeating: 0), one = SIMD4<Double>(repeating: 1)
        // The scalar solver's early returns: x ≤ 0 or NaN, x ≥ 1, a diagonal curve.
        let below = .!(x .> zero), above = x .>= one
        if c1x == c1y && c2x == c2y {
            return x.replacing(with: zero, where: below).replacing(with: one, where: above)
        }
        let cx = 3 * c1x, bx = 3 * (c2x - c1x) - cx, ax = 1 - cx - bx
        let cy = 3 * c1y, by = 3 * (c2y - c1y) - cy, ay = 1 - cy - by
        var lo = zero, hi = one, t = x
        var active = .!below .& .!above
        for _ in 0..<64 {
            let error = ((ax * t + bx) * t + cx) * t - x
            active .&= .!((error .< 1e-12) .& (error .> -1e-12))  // |error| < 1e-12
            guard any(active) else { break }
            let negative = error .< zero
            lo.replace(with: t, where: active .& negative)
            hi.replace(with: t, where: active .& .!negative)
            let slope = (3 * ax * t + 2 * bx) * t + cx
            var next = t - error / slope
            next.replace(with: 0.5 * (lo + hi), where: .!(next .> lo .& next .< hi))
            active .&= .!(next .== t)
            t.replace(with: next, where: active)
        }
        let y = ((ay * t + by) * t + cy) * t
        return y.replacing(with: zero, where: below).replacing(with: one, where: above)
    }
}
