import Testing
import LayerFXCore
import LayerFXModel

/// A one-second linear `position.x` animation evaluated at `t` on a layer
/// whose model x is 100 (and whose presentation x is `presentationX` when
/// given, as left by an earlier animation).
private func positionX(_ kind: AnimationKind, at t: Double, presentationX: Double? = nil,
                       additive: Bool = false, cumulative: Bool = false,
                       configure: (inout MediaTiming) -> Void = { _ in }) -> Double {
    var model = LayerProperties()
    model.position.x = 100
    var presentation = model
    if let presentationX { presentation.position.x = presentationX }
    var timing = MediaTiming()
    timing.duration = 1
    configure(&timing)
    let animation = Animation(keyPath: .positionX, kind: kind, timing: timing,
                              isAdditive: additive, isCumulative: cumulative)
    animation.apply(at: t, to: &presentation, model: model)
    return presentation.position.x
}

private func basic(_ from: Double?, _ to: Double?, _ by: Double?) -> AnimationKind {
    .basic(from: from.map(AnimatableValue.scalar), to: to.map(AnimatableValue.scalar),
           by: by.map(AnimatableValue.scalar))
}

/// (from, to, by), expected value at t = 0.25 with presentation x 40 and model x 100.
private let combinations: [(from: Double?, to: Double?, by: Double?, expected: Double)] = [
    (10, 20, nil, 12.5),     // from → to
    (10, 20, 1000, 12.5),    // all three: by ignored
    (10, nil, 8, 12),        // from → from + by
    (nil, 20, 8, 14),        // to − by → to
    (10, nil, nil, 17.5),    // from → current presentation value
    (nil, 20, nil, 35),      // current presentation value → to
    (nil, nil, 8, 42),       // current → current + by
    (nil, nil, nil, 55),     // previous presentation value → model value
]

@Test("CABasicAnimation from/to/by combinations", arguments: combinations)
func fromToBy(_ c: (from: Double?, to: Double?, by: Double?, expected: Double)) {
    let x = positionX(basic(c.from, c.to, c.by), at: 0.25, presentationX: 40)
    #expect(abs(x - c.expected) < 1e-12, "\(c): \(x)")
}

@Test("Inactive animation leaves the presentation value untouched")
func inactiveLeavesPresentation() {
    #expect(positionX(basic(0, 10, nil), at: 1.5, presentationX: 40) == 40)
    #expect(positionX(basic(0, 10, nil), at: -0.1) == 100)
}

/// (from, to, by), expected additive value at t = 0.25 on presentation x 40.
private let additiveCombinations: [(from: Double?, to: Double?, by: Double?, expected: Double)] = [
    (10, 20, nil, 52.5),     // 40 + 12.5
    (nil, nil, 8, 42),       // 40 + (0 → 8)
    (nil, 20, nil, 45),      // 40 + (0 → 20)
    (10, nil, nil, 47.5),    // 40 + (10 → 0)
    (nil, nil, nil, 40),     // nothing to add
]

@Test("isAdditive adds the value to the current presentation value", arguments: additiveCombinations)
func additive(_ c: (from: Double?, to: Double?, by: Double?, expected: Double)) {
    let x = positionX(basic(c.from, c.to, c.by), at: 0.25, presentationX: 40, additive: true)
    #expect(abs(x - c.expected) < 1e-12, "\(c): \(x)")
}

@Test("Additive transform: components concatenate onto the presentation transform")
func additiveTransform() {
    var model = LayerProperties()
    model.transform = LayerTransform(translationX: 5, scaleX: 2, scaleY: 2)
    var presentation = model
    var timing = MediaTiming()
    timing.duration = 1
    let animation = Animation(keyPath: .transform,
                              kind: .basic(from: nil, to: .transform(LayerTransform(translationX: 10, scaleX: 3, scaleY: 1)),
                                           by: nil),
                              timing: timing, isAdditive: true)
    animation.apply(at: 0.5, to: &presentation, model: model)
    #expect(presentation.transform == LayerTransform(translationX: 10, scaleX: 4, scaleY: 2))
}

@Test("isCumulative: each repeat adds the end value of the previous cycles")
func cumulative() {
    let repeating: (inout MediaTiming) -> Void = { $0.repeatCount = 3 }
    for (t, expected) in [(0.5, 15.0), (1.5, 35), (2.25, 52.5), (2.999, 59.99)] {
        let x = positionX(basic(10, 20, nil), at: t, cumulative: true, configure: repeating)
        #expect(abs(x - expected) < 1e-9, "t=\(t): \(x)")
    }
    // Without isCumulative each cycle restarts.
    #expect(abs(positionX(basic(10, 20, nil), at: 1.5, configure: repeating) - 15) < 1e-12)
    // At the end with forwards fill: end of the last cycle, not the start of a new one.
    var model = LayerProperties()
    var timing = MediaTiming()
    timing.duration = 1
    timing.repeatCount = 2
    timing.fillMode = .forwards
    let animation = Animation(keyPath: .positionX, kind: basic(10, 20, nil), timing: timing,
                              removedOnCompletion: false, isCumulative: true)
    animation.apply(at: 5, to: &model, model: LayerProperties())
    #expect(model.position.x == 40)
}

@Test("Timing function eases the progress of each cycle; autoreverse traverses it backwards")
func easedCycles() {
    let easeIn = TimingFunction.easeIn
    var timing = MediaTiming()
    timing.duration = 2
    timing.autoreverses = true
    timing.repeatCount = .infinity
    let animation = Animation(keyPath: .opacity, kind: basic(0, 1, nil), timing: timing, timingFunction: easeIn)
    let layer = Layer(animations: [animation])
    #expect(abs(layer.presentationProperties(at: 0.5).opacity - easeIn(0.25)) < 1e-12)
    #expect(abs(layer.presentationProperties(at: 3.5).opacity - easeIn(0.25)) < 1e-12)
    #expect(abs(layer.presentationProperties(at: 4.5).opacity - easeIn(0.25)) < 1e-12)
}

@Test("Later non-additive animations override earlier ones; presentationValue reads one key path")
func overrideOrder() {
    var timing = MediaTiming()
    timing.duration = 1
    let layer = Layer(animations: [
        Animation(keyPath: .position, kind: .basic(from: .point(.zero), to: .point(Point(x: 10, y: 10)), by: nil),
                  timing: timing),
        Animation(keyPath: .positionY, kind: basic(100, 200, nil), timing: timing),
        Animation(keyPath: .transformScale, kind: basic(1, 3, nil), timing: timing),
    ])
    #expect(layer.presentationValue(of: .position, at: 0.5) == .point(Point(x: 5, y: 150)))
    #expect(layer.presentationValue(of: .transformScaleX, at: 0.5) == .scalar(2))
    #expect(layer.presentationValue(of: .transformScaleY, at: 0.5) == .scalar(2))
    #expect(layer.presentationValue(of: .position, at: 2) == .point(.zero))
}
