import LayerFXCore
import LayerFXModel

/// Lottie keyframes as Core Animation keyframe animations, on the
/// containing composition's clock in seconds (frame / frame rate): each
/// keyframe a value at its key time, each segment eased by the keyframe's
/// Bézier as a timing function (the same curve: `cubic-bezier(o.x, o.y,
/// i.x, i.y)`), held values as a pair of keys an instant apart (the new
/// value shows from the next keyframe's time on, as in Lottie), the first
/// value before the first keyframe and the last after the last
/// (`fillMode` both).
struct LottieClock {
    /// Frames per second of the animation.
    var frameRate: Double
    /// What the file's baked animations may still hold (shared by every
    /// copy of the clock in one conversion).
    let budget: LottieSampleBudget

    /// The clock of an animation of `frameRate` frames a second, with a new budget.
    init(frameRate: Double, budget: LottieSampleBudget = LottieSampleBudget()) {
        self.frameRate = frameRate
        self.budget = budget
    }

    /// A hold's second key comes this long (in frames) before the next keyframe.
    static let holdInstant = 1e-6

    /// The keyframe animation of `keyPath` following `property`, each value
    /// mapped by `value`; nil for a constant property.
    func animation<Value>(_ keyPath: AnimatableKeyPath, _ property: LottieProperty<Value>,
                          _ value: (Value) -> AnimatableValue) -> Animation? {
        guard case .keyframes(let keyframes) = property.content else { return nil }
        var times: [Double] = [], values: [AnimatableValue] = [], functions: [TimingFunction] = []
        let allHold = keyframes.dropLast().allSatisfy(\.hold)
        for (index, key) in keyframes.enumerated() {
            times.append(key.time)
            values.append(value(key.value))
            guard index + 1 < keyframes.count, !allHold else { continue }
            let next = keyframes[index + 1]
            if key.hold && next.time - key.time > 2 * Self.holdInstant {
                functions.append(.linear)
                times.append(next.time - Self.holdInstant)
                values.append(value(key.value))
                functions.append(.linear)
            } else {
                functions.append(key.easing.map(Self.clamped) ?? .linear)
            }
        }
        return frames(keyPath, times: times, values: values, functions: allHold ? nil : functions,
                      mode: allHold ? .discrete : .linear)
    }

    /// A keyframe animation of `values` at `times` (frames, ascending, at
    /// least two). Discrete values change an instant early (``holdInstant``),
    /// so that the frame a change falls on shows it however seconds round.
    func frames(_ keyPath: AnimatableKeyPath, times exact: [Double], values: [AnimatableValue],
                functions: [TimingFunction]?, mode: CalculationMode) -> Animation {
        var times = exact
        if mode == .discrete {
            for index in times.indices.dropFirst() { times[index] = max(exact[index] - Self.holdInstant, times[index - 1]) }
        }
        let first = times[0], span = max(times[times.count - 1] - first, 1e-9)
        var timing = MediaTiming()
        timing.beginTime = first / frameRate
        timing.duration = span / frameRate
        timing.fillMode = .both
        let keyTimes = times.map { min(max(($0 - first) / span, 0), 1) }
        return Animation(keyPath: keyPath, kind: .keyframe(values: values, keyTimes: keyTimes, timingFunctions: functions,
                                                           calculationMode: mode),
                         timing: timing, removedOnCompletion: false)
    }

    /// A timing function whose control points' times lie in 0…1, as Core
    /// Animation requires (Lottie allows others; the players extrapolate them).
    static func clamped(_ f: TimingFunction) -> TimingFunction {
        TimingFunction(min(max(f.c1x, 0), 1), f.c1y, min(max(f.c2x, 0), 1), f.c2y)
    }

    /// An opacity animation (held values) showing a layer from frame `from`
    /// until before frame `to` (nil: without that end).
    func visibility(from: Double?, to: Double?) -> Animation {
        switch (from, to) {
        case let (from?, to?):
            return frames(.opacity, times: [from - 1, from, max(to, from)],
                          values: [.scalar(0), .scalar(1), .scalar(0)], functions: nil, mode: .discrete)
        case let (nil, to?):
            return frames(.opacity, times: [to - 1, to], values: [.scalar(1), .scalar(0)], functions: nil, mode: .discrete)
        case let (from?, nil):
            return frames(.opacity, times: [from - 1, from], values: [.scalar(0), .scalar(1)], functions: nil,
                          mode: .discrete)
        case (nil, nil):
            return frames(.opacity, times: [0, 1], values: [.scalar(1), .scalar(1)], functions: nil, mode: .discrete)
        }
    }

    /// Seconds of frame `frame`.
    func seconds(_ frame: Double) -> Double { frame / frameRate }
}
