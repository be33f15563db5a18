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

    /// The frames a property animated over `span`, each of its samples
    /// `weight` units of the file's ``budget``, is sampled at: every whole
    /// frame of it (its ends rounded outwards), or as many as
    /// ``maximumSamples`` and the budget allow, evenly spread over a longer
    /// span, the last always included. Spends nothing.
    func sampleFrames(over span: ClosedRange<Double>, weight: Int = 1) -> [Double] {
        let first = span.lowerBound.rounded(.down), last = span.upperBound.rounded(.up)
        guard last > first else { return [first] }
        let step = max(((last - first) / sampleLimit(weight: weight)).rounded(.up), 1)
        var frames = Array(stride(from: first, to: last, by: step))
        frames.append(last)
        return frames
    }

    /// A property animated over `span` sampled at its
    /// ``sampleFrames(over:weight:)``: the frames and the samples there (at
    /// least the first frame's). The first sample's `weight` decides how
    /// many frames the ``budget`` pays for; when there is more than one,
    /// every sample's weight is spent.
    func sampled<Sample>(over span: ClosedRange<Double>, weight: (Sample) -> Int,
                         _ sample: (Double) -> Sample) -> (times: [Double], samples: [Sample]) {
        let firstFrame = span.lowerBound.rounded(.down)
        let first = sample(firstFrame)
        let firstWeight = weight(first)
        let times = sampleFrames(over: span, weight: firstWeight)
        guard times.count > 1 else { return ([firstFrame], [first]) }
        let everyFrame = min(span.upperBound.rounded(.up) - firstFrame, Self.maximumSamples)
        let shortened = sampleLimit(weight: firstWeight) < everyFrame
        let samples = [first] + times.dropFirst().map(sample)
        budget.spend(samples.reduce(0) { $0 + weight($1) }, shortened: shortened)
        return (times, samples)
    }

    /// A keyframe animation of `keyPath` through `sample` at the
    /// ``sampled(over:weight:_:)`` frames of `span`, linear or `discrete`;
    /// nil when the span holds a single frame.
    func baked(_ keyPath: AnimatableKeyPath, over span: ClosedRange<Double>, discrete: Bool = false,
               _ sample: (Double) -> AnimatableValue) -> Animation? {
        let (times, values) = sampled(over: span, weight: LottieSampleBudget.weight(of:), sample)
        guard times.count > 1 else { return nil }
        return frames(keyPath, times: times, values: values, functions: nil, mode: discrete ? .discrete : .linear)
    }

    /// The most steps a property whose samples weigh `weight` units each
    /// is sampled in: ``maximumSamples``, or what the budget has left for it.
    private func sampleLimit(weight: Int) -> Double {
        min(Self.maximumSamples, Double(budget.allowance(weight: weight)))
    }

    /// The most samples one property takes.
    static let maximumSamples = 20_000.0
}

/// What one file's baked animations may hold in all, in units of about
/// eight bytes (``weight(of:)``): a property sampled at every frame holds
/// up to ``LottieClock/maximumSamples`` values, and a file can ask for many
/// such properties (a repeater's copies each bake their own transform), so
/// the conversion of a file shares one budget through its ``LottieClock``.
/// Properties sampled after it runs low get fewer frames (the first and
/// last of their span once it is spent), and the file's report says so.
/// Used by one conversion, on one thread.
final class LottieSampleBudget {
    /// Units not yet spent.
    private(set) var remaining: Int
    /// Whether some property got fewer samples than its frames.
    private(set) var shortened = false

    /// A budget of `units`.
    init(units: Int = LottieSampleBudget.fileUnits) { remaining = units }

    /// How many samples of `weight` units each the budget still pays for (at least one).
    func allowance(weight: Int) -> Int { max(remaining / max(weight, 1), 1) }

    /// Takes `units` (down to nothing left); `shortened` notes that the
    /// property paid for got fewer samples than its frames.
    func spend(_ units: Int, shortened: Bool) {
        remaining = max(remaining - units, 0)
        if shortened { self.shortened = true }
    }

    /// The units a sample of `value` takes: its numbers (a point two, a
    /// colour four, a transform sixteen, a path element six, a list's
    /// members theirs) and four for the sample itself.
    static func weight(of value: AnimatableValue) -> Int {
        let numbers: Int
        switch value {
        case .scalar, .noColor: numbers = 1
        case .point, .size: numbers = 2
        case .rect, .color: numbers = 4
        case .transform: numbers = 16
        case .path(let path):
            numbers = path.subpaths.reduce(0) { total, subpath in
                if case .elements(let elements) = subpath { return total + 6 * elements.count }
                return total + 6
            }
        case .numbers(let list): numbers = list.count
        case .colors(let colors): numbers = 4 * colors.count
        }
        return 4 + numbers
    }

    /// The units a file's baked animations hold at most: about 128 MB.
    static let fileUnits = 16_000_000
}
