/// The value of a `CAKeyframeAnimation`'s keyframes at one progress
/// (core-animation.md §3).
struct KeyframeInterpolation {
    var values: [AnimatableValue]
    var keyTimes: [Double]?
    var timingFunctions: [TimingFunction]?
    var calculationMode: CalculationMode

    /// The value at `progress` (the animation's eased progress in 0…1); nil
    /// when there are no values.
    ///
    /// - `linear`/`cubic`: segment `i` spans `keyTimes[i]…keyTimes[i+1]` (key
    ///   times evenly spaced, `i/(n−1)`, when absent or fewer than the values);
    ///   its local progress is eased by `timingFunctions[i]` when there is one.
    ///   Before the first key time the first value holds, after the last the
    ///   last. `cubic` is a uniform Catmull-Rom spline through the values.
    /// - `discrete`: value `i` holds from `keyTimes[i]` (default `i/n`) on.
    /// - `paced`/`cubicPaced`: key times proportional to the cumulative distance
    ///   between successive values; `keyTimes` and `timingFunctions` ignored.
    func value(at progress: Double) -> AnimatableValue? {
        let n = values.count
        guard n > 1 else { return values.first }
        switch calculationMode {
        case .discrete:
            let times = keyTimes.flatMap { $0.count >= n ? $0 : nil }
            var index = 0
            for i in 1..<n where (times?[i] ?? Double(i) / Double(n)) <= progress { index = i }
            return values[index]
        case .linear, .cubic:
            let times = keyTimes.flatMap { $0.count >= n ? $0 : nil }
            func time(_ i: Int) -> Double { times?[i] ?? Double(i) / Double(n - 1) }
            if progress <= time(0) { return values[0] }
            guard let end = (1..<n).first(where: { progress <= time($0) }) else { return values[n - 1] }
            let start = time(end - 1), span = time(end) - start
            var u = span > 0 ? (progress - start) / span : 0
            if let functions = timingFunctions, end - 1 < functions.count { u = functions[end - 1](u) }
            return interpolate(segment: end, fraction: u)
        case .paced, .cubicPaced:
            var total = 0.0
            for i in 1..<n { total += values[i - 1].distance(to: values[i]) }
            guard total > 0, progress > 0 else { return values[0] }
            let target = progress * total
            var covered = 0.0
            for i in 1..<n {
                let length = values[i - 1].distance(to: values[i])
                if covered + length >= target && length > 0 {
                    return interpolate(segment: i, fraction: (target - covered) / length)
                }
                covered += length
            }
            return values[n - 1]
        }
    }

    /// Between `values[segment − 1]` and `values[segment]`, linearly or (cubic
    /// modes) along the Catmull-Rom spline, the end values repeated as outer
    /// neighbours.
    private func interpolate(segment i: Int, fraction u: Double) -> AnimatableValue {
        switch calculationMode {
        case .cubic, .cubicPaced:
            return .catmullRom(values[max(i - 2, 0)], values[i - 1], values[i],
                               values[min(i + 1, values.count - 1)], fraction: u)
        case .linear, .paced, .discrete:
            return .lerp(from: values[i - 1], to: values[i], fraction: u)
        }
    }
}
