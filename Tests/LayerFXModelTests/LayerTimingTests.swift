import Testing
import LayerFXCore
@testable import LayerFXModel

/// A layer whose opacity runs linearly 0 → 1 over 1 s from `beginTime` (animation time).
private func fading(name: String, beginTime: Double = 0, timing: LayerTiming = .identity,
                    sublayers: [Layer] = []) -> Layer {
    var animation = Animation(keyPath: .opacity, kind: .basic(from: .scalar(0), to: .scalar(1), by: nil))
    animation.timing.duration = 1
    animation.timing.beginTime = beginTime
    return Layer(name: name, sublayers: sublayers, animations: [animation], timing: timing)
}

@Test("Layer local time is (parent − beginTime)·speed + timeOffset")
func layerLocalTimeFormula() {
    let timing = LayerTiming(beginTime: 1, speed: 2, timeOffset: 0.25)
    #expect(timing.localTime(parentTime: 1) == 0.25)
    #expect(timing.localTime(parentTime: 1.5) == 1.25)
    #expect(timing.localTime(parentTime: 0) == -1.75)
    #expect(LayerTiming(speed: 0, timeOffset: 0.3).localTime(parentTime: 123) == 0.3)
}

@Test("A layer's speed and offset apply to its own animations")
func layerTimingDrivesItsAnimations() {
    let fast = fading(name: "fast", timing: LayerTiming(speed: 2))
    #expect(abs(fast.presentationProperties(at: 0.25).opacity - 0.5) < 1e-12)
    let paused = fading(name: "paused", timing: LayerTiming(speed: 0, timeOffset: 0.4))
    #expect(abs(paused.presentationProperties(at: 0).opacity - 0.4) < 1e-12)
    #expect(abs(paused.presentationProperties(at: 0.9).opacity - 0.4) < 1e-12)
    let late = fading(name: "late", timing: LayerTiming(beginTime: 2))
    #expect(late.presentationProperties(at: 1).opacity == 1)  // animation not begun: model value
    #expect(abs(late.presentationProperties(at: 2.5).opacity - 0.5) < 1e-12)
}

@Test("Timing composes down the subtree and Scene.layer(named:) follows it")
func timingComposesDownTheTree() throws {
    let child = fading(name: "child", beginTime: 0.5, timing: LayerTiming(timeOffset: 1))
    let parent = Layer(name: "parent", sublayers: [child], timing: LayerTiming(beginTime: 1, speed: 3))
    let scene = Scene(size: Size(width: 10, height: 10), layers: [parent])
    // Scene 1.1 → parent (1.1 − 1)·3 = 0.3 → child 0.3 + 1 = 1.3 → animation 0.8 of its second.
    let found = try #require(scene.layer(named: "child"))
    #expect(abs(found.localTime(atSceneTime: 1.1) - 1.3) < 1e-12)
    #expect(abs(found.layer.presentationProperties(atLocalTime: found.localTime(atSceneTime: 1.1)).opacity - 0.8) < 1e-12)
    #expect(scene.layer(named: "missing") == nil)
}
