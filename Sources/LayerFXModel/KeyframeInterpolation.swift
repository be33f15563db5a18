/// The value of a `CAKeyframeAnimation`'s keyframes at one progress
/// (core-animation.md §3).
@usableFromInline
struct KeyframeInterpolation: Hashable, Sendable {
    var values: [AnimatableValue]
    var keyTimes: [Double]?
    var timingFunctions: [TimingFunction]?
    var calculationMode: CalculationMode

    /// The value at `progress` (the animation's eased progress in 0…1); nil
    /// when there are no values. Segments are chosen as `KeyframeTiming`
    /// describes; `cubic` and `cubicPaced` follow a uniform Catmull-Rom spline
    /// through the values, the others straight lines.
    func value(at progress: Double) -> AnimatableValue? {
        let n = values.count
        guard n > 1 else { return values.first }
        let timing = KeyframeTiming(count: n, keyTimes: keyTimes, timingFunctions: timingFunctions,
                                    calculationMode: calculationMode)
        switch timing.position(at: progress, lengths: { values[$0 - 1].distance(to: values[$0]) }) {
        case .key(let i): return values[i]
        case .between(let end, let u): return interpolate(segment: end, fraction: u)
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
