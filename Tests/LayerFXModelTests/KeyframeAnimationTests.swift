import Testing
import LayerFXCore
import LayerFXModel

/// A one-second keyframe animation on `opacity`, evaluated at `t`.
private func opacity(_ values: [Double], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                     mode: CalculationMode = .linear, cumulative: Bool = false, repeatCount: Double = 0,
                     at t: Double) -> Double {
    var timing = MediaTiming()
    timing.duration = 1
    timing.repeatCount = repeatCount
    let animation = Animation(keyPath: .opacity,
                              kind: .keyframe(values: values.map(AnimatableValue.scalar), keyTimes: keyTimes,
                                              timingFunctions: timingFunctions, calculationMode: mode),
                              timing: timing, isCumulative: cumulative)
    return Layer(animations: [animation]).presentationProperties(at: t).opacity
}

@Test("Linear keyframes: evenly spaced by default",
      arguments: [(0.0, 0.0), (0.25, 5), (0.5, 10), (0.75, 20), (0.999, 29.96)])
func linearDefaultKeyTimes(_ c: (t: Double, expected: Double)) {
    #expect(abs(opacity([0, 10, 30], at: c.t) - c.expected) < 1e-9)
}

@Test("Linear keyframes: hold the first value before the first keyTime, last after the last",
      arguments: [(0.1, 2.0), (0.3, 2), (0.45, 3), (0.6, 4), (0.8, 6), (0.95, 6)])
func linearKeyTimes(_ c: (t: Double, expected: Double)) {
    #expect(abs(opacity([2, 4, 6], keyTimes: [0.3, 0.6, 0.8], at: c.t) - c.expected) < 1e-9)
}

@Test("Per-segment timing functions ease the segment's local progress")
func segmentTimingFunctions() {
    let functions = [TimingFunction.easeIn, .easeOut]
    #expect(abs(opacity([0, 10, 20], timingFunctions: functions, at: 0.25) - 10 * TimingFunction.easeIn(0.5)) < 1e-9)
    #expect(abs(opacity([0, 10, 20], timingFunctions: functions, at: 0.6)
                - (10 + 10 * TimingFunction.easeOut(0.2))) < 1e-9)
    // A missing function leaves its segment linear.
    #expect(abs(opacity([0, 10, 20], timingFunctions: [.easeIn], at: 0.75) - 15) < 1e-9)
}

@Test("Discrete keyframes: default keyTimes i/n, n or n+1 given keyTimes")
func discrete() {
    #expect(opacity([1, 2, 3], mode: .discrete, at: 0.3) == 1)
    #expect(opacity([1, 2, 3], mode: .discrete, at: 0.34) == 2)
    #expect(opacity([1, 2, 3], mode: .discrete, at: 0.9) == 3)
    #expect(opacity([1, 2, 3], keyTimes: [0, 0.5, 0.9, 1], mode: .discrete, at: 0.89) == 2)
    #expect(opacity([1, 2, 3], keyTimes: [0, 0.5, 0.9, 1], mode: .discrete, at: 0.95) == 3)
    #expect(opacity([1, 2, 3], keyTimes: [0.2, 0.5, 0.9], mode: .discrete, at: 0.1) == 1)
}

@Test("Paced keyframes: constant speed, keyTimes ignored")
func paced() {
    // Distances 10 and 30: the first segment takes a quarter of the time.
    #expect(abs(opacity([0, 10, 40], keyTimes: [0, 0.9, 1], mode: .paced, at: 0.25) - 10) < 1e-9)
    #expect(abs(opacity([0, 10, 40], mode: .paced, at: 0.5) - 20) < 1e-9)
    #expect(abs(opacity([0, 10, 40], mode: .paced, at: 0.1) - 4) < 1e-9)
    #expect(opacity([5, 5, 5], mode: .paced, at: 0.5) == 5)
}

@Test("Cubic keyframes: Catmull-Rom through the values")
func cubic() {
    let values: [Double] = [0, 10, 20, 30]
    for (t, expected) in [(0.0, 0.0), (1.0 / 3, 10), (2.0 / 3, 20), (0.5, 15)] {
        #expect(abs(opacity(values, mode: .cubic, at: t) - expected) < 1e-9, "t=\(t)")
    }
    // First segment with a duplicated outer neighbour: −0.0625·0 + 0.5625·(0 + 10) − 0.0625·20.
    #expect(abs(opacity(values, mode: .cubic, at: 1.0 / 6) - 4.375) < 1e-9)
    // cubicPaced: chord-length key times, here equal, so the same curve.
    #expect(abs(opacity(values, mode: .cubicPaced, at: 1.0 / 6) - 4.375) < 1e-9)
}

@Test("Cumulative keyframes add the last value per finished cycle")
func cumulativeKeyframes() {
    #expect(abs(opacity([0, 2], cumulative: true, repeatCount: 3, at: 2.5) - 5) < 1e-9)
}

@Test("Keyframe points and colours interpolate component-wise")
func keyframeColors() {
    var timing = MediaTiming()
    timing.duration = 2
    let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
    let animation = Animation(keyPath: .backgroundColor,
                              kind: .keyframe(values: [.color(red), .noColor], keyTimes: nil, timingFunctions: nil,
                                              calculationMode: .linear),
                              timing: timing)
    #expect(Layer(animations: [animation]).presentationValue(of: .backgroundColor, at: 0.5)
            == .color(Color(red: 0.75, green: 0, blue: 0, alpha: 0.75)))
}
