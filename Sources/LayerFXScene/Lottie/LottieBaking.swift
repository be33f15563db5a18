import LayerFXModel

/// Values Core Animation's interpolation cannot reproduce (a path built
/// from animated sizes, a trimmed outline, a position along a spatial
/// Bézier, a skew) are sampled at every whole frame of the span their
/// keyframes cover: a keyframe animation of those samples, straight lines
/// between them (or held, for values that cannot interpolate), equals the
/// Lottie value at every whole frame, which is where players draw.
extension LottieClock {
    /// The span (frames) the keyframes of all `times` cover; nil when none is animated.
    static func span(_ times: [[Double]]) -> ClosedRange<Double>? {
        let all = times.joined()
        guard let first = all.min(), let last = all.max(), last > first else { return nil }
        return first...last
    }

    /// The frames a property animated over `span` is sampled at: every
    /// whole frame of it (its ends rounded outwards), or ``maximumSamples``
    /// of them evenly spread over a longer span, the last always included.
    static func sampleFrames(over span: ClosedRange<Double>) -> [Double] {
        let first = span.lowerBound.rounded(.down), last = span.upperBound.rounded(.up)
        guard last > first else { return [first] }
        let step = max(((last - first) / maximumSamples).rounded(.up), 1)
        var frames = Array(stride(from: first, to: last, by: step))
        frames.append(last)
        return frames
    }

    /// A keyframe animation of `keyPath` through `sample` at the
    /// ``sampleFrames(over:)`` of `span`, linear or `discrete`; nil when the
    /// span holds a single frame.
    func baked(_ keyPath: AnimatableKeyPath, over span: ClosedRange<Double>, discrete: Bool = false,
               _ sample: (Double) -> AnimatableValue) -> Animation? {
        let times = Self.sampleFrames(over: span)
        guard times.count > 1 else { return nil }
        return frames(keyPath, times: times, values: times.map(sample), functions: nil,
                      mode: discrete ? .discrete : .linear)
    }

    /// The most samples one property takes.
    static let maximumSamples = 20_000.0
}
